// One error type for every surface; each surface's renderer (server/surfaces.ts)
// turns it into that protocol's own error shape.
export type ErrorKind =
  | 'invalid_request' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'gone' // 410
  | 'payload_too_large' // 413
  | 'unsupported_media_type' // 415
  | 'rate_limited' // 429
  | 'internal' // 500
  | 'not_implemented' // 501
  | 'upstream' // 502
  | 'unavailable' // 503
  | 'timeout'; // 504

const STATUS: Record<ErrorKind, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
};

export interface FieldError {
  /** JSON pointer-ish location, e.g. "body.temperature" or "query.limit". */
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  /** Machine-readable code in the surface's vocabulary (e.g. "read_only_key", "TOO_MANY_REFERENCE_IMAGES"). */
  readonly code: string;
  /** The offending parameter, for protocols that report one (OpenAI's `param`). */
  readonly param?: string;
  readonly fields?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    kind: ErrorKind,
    message: string,
    opts: { code?: string; param?: string; fields?: FieldError[]; headers?: Record<string, string>; status?: number; cause?: unknown } = {},
  ) {
    // The cause (a provider's failure, a bug) is what the log shows; the caller sees only the message.
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = opts.status ?? STATUS[kind];
    this.code = opts.code ?? kind;
    this.param = opts.param;
    this.fields = opts.fields;
    this.headers = opts.headers;
  }
}
