import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../server/errors.ts';
import { classifyVisitor } from './classify.ts';
import { evaluateIngest } from './origins.ts';
import { saltFor, sessionIdOf } from './sessions.ts';
import { sourceOf } from './sources.ts';
import type { NewEvent, Props } from './eventRow.ts';
import type { ProjectPolicy } from './policies.ts';

export interface CollectPayload {
  projectId: string;
  type: 'pageview' | 'event';
  name?: string;
  url: string;
  referrer?: string;
  locale?: string;
  props?: Props;
  target?: string;
  internal?: boolean;
}

const LOCALE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

export function normaliseLocale(value: string | null | undefined): string | null {
  const v = value?.trim().replace(/_/g, '-');
  return v && LOCALE.test(v) ? v.toLowerCase() : null;
}

/** A referrer as stored: scheme, host and path, without query or fragment (they often carry tokens). */
function referrerPath(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return `${u.origin}${u.pathname}`.slice(0, 2048);
  } catch {
    return null;
  }
}

function clip(v: string | null | undefined, n: number): string | null {
  const t = v?.trim();
  return t ? t.slice(0, n) : null;
}

/**
 * Turns a browser beacon into a stored event, applying the acceptance rules
 * (the same ones GET /v1/validate dry-runs). The IP is used here and dropped.
 */
export async function eventFromBeacon(
  db: Knex,
  p: CollectPayload,
  policy: ProjectPolicy,
  client: { ip: string; userAgent: string; origin: string | null; dashboardOrigin: string | null },
): Promise<NewEvent> {
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    throw new ApiError('invalid_request', 'url must be an absolute URL', { code: 'bad_request' });
  }
  if (p.type === 'event' && !p.name) throw new ApiError('invalid_request', 'name is required for custom events', { code: 'bad_request' });
  const verdict = evaluateIngest({ domain: url.hostname, origin: client.origin }, { ...policy, dashboardOrigin: client.dashboardOrigin });
  if (!verdict.accepted) {
    const why = !verdict.domain.trusted ? `The page domain ${url.hostname}` : `The origin ${client.origin}`;
    throw new ApiError('forbidden', `${why} is not trusted by this project.`, { code: 'untrusted_origin' });
  }
  const visitor = classifyVisitor(client.ip, client.userAgent);
  const salt = await saltFor(db);
  const utm = (k: string) => clip(url.searchParams.get(k), 300);
  const utmSource = utm('utm_source') ?? utm('ref');
  return {
    projectId: p.projectId,
    id: randomUUID(),
    createdAt: new Date().toISOString(),
    sessionId: sessionIdOf(salt, p.projectId, client.ip, client.userAgent),
    eventType: p.type,
    eventName: p.type === 'event' ? p.name! : null,
    props: p.props && Object.keys(p.props).length ? p.props : null,
    path: (url.pathname || '/').slice(0, 2048),
    referrerPath: referrerPath(p.referrer),
    targetPath: clip(p.target, 2048),
    ...visitor,
    locale: normaliseLocale(p.locale),
    trafficSource: sourceOf({ utmSource, referrer: p.referrer, siteHosts: [url.hostname.replace(/^www\./, ''), ...policy.domains] }),
    utmSource,
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    userAgent: clip(client.userAgent, 1000),
    isInternal: p.internal === true,
  };
}
