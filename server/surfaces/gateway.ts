import type { SurfaceDefinition } from '../surface.ts';
import type { GatewayAuthenticator } from '../gatewayAuth.ts';
import type { Handler } from '../types.ts';

/** Native API: envelope errors `{ success: false, message, code, errors? }`. */
export function gatewaySurface(auth: GatewayAuthenticator, handlers: Record<string, Handler>): SurfaceDefinition {
  return {
    name: 'gateway',
    spec: 'openapi/gateway.yaml',
    handlers,
    authenticate: {
      bearerAuth: (ctx) => auth.authenticate(ctx) as never,
      // Webhook secrets are per template: the webhook handlers check them against their template.
      webhookSecret: async (ctx) => (ctx.get('x-webhook-secret') ? { webhookSecret: ctx.get('x-webhook-secret') } : null),
    },
    renderError: (err) => ({
      success: false,
      message: err.message,
      code: err.code,
      ...(err.fields?.length ? { errors: err.fields } : {}),
    }),
  };
}
