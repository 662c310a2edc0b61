// Every upstream call goes through here: one keep-alive undici Agent, retries
// with backoff for 429/5xx/connection failures (only before any byte of a
// stream has been handed on), timeouts, and errors that name the provider.
import { endFailed, headersFor, SpanKind, startSpan, tracing, type Span } from '../../metrics/telemetry.ts';
import { Agent, type Dispatcher } from 'undici';
import type { ProviderId } from '../../protocols/canonical.ts';
import { isMissingRoute, ProviderError, type CallContext, type RetryPolicy } from '../types.ts';
import { secretsSent, withoutSecrets, withoutValues } from '../../protocols/secrets.ts';

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256, pipelining: 1 });

export interface UpstreamRequest {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: unknown;
  /** Attempts in all, first included. */
  attempts?: number;
  /** Another connection pool, e.g. one with a short connect timeout for local runtimes. */
  dispatcher?: Dispatcher;
}

/** How long a call waits for the provider's answer (and, streaming, between chunks) unless PROVIDER_TIMEOUT_MS says otherwise. */
export const DEFAULT_TIMEOUT_MS = 120_000;
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function retryAfterMs(headers: Dispatcher.ResponseData['headers']): number | undefined {
  const raw = headers['retry-after-ms'] ?? headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  if (headers['retry-after-ms']) return Number(value);
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, initialBackoffMs: 200, maxBackoffMs: 20_000 };
// Without a Retry-After, the exponential backoff stops growing here (or at maxBackoffMs when lower).
const BACKOFF_CEILING_MS = 4_000;

/** The wait before retry number `attempt` (0-based): the provider's Retry-After when it sent one, else exponential with jitter. */
export function backoffMs(policy: RetryPolicy, attempt: number, hinted?: number): number {
  if (hinted !== undefined) return Math.min(hinted, policy.maxBackoffMs);
  return Math.min(policy.initialBackoffMs * 2 ** attempt, BACKOFF_CEILING_MS, policy.maxBackoffMs) * (0.5 + Math.random() / 2);
}

function describeUpstream(provider: ProviderId, status: number, body: string): string {
  const snippet = body.length > 500 ? `${body.slice(0, 500)}…` : body;
  return `${provider} answered HTTP ${status}${snippet ? `: ${snippet}` : ''}`;
}

