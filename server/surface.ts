import type { Middleware } from 'koa';
import type { Operation } from 'openapi-backend';
import type { ApiError } from '../protocols/errors.ts';
import type { ApiContext, AppState, Deps, Handler } from '../handlers/types.ts';

/**
 * One OpenAPI document served by one Koa app (gateway native, compat /v1,
 * analytics). server/app.ts turns a list of these into a running service.
 */
export interface SurfaceDefinition {
  name: 'gateway' | 'compat' | 'analytics';
  /** Path of the OpenAPI document, relative to the repo root. */
  spec: string;
  /** operationId -> handler; operations without one answer 501 not_implemented. */
  handlers: Record<string, Handler>;
  /**
   * securityScheme name -> authenticator. Returns what goes into ctx.state.auth,
   * or null when the credential is absent or wrong (the app answers 401); at once
   * when it can tell without waiting (no key, a cached one).
   * An operation whose `security` lists several schemes accepts any of them.
   */
  authenticate: Record<string, (ctx: ApiContext, operation: Operation) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null>;
  /**
   * Refuse U+0000 in JSON body strings and keys (400 naming the field): the
   * surface stores what it is sent, and PostgreSQL text cannot hold NUL. A
   * surface that only forwards text (compat) constrains its stored fields in
   * its spec instead. Default true.
   */
  refuseNul?: boolean;
  /** The surface's own error shape for this request (protocol may vary by path on compat). */
  renderError(err: ApiError, ctx: ApiContext): unknown;
  /** Runs for every request of the surface before routing, e.g. CORS (may short-circuit OPTIONS). */
  before?: Middleware<AppState>[];
  /** Runs after authentication, before the handler, e.g. rate limiting. */
  afterAuth?: Middleware<AppState>[];
  /** Long-lived services this surface needs (buffers, listeners); stop() is awaited on shutdown. */
  start?(deps: Deps): Promise<{ stop(): Promise<void> } | void>;
}
