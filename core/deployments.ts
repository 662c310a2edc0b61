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
import type { ProviderSettings } from '../providers/types.ts';
import { deploymentCall, type ProviderCall } from './providerCall.ts';
import { LocalSlots } from './slots.ts';

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
 * each deployment's concurrency defaulting to its provider's limit; the
 * providers' settings elsewhere (listing models, embeddings, media) are their
 * first deployment's.
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
