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
  /** The console's sign-in and sessions (gateway service only). */
  console?: import('../core/console/service.ts').ConsoleService;
  /** Whether this process should be sent traffic (the readiness routes). */
  readiness?: import('../db/readiness.ts').Readiness;
  /** Further services are attached by each surface (queue, analytics ingest buffer, ...). */
  [service: string]: unknown;
}

export interface AppState {
  /** openapi-backend's parsed, validated request: op.request.params / query / requestBody. */
  op: OperationContext;
  deps: Deps;
  /** What the first security scheme that granted the request answered (server/app.ts). */
  auth?: Record<string, unknown>;
  requestId: string;
  /** The request's trace id while traces are exported (metrics/telemetry.ts). */
  traceId?: string;
  /** A completion's priced result, for the request log (handlers/compat/_compat.ts). */
  completion?: import('../core/completion.ts').PricedResult;
  /** Time spent waiting for providers, for the request log. */
  upstreamMs?: number;
  /** The code of the error the call answered (or sent in-band), for the request log. */
  errorCode?: string;
  /** Whether the request came over https (TLS here, or X-Forwarded-Proto from a trusted proxy). */
  secure?: boolean;
  /** performance.now() when the request arrived. */
  startedAt: number;
  log: Logger;
}

export type ApiContext = KoaContext & { state: AppState };

/** The request parts of an operation's generated `<OperationId>Data` type. */
export interface OperationData {
  body?: unknown;
  path?: unknown;
  query?: unknown;
}

/** An operation's request after authentication and validation, typed by its generated `<OperationId>Data`. */
export interface OperationInput<D extends OperationData = OperationData> {
  body: NonNullable<D['body']>;
  path: NonNullable<D['path']>;
  query: NonNullable<D['query']>;
}

/**
 * A handler lives in handlers/<surface>/<operationId>.ts and default-exports
 * one of these, typed with the operation's generated data type:
 * `const getQueueResult: Handler<GetQueueResultData> = async (ctx, { body }) => ...`.
 */
export type Handler<D extends OperationData = OperationData> = (ctx: ApiContext, input: OperationInput<D>) => Promise<void> | void;

