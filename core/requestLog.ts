// The request log: each /v1 call's request and response bodies (a stream as
// the answer it assembled), status, timings, tokens, cost, key, team, tags and
// trace id, in PostgreSQL. Off by default; GATEWAY_REQUEST_LOG=on turns it on
// for every key, a key's or its team's request_log for that key (the key's own
// setting first). Bodies are redacted before they are stored (the presets of
// protocols/redaction.ts, shared with the OCR redaction), media in them kept
// as references (type, size, digest), each cut at a size cap. Entries are
// written in batches after the answer has gone, never on its path.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { insertRequestLogs, type RequestLogRow } from '../db/gateway/insertRequestLogs.ts';
import { getRequestLogSetting } from '../db/gateway/getRequestLogSetting.ts';
import { deleteExpiredRequestLogs } from '../db/gateway/deleteExpiredRequestLogs.ts';
import { listRequestLogs } from '../db/gateway/listRequestLogs.ts';
import { GroupCommit, writeBatchOrEach } from '../db/groupCommit.ts';
import { PRESET_PRIORITY, redactText, type TextPreset } from '../protocols/redaction.ts';
import type { PricedResult } from './completion.ts';
import type { ListRequestLogsData } from '../generated/gateway/types.gen.ts';

const SETTING_TTL_MS = 30_000;

export interface RequestLogConfig {
  /** On for every key unless the key or its team says otherwise. */
  global: boolean;
  retentionDays: number;
  maxBodyBytes: number;
  redact: TextPreset[];
}

/** The request log's settings from the environment (GATEWAY_REQUEST_LOG*), refusing what is not understood. */
export function requestLogConfig(env: NodeJS.ProcessEnv): RequestLogConfig {
  const mode = (env.GATEWAY_REQUEST_LOG || 'off').toLowerCase();
  if (mode !== 'on' && mode !== 'off') throw new Error(`GATEWAY_REQUEST_LOG=${env.GATEWAY_REQUEST_LOG}: expected on or off`);
  const retentionDays = Number(env.GATEWAY_REQUEST_LOG_RETENTION_DAYS || 30);
  if (!(retentionDays > 0)) throw new Error(`GATEWAY_REQUEST_LOG_RETENTION_DAYS=${env.GATEWAY_REQUEST_LOG_RETENTION_DAYS}: expected a positive number of days`);
  const maxBodyBytes = Number(env.GATEWAY_REQUEST_LOG_MAX_BODY_BYTES || 65_536);
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 0) throw new Error(`GATEWAY_REQUEST_LOG_MAX_BODY_BYTES=${env.GATEWAY_REQUEST_LOG_MAX_BODY_BYTES}: expected a whole number of bytes`);
  const listed = (env.GATEWAY_REQUEST_LOG_REDACT ?? PRESET_PRIORITY.join(',')).split(',').map((p) => p.trim()).filter(Boolean);
  const redact = listed.includes('none') ? [] : listed;
  const unknown = redact.filter((p) => !(PRESET_PRIORITY as string[]).includes(p));
  if (unknown.length) throw new Error(`GATEWAY_REQUEST_LOG_REDACT: unknown preset ${unknown.join(', ')} (known: ${PRESET_PRIORITY.join(', ')}, or none)`);
  return { global: mode === 'on', retentionDays, maxBodyBytes, redact: redact as TextPreset[] };
}

/** What the gateway knows of one finished call. */
export interface ObservedCall {
  keyId?: string;
  teamId?: string;
  tags?: readonly string[];
  requestId: string;
  traceId?: string;
  operation?: string;
  method: string;
  path: string;
  status: number;
  errorCode?: string;
  latencyMs: number;
  upstreamMs?: number;
  /** The request as read (JSON), or a stand-in for a body streamed to its handler. */
  request: unknown;
  /** The answer: its JSON, a buffer or stream (stored as a reference), or a stream's assembled result. */
  response: unknown;
  result?: PricedResult;
}

