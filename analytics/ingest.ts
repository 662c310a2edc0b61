import { randomUUID } from 'node:crypto';
import { ApiError } from '../protocols/errors.ts';
import { classifyVisitor } from './classify.ts';
import { evaluateIngest, type Verdict } from './origins.ts';
import { sessionIdOf } from './sessions.ts';
import { sourceOf } from './sources.ts';
import type { NewEvent, Props } from '../db/analytics/eventRow.ts';
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
  /** Hash-based routing: the fragment is part of the page's path. */
  hash?: boolean;
  revenue?: { amount: number | string; currency: string };
}

const LOCALE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
const CAMPAIGN_KEYS = /utm_|ref|%/;

export function normaliseLocale(value: string | null | undefined): string | null {
  const v = value?.trim().replace(/_/g, '-');
  return v && LOCALE.test(v) ? v.toLowerCase() : null;
}

function clip(v: string | null | undefined, n: number): string | null {
  const t = v?.trim();
  return t ? t.slice(0, n) : null;
}

function utm(params: URLSearchParams | null, key: string): string | null {
  return params ? clip(params.get(key), 300) : null;
}

// Beacons arrive several per millisecond: the timestamp string is made once per millisecond.
let isoAt = 0;
let iso = '';
function nowIso(): string {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

/** A revenue amount as the contract allows it (a number or a decimal string) with its currency, or none. */
export function revenueOf(r: { amount: number | string; currency: string } | null | undefined): { revenueAmount: number | null; revenueCurrency: string | null } {
  if (!r) return { revenueAmount: null, revenueCurrency: null };
  const amount = typeof r.amount === 'number' ? r.amount : Number(r.amount);
  if (!Number.isFinite(amount)) throw new ApiError('invalid_request', 'revenue.amount must be a finite number', { code: 'bad_request' });
  return { revenueAmount: Math.round(amount * 1e6) / 1e6, revenueCurrency: r.currency.toUpperCase() };
}

// A site's beacons repeat a few page hosts and one Origin: the verdict (a pure function
// of them and the policy) is kept per policy object, which the policy cache replaces
// when it refreshes, so a changed domain list is never judged by an old verdict.
const verdicts = new WeakMap<ProjectPolicy, Map<string, Verdict>>();
const VERDICTS_PER_POLICY = 1000;

function acceptance(host: string, origin: string | null, policy: ProjectPolicy, dashboard: string | null): Verdict {
  let known = verdicts.get(policy);
  if (!known) verdicts.set(policy, (known = new Map()));
  const key = `${host}\n${origin ?? ''}\n${dashboard ?? ''}`;
  let verdict = known.get(key);
  if (!verdict) {
    verdict = evaluateIngest({ domain: host, origin }, { domains: policy.domains, allowLocalOrigins: policy.allowLocalOrigins, dashboardOrigin: dashboard });
    if (known.size >= VERDICTS_PER_POLICY) known.clear();
    known.set(key, verdict);
  }
  return verdict;
}

export interface BeaconClient {
  ip: string;
  userAgent: string;
  origin: string | null;
  dashboardOrigin: string | null;
}

/**
 * Turns a browser beacon into a stored event, applying the acceptance rules
 * (the same ones GET /v1/validate dry-runs), and says whether the request's Origin
 * is trusted (for CORS). The IP is used here and dropped. Synchronous: the ingest
 * hot path calls it with the policy and salt it already holds.
 */
export function buildEvent(p: CollectPayload, policy: ProjectPolicy, client: BeaconClient, salt: Buffer): { event: NewEvent; cors: boolean } {
  let url: URL;
  try {
    url = new URL(p.url);
  } catch {
    throw new ApiError('invalid_request', 'url must be an absolute URL', { code: 'bad_request' });
  }
  if (p.type === 'event' && !p.name) throw new ApiError('invalid_request', 'name is required for custom events', { code: 'bad_request' });
  const verdict = acceptance(url.hostname, client.origin, policy, client.dashboardOrigin);
  if (!verdict.accepted) {
    const why = !verdict.domain.trusted ? `The page domain ${url.hostname}` : `The origin ${client.origin}`;
    throw new ApiError('forbidden', `${why} is not trusted by this project.`, { code: 'untrusted_origin' });
  }
  const v = classifyVisitor(client.ip, client.userAgent);
  // Only a query that can hold a campaign key is parsed (a percent-escape could spell one).
  const params = url.search && CAMPAIGN_KEYS.test(url.search) ? url.searchParams : null;
  const utmSource = utm(params, 'utm_source') ?? utm(params, 'ref');
  // The referrer is parsed once: stored as scheme, host and path (no query or
  // fragment, which often carry tokens), and read for the traffic source.
  let referrer: URL | null = null;
  if (p.referrer) {
    try {
      referrer = new URL(p.referrer);
    } catch {
      referrer = null;
    }
  }
  const revenue = revenueOf(p.revenue);
  // Every field written out (no spread): the events of a batch share one object shape,
  // which keeps the writer's reads of 33 columns per event on V8's fast path.
  const event: NewEvent = {
    projectId: p.projectId,
    id: randomUUID(),
    createdAt: nowIso(),
    sessionId: sessionIdOf(salt, p.projectId, client.ip, client.userAgent),
    eventType: p.type,
    eventName: p.type === 'event' ? p.name! : null,
    props: p.props && Object.keys(p.props).length ? p.props : null,
    path: ((url.pathname || '/') + (p.hash && url.hash.length > 1 ? url.hash : '')).slice(0, 2048),
    referrerPath: referrer ? `${referrer.origin}${referrer.pathname}`.slice(0, 2048) : null,
    targetPath: clip(p.target, 2048),
    country: v.country,
    region: v.region,
    regionCode: v.regionCode,
    city: v.city,
    asn: v.asn,
    asOrganization: v.asOrganization,
    browser: v.browser,
    os: v.os,
    deviceType: v.deviceType,
    isBot: v.isBot,
    botName: v.botName,
    isVpn: v.isVpn,
    locale: normaliseLocale(p.locale),
    trafficSource: sourceOf({ utmSource, referrer: p.referrer, referrerUrl: referrer, siteHosts: [url.hostname.replace(/^www\./, ''), ...policy.domains] }),
    utmSource,
    utmMedium: utm(params, 'utm_medium'),
    utmCampaign: utm(params, 'utm_campaign'),
    userAgent: clip(client.userAgent, 1000),
    isInternal: p.internal === true,
    utmTerm: utm(params, 'utm_term'),
    utmContent: utm(params, 'utm_content'),
    revenueAmount: revenue.revenueAmount,
    revenueCurrency: revenue.revenueCurrency,
  };
  return { event, cors: verdict.cors };
}
