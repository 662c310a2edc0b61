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

/** A person in a test: a cookie jar for the session cookie, the CSRF token, the site named in X-Site. */
export class Person {
  cookie = '';
  csrf = '';
  site = '';
  setCookie = '';
  readonly url: string;
  readonly address: string;

  constructor(url: string, address = '127.0.0.1') {
    this.url = url;
    this.address = address;
  }

  async call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.site) headers['x-site'] = this.site;
    Object.assign(headers, init.headers);
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    if (method !== 'GET' && this.csrf && init.csrf !== false) headers['x-csrf-token'] = this.csrf;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('switchyard_analytics=')) {
      this.setCookie = set;
      const value = /^switchyard_analytics=([^;]*)/.exec(set)![1]!;
      this.cookie = value ? `switchyard_analytics=${value}` : '';
    }
    return res;
  }

  async json(path: string, init: Parameters<Person['call']>[1] = {}): Promise<{ status: number; body: any }> {
    const res = await this.call(path, init);
    const text = await res.text();
    const body = text ? JSON.parse(text) : null;
    if (body?.csrfToken) this.csrf = body.csrfToken;
    if (body?.session?.csrfToken) this.csrf = body.session.csrfToken;
    return { status: res.status, body };
  }
}

/** The link a mail carries to this service's dashboard, and the token in its fragment. */
export function linkIn(text: string, kind: 'invite' | 'reset'): { link: string; token: string } {
  const m = new RegExp(`(https?://\\S+/dashboard#${kind}=([A-Za-z0-9_-]+))`).exec(text);
  if (!m) throw new Error(`no ${kind} link in: ${text}`);
  return { link: m[1]!, token: m[2]! };
}
