// Conversation webhooks relayed to the customer's clientWebhookUrl, through
// the gateway's one SSRF guard (providers/transport/guardedFetch.ts): the URL
// is checked when a template is saved and again at every send (its name is
// resolved anew, so a name re-pointed at an internal address is refused),
// redirects are not followed (the secret goes to the URL given and nowhere
// else), and the whole exchange has one deadline, so a slow customer never
// holds a webhook. Fire-and-forget relays are tracked only so shutdown can
// wait for them; what they carry (transcripts) is never written anywhere.
import type { Logger } from 'pino';
import { ApiError } from '../../protocols/errors.ts';
import { checkUrlTarget, guardedFetch, GuardedFetchError } from '../../providers/transport/guardedFetch.ts';

export const SECRET_HEADER = 'x-webhook-secret';
const REPLY_LIMIT_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

export function relayTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.AGENT_WEBHOOK_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/** Refuses a clientWebhookUrl the guard would not send to (400 invalid_webhook_url). */
export async function checkWebhookUrl(url: string): Promise<void> {
  try {
    await checkUrlTarget(url);
  } catch (err) {
    if (!(err instanceof GuardedFetchError)) throw err;
    throw new ApiError('invalid_request', `clientWebhookUrl is refused: ${err.message}`, {
      code: 'invalid_webhook_url',
      param: 'clientWebhookUrl',
      fields: [{ path: 'body.clientWebhookUrl', message: err.message }],
    });
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}

/** POSTs the payload with the secret; the reply body when the answer is 2xx. */
async function post(url: string, secret: string, payload: unknown, env: NodeJS.ProcessEnv): Promise<Buffer> {
  const res = await guardedFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret, 'user-agent': 'switchyard-webhook-relay' },
    body: JSON.stringify(payload),
    timeoutMs: relayTimeoutMs(env),
    maxBytes: REPLY_LIMIT_BYTES,
    maxRedirects: 0,
  });
  if (res.status < 200 || res.status >= 300) {
    res.dispose();
    throw new GuardedFetchError('http_status', `${hostOf(url)} answered HTTP ${res.status}`, { status: res.status });
  }
  return res.bytes();
}

/** Relays and waits for the customer's JSON reply (the context webhook); null for an empty 2xx body. */
export async function relayForReply(url: string, secret: string, payload: unknown, env: NodeJS.ProcessEnv): Promise<unknown> {
  let reply: Buffer;
  try {
    reply = await post(url, secret, payload, env);
  } catch (err) {
    if (!(err instanceof GuardedFetchError)) throw err;
    const why = err.code === 'too_many_redirects' ? `${hostOf(url)} redirected (webhook relays do not follow redirects)` : err.message;
    throw new ApiError('upstream', `The customer's webhook endpoint failed: ${why}`, { code: 'upstream_error' });
  }
  const text = reply.toString('utf8');
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('upstream', `The customer's webhook endpoint at ${hostOf(url)} did not answer JSON`, { code: 'upstream_error' });
  }
}

const inFlight = new Set<Promise<void>>();

/** Relays without waiting: no retry, no dead-letter store; a failure is logged (host and reason only). */
export function relayInBackground(url: string, secret: string, payload: { event: string; sessionId: number }, env: NodeJS.ProcessEnv, log: Logger): void {
  const sending: Promise<void> = post(url, secret, payload, env).then(
    () => undefined,
    (err: Error) => log.warn({ relayTo: hostOf(url), event: payload.event, sessionId: payload.sessionId, reason: err.message }, 'webhook relay failed; the payload is dropped'),
  );
  inFlight.add(sending);
  void sending.finally(() => inFlight.delete(sending));
}

/** Waits for the relays under way (each ends by its deadline). */
export async function drainRelays(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}
