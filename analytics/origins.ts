// The ingest acceptance rules. Collect, GET /v1/validate and CORS all call these,
// so the dry run can never disagree with what ingest does.
//
// Cross-origin reads are granted to the listed domains exactly: a subdomain gets
// Access-Control-Allow-Origin only when the project lists a wildcard covering it
// (`*.example.com` matches any subdomain of example.com, not example.com itself).
// Otherwise a user-content or forgotten subdomain could read the stats with a key.
// Recording stays wider: a page (and the Origin of its beacons) on any subdomain of a
// listed domain is accepted, since a beacon needs no CORS and a site's www. or blog.
// pages are the site's own; such an origin just gets no Access-Control-Allow-Origin.
export type Reason =
  | 'trusted_domain'
  | 'subdomain_of_trusted_domain'
  | 'subdomain_not_listed'
  | 'dashboard_origin'
  | 'local_origin_allowed'
  | 'local_origins_disabled'
  | 'untrusted'
  | 'invalid';

export interface Check {
  value: string;
  trusted: boolean;
  reason: Reason;
  matched: string | null;
}

export interface TrustPolicy {
  domains: string[];
  allowLocalOrigins: boolean;
  dashboardOrigin?: string | null;
}

const LOCAL = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/;

export function isLocalHost(host: string): boolean {
  return LOCAL.test(host);
}

/** `*.example.com` -> `example.com`; null for a plain domain. */
export function wildcardBase(domain: string): string | null {
  return domain.startsWith('*.') ? domain.slice(2) : null;
}

/**
 * `exact`: the CORS rule (listed domains exactly, or a listed wildcard); otherwise the
 * page rule, which also takes any subdomain of a listed domain.
 */
function hostCheck(value: string, host: string, policy: TrustPolicy, exact: boolean): Check {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const d of policy.domains) {
    if (h === d) return { value, trusted: true, reason: 'trusted_domain', matched: d };
  }
  for (const d of policy.domains) {
    const base = wildcardBase(d);
    if (base !== null && h.endsWith(`.${base}`)) return { value, trusted: true, reason: 'subdomain_of_trusted_domain', matched: d };
  }
  for (const d of policy.domains) {
    if (wildcardBase(d) === null && h.endsWith(`.${d}`)) {
      return exact
        ? { value, trusted: false, reason: 'subdomain_not_listed', matched: d }
        : { value, trusted: true, reason: 'subdomain_of_trusted_domain', matched: d };
    }
  }
  if (isLocalHost(h)) {
    return policy.allowLocalOrigins
      ? { value, trusted: true, reason: 'local_origin_allowed', matched: null }
      : { value, trusted: false, reason: 'local_origins_disabled', matched: null };
  }
  return { value, trusted: false, reason: 'untrusted', matched: null };
}

/** The page's domain; a full URL is accepted and its hostname used. */
export function checkDomain(value: string, policy: TrustPolicy): Check {
  let host = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return { value, trusted: false, reason: 'invalid', matched: null };
    }
  } else {
    host = host.split('/')[0]!.replace(/:\d+$/, '');
  }
  if (!host) return { value, trusted: false, reason: 'invalid', matched: null };
  return hostCheck(value, host, policy, false);
}

/** A browser Origin header value (`scheme://host[:port]`): trusted means it may read responses (CORS). */
export function checkOrigin(value: string, policy: TrustPolicy): Check {
  if (policy.dashboardOrigin && value.replace(/\/$/, '') === policy.dashboardOrigin.replace(/\/$/, '')) {
    return { value, trusted: true, reason: 'dashboard_origin', matched: policy.dashboardOrigin };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { value, trusted: false, reason: 'invalid', matched: null };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { value, trusted: false, reason: 'invalid', matched: null };
  return hostCheck(value, url.hostname, policy, true);
}

export interface Verdict {
  accepted: boolean;
  domain: Check;
  origin: Check | null;
  cors: boolean;
}

export function evaluateIngest(input: { domain: string; origin?: string | null }, policy: TrustPolicy): Verdict {
  const domain = checkDomain(input.domain, policy);
  const origin = input.origin ? checkOrigin(input.origin, policy) : null;
  return {
    accepted: domain.trusted && (origin === null || origin.trusted || origin.reason === 'subdomain_not_listed'),
    domain,
    origin,
    cors: origin?.trusted ?? false,
  };
}