function outgoing(req: UpstreamRequest): { headers: Record<string, string>; body: string | Buffer | undefined } {
  const headers: Record<string, string> = { ...req.headers };
  let body: string | Buffer | undefined;
  if (req.body !== undefined) {
    if (typeof req.body === 'string' || Buffer.isBuffer(req.body)) body = req.body as string | Buffer;
    else {
      body = JSON.stringify(req.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  return { headers, body };
}

/** A request that failed before any answer, as the provider error it is (or cancelled). */
function connectionError(provider: ProviderId, ctx: CallContext, url: string, timeoutMs: number, err: unknown): ProviderError {
  if (ctx.signal.aborted) return new ProviderError(provider, 'cancelled', `${provider} call was cancelled`, { cause: err });
  const code = (err as { code?: string }).code ?? (err as Error).message;
  if (TIMEOUT_CODES.has(code)) return new ProviderError(provider, 'timeout', `${provider} did not answer within ${timeoutMs} ms`, { cause: err });
  return new ProviderError(provider, 'unreachable', `${provider} is unreachable at ${new URL(url).origin} (${code})`, { cause: err });
}

/**
 * A non-2xx answer as a provider error. The secrets this request carried are
 * cut out of the provider's words here, where they are known, before the
 * error goes anywhere (protocols/secrets.ts); a missing route names its path
 * (never the query, which may carry a key).
 */
function statusError(
  provider: ProviderId,
  status: number,
  headers: Dispatcher.ResponseData['headers'],
  answer: string,
  sent: readonly string[],
  method: string,
  url: string,
): ProviderError {
  const text = withoutValues(answer, sent);
  // AWS services name the error in a header, not the body ("ThrottlingException:http://...").
  const typeHeader = headers['x-amzn-errortype'];
  const upstreamType = (Array.isArray(typeHeader) ? typeHeader[0] : typeHeader)?.split(':')[0] || undefined;
  const described = describeUpstream(provider, status, upstreamType ? `${upstreamType}: ${text}` : text);
  const message = isMissingRoute(status, text) ? described.replace(' answered', ` has no ${method} ${new URL(url).pathname}; it answered`) : described;
  const code = status === 429 ? 'rate_limited' : status >= 500 ? 'upstream_error' : 'upstream_rejected';
  return new ProviderError(provider, code, message, {
    status,
    retryAfterMs: retryAfterMs(headers),
    upstreamBody: text.slice(0, 2000),
    upstreamType,
  });
}

/** An upstream answer whose body is read as it arrives. */
export interface UpstreamResponse {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: UpstreamBody;
}

/** The body of an UpstreamResponse: chunks as they arrive; leaving early (or destroy()) aborts the request. */
export interface UpstreamBody extends AsyncIterable<Buffer> {
  readonly destroyed: boolean;
  destroy(reason?: unknown): void;
  text(): Promise<string>;
}

// Pause the upstream socket while this many bytes wait for the consumer.
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * The listener on the caller's signal, which reaches the exchange only until
 * the exchange settles. While the exchange itself was the listener, each
 * finished exchange (undici request, headers, body chunks) survived young
 * GCs under load and was promoted, about 3 KB per call, even though the
 * listener had been removed: every young GC copied ~3 MB and paused ~9 ms.
 * Through this link, 0.2 MB and 1.5-3 ms (bench, 500 req/s). What in
 * Node/V8 outlives the removal was not pinned down; the link makes it cheap.
 */
class AbortLink {
  dispatch: { cancel(): void } | undefined;
  constructor(dispatch: { cancel(): void }) {
    this.dispatch = dispatch;
  }

  handleEvent(): void {
    this.dispatch?.cancel();
  }
}

// On a signal made by callerAbortController: the one exchange it cancels
// directly (null while none is registered).
const EXCHANGE = Symbol('the exchange this signal cancels');

type Owned = AbortSignal & { [EXCHANGE]?: AbortLink | null };

/**
 * An AbortController for a caller's call (the /v1 client going away) whose
 * signal cancels one upstream exchange at a time without an EventTarget
 * listener: adding and removing an 'abort' listener per call showed as ~1% of
 * a /v1 call's CPU (perf, bursts of 10). Abort it with abortCall, which
 * cancels that exchange once the signal's own listeners have run. Any other
 * listener (a slot wait, a retry's sleep, a second exchange at once) is an
 * ordinary one and fires as always.
 */
export function callerAbortController(): AbortController {
  const controller = new AbortController();
  (controller.signal as Owned)[EXCHANGE] = null;
  return controller;
}

/** Aborts a callerAbortController's signal, and the exchange registered on it. */
export function abortCall(controller: AbortController, reason: unknown): void {
  const link = (controller.signal as Owned)[EXCHANGE];
  controller.abort(reason);
  link?.handleEvent();
}

/**
 * What both dispatch handlers share: the caller's signal aborts the exchange
 * (through an AbortLink, no closure per call: registered on a signal of
 * callerAbortController's, else its listener), and the link goes once the
 * exchange has settled.
 */
abstract class CancellableDispatch<R> implements Dispatcher.DispatchHandler {
  protected controller: Dispatcher.DispatchController | undefined;

  protected readonly signal: AbortSignal;
  protected readonly resolve: (res: R) => void;
  protected readonly reject: (err: unknown) => void;
  private readonly link: AbortLink;
  /** Only for deadlines under undici's timer resolution (see PreciseDeadline). */
  private deadline: PreciseDeadline | undefined;
  constructor(signal: AbortSignal, resolve: (res: R) => void, reject: (err: unknown) => void, timeoutMs: number) {
    this.signal = signal;
    this.resolve = resolve;
    this.reject = reject;
    this.link = new AbortLink(this);
    if ((signal as Owned)[EXCHANGE] === null) (signal as Owned)[EXCHANGE] = this.link;
    else signal.addEventListener('abort', this.link);
    if (timeoutMs < FAST_TIMER_RESOLUTION_MS) this.deadline = new PreciseDeadline(this, timeoutMs);
  }

  /** The caller's signal fired. */
  cancel(): void {
    this.controller?.abort(this.signal.reason);
  }

  /** A short deadline passed: fail as undici fails its own. */
  expire(err: Error): void {
    if (this.controller) this.controller.abort(err);
    else this.expired = err;
  }

  private expired: Error | undefined;

  /** Data arrived: a short deadline counts again from now (time between chunks, as undici's bodyTimeout). */
  protected progressed(): void {
    this.deadline?.restart();
  }

  protected settled(): void {
    const signal = this.signal as Owned;
    if (signal[EXCHANGE] === this.link) signal[EXCHANGE] = null;
    else signal.removeEventListener('abort', this.link);
    this.link.dispatch = undefined;
    this.deadline?.clear();
    this.deadline = undefined;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal.aborted) controller.abort(this.signal.reason);
    else if (this.expired) controller.abort(this.expired);
  }
}

// undici runs headersTimeout and bodyTimeout on its fast timers, which tick
// every ~500 ms: a 100 ms deadline fires after about a second. Deadlines
// shorter than that (an operator's PROVIDER_TIMEOUT_MS for a local model, the
// suite's fakes) get a native timer of their own; the usual long deadlines
// cost nothing extra per call.
const FAST_TIMER_RESOLUTION_MS = 1_000;

class PreciseDeadline {
  private timer: NodeJS.Timeout;
  private answered = false;
  private readonly dispatch: { expire(err: Error): void };
  constructor(dispatch: { expire(err: Error): void }, timeoutMs: number) {
    this.dispatch = dispatch;
    this.timer = setTimeout(PreciseDeadline.fire, timeoutMs, this, timeoutMs);
  }

  static fire(this: void, deadline: PreciseDeadline, timeoutMs: number): void {
    const code = deadline.answered ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT';
    deadline.dispatch.expire(Object.assign(new Error(`no ${deadline.answered ? 'data' : 'answer'} within ${timeoutMs} ms`), { code }));
  }

  restart(): void {
    this.answered = true;
    this.timer.refresh();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

type DispatchArgs = [
  dispatcher: Dispatcher,
  url: string,
  method: Dispatcher.HttpMethod,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  signal: AbortSignal,
  timeoutMs: number,
];

/** One request through the dispatcher, answered through `Handler`. */
function dispatchThrough<R>(
  Handler: new (signal: AbortSignal, resolve: (res: R) => void, reject: (err: unknown) => void, timeoutMs: number) => Dispatcher.DispatchHandler,
  ...[dispatcher, url, method, headers, body, signal, timeoutMs]: DispatchArgs
): Promise<R> {
  const { origin, path } = target(url);
  return new Promise<R>((resolve, reject) => {
    dispatcher.dispatch({ origin, path, method, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }, new Handler(signal, resolve, reject, timeoutMs));
  });
}

/**
 * One streamed dispatch: the undici handler, the listener on the caller's
 * signal and the body the consumer reads, in one object. Chunks queue here
 * until the consumer asks for them. Cheaper per call than undici's request(),
 * which wraps every response in a Readable (and its async iterator), an
 * AsyncResource and an abort listener of its own; and no fresh closures.
 */
class StreamedDispatch extends CancellableDispatch<UpstreamResponse> implements UpstreamBody {
  private started = false;
  private chunks: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private error: unknown;
  private waiter: { resolve: (r: IteratorResult<Buffer>) => void; reject: (e: unknown) => void } | undefined;
  destroyed = false;

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, headers: Dispatcher.ResponseData['headers']): void {
    this.started = true;
    this.progressed();
    this.resolve({ statusCode, headers, body: this });
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.destroyed) return;
    this.progressed();
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ value: chunk, done: false });
      return;
    }
    this.chunks.push(chunk);
    this.queued += chunk.length;
    if (this.queued > HIGH_WATER_BYTES) this.controller?.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    this.settled();
    this.wake();
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.settled();
    if (!this.started) {
      this.reject(err);
      return;
    }
    this.error ??= err;
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    if (!waiter || this.chunks.length) return;
    this.waiter = undefined;
    if (this.error !== undefined && !this.destroyed) waiter.reject(this.error);
    else waiter.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.chunks.shift();
    if (chunk) {
      this.queued -= chunk.length;
      if (this.queued <= HIGH_WATER_BYTES && this.controller?.paused) this.controller.resume();
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.destroyed) return Promise.resolve({ value: undefined, done: true });
    if (this.error !== undefined) return Promise.reject(this.error);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<Buffer>> {
    this.destroy();
    return { value: undefined, done: true };
  }

  destroy(reason?: unknown): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.chunks = [];
    this.queued = 0;
    if (!this.ended && this.error === undefined) this.controller?.abort(reason instanceof Error ? reason : new Error('upstream body destroyed'));
    this.settled();
    this.wake();
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return this;
  }

  async text(): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of this) parts.push(chunk);
    return Buffer.concat(parts).toString('utf8');
  }
}

