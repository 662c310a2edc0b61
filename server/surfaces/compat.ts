import type { ApiError } from '../../protocols/errors.ts';
import { anthropicErrorBody, openaiErrorBody } from '../../protocols/errorShapes.ts';
import { wantsAnthropicShape } from '../../protocols/models.ts';
import type { SurfaceDefinition } from '../surface.ts';
import type { GatewayAuthenticator } from '../../core/gatewayAuth.ts';
import type { Middleware } from 'koa';
import type { ApiContext, AppState, Handler } from '../../handlers/types.ts';

/**
 * /v1/messages speaks Anthropic's error shape; /v1/models that of the client
 * asking (Anthropic's with an anthropic-version header); the other /v1
 * endpoints speak OpenAI's.
 */
export function renderCompatError(err: ApiError, ctx: Pick<ApiContext, 'path' | 'headers'>): unknown {
  const anthropic = ctx.path.startsWith('/v1/messages') || (ctx.path.startsWith('/v1/models') && wantsAnthropicShape(ctx.headers));
  return anthropic ? anthropicErrorBody(err) : openaiErrorBody(err);
}

const MODEL_PATH = /^\/v1\/models\/([^/]+\/.+)$/;

/**
 * Model ids are `<provider>/<model>`. The official SDKs send the slash encoded
 * (%2F); curl users and older clients send it as is, which would be a path of
 * its own. Such a path is read as the one model id it names.
 */
export const modelIdWithSlash: Middleware<AppState> = (ctx, next) => {
  // Most /v1 calls are not about a model: no pattern match for them.
  const m = ctx.path.startsWith('/v1/models/') ? MODEL_PATH.exec(ctx.path) : null;
  if (m) {
    try {
      ctx.path = `/v1/models/${encodeURIComponent(decodeURIComponent(m[1]!))}`;
    } catch {
      // Malformed escapes: leave the path for the router to refuse.
    }
  }
  return next();
};

export function compatSurface(auth: GatewayAuthenticator, handlers: Record<string, Handler>): SurfaceDefinition {
  const authenticate = (ctx: ApiContext) => auth.authenticate(ctx.headers) as never;
  return {
    name: 'compat',
    spec: 'openapi/compat.yaml',
    handlers,
    authenticate: { bearerAuth: authenticate, apiKeyHeader: authenticate },
    // /v1 stores only the usage row, whose `model` the spec keeps free of control characters;
    // message text goes to the provider as sent.
    refuseNul: false,
    renderError: renderCompatError,
    before: [modelIdWithSlash],
  };
}
