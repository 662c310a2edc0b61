// The one way the gateway fetches a URL a customer gave it (reference images,
// start and end frames, webhook relays). Server-side request forgery is
// refused where it cannot be dodged:
// - the address checked is the one the socket connects to: names are
//   resolved by our own lookup, which refuses the connection when any
//   resolved address is not public, so a name that resolves to a public
//   address for a check and a private one for the connection (DNS rebinding)
//   never reaches the private one; literal IPs are checked before connecting,
//   and the connected socket's remote address once more;
// - redirects are followed here, one hop at a time, each hop checked again;
// - a size cap (Content-Length first, then counted) and one deadline for the
//   whole exchange, body included, so a slow drip cannot hold a worker.
// GUARDED_FETCH_ALLOW_LOOPBACK=true admits 127.0.0.0/8 and ::1 (tests whose
// fake servers listen there); it is off unless set, and opens nothing else.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { checkAddress } from './addressPolicy.ts';

export type GuardedFetchErrorCode =
  | 'invalid_url' // not http(s), or not a URL at all
  | 'blocked_address' // resolves to (or is) an address the policy refuses
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'unreachable' // DNS failure, connection refused or reset
  | 'http_status'; // a non-2xx answer where one was required

export class GuardedFetchError extends Error {
  readonly code: GuardedFetchErrorCode;
  readonly status?: number;
  constructor(code: GuardedFetchErrorCode, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'GuardedFetchError';
    this.code = code;
    this.status = opts.status;
  }
}

export interface GuardedRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Largest body accepted, in bytes. Default 20 MB. */
  maxBytes?: number;
  /** Deadline for the whole exchange, redirects and body included. Default 15 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Admit loopback addresses; defaults to GUARDED_FETCH_ALLOW_LOOPBACK=true. */
  allowLoopback?: boolean;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The URL that answered, after redirects. */
  url: string;
  /** The body, read as it arrives; stops with too_large past maxBytes and timeout past the deadline. */
  body: AsyncIterable<Buffer>;
  /** Reads the whole (capped) body. */
  bytes(): Promise<Buffer>;
  /** Abandons the body and releases the deadline. */
  dispose(): void;
}

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const BLOCKED = 'ERR_GUARDED_ADDRESS';

export function loopbackAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.GUARDED_FETCH_ALLOW_LOOPBACK ?? '');
}

function blocked(reason: string): Error {
  return Object.assign(new Error(`refused: ${reason}`), { code: BLOCKED });
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that fails when any address the name resolves to is refused. */
function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const verdict = checkAddress(a.address, { allowLoopback });
        if (!verdict.allowed) return callback(blocked(`${hostname} resolves to ${verdict.reason}`), []);
      }
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function guardedConnector(allowLoopback: boolean): buildConnector.connector {
  const base = buildConnector({ timeout: 10_000, lookup: guardedLookup(allowLoopback) } as buildConnector.BuildOptions);
  return (opts, callback) => {
    const host = opts.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const verdict = checkAddress(host, { allowLoopback });
      if (!verdict.allowed) return callback(blocked(verdict.reason), null);
    }
    base(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      // The address actually connected to, whatever resolved it.
      const remote = (socket as Socket).remoteAddress;
      const verdict = remote ? checkAddress(remote, { allowLoopback }) : { allowed: false as const, reason: 'no remote address' };
      if (!verdict.allowed) {
        socket.destroy();
        return callback(blocked(verdict.reason), null);
      }
      callback(null, socket);
    });
  };
}

