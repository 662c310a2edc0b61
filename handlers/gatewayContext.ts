// What the native and /v1 handlers both need from a request: the key that
// called, the caller record usage is kept under, the gateway's runtime, and
// a signal for the client going away.
import type { GatewayRuntime } from '../core/runtime.ts';
import type { GatewayAuth } from '../core/gatewayAuth.ts';
import type { Caller } from '../core/providerCall.ts';
import { ApiError } from '../protocols/errors.ts';
import { abortCall, callerAbortController } from '../providers/transport/http.ts';
import type { ServerResponse } from 'node:http';
import type { ApiContext } from './types.ts';

/** The gateway key that authenticated this request. */
export function keyOf(ctx: ApiContext): GatewayAuth {
  return ctx.state.auth as unknown as GatewayAuth;
}

/** The caller: the key, where the call came in, and its own provider key when sent (X-Provider-Key, billed byok). */
export function callerOf(ctx: ApiContext, surface = 'native', labels: { service?: string; tag?: string } = {}): Caller {
  const providerKey = ctx.get('x-provider-key').trim();
  const key = keyOf(ctx);
  return {
    keyId: key.keyId,
    surface,
    keyTags: key.tags,
    ...(key.teamId ? { teamId: key.teamId } : {}),
    ...(providerKey ? { providerKey } : {}),
    ...(labels.service !== undefined ? { service: labels.service } : {}),
    ...(labels.tag !== undefined ? { tag: labels.tag } : {}),
  };
}

export function runtimeOf(ctx: ApiContext): GatewayRuntime {
  return ctx.state.deps.gateway!;
}

const CLIENT_GONE = Symbol('aborted when the client goes away');

type Watched = ServerResponse & { [CLIENT_GONE]?: AbortController };

/**
 * Aborts when the client goes away before the answer is complete, so the
 * upstream call stops too. One signal per response, however often asked; the
 * listener is one function for every response, not a closure per call.
 */
export function clientSignal(ctx: ApiContext): AbortSignal {
  const res = ctx.res as Watched;
  let controller = res[CLIENT_GONE];
  if (!controller) {
    res[CLIENT_GONE] = controller = callerAbortController();
    res.on('close', clientClosed);
  }
  return controller.signal;
}

function clientClosed(this: Watched): void {
  if (!this.writableFinished) abortCall(this[CLIENT_GONE]!, new ApiError('invalid_request', 'Client closed the connection', { code: 'client_closed' }));
}
