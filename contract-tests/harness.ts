// Turning a spec's own examples into real requests: shared by the contract
// tests against the service and through Prism's validation proxy.
import type { Spec, Operation } from './spec.ts';

export interface Credentials {
  gatewayKey: string;
  analyticsKey: string;
  /** A shared link's token, for the operations only such a token opens (unlockSharedLink); without it they get the live key (401). */
  shareLinkToken?: string;
}

const SESSION_COOKIES: Record<string, string> = { consoleSession: 'switchyard_console', session: 'switchyard_analytics' };
const BEARER_SCHEMES = ['bearerAuth', 'liveKey', 'readKey', 'shareLink'];

export function authHeaders(spec: Spec, op: Operation, creds: Credentials): Record<string, string> {
  const requirements: Array<Record<string, string[]>> = op.op.security ?? spec.doc.security ?? [];
  const schemes = requirements.flatMap((r) => Object.keys(r));
  if (schemes.includes('webhookSecret')) return { 'x-webhook-secret': 'not-the-template-secret' };
  // Open to anonymous callers too (createProject, acceptInvitation): no credential, as such a caller sends none.
  if (!schemes.length || requirements.some((r) => Object.keys(r).length === 0)) return {};
  // Operations only a session opens (the console's, an analytics account's): a session cookie of no session (401, as the spec declares).
  const cookieScheme = schemes.find((s) => s in SESSION_COOKIES);
  if (cookieScheme && !schemes.some((s) => BEARER_SCHEMES.includes(s))) return { cookie: `${SESSION_COOKIES[cookieScheme]}=no-such-session` };
  if (creds.shareLinkToken && schemes.every((s) => s === 'shareLink')) return { authorization: `Bearer ${creds.shareLinkToken}` };
  return { authorization: `Bearer ${spec.name === 'analytics' ? creds.analyticsKey : creds.gatewayKey}` };
}

export function encodeBody(contentType: string | undefined, body: unknown): BodyInit | undefined {
  if (body === undefined || !contentType) return undefined;
  if (contentType.startsWith('multipart/form-data')) {
    const form = new FormData();
    form.set('video', new Blob([new Uint8Array(2048)], { type: 'video/mp4' }), 'clip.mp4');
    return form;
  }
  if (contentType === 'application/x-ndjson' && Array.isArray(body)) return body.map((e) => JSON.stringify(e)).join('\n');
  if (contentType === 'text/plain' && typeof body !== 'string') return JSON.stringify(body);
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Sends the operation's example request to baseUrl. */
export async function sendExample(spec: Spec, op: Operation, baseUrl: string, creds: Credentials): Promise<Response> {
  const example = spec.exampleRequest(op);
  const url = `${baseUrl}${example.path}${example.query.size ? `?${example.query}` : ''}`;
  const headers: Record<string, string> = { ...authHeaders(spec, op, creds) };
  const body = encodeBody(example.contentType, example.body);
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = example.contentType!;
  return fetch(url, { method: op.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(20_000) });
}
