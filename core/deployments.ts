// Calls spread over a provider's deployments (switchyard.yaml, see
// providers/deployments.ts): smooth weighted round robin picks one, the others
// follow by weight as its failovers, and those with a free slot come before
// those without. The choice is deterministic (no random draw), so a test can
// count it exactly, and costs a pass over a few numbers; a provider with no
// deployments never comes here.
import type { ProviderId } from '../protocols/canonical.ts';
import type { Deployment } from '../providers/deployments.ts';
import type { ProviderLimits } from '../providers/registry.ts';
import { useFileSettings } from '../providers/settings.ts';
import { ProviderError, type ProviderSettings } from '../providers/types.ts';
import { ApiError } from '../protocols/errors.ts';
import { deploymentCall, ownKeyFailure, providerCall, type Caller, type ProviderCall } from './providerCall.ts';
import { LocalSlots } from './slots.ts';
import { isWarmUp } from './warmUp.ts';
import { circuits, unanswered, type CircuitBreakers, type CircuitSnapshot } from './circuitBreaker.ts';

/** One deployment as routing holds it: its call with the operator's key made once, its round-robin credit. */
export interface Member {
  readonly deployment: Deployment;
  readonly call: ProviderCall;
  current: number;
}

export class DeploymentSet {
  readonly provider: ProviderId;
  readonly members: readonly Member[];
  /** Heaviest first: the order failovers are tried in after the pick. */
  private readonly byWeight: readonly Member[];

  constructor(provider: ProviderId, deployments: readonly Deployment[]) {
    this.provider = provider;
    this.members = deployments.map((deployment) => ({ deployment, call: deploymentCall(deployment.settings), current: 0 }));
    this.byWeight = [...this.members].sort((a, b) => b.deployment.weight - a.deployment.weight);
  }

  /**
   * The deployments to try for `model`, in order: the round robin's pick, then
   * the others serving the model by weight; any without a free slot in
   * `slots` go last. Empty when none serves the model.
   */
  order(model: string, slots: LocalSlots<string>): Member[] {
    let total = 0;
    let best: Member | undefined;
    for (const m of this.members) {
      if (!serves(m.deployment, model)) continue;
      m.current += m.deployment.weight;
      total += m.deployment.weight;
      if (!best || m.current > best.current) best = m;
    }
    if (!best) return [];
    best.current -= total;
    const out = [best];
    for (const m of this.byWeight) if (m !== best && serves(m.deployment, model)) out.push(m);
    if (out.length < 2 || out.every((m) => hasRoom(slots, m))) return out;
    return [...out.filter((m) => hasRoom(slots, m)), ...out.filter((m) => !hasRoom(slots, m))];
  }
}

function serves(d: Deployment, model: string): boolean {
  return d.models === undefined || d.models.includes(model);
}

function hasRoom(slots: LocalSlots<string>, m: Member): boolean {
  return slots.activeCount(m.deployment.key) < limitOf.get(m.deployment.key)!;
}

let sets = new Map<ProviderId, DeploymentSet>();
let limitOf = new Map<string, number>();
let slots = new LocalSlots<string>({});

/**
 * Routes the providers these deployments belong to over them from now on,
 * each deployment's concurrency defaulting to its provider's limit. Calls
 * other than completions go through `onDeployment`; what names no model
 * (listing models or voices) takes the first deployment's settings.
 */
export function useDeployments(deployments: readonly Deployment[], limits: ProviderLimits): void {
  const byProvider = new Map<ProviderId, Deployment[]>();
  for (const d of deployments) byProvider.set(d.provider, [...(byProvider.get(d.provider) ?? []), d]);
  sets = new Map([...byProvider].map(([provider, list]) => [provider, new DeploymentSet(provider, list)]));
  limitOf = new Map(deployments.map((d) => [d.key, d.concurrency ?? limits[d.provider]]));
  slots = new LocalSlots<string>(Object.fromEntries(limitOf));
  useFileSettings(new Map<ProviderId, ProviderSettings>([...byProvider].map(([provider, list]) => [provider, list[0]!.settings])));
}

/** The provider's deployments, when the configuration file gives it some. */
export function deploymentsOf(provider: ProviderId): DeploymentSet | undefined {
  return sets.size ? sets.get(provider) : undefined;
}

/** Every provider's deployments. */
export function allDeployments(): DeploymentSet[] {
  return [...sets.values()];
}

/** Each deployment's slots in this process (their limit is its `concurrency`). */
export function deploymentSlots(): LocalSlots<string> {
  return slots;
}

export function deploymentLimit(key: string): number | undefined {
  return limitOf.get(key);
}

/** A provider with deployments takes, in all, what its deployments take together. */
export function withDeploymentLimits(limits: ProviderLimits): ProviderLimits {
  if (!sets.size) return limits;
  const out = { ...limits };
  for (const set of sets.values()) out[set.provider] = set.members.reduce((sum, m) => sum + limitOf.get(m.deployment.key)!, 0);
  return out;
}

/** What GET /api/llm/providers/status adds for a provider with deployments: never a key or an address. */
export function deploymentStatus(provider: ProviderId): { configuredBy: 'environment' } | DeploymentStatus {
  const set = deploymentsOf(provider);
  if (!set) return { configuredBy: 'environment' };
  return {
    configuredBy: 'file',
    // Every deployment of a hosted provider has a key: the file was refused at start otherwise.
    configured: true,
    missing: [],
    deployments: set.members.map(({ deployment: d }) => ({
      name: d.name,
      weight: d.weight,
      concurrency: limitOf.get(d.key)!,
      ...(d.region ? { region: d.region } : {}),
      ...(d.models ? { models: [...d.models] } : {}),
      keySet: Boolean(d.settings.apiKey),
    })),
  };
}