const agents = new Map<boolean, Agent>();
function agentFor(allowLoopback: boolean): Agent {
  let agent = agents.get(allowLoopback);
  if (!agent) {
    agent = new Agent({ connect: guardedConnector(allowLoopback), keepAliveTimeout: 4_000, connections: 64 });
    agents.set(allowLoopback, agent);
  }
  return agent;
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedFetchError('invalid_url', `not a URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardedFetchError('invalid_url', `only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new GuardedFetchError('invalid_url', 'URLs with credentials are not fetched');
  return url;
}

function failure(err: unknown, url: URL, timedOut: boolean, signal?: AbortSignal): Error {
  if (err instanceof GuardedFetchError) return err;
  if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new Error('aborted');
  if (timedOut) return new GuardedFetchError('timeout', `${url.host} did not answer in time`, { cause: err });
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const inner = e.code === BLOCKED ? e : e.cause?.code === BLOCKED ? e.cause : undefined;
  if (inner) return new GuardedFetchError('blocked_address', `${url.host}: ${inner.message}`, { cause: err });
  return new GuardedFetchError('unreachable', `${url.host} could not be reached (${e.code ?? e.message})`, { cause: err });
}

/** Drops a body nobody will read; undici reports destroying an unread body as an error event. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends one request to a customer-given URL under the guard and answers at
 * the status line, with the body still to read (within the same deadline).
 * Any status is returned; redirects are followed (a 303, or a 301/302 after a
 * POST, continues as GET without body; credentials are not carried to another origin).
 */
export async function guardedFetch(rawUrl: string, req: GuardedRequest = {}): Promise<GuardedResponse> {
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowLoopback = req.allowLoopback ?? loopbackAllowed();
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort(new GuardedFetchError('timeout', `no complete answer within ${timeoutMs} ms`));
  }, timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
  let url = parseTarget(rawUrl);
  let method: string = req.method ?? 'GET';
  let body = req.body;
  let headers = { ...req.headers };
  try {
    for (let hop = 0; ; hop++) {
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, { dispatcher: agentFor(allowLoopback), method: method as Dispatcher.HttpMethod, headers, body, signal });
      } catch (err) {
        throw failure(err, url, timedOut, req.signal);
      }
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        discard(res.body);
        if (hop >= (req.maxRedirects ?? 5)) throw new GuardedFetchError('too_many_redirects', `more than ${req.maxRedirects ?? 5} redirects from ${rawUrl.slice(0, 100)}`);
        const next = parseTarget(new URL(location, url).toString());
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
        }
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
        url = next;
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(res.body);
        throw new GuardedFetchError('too_large', `${url.host} sends ${declared} bytes; the limit is ${maxBytes}`);
      }
      const finalUrl = url;
      const capped = async function* (): AsyncGenerator<Buffer> {
        let seen = 0;
        try {
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            seen += chunk.length;
            if (seen > maxBytes) throw new GuardedFetchError('too_large', `${finalUrl.host} sent more than ${maxBytes} bytes`);
            yield chunk;
          }
        } catch (err) {
          throw failure(err, finalUrl, timedOut, req.signal);
        } finally {
          discard(res.body);
          clearTimeout(timer);
        }
      };
      const stream = capped();
      return {
        status: res.statusCode,
        headers: res.headers,
        url: url.toString(),
        body: stream,
        async bytes() {
          const parts: Buffer[] = [];
          for await (const chunk of stream) parts.push(chunk);
          return Buffer.concat(parts);
        },
        dispose() {
          clearTimeout(timer);
          discard(res.body);
        },
      };
    }
  } catch (err) {
    clearTimeout(timer);
    throw err;
  }
}

/**
 * Checks, without sending anything, that guardedFetch would reach this URL
 * now: http(s), no credentials, a literal address the policy allows, or a name
 * every one of whose addresses it allows (through the same lookup the
 * connections use). For URLs stored to be fetched later (webhooks), which are
 * checked again at every send: a name may resolve elsewhere by then.
 */
export async function checkUrlTarget(rawUrl: string, opts: { allowLoopback?: boolean } = {}): Promise<void> {
  const allowLoopback = opts.allowLoopback ?? loopbackAllowed();
  const url = parseTarget(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const verdict = checkAddress(host, { allowLoopback });
    if (!verdict.allowed) throw new GuardedFetchError('blocked_address', `${url.host}: refused: ${verdict.reason}`);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    guardedLookup(allowLoopback)(host, { all: true }, (err) => {
      if (!err) return resolve();
      if ((err as { code?: string }).code === BLOCKED) return reject(new GuardedFetchError('blocked_address', `${url.host}: ${err.message}`));
      reject(new GuardedFetchError('unreachable', `${url.host} does not resolve (${(err as { code?: string }).code ?? err.message})`, { cause: err }));
    });
  });
}

/** Downloads a customer-given URL whole (within maxBytes); anything but a 2xx is an error. */
export async function guardedDownload(rawUrl: string, req: Omit<GuardedRequest, 'method' | 'body'> = {}): Promise<{ bytes: Buffer; contentType?: string; url: string }> {
  const res = await guardedFetch(rawUrl, req);
  if (res.status < 200 || res.status >= 300) {
    res.dispose();
    throw new GuardedFetchError('http_status', `${new URL(res.url).host} answered HTTP ${res.status}`, { status: res.status });
  }
  const type = res.headers['content-type'];
  return { bytes: await res.bytes(), contentType: typeof type === 'string' ? type : undefined, url: res.url };
}
