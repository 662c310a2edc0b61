import type { Knex } from 'knex';
import { getIngestPolicy } from '../db/analytics/getIngestPolicy.ts';
import { anyProjectTrustsHost } from '../db/analytics/anyProjectTrustsHost.ts';
import { checkOrigin, isLocalHost } from './origins.ts';

export interface ProjectPolicy {
  domains: string[];
  allowLocalOrigins: boolean;
  dailyEventCap: number;
}

const TTL_MS = 10_000;
const LIMIT = 10_000;
const cache = new Map<string, { at: number; value: Promise<ProjectPolicy | null>; settled?: { policy: ProjectPolicy | null } }>();

/**
 * Ingest needs a project's domains and cap on every event; they change rarely, so
 * each process keeps them for a few seconds instead of asking the database 5,000 times a second.
 */
export function projectPolicy(db: Knex, projectId: string): Promise<ProjectPolicy | null> {
  const hit = cache.get(projectId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = getIngestPolicy(db, projectId);
  const entry: { at: number; value: Promise<ProjectPolicy | null>; settled?: { policy: ProjectPolicy | null } } = { at: Date.now(), value };
  value.then((policy) => { entry.settled = { policy }; }, () => cache.delete(projectId));
  if (cache.size >= LIMIT) cache.clear();
  cache.set(projectId, entry);
  return value;
}

/**
 * The cached policy without waiting: undefined when it is not known yet (or is due
 * for a refresh), null for a project that does not exist. The ingest hot path uses
 * it to stay synchronous; it falls back to projectPolicy() otherwise.
 */
export function knownPolicy(projectId: string): ProjectPolicy | null | undefined {
  const hit = cache.get(projectId);
  if (!hit?.settled || Date.now() - hit.at >= TTL_MS) return undefined;
  return hit.settled.policy;
}

export function dashboardOrigin(env: NodeJS.ProcessEnv): string | null {
  return env.ANALYTICS_DASHBOARD_ORIGIN || null;
}

/** A preflight carries no key, so it is answered for any origin that some project (or the dashboard) trusts. */
export async function trustedByAnyProject(db: Knex, origin: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const dashboard = dashboardOrigin(env);
  if (checkOrigin(origin, { domains: [], allowLocalOrigins: false, dashboardOrigin: dashboard }).trusted) return true;
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  return anyProjectTrustsHost(db, host, isLocalHost(host));
}
