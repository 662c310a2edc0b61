import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { buildEvent, type CollectPayload } from './ingest.ts';
import { dashboardOrigin, knownPolicy, projectPolicy } from './policies.ts';
import { knownSalt, saltFor } from './sessions.ts';
import { classifiersLoaded, classifiersReady } from './classify.ts';
import type { IngestBuffer } from './ingestBuffer.ts';

/** What ingest needs of the process's services (the server's Deps carries them). */
export interface IngestDeps {
  db: Knex;
  env: NodeJS.ProcessEnv;
  /** The IngestBuffer the analytics surface starts. */
  analyticsIngest?: unknown;
}

export interface Client {
  ip: string;
  userAgent: string;
  origin: string | null;
}

export interface Accepted {
  projectId: string;
  /** The request's Origin is trusted by the project (CORS may expose the answer). */
  cors: boolean;
}

function capReached(cap: number): ApiError {
  return new ApiError('rate_limited', `The project's daily event cap of ${cap} events is reached.`, { code: 'daily_cap_exceeded' });
}

/**
 * One beacon (its body already read as JSON and validated against the contract's
 * CollectPayload by the pipeline), checked against the ingest acceptance rules and
 * queued for the next batch.
 *
 * In the steady state everything it needs is in memory (the project's policy, the
 * day's salt, the day's count), and it runs synchronously: no promise, no await.
 * Whatever is missing sends it down the asynchronous path, which fetches it; the
 * rules are the same functions either way.
 */
export function ingestBeacon(deps: IngestDeps, payload: CollectPayload, client: Client, dashboard = dashboardOrigin(deps.env)): Accepted | Promise<Accepted> {
  const buffer = deps.analyticsIngest as IngestBuffer;
  const policy = knownPolicy(payload.projectId);
  const salt = policy && classifiersReady() ? knownSalt() : undefined;
  if (policy && salt) {
    const { event, cors } = buildEvent(payload, policy, { ip: client.ip, userAgent: client.userAgent, origin: client.origin, dashboardOrigin: dashboard }, salt);
    const queued = buffer.offerNow(event, policy.dailyEventCap);
    if (queued === false) throw capReached(policy.dailyEventCap);
    if (queued === true) return { projectId: payload.projectId, cors };
  }
  return ingestSlowly(deps, payload, client, dashboard);
}

async function ingestSlowly(deps: IngestDeps, payload: CollectPayload, client: Client, dashboard: string | null): Promise<Accepted> {
  const [policy] = await Promise.all([projectPolicy(deps.db, payload.projectId), classifiersLoaded()]);
  if (!policy) throw new ApiError('not_found', 'Project not found.', { code: 'not_found' });
  const { event, cors } = buildEvent(payload, policy, { ...client, dashboardOrigin: dashboard }, await saltFor(deps.db));
  if (!(await (deps.analyticsIngest as IngestBuffer).offer(event, policy.dailyEventCap))) throw capReached(policy.dailyEventCap);
  return { projectId: payload.projectId, cors };
}
