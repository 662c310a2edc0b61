// Every failure a call can meet, as the API error each surface answers: one
// table, a column per error dialect. Native is the gateway's own vocabulary
// (openapi/gateway.yaml); the compat dialects are openapi/compat.yaml's, which
// differ only where Anthropic clients know a status OpenAI clients do not.
import type { Logger } from 'pino';
import { ApiError, type ErrorKind } from '../protocols/errors.ts';
import { descriptorOf } from '../providers/registry.ts';
import { isMissingRoute, ProviderError, type ProviderErrorCode } from '../providers/types.ts';
import { EngineError } from '../engines/workerPool.ts';
import { withoutSecrets } from '../protocols/secrets.ts';

export type ErrorDialect = 'native' | 'openai' | 'anthropic';

interface Answer {
  kind: ErrorKind;
  code: string;
  status?: number;
  param?: string;
}

type Row = Record<'native' | 'compat', Answer> & { anthropic?: Answer };

const overloaded = (err: ProviderError) => err.status === 529 || (err.status === 503 && /overload/i.test(err.upstreamBody ?? ''));

/** Provider failures that read the same whatever the upstream status. */
const BY_CODE: Record<Exclude<ProviderErrorCode, 'upstream_error' | 'upstream_rejected' | 'unreachable'>, Row> = {
  missing_config: {
    native: { kind: 'unavailable', code: 'provider_not_configured' },
    compat: { kind: 'unavailable', code: 'provider_not_configured' },
  },
  timeout: {
    native: { kind: 'timeout', code: 'timeout' },
    compat: { kind: 'upstream', code: 'upstream_timeout', status: 502 },
  },
  rate_limited: {
    native: { kind: 'rate_limited', code: 'rate_limited' },
    compat: { kind: 'rate_limited', code: 'upstream_rate_limited' },
  },
  unsupported_option: {
    native: { kind: 'invalid_request', code: 'unsupported_option' },
    compat: { kind: 'invalid_request', code: 'capability_not_supported' },
  },
  cancelled: {
    native: { kind: 'invalid_request', code: 'cancelled' },
    compat: { kind: 'invalid_request', code: 'client_closed' },
  },
};

function rowFor(err: ProviderError): Row {
  switch (err.code) {
    case 'unreachable':
      // A local runtime that is not running is a configuration matter; an unreachable hosted API is an upstream failure.
      return descriptorOf(err.provider).local
        ? { native: { kind: 'upstream', code: 'unreachable' }, compat: { kind: 'unavailable', code: 'provider_not_configured' } }
        : { native: { kind: 'upstream', code: 'unreachable' }, compat: { kind: 'upstream', code: 'upstream_error' } };
    case 'upstream_error':
      if (overloaded(err)) {
        // Anthropic clients know 529 overloaded_error (and retry it); OpenAI clients get a plain 502.
        return {
          native: { kind: 'upstream', code: 'upstream_error' },
          compat: { kind: 'upstream', code: 'upstream_overloaded' },
          anthropic: { kind: 'unavailable', code: 'upstream_overloaded', status: 529 },
        };
      }
      return { native: { kind: 'upstream', code: 'upstream_error' }, compat: { kind: 'upstream', code: 'upstream_error' } };
    case 'upstream_rejected':
      // The provider refusing the gateway's credentials is the operator's problem, not the caller's request.
      if (err.status === 401 || err.status === 403) {
        return { native: { kind: 'upstream', code: 'upstream_rejected' }, compat: { kind: 'upstream', code: 'upstream_error' } };
      }
      // A route the upstream lacks is a configuration fault upstream of the caller, not a model they named.
      // A provider's content policy refusing the prompt (Azure's content filter): the caller's request, named so on every surface.
      if (err.upstreamType === 'content_filter') {
        return { native: { kind: 'invalid_request', code: 'content_filter', param: err.param }, compat: { kind: 'invalid_request', code: 'content_filter', param: err.param } };
      }
      if (isMissingRoute(err.status, err.upstreamBody)) return { native: { kind: 'upstream', code: 'upstream_error' }, compat: { kind: 'upstream', code: 'upstream_error' } };
      if (err.status === 404) {
        return { native: { kind: 'invalid_request', code: 'upstream_rejected' }, compat: { kind: 'not_found', code: 'model_not_found', param: 'model' } };
      }
      if (err.status === 413) {
        return { native: { kind: 'invalid_request', code: 'upstream_rejected' }, compat: { kind: 'payload_too_large', code: 'request_too_large' } };
      }
      return { native: { kind: 'invalid_request', code: 'upstream_rejected' }, compat: { kind: 'invalid_request', code: 'invalid_request' } };
    default:
      return BY_CODE[err.code];
  }
}

