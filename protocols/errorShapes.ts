// An ApiError in each protocol's own error shape. Which shape a request gets
// is the surface's choice (server/surfaces/); what each shape looks like is
// the protocol's, so the handlers that write errors in-band (SSE) use these too.
// Every error a caller reads leaves through here: its message is cut of the
// secrets the gateway sent upstream (a provider may have quoted one).
import type { ApiError } from './errors.ts';
import { withoutSecrets } from './secrets.ts';

/** Native API envelope: `{ success: false, message, code, errors? }`. */
export function nativeErrorBody(err: ApiError): unknown {
  return {
    success: false,
    message: withoutSecrets(err.message),
    code: err.code,
    ...(err.fields?.length ? { errors: err.fields } : {}),
  };
}

const OPENAI_TYPES: Record<string, string> = {
  invalid_request: 'invalid_request_error',
  unauthorized: 'authentication_error',
  forbidden: 'permission_error',
  not_found: 'not_found_error',
  conflict: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
};

// The messages shape types a 413 `request_too_large` and only a provider's
// overload `overloaded_error`; a missing provider configuration (503) is `api_error`.
const ANTHROPIC_TYPES: Record<string, string> = {
  ...OPENAI_TYPES,
  payload_too_large: 'request_too_large',
};

// Codes the app raises in the native vocabulary, as openapi/compat.yaml names them.
const COMPAT_CODES: Record<string, string> = {
  unauthorized: 'invalid_api_key',
  payload_too_large: 'request_too_large',
};

/** OpenAI's shape (chat completions, responses, embeddings): `{ error: { message, type, param, code } }`. */
export function openaiErrorBody(err: ApiError): unknown {
  return {
    error: {
      message: withoutSecrets(err.message),
      type: OPENAI_TYPES[err.kind] ?? 'api_error',
      param: err.param ?? null,
      code: COMPAT_CODES[err.code] ?? err.code ?? null,
    },
  };
}

/**
 * Anthropic's shape (messages) has no `code`: openapi/compat.yaml repeats it
 * at the start of the message instead.
 */
export function anthropicErrorBody(err: ApiError): unknown {
  const type = err.code === 'upstream_overloaded' ? 'overloaded_error' : (ANTHROPIC_TYPES[err.kind] ?? 'api_error');
  return { type: 'error', error: { type, message: `${COMPAT_CODES[err.code] ?? err.code}: ${withoutSecrets(err.message)}` } };
}
