import { nativeErrorBody } from '../../protocols/errorShapes.ts';
import type { SurfaceDefinition } from '../surface.ts';
import type { GatewayAuthenticator } from '../../core/gatewayAuth.ts';
import { SESSION_COOKIE, type ConsoleService } from '../../core/console/service.ts';
import type { Handler } from '../../handlers/types.ts';

export function gatewaySurface(auth: GatewayAuthenticator, handlers: Record<string, Handler>, console: ConsoleService): SurfaceDefinition {
  return {
    name: 'gateway',
    spec: 'openapi/gateway.yaml',
    handlers,
    authenticate: {
      bearerAuth: (ctx) => auth.authenticate(ctx.headers) as never,
      // The console's session cookie; an operation marked x-viewer-allowed (signing out) is open to a viewer's unsafe request.
      consoleSession: (ctx, operation) =>
        console.authenticate(
          { method: ctx.method, token: ctx.cookies.get(SESSION_COOKIE) || undefined, csrf: ctx.get('x-csrf-token') || undefined },
          (operation as { 'x-viewer-allowed'?: boolean })['x-viewer-allowed'] === true,
        ) as never,
      // Webhook secrets are per template: the webhook handlers check them against their template.
      webhookSecret: async (ctx) => (ctx.get('x-webhook-secret') ? { webhookSecret: ctx.get('x-webhook-secret') } : null),
    },
    renderError: nativeErrorBody,
  };
}
