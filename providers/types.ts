import type {
  CanonicalRequest,
  CanonicalResult,
  EmbeddingRequest,
  EmbeddingResult,
  ModelInfo,
  ProviderId,
  StreamEvent,
} from '../protocols/canonical.ts';

/** Where and how to reach one provider; read from the environment by providers/config.ts. */
export interface ProviderSettings {
  id: ProviderId;
  baseUrl: string;
  /** Undefined for local providers and for hosted ones whose key is not set. */
  apiKey?: string;
  /** Provider-specific extras (vertex project and location). */
  extra: Record<string, string>;
  /** Name of the environment variable holding the key, for error messages. */
  keyEnv?: string;
  baseUrlEnv: string;
  local: boolean;
}

export interface CallContext {
  settings: ProviderSettings;
  /** Aborts the upstream call (cancel, client gone, timeout). */
  signal: AbortSignal;
  /** Upstream timeout for the whole call in ms; streams count time between chunks. */
  timeoutMs?: number;
}

/**
 * One provider: maps the canonical model to its wire format and back.
 * Each lives in providers/<id>/index.ts and default-exports an adapter.
 */
export interface ProviderAdapter {
  id: ProviderId;
  /** Model used when a request names none. */
  defaultModel?: string;
  defaultEmbeddingModel?: string;
  /** Throws ProviderError('unsupported_option') for options this provider cannot honour. */
  validate(req: CanonicalRequest): void;
  complete(req: CanonicalRequest, ctx: CallContext): Promise<CanonicalResult>;
  stream(req: CanonicalRequest, ctx: CallContext): AsyncIterable<StreamEvent>;
  embed?(req: EmbeddingRequest, ctx: CallContext): Promise<EmbeddingResult>;
  /** Live model listing from the provider itself (local runtimes). */
  listModels?(ctx: CallContext): Promise<ModelInfo[]>;
}

export type ProviderErrorCode =
  | 'missing_config' // key or base URL not set
  | 'unreachable' // connection refused, DNS, reset before any answer
  | 'timeout'
  | 'rate_limited' // upstream 429 after retries
  | 'upstream_error' // upstream 5xx after retries, or a malformed answer
  | 'upstream_rejected' // upstream 4xx other than 429
  | 'unsupported_option' // the request asks for something this provider cannot do
  | 'cancelled';

export class ProviderError extends Error {
  readonly provider: ProviderId;
  readonly code: ProviderErrorCode;
  /** Upstream HTTP status, when there was one. */
  readonly status?: number;
  readonly retryAfterMs?: number;
  /** Part of the upstream body, for the task error message. */
  readonly upstreamBody?: string;

  constructor(
    provider: ProviderId,
    code: ProviderErrorCode,
    message: string,
    opts: { status?: number; retryAfterMs?: number; upstreamBody?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.code = code;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
    this.upstreamBody = opts.upstreamBody;
  }
}

export function unsupported(provider: ProviderId, option: string, detail = ''): ProviderError {
  return new ProviderError(
    provider,
    'unsupported_option',
    `${provider} does not support ${option}${detail ? `: ${detail}` : ''}`,
  );
}