/**
 * Sends a request and returns the response once its status is 2xx; retries
 * what is safe to retry. The caller owns the body (JSON or a stream), which it
 * must read to the end or destroy.
 */
export function send(provider: ProviderId, ctx: CallContext, req: UpstreamRequest): Promise<UpstreamResponse> {
  return withAttempts(provider, ctx, req, dispatchStreamed, (res) => res.body.text().catch(() => ''));
}

/**
 * One upstream exchange with send()'s retries, deadlines and errors, whichever
 * way the answer is read (streamed or buffered).
 */
async function withAttempts<R extends { statusCode: number; headers: Dispatcher.ResponseData['headers'] }>(
  provider: ProviderId,
  ctx: CallContext,
  req: UpstreamRequest,
  dispatch: (...args: DispatchArgs) => Promise<R>,
  errorText: (res: R) => Promise<string> | string,
): Promise<R> {
  const policy = ctx.retry ?? DEFAULT_RETRY;
  const attempts = Math.min(req.attempts ?? policy.attempts, policy.attempts);
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { headers, body } = outgoing(req);
  const sent = secretsSent(ctx.settings.apiKey, headers, req.url);
  const method = req.method ?? (body === undefined ? 'GET' : 'POST');
  const observer = ctx.observer;
  // Each failure goes to the observer once, saying whether another attempt follows.
  const failed = (err: ProviderError, retrying: boolean): ProviderError => {
    observer?.failed(provider, err, retrying);
    return err;
  };
  let lastError: ProviderError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(backoffMs(policy, attempt - 1, lastError?.retryAfterMs), ctx.signal).catch(() => {});
    if (ctx.signal.aborted) throw new ProviderError(provider, 'cancelled', `${provider} call was cancelled`);
    observer?.sending(provider, attempt);
    const span = attemptSpan(provider, method, req.url, attempt);
    let res: R;
    try {
      // undici enforces the deadlines itself: headersTimeout covers getting an
      // answer, then bodyTimeout (time between chunks) takes over so long
      // streams are not cut off. No timer or composite signal per call.
      res = await dispatch(req.dispatcher ?? agent, req.url, method, span ? headersFor(span, headers) : headers, body, ctx.signal, timeoutMs);
    } catch (err) {
      lastError = connectionError(provider, ctx, req.url, timeoutMs, err);
      endFailed(span, lastError, lastError.code);
      if (lastError.code === 'cancelled') throw lastError;
      // Sent and never answered: the provider may still be working on it (and
      // billing it), and trying again would make the caller wait the deadline
      // again. A connection that never opened is retried.
      if ((err as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT') throw failed(lastError, false);
      // An answer broken off after its status line is not retried: the request may have been acted on.
      if ((err as { afterResponse?: boolean }).afterResponse) {
        if (lastError.code === 'timeout') throw failed(lastError, false);
        throw failed(
          new ProviderError(provider, 'upstream_error', `${provider} broke off its answer (${(err as { code?: string }).code ?? (err as Error).message})`, { cause: err }),
          false,
        );
      }
      failed(lastError, attempt + 1 < attempts);
      continue;
    }
    span?.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 200 && res.statusCode < 300) {
      span?.end();
      return res;
    }
    lastError = statusError(provider, res.statusCode, res.headers, await errorText(res), sent, method, req.url);
    endFailed(span, lastError, String(res.statusCode));
    // A Retry-After longer than the policy allows is not waited out: the caller's fallback (or the caller) takes over.
    const retrying = RETRYABLE.has(res.statusCode) && attempt + 1 < attempts && (lastError.retryAfterMs ?? 0) <= policy.maxBackoffMs;
    failed(lastError, retrying);
    if (!retrying) throw lastError;
  }
  throw lastError!;
}

