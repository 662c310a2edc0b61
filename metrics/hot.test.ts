import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { HotCounter, HotHistogram } from './hot.ts';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.01, 1];

/** The same metric as prom-client's and as hot.ts's, each in a registry of its own. */
function pair() {
  const theirs = new Registry();
  const ours = new Registry();
  const opts = { name: 'x_seconds', help: 'Some seconds.', labelNames: ['service', 'operation'] as const, buckets: BUCKETS };
  const copts = { name: 'x_total', help: 'Some count.', labelNames: ['provider'] as const };
  return {
    theirs,
    ours,
    histograms: [new Histogram({ ...opts, registers: [theirs] }), new HotHistogram({ ...opts, registers: [ours] })] as const,
    counters: [new Counter({ ...copts, registers: [theirs] }), new HotCounter({ ...copts, registers: [ours] })] as const,
  };
}

describe('hot metrics', () => {
  it('print exactly what prom-client prints for the same observations, in both formats', async () => {
    const { theirs, ours, histograms, counters } = pair();
    // On a bound, between bounds, under the first and above the last; two label sets.
    const seen: Array<[string, string, number]> = [
      ['gateway', 'createChatCompletion', 0.0005],
      ['gateway', 'createChatCompletion', 0.0007],
      ['gateway', 'createChatCompletion', 0.0001],
      ['gateway', 'createChatCompletion', 3],
      ['gateway', 'createEmbedding', 0.002],
    ];
    for (const h of histograms) for (const [s, o, v] of seen) h.labels(s, o).observe(v);
    for (const c of counters) {
      c.labels('openai').inc();
      c.labels('openai').inc(2);
      c.labels('mistral').inc();
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_seconds_bucket{le="0.0005",service="gateway",operation="createChatCompletion"} 2');
    expect(text).toContain('x_seconds_bucket{le="+Inf",service="gateway",operation="createChatCompletion"} 4');
    expect(text).toContain('x_total{provider="openai"} 3');
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('print a label set once it is updated, not when it is asked for; after a reset, a child kept from before counts on, as prom-client does', async () => {
    const { theirs, ours, histograms, counters } = pair();
    const kept = histograms.map((h) => h.labels('gateway', 'createChatCompletion'));
    const keptCounters = counters.map((c) => c.labels('openai'));
    for (const c of counters) c.labels('never-updated');
    for (const k of kept) k.observe(0.002);
    for (const k of keptCounters) k.inc(4);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).not.toContain('never-updated');
    theirs.resetMetrics();
    ours.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    for (const k of kept) k.observe(0.0007);
    for (const k of keptCounters) k.inc();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_seconds_count{service="gateway",operation="createChatCompletion"} 1');
    expect(text).toContain('x_total{provider="openai"} 1');
  });

  it('keeps one child per label values, and a reset starts them from nothing', async () => {
    const { histograms, counters } = pair();
    const [, hist] = histograms;
    const [, counter] = counters;
    expect(hist.labels('a', 'b')).toBe(hist.labels('a', 'b'));
    counter.labels('openai').inc(5);
    counter.reset();
    expect((await counter.get()).values).toEqual([]);
    counter.labels('openai').inc();
    expect((await counter.get()).values).toEqual([{ value: 1, labels: { provider: 'openai' } }]);
  });

  it('refuses what prom-client refuses: a wrong number of label values, a value that is not a number, a counter going down', () => {
    const { histograms, counters } = pair();
    const [, hist] = histograms;
    const [, counter] = counters;
    expect(() => hist.labels('only-one')).toThrow(/2 label values/);
    expect(() => hist.labels('a', 'b').observe(Number.NaN)).toThrow(TypeError);
    expect(() => counter.labels('openai').inc(-1)).toThrow(TypeError);
  });
});
