// The choice among a provider's deployments: deterministic, so counts are
// exact rather than within a tolerance.
import { describe, expect, test } from 'vitest';
import { parseDeployments } from '../providers/deployments.ts';
import { providerLimits } from '../providers/registry.ts';
import { deploymentSlots, deploymentsOf, useDeployments, withDeploymentLimits } from './deployments.ts';

const yaml = [
  'providers:',
  '  openai:',
  '    deployments:',
  '      - {name: eu, weight: 3, concurrency: 1}',
  '      - {name: us, weight: 1, concurrency: 2}',
  '      - {name: mini, weight: 2, models: [gpt-4o-mini]}',
  '      - {name: standby, weight: 0}',
].join('\n');

// Each test starts the round robin afresh, so what it counts is exact.
function fresh(): (model: string) => string[] {
  useDeployments(parseDeployments(yaml, { OPENAI_API_KEY: 'sk' }), { ...providerLimits({}), openai: 5 });
  const set = deploymentsOf('openai')!;
  return (model) => set.order(model, deploymentSlots()).map((m) => m.deployment.name);
}

describe('deployments', () => {
  test('smooth weighted round robin: 3:1 interleaved, exact over every cycle; the others follow by weight as failovers', () => {
    const names = fresh();
    const firsts = Array.from({ length: 40 }, () => names('gpt-4o')[0]);
    expect(firsts.slice(0, 4)).toEqual(['eu', 'eu', 'us', 'eu']);
    expect(firsts.filter((n) => n === 'eu')).toHaveLength(30);
    expect(firsts.filter((n) => n === 'us')).toHaveLength(10);
    // A weight of 0 is never the pick, only a failover.
    expect(names('gpt-4o')).toEqual(['eu', 'us', 'standby']);
  });

  test('a model list keeps a deployment to its models', () => {
    const names = fresh();
    const firsts = Array.from({ length: 60 }, () => names('gpt-4o-mini')[0]);
    expect(firsts.filter((n) => n === 'eu')).toHaveLength(30);
    expect(firsts.filter((n) => n === 'mini')).toHaveLength(20);
    expect(firsts.filter((n) => n === 'us')).toHaveLength(10);
    expect(names('gpt-4o')).not.toContain('mini');
  });

  test('a deployment with no free slot goes after those with one, whatever the round robin picked', () => {
    const names = fresh();
    const slots = deploymentSlots();
    // The round robin picks eu first; it is full.
    const release = slots.acquire('openai/eu') as () => void;
    expect(names('gpt-4o')).toEqual(['us', 'standby', 'eu']);
    release();
    expect(slots.activeCount('openai/eu')).toBe(0);
  });

  test('a model no deployment lists leaves none to try (answered as a model the upstream lacks)', () => {
    useDeployments(parseDeployments('providers:\n  openai:\n    deployments:\n      - {name: a, models: [gpt-4o]}\n', { OPENAI_API_KEY: 'sk' }), providerLimits({}));
    const set = deploymentsOf('openai')!;
    expect(set.order('gpt-4o-mini', deploymentSlots())).toEqual([]);
    expect(set.order('gpt-4o', deploymentSlots()).map((m) => m.deployment.name)).toEqual(['a']);
  });

  test("a provider with deployments takes, in all, its deployments' concurrency; one without, its own", () => {
    fresh();
    const limits = withDeploymentLimits({ ...providerLimits({}), openai: 5 });
    // 1 + 2 + the provider's own 5 for each of the two without a concurrency of their own.
    expect(limits.openai).toBe(13);
    expect(limits.anthropic).toBe(providerLimits({}).anthropic);
  });
});