/**
 * One HTTP attempt's CLIENT span (the OpenTelemetry HTTP conventions: a retry
 * is its own span with http.request.resend_count), made only while traces are
 * exported. The URL is given without its query, which may carry a key.
 */
function attemptSpan(provider: ProviderId, method: string, url: string, attempt: number): Span | undefined {
  if (!tracing()) return undefined;
  const t = target(url);
  const host = new URL(t.origin);
  return startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'server.address': host.hostname,
      'server.port': Number(host.port) || (host.protocol === 'https:' ? 443 : 80),
      'url.full': `${t.origin}${t.path.split('?')[0]}`,
      'http.request.resend_count': attempt > 0 ? attempt : undefined,
      'gen_ai.provider.name': provider,
    },
  });
}

interface BufferedResponse {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Buffer;
}

// Origin and path of each upstream URL, parsed once: a URL parse per call showed in the profile.
const targets = new Map<string, { origin: string; path: string }>();

function target(url: string): { origin: string; path: string } {
  let t = targets.get(url);
  if (!t) {
    const u = new URL(url);
    t = { origin: u.origin, path: `${u.pathname}${u.search}` };
    if (targets.size >= 1000) targets.clear();
    targets.set(url, t);
  }
  return t;
}

/**
 * One request through the dispatcher with the whole body gathered in memory:
 * undici's request() builds a Readable, an AsyncResource and an abort
 * listener per call, which a JSON answer read at once does not need. The
 * signal's listener is an AbortLink (no closures per call).
 */
