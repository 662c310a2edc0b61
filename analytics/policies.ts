import type { Knex } from 'knex';
import getIngestPolicy from '../db/analytics/getIngestPolicy.ts';

export interface ProjectPolicy {
  domains: string[];
  allowLocalOrigins: boolean;
  dailyEventCap: number;
}

const TTL_MS = 10_000;
const cache = new Map<string, { at: number; value: Promise<ProjectPolicy | null> }>();

/**
 * Ingest needs a project's domains and cap on every event; they change rarely, so
 * each process keeps them for a few seconds instead of asking the database 5,000 times a second.
 */
export function projectPolicy(db: Knex, projectId: string): Promise<ProjectPolicy | null> {
  const hit = cache.get(projectId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = getIngestPolicy(db, projectId);
  value.catch(() => cache.delete(projectId));
  if (cache.size > 10_000) cache.clear();
  cache.set(projectId, { at: Date.now(), value });
  return value;
}

export function dashboardOrigin(env: NodeJS.ProcessEnv): string | null {
  return env.ANALYTICS_DASHBOARD_ORIGIN || null;
}
