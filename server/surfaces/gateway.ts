import { nativeErrorBody } from '../../protocols/errorShapes.ts';
import type { SurfaceDefinition } from '../surface.ts';
import type { GatewayAuthenticator } from '../../core/gatewayAuth.ts';
import type { Handler } from '../../handlers/types.ts';

export function gatewaySurface(auth: GatewayAuthenticator, handlers: Record<string, Handler>): SurfaceDefinition {
  return {
    name: 'gateway',
    spec: 'openapi/gateway.yaml',
    handlers,
    authenticate: {
      bearerAuth: (ctx) => auth.authenticate(ctx.headers) as never,
      // Webhook secrets are per template: the webhook handlers check them against their template.
      webhookSecret: async (ctx) => (ctx.get('x-webhook-secret') ? { webhookSecret: ctx.get('x-webhook-secret') } : null),
    },
    renderError: nativeErrorBody,
  };
}
