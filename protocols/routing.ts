// The routing policy of one call (retries, fallbacks, load balancing,
// timeouts) in one shape for every surface. The native body carries it as it
// is; the /v1 bodies name each target as `<provider>/<model>`.
import type { ProviderId } from './canonical.ts';
import { parseModelRef } from './compat.ts';

export interface RoutingTarget {
  provider: ProviderId;
  model?: string;
  weight?: number;
}

export interface RoutingPolicy {
  retry?: { attempts?: number; initialBackoffMs?: number; maxBackoffMs?: number };
  fallbacks?: RoutingTarget[];
  strategy?: 'fallback' | 'loadbalance';
  /** Weight of the request's own target under loadbalance. */
  weight?: number;
  timeout?: { firstByteMs?: number; totalMs?: number };
}

/** What the result says of each target tried. */
export interface RoutingAttempt {
  provider: ProviderId;
  model: string;
  outcome: 'answered' | 'failed' | 'skipped';
  tries: number;
  errorCode?: string;
  /** Which of the provider's deployments (switchyard.yaml), when it has them. */
  deployment?: string;
}

interface CompatRouting extends Omit<RoutingPolicy, 'fallbacks'> {
  fallbacks?: Array<{ model: string; weight?: number }>;
}

/** A /v1 body's `routing` (types already checked by the spec) in the common shape. */
export function fromCompatRouting(value: unknown): RoutingPolicy | undefined {
  if (value === undefined || value === null) return undefined;
  const { fallbacks, ...rest } = value as CompatRouting;
  if (!fallbacks) return rest;
  return {
    ...rest,
    fallbacks: fallbacks.map((f, i) => {
      const { provider, model } = parseModelRef(f.model, `routing.fallbacks.${i}.model`);
      return f.weight === undefined ? { provider, model } : { provider, model, weight: f.weight };
    }),
  };
}

/** The key's default filled in under the request's own members. */
export function mergeRouting(request: RoutingPolicy | undefined, keyDefault: RoutingPolicy | undefined): RoutingPolicy | undefined {
  if (!keyDefault) return request;
  if (!request) return keyDefault;
  return {
    ...keyDefault,
    ...request,
    retry: request.retry || keyDefault.retry ? { ...keyDefault.retry, ...request.retry } : undefined,
    timeout: request.timeout || keyDefault.timeout ? { ...keyDefault.timeout, ...request.timeout } : undefined,
  };
}