class BufferedDispatch extends CancellableDispatch<BufferedResponse> {
  private statusCode = 0;
  private headers: Dispatcher.ResponseData['headers'] = {};
  private chunks: Buffer[] = [];
  private size = 0;

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, headers: Dispatcher.ResponseData['headers']): void {
    this.statusCode = statusCode;
    this.headers = headers;
    this.progressed();
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    this.progressed();
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  onResponseEnd(): void {
    this.settled();
    const { chunks } = this;
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.size) });
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.settled();
    // Failing after the status line means the provider took the request: not safe to send again.
    this.reject(this.statusCode ? Object.assign(err, { afterResponse: true }) : err);
  }
}

/** Resolves at the status line, with the body still arriving. */
function dispatchStreamed(...args: DispatchArgs): Promise<UpstreamResponse> {
  return dispatchThrough(StreamedDispatch, ...args);
}

/** Resolves once the whole body is in. */
function dispatchBuffered(...args: DispatchArgs): Promise<BufferedResponse> {
  return dispatchThrough(BufferedDispatch, ...args);
}

const bufferedText = (res: BufferedResponse): string => res.body.toString('utf8');

/** send() for answers read whole: the same retries, deadlines and errors, with the body buffered. */
function sendBuffered(provider: ProviderId, ctx: CallContext, req: UpstreamRequest): Promise<BufferedResponse> {
  return withAttempts(provider, ctx, req, dispatchBuffered, bufferedText);
}

export async function sendJson<T = any>(provider: ProviderId, ctx: CallContext, req: UpstreamRequest): Promise<T> {
  const res = await sendBuffered(provider, ctx, req);
  const text = res.body.toString('utf8');
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new ProviderError(provider, 'upstream_error', `${provider} sent a body that is not JSON: ${withoutSecrets(text.slice(0, 200))}`, { cause: err });
  }
}

export function requireKey(ctx: CallContext): string {
  const { settings } = ctx;
  if (!settings.apiKey) {
    throw new ProviderError(settings.id, 'missing_config', `${settings.id} is not configured: set ${settings.keyEnv ?? 'its API key'}`);
  }
  return settings.apiKey;
}

/** A failure while a streamed body flows (cancel, idle timeout, reset) as the ProviderError it is. */
export function bodyError(provider: ProviderId, ctx: CallContext, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (ctx.signal.aborted) return new ProviderError(provider, 'cancelled', `${provider} call was cancelled`, { cause: err });
  const code = (err as { code?: string }).code;
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return new ProviderError(provider, 'timeout', `${provider} stopped sending for ${ctx.timeoutMs ?? 'too many'} ms`, { cause: err });
  }
  return new ProviderError(provider, 'upstream_error', `${provider} stream broke off: ${(err as Error).message}`, { cause: err });
}

// Each base URL's joined URLs, by path. Besides the two replaces, the same
// string each call is what makes target()'s lookup cheap: a string built per
// call was hashed and compared character by character there (profile).
const joined = new Map<string, Map<string, string>>();

export function joinUrl(base: string, path: string): string {
  let byPath = joined.get(base);
  if (!byPath) {
    if (joined.size >= 1000) joined.clear();
    joined.set(base, (byPath = new Map()));
  }
  let url = byPath.get(path);
  if (url === undefined) {
    url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
    if (byPath.size >= 100) byPath.clear();
    byPath.set(path, url);
  }
  return url;
}
