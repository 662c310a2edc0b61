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

const ANTHROPIC_TYPES: Record<string, string> = {
  ...OPENAI_TYPES,
  unavailable: 'overloaded_error',
};

/** /v1/messages speaks Anthropic's error shape; the other /v1 endpoints OpenAI's. */
export function renderCompatError(err: ApiError, ctx: Pick<ApiContext, 'path'>): unknown {
  if (ctx.path.startsWith('/v1/messages')) {
    return { type: 'error', error: { type: ANTHROPIC_TYPES[err.kind] ?? 'api_error', message: err.message } };
  }
  return {
    error: {
      message: err.message,
      type: OPENAI_TYPES[err.kind] ?? 'api_error',
      param: err.param ?? null,
      code: err.code ?? null,
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