/** Gateway refusals whose code each dialect names differently. */
const API_CODES: Record<string, { compat: Answer }> = {
  unsupported_provider: { compat: { kind: 'invalid_request', code: 'capability_not_supported', param: 'model' } },
  // A media submission the provider refuses (core/media/prepare.ts), as the provider's own refusal reads on /v1.
  unsupported_option: { compat: { kind: 'invalid_request', code: 'capability_not_supported' } },
};

/**
 * Failures of the local engines (engines/workerPool.ts), native dialect only:
 * no /v1 endpoint runs one. Input problems found only when decoding keep the
 * code the submit check would have given; the rest are the gateway's own.
 */
const BY_ENGINE_CODE: Record<string, Answer> = {
  invalid_image: { kind: 'invalid_request', code: 'invalid_image' },
  unsupported_image_format: { kind: 'invalid_request', code: 'unsupported_image_format' },
  image_too_large: { kind: 'invalid_request', code: 'image_too_large' },
  engine_timeout: { kind: 'timeout', code: 'engine_timeout' },
  engine_closed: { kind: 'unavailable', code: 'engine_closed' },
};

function engineApiError(err: EngineError): ApiError {
  const answer = BY_ENGINE_CODE[err.code] ?? { kind: 'internal', code: err.code === 'engine_crashed' ? 'engine_crashed' : 'engine_failed' };
  const message = answer.kind === 'invalid_request' ? err.message : `The local engine failed: ${err.message}`;
  return new ApiError(answer.kind, message, { code: answer.code });
}

/** Any failure as the ApiError `dialect` answers; the message always says which provider answered what. */
export function toApiError(err: unknown, dialect: ErrorDialect = 'native'): ApiError {
  if (err instanceof ApiError) {
    const renamed = dialect === 'native' ? undefined : API_CODES[err.code]?.compat;
    // A message built from a provider's words (a fallback's refusal, say) may quote a key too.
    const message = withoutSecrets(err.message);
    if (renamed) return new ApiError(renamed.kind, message, { code: renamed.code, param: renamed.param ?? err.param });
    if (message === err.message) return err;
    return new ApiError(err.kind, message, { code: err.code, param: err.param, fields: err.fields, headers: err.headers, status: err.status, cause: err.cause });
  }
  if (err instanceof EngineError) return engineApiError(err);
  if (!(err instanceof ProviderError)) {
    return new ApiError('internal', 'Internal error while calling the provider', { code: 'internal_error', cause: err });
  }
  const row = rowFor(err);
  const answer = dialect === 'native' ? row.native : dialect === 'anthropic' ? (row.anthropic ?? row.compat) : row.compat;
  const headers = err.code === 'rate_limited' && err.retryAfterMs ? { 'retry-after': String(Math.ceil(err.retryAfterMs / 1000)) } : undefined;
  // The provider's words reach the caller too: an echoed key (the operator's) is cut out.
  return new ApiError(answer.kind, withoutSecrets(err.message), { code: answer.code, status: answer.status, param: answer.param, headers, cause: err });
}

// ---------------------------------------------------------------- the log

/** Provider failures that are the caller's choice or the operator's setup, not the provider failing. */
const NOT_A_PROVIDER_FAILURE = new Set<ProviderErrorCode>(['unsupported_option', 'cancelled', 'missing_config']);

/** Gateway refusals that are the caller's or the setup's (the access log has their status), not the server failing. */
const NOT_A_SERVER_FAILURE = new Set(['not_implemented', 'provider_not_configured']);

// Cuts out, by value, every secret this process sent upstream, then key shapes.
export { withoutSecrets } from '../protocols/secrets.ts';

/**
 * Logs a failed call the way an operator wants to read it: the gateway's own
 * faults at error level with their stack; a provider's failure as one warning
 * naming the provider, the code and the upstream status (its message and a
 * snippet of its answer, keys cut out; never headers); other server-side
 * failures as one warning; a caller's mistake (4xx, a 501, an unconfigured
 * provider) not at all, as the access log already has its status.
 */
export function logFailure(log: Logger, err: unknown, fields: Record<string, unknown> = {}): void {
  const api = err instanceof ApiError ? err : undefined;
  const cause = api ? api.cause : err;
  if (cause instanceof ProviderError) {
    if (NOT_A_PROVIDER_FAILURE.has(cause.code)) return;
    log.warn({ ...fields, provider: cause.provider, code: cause.code, status: cause.status }, `upstream failure: ${withoutSecrets(cause.message)}`);
    return;
  }
  if (api && api.kind !== 'internal') {
    if (api.status >= 500 && !NOT_A_SERVER_FAILURE.has(api.code)) log.warn({ ...fields, code: api.code, status: api.status }, withoutSecrets(api.message));
    return;
  }
  log.error({ ...fields, err: cause ?? err }, 'internal error');
}
