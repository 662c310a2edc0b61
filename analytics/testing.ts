// Test helpers for the analytics service (used by the *.test.ts files only).
import { startTestService, type TestService } from '../test/support.ts';

export const INVITE = 'test-invite';

export async function startAnalytics(env: Record<string, string | undefined> = {}): Promise<TestService & { url: string }> {
  const service = await startTestService(['analytics'], {
    ANALYTICS_INVITE_CODES: `other-code, ${INVITE}`,
    ANALYTICS_DASHBOARD_ORIGIN: 'https://dash.switchyard.test',
    ANALYTICS_FLUSH_MS: '20',
    ANALYTICS_RETENTION_JOB: 'off',
    ANALYTICS_QUERY_WARM_DAYS: '0',
    ...env,
  });
  return Object.assign(service, { url: service.analyticsUrl! });
}

let counter = 0;
export function uniqueDomain(tag = 'site'): string {
  return `${tag}-${process.pid}-${Date.now().toString(36)}-${counter++}.test`;
}

export interface Created {
  apiKey: string;
  project: { id: string; domains: string[]; [k: string]: unknown };
}

export async function createProject(url: string, body: Record<string, unknown> = {}): Promise<Created> {
  const res = await fetch(`${url}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: INVITE, name: 'Test site', domains: [uniqueDomain()], ...body }),
  });
  if (res.status !== 201) throw new Error(`createProject ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Created>;
}

export function api(url: string, key: string) {
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${key}`);
    return fetch(`${url}${path}`, { ...init, headers });
  };
}

export const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Sends one beacon as the tracking script does (text/plain, no preflight). */
export async function beacon(url: string, body: Record<string, unknown>, opts: { ip?: string; ua?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': opts.ua ?? CHROME_MAC };
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.origin) headers.origin = opts.origin;
  return fetch(`${url}/v1/collect`, { method: 'POST', headers, body: JSON.stringify(body) });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