// A data: URI or a long run of base64 is media (an image, audio): kept as what it is, not its bytes.
const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/;
const BASE64_RUN = /^[A-Za-z0-9+/_-]{2048,}={0,2}$/;

function reference(kind: string, bytes: Buffer | string): string {
  const size = typeof bytes === 'string' ? Math.floor((bytes.length * 3) / 4) : bytes.length;
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return `[media ${kind}, ${size} bytes, sha256:${digest}]`;
}

/** A JSON value with its media replaced by references. */
export function withMediaReferences(value: unknown): unknown {
  if (typeof value === 'string') {
    const uri = DATA_URI.exec(value);
    if (uri) return reference(uri[1] ?? 'application/octet-stream', value.slice(uri[0].length));
    return value.length >= 2048 && BASE64_RUN.test(value) ? reference('base64', value) : value;
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return reference('binary', Buffer.from(value));
  if (Array.isArray(value)) return value.map(withMediaReferences);
  if (value && typeof value === 'object') {
    // A stream (audio being sent, a file) is told by what it is, never read.
    if (typeof (value as { pipe?: unknown }).pipe === 'function') return '[media stream]';
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withMediaReferences(v);
    return out;
  }
  return value;
}

/** A stream's answer as one body: what its events assembled. */
function assembled(result: PricedResult): unknown {
  const { content, toolCalls, finishReason, usage, model, provider, reasoning } = result;
  return { streamed: true, provider, model, content, toolCalls, reasoning, finishReason, usage };
}

export class RequestLog {
  readonly config: RequestLogConfig;
  private readonly db: Knex;
  private readonly log: Logger;
  private readonly clock: () => Date;
  private readonly settings = new Map<string, { on: boolean; until: number }>();
  // Calls of a key whose setting is being read wait for that one query.
  private readonly deciding = new Map<string, Promise<boolean>>();
  private readonly writes: GroupCommit<RequestLogRow, unknown>;

  constructor(o: { db: Knex; log: Logger; env: NodeJS.ProcessEnv; clock?: () => Date }) {
    this.db = o.db;
    this.log = o.log;
    this.config = requestLogConfig(o.env);
    this.clock = o.clock ?? (() => new Date());
    this.writes = new GroupCommit<RequestLogRow, unknown>((rows) => writeBatchOrEach(rows, (some) => insertRequestLogs(this.db, some)));
  }

  /** Forget cached key settings (a key changed). */
  clear(): void {
    this.settings.clear();
    this.deciding.clear();
  }

  /**
   * Takes a finished call: decides from the cached key setting (looked up
   * once per key and SETTING_TTL_MS) whether it is logged, and if so queues
   * its entry. Never throws; a failure to log is logged.
   */
  observe(call: ObservedCall): void {
    const cached = call.keyId === undefined ? { on: this.config.global, until: Infinity } : this.settings.get(call.keyId);
    if (cached && cached.until > performance.now()) {
      if (cached.on) this.queue(call);
      return;
    }
    void this.decide(call.keyId!).then(
      (on) => on && this.queue(call),
      (err) => this.log.error({ err, reqId: call.requestId }, 'could not read the request-log setting; the call is not logged'),
    );
  }

  private decide(keyId: string): Promise<boolean> {
    let pending = this.deciding.get(keyId);
    if (!pending) {
      const p = getRequestLogSetting(this.db, keyId)
        .then((setting) => {
          const on = setting?.key ?? setting?.team ?? this.config.global;
          // A setting read before a clear() may be stale: used for these calls, not cached.
          if (this.deciding.get(keyId) === p) this.settings.set(keyId, { on, until: performance.now() + SETTING_TTL_MS });
          return on;
        })
        .finally(() => {
          if (this.deciding.get(keyId) === p) this.deciding.delete(keyId);
        });
      this.deciding.set(keyId, (pending = p));
    }
    return pending;
  }

  private queue(call: ObservedCall): void {
    let row: RequestLogRow;
    try {
      row = this.entry(call);
    } catch (err) {
      this.log.error({ err, reqId: call.requestId }, 'could not prepare the request-log entry');
      return;
    }
    this.writes.push(row, (ok, value) => {
      if (!ok || value) this.log.error({ err: value, reqId: call.requestId }, 'could not write the request-log entry');
    });
  }

  /** The stored form of a call: bodies redacted, media as references, each cut at the cap. */
  entry(call: ObservedCall): RequestLogRow {
    const redactions: Record<string, number> = {};
    const body = (value: unknown): { text?: string; truncated: boolean } => {
      if (value === undefined || value === null || value === '') return { truncated: false };
      const json = typeof value === 'string' ? value : JSON.stringify(withMediaReferences(value));
      const { text, counts } = redactText(json, this.config.redact);
      for (const [k, n] of Object.entries(counts)) redactions[k] = (redactions[k] ?? 0) + n!;
      const bytes = Buffer.from(text);
      if (bytes.length <= this.config.maxBodyBytes) return { text, truncated: false };
      // Cut on a character boundary: the decoder drops a split last character.
      return { text: new TextDecoder().decode(bytes.subarray(0, this.config.maxBodyBytes)).replace(/\uFFFD$/, ''), truncated: true };
    };
    const request = body(call.request);
    const response = body(call.result && !isJsonBody(call.response) ? assembled(call.result) : call.response);
    const result = call.result;
    return {
      createdAt: this.clock(),
      keyId: call.keyId,
      teamId: call.teamId,
      tags: call.tags ?? [],
      requestId: call.requestId,
      traceId: call.traceId,
      operation: call.operation,
      method: call.method,
      path: call.path,
      provider: result?.provider,
      model: result?.model,
      status: call.status,
      errorCode: call.errorCode,
      latencyMs: call.latencyMs,
      upstreamMs: call.upstreamMs,
      inputTokens: result?.usage.inputTokens,
      outputTokens: result?.usage.outputTokens,
      cost: result?.cost.customerPrice,
      requestBody: request.text,
      responseBody: response.text,
      requestTruncated: request.truncated,
      responseTruncated: response.truncated,
      redactions,
    };
  }

  /** Deletes the entries past retention (as of `now`); answers how many went. */
  purge(now: Date = this.clock()): Promise<number> {
    return deleteExpiredRequestLogs(this.db, new Date(now.getTime() - this.config.retentionDays * 86_400_000));
  }

  /** Resolves once every queued entry is written. */
  flush(): Promise<void> {
    return this.writes.settle();
  }
}

function isJsonBody(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Buffer.isBuffer(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

export type RequestLogQuery = NonNullable<ListRequestLogsData['query']>;

/** One page of the log as `reader` may see it: an admin every entry, any other key its own. */
export async function requestLogPage(db: Knex, reader: { keyId: string; role: string }, query: RequestLogQuery) {
  const limit = query.limit ?? 50;
  const rows = await listRequestLogs(db, {
    ...query,
    ownerKeyId: reader.role === 'admin' ? undefined : reader.keyId,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
    beforeId: query.cursor,
    // One more than asked says whether another page follows.
    limit: limit + 1,
  });
  const entries = rows.slice(0, limit).map((r) => ({
    id: String(r.id),
    createdAt: (r.created_at as Date).toISOString(),
    keyId: r.key_id,
    teamId: r.team_id,
    tags: r.tags,
    requestId: r.request_id,
    traceId: r.trace_id,
    operation: r.operation,
    method: r.method,
    path: r.path,
    provider: r.provider,
    model: r.model,
    status: r.status,
    errorCode: r.error_code,
    latencyMs: r.latency_ms,
    upstreamMs: r.upstream_ms,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    cost: r.cost === null ? null : Number(r.cost),
    requestBody: r.request_body,
    responseBody: r.response_body,
    requestTruncated: r.request_truncated,
    responseTruncated: r.response_truncated,
    redactions: r.redactions,
  }));
  return { entries, nextCursor: rows.length > limit ? entries.at(-1)!.id : null };
}
