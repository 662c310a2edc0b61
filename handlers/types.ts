import type { Context as KoaContext } from 'koa';
import type { Context as OperationContext } from 'openapi-backend';
import type { Knex } from 'knex';
import type { Logger } from 'pino';

/** Everything long-lived a handler may need; built once per process in server/main.ts. */
export interface Deps {
  db: Knex;
  log: Logger;
  env: NodeJS.ProcessEnv;
  /** The gateway's queue, notifications and provider slots (gateway service only). */
  gateway?: import('../core/runtime.ts').GatewayRuntime;
  gatewayAuth?: import('../core/gatewayAuth.ts').GatewayAuthenticator;
  /** Further services are attached by each surface (queue, analytics ingest buffer, ...). */
  [service: string]: unknown;
}

export interface AppState {
  /** openapi-backend's parsed, validated request: op.request.params / query / requestBody. */
  op: OperationContext;
  deps: Deps;
  /** Set by the surface's auth middleware. */
  auth?: Record<string, unknown>;
  requestId: string;
  log: Logger;
}

export type ApiContext = KoaContext & { state: AppState };

/** A handler lives in handlers/<surface>/<operationId>.ts and default-exports one of these. */
export type Handler = (ctx: ApiContext) => Promise<void> | void;

