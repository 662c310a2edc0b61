import type { ApiError } from '../errors.ts';
import type { SurfaceDefinition } from '../surface.ts';
import type { GatewayAuthenticator } from '../gatewayAuth.ts';
import type { ApiContext, Handler } from '../types.ts';

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

function anthropicType(err: ApiError): string {
  if (err.code === 'upstream_overloaded') return 'overloaded_error';
  return ANTHROPIC_TYPES[err.kind] ?? 'api_error';
}

/**
 * /v1/messages speaks Anthropic's error shape, which has no `code`: the spec
 * repeats it at the start of the message instead. The other /v1 endpoints speak OpenAI's.
 */
export function renderCompatError(err: ApiError, ctx: Pick<ApiContext, 'path'>): unknown {
  const code = COMPAT_CODES[err.code] ?? err.code;
  if (ctx.path.startsWith('/v1/messages')) {
    return { type: 'error', error: { type: anthropicType(err), message: `${code}: ${err.message}` } };
  }
  return {
    error: {
      message: err.message,
      type: OPENAI_TYPES[err.kind] ?? 'api_error',
      param: err.param ?? null,
      code: code ?? null,
    },
  };
}

export function compatSurface(auth: GatewayAuthenticator, handlers: Record<string, Handler>): SurfaceDefinition {
  const authenticate = (ctx: ApiContext) => auth.authenticate(ctx) as never;
  return {
    name: 'compat',
    spec: 'openapi/compat.yaml',
    handlers,
    authenticate: { bearerAuth: authenticate, apiKeyHeader: authenticate },
    renderError: renderCompatError,
  };
}