interface DeploymentStatus {
  configuredBy: 'file';
  configured: true;
  missing: string[];
  deployments: Array<{ name: string; weight: number; concurrency: number; region?: string; models?: string[]; keySet: boolean }>;
}

/**
 * Every provider's circuit; one with deployments lists theirs and is summed up
 * from them: open when all are, half-open when none is closed, else closed.
 */
export function circuitStates(breakers: CircuitBreakers): Array<CircuitSnapshot & { deployments?: Array<Omit<CircuitSnapshot, 'provider' | 'deployment'> & { name: string }> }> {
  return breakers.all().map((own) => {
    const set = deploymentsOf(own.provider);
    if (!set) return own;
    const deployments = set.members.map(({ deployment: d }) => {
      const { provider: _, deployment: __, ...state } = breakers.state(d.provider, d.name);
      return { name: d.name, ...state };
    });
    const open = deployments.filter((d) => d.state === 'open').length;
    const closed = deployments.filter((d) => d.state === 'closed').length;
    const state = open === deployments.length ? 'open' : closed === 0 ? 'half_open' : 'closed';
    const soonest = deployments.filter((d) => d.retryAt).sort((a, b) => a.retryAt!.localeCompare(b.retryAt!))[0];
    return {
      provider: own.provider,
      state,
      consecutiveFailures: Math.min(...deployments.map((d) => d.consecutiveFailures)),
      ...(state !== 'closed' && soonest ? { openedAt: soonest.openedAt, retryAt: soonest.retryAt } : {}),
      deployments,
    };
  });
}

/** The calls each of the provider's deployments holds and awaits in this process, when it has deployments. */
export function deploymentConcurrency(provider: ProviderId): Array<{ name: string; activeRequests: number; queuedRequests: number; limit: number }> | undefined {
  return deploymentsOf(provider)?.members.map(({ deployment: d }) => ({
    name: d.name,
    activeRequests: slots.activeCount(d.key),
    queuedRequests: slots.waitingCount(d.key),
    limit: limitOf.get(d.key)!,
  }));
}

/** No deployment of the provider lists the model: answered as a model the upstream does not have. */
export function noDeploymentServes(provider: ProviderId, model: string): ProviderError {
  return new ProviderError(provider, 'upstream_rejected', `no deployment of ${provider} serves the model ${model} (see their models in switchyard.yaml)`, {
    status: 404,
    upstreamBody: `model ${model} not served`,
  });
}

/** A call that is not a completion, as `onDeployment` ran it. */
export interface OnDeployment<T> {
  value: T;
  /** Which deployment answered, when the provider has them. */
  deployment?: string;
}

/**
 * Runs one call that is not a completion (embeddings, media, a token count)
 * the way routing runs a completion over a provider's deployments: the round
 * robin's pick first, the others as failovers when one cannot answer (429,
 * 5xx, unreachable), each behind its own circuit and inside one of its own
 * slots, the caller's own key (X-Provider-Key) sent to whichever answers.
 * `pinned` keeps a call to the deployment that already holds its upstream job
 * (a video being polled). A provider without deployments runs it once on its
 * own settings, as before.
 */
export async function onDeployment<T>(
  provider: ProviderId,
  model: string,
  caller: Pick<Caller, 'providerKey'> & { keyId?: string },
  signal: AbortSignal,
  run: (call: ProviderCall, deployment: string | undefined) => Promise<T>,
  pinned?: string,
): Promise<OnDeployment<T>> {
  // The start-up warm-up's calls go to its own upstream (core/warmUp.ts), never to a deployment.
  const set = isWarmUp(caller) ? undefined : deploymentsOf(provider);
  if (!set) {
    const call = providerCall(provider, caller);
    try {
      return { value: await run(call, undefined) };
    } catch (err) {
      throw ownKeyFailure(err, call);
    }
  }
  const members = pinned !== undefined ? set.members.filter((m) => m.deployment.name === pinned) : set.order(model, slots);
  if (!members.length) throw noDeploymentServes(provider, model);
  const breakers = circuits();
  const skipped: string[] = [];
  let last: unknown;
  for (const m of members) {
    const { name, key } = m.deployment;
    const call = caller.providerKey ? deploymentCall(m.deployment.settings, caller.providerKey) : m.call;
    if (pinned === undefined && !breakers.allow(provider, call.settings.baseUrl, name)) {
      skipped.push(key);
      continue;
    }
    const slot = slots.acquire(key, signal);
    const release = slot instanceof Promise ? await slot : slot;
    try {
      const value = await run(call, name);
      breakers.succeeded(provider, name);
      return { value, deployment: name };
    } catch (caught) {
      const err = ownKeyFailure(caught, call);
      breakers.failed(provider, call.settings.baseUrl, err, name);
      if (!unanswered(err) || signal.aborted) throw err;
      last = err;
    } finally {
      release();
    }
  }
  if (last !== undefined) throw last;
  throw new ApiError('unavailable', `Not calling ${skipped.join(', ')}: the circuit is open after repeated failures (see GET /api/llm/circuits)`, {
    code: 'circuit_open',
  });
}
