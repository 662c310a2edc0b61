import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { addPageEngagement } from '../db/analytics/addPageEngagement.ts';
import type { EngagementBuffer } from './engagementBuffer.ts';
import { pageEngagement } from '../db/analytics/pageEngagement.ts';
import { classifiersLoaded, classifyVisitor } from './classify.ts';
import { evaluateIngest } from './origins.ts';
import { dashboardOrigin, projectPolicy } from './policies.ts';
import type { StatsQuery } from './query/stats.ts';

/**
 * Scroll depth and engaged time, kept beside the events rather than in them: one
 * page view's engagement arrives once, as the page is left, long after the page view
 * was written, and it counts in no visitor, page view or event number. At ingest it
 * is added to its page's per-hour sums; the pages answers read those sums for the
 * paths they list (a few rows per page, however many page views there were). The
 * sums wait in the EngagementBuffer the analytics surface starts and are written in batches.
 */
export interface EngagementPayload {
  projectId: string;
  url: string;
  hash?: boolean;
  scrollDepth: number;
  engagedMs: number;
}

export async function ingestEngagement(
  deps: { db: Knex; env: NodeJS.ProcessEnv; analyticsEngagement?: unknown },
  p: EngagementPayload,
  client: { ip: string; userAgent: string; origin: string | null },
  now = Date.now(),
): Promise<void> {
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    throw new ApiError('invalid_request', 'url must be an absolute URL', { code: 'bad_request' });
  }
  const [policy] = await Promise.all([projectPolicy(deps.db, p.projectId), classifiersLoaded()]);
  if (!policy) throw new ApiError('not_found', 'Project not found.', { code: 'not_found' });
  // The same acceptance rules as a page view: a site cannot write another site's engagement.
  const verdict = evaluateIngest({ domain: url.hostname, origin: client.origin }, { domains: policy.domains, allowLocalOrigins: policy.allowLocalOrigins, dashboardOrigin: dashboardOrigin(deps.env) });
  if (!verdict.accepted) {
    const why = !verdict.domain.trusted ? `The page domain ${url.hostname}` : `The origin ${client.origin}`;
    throw new ApiError('forbidden', `${why} is not trusted by this project.`, { code: 'untrusted_origin' });
  }
  // Bots scroll nothing a person would; their engagement would only pull the averages.
  if (classifyVisitor(client.ip, client.userAgent).isBot) return;
  const path = ((url.pathname || '/') + (p.hash && url.hash.length > 1 ? url.hash : '')).slice(0, 2048);
  const buffer = deps.analyticsEngagement as EngagementBuffer | undefined;
  if (buffer) buffer.add(p.projectId, now, path, p.scrollDepth, p.engagedMs);
  else await addPageEngagement(deps.db, [{ projectId: p.projectId, hour: now, path, samples: 1, scrollSum: p.scrollDepth, engagedMsSum: p.engagedMs }]);
}

export interface Engagement {
  scrollDepth?: number;
  timeOnPage?: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Adds `scrollDepth` and `timeOnPage` to page rows. The sums are per page and hour,
 * not per visit: under a filter on anything but the page they would answer another
 * question than the row's, so they are left out then (as they are for a page without any).
 */
export async function withEngagement<R extends object>(db: Knex, q: StatsQuery, rows: R[], pathOf: (r: R) => string): Promise<(R & Engagement)[]> {
  const pageOnly = q.filters.every((f) => f.dimension === 'event:page');
  const sums = pageOnly ? await pageEngagement(db, q.projectId, new Date(q.period.from), new Date(q.period.to), rows.map(pathOf)) : [];
  const byPath = new Map(sums.map((s) => [s.path, s]));
  return rows.map((r) => {
    const s = byPath.get(pathOf(r));
    return s?.samples ? { ...r, scrollDepth: round1(s.scrollSum / s.samples), timeOnPage: round1(s.engagedMsSum / s.samples / 1000) } : r;
  });
}
