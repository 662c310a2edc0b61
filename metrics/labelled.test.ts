import { expect, test } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { labelled } from './index.ts';

// labelled() keeps the objects prom-client's public labels() returns and updates
// them on every later call: this holds only while such a child stays bound to its
// metric, so that what it counts is scraped, and still after a reset.
test('a remembered child counts into its metric, across a reset, one child per combination of values', async () => {
  const registry = new Registry();
  const counter = new Counter({ name: 'labelled_test_total', help: 'h', labelNames: ['a', 'b'] as const, registers: [registry] });
  const histogram = new Histogram({ name: 'labelled_test_seconds', help: 'h', labelNames: ['op'] as const, buckets: [0.001, 0.01], registers: [registry] });
  const counted = labelled(counter);
  const timed = labelled(histogram);

  expect(counted('x', 'y')).toBe(counted('x', 'y'));
  expect(counted('x', 'y')).not.toBe(counted('x', 'z'));
  // Values that would join into the same key one way are kept apart.
  expect(counted('x\0y', '')).not.toBe(counted('x', 'y\0'));
  counted('x', 'y').inc();
  counted('x', 'y').inc();
  counted('x', 'z').inc();
  timed('op').observe(0.005);
  timed('op').observe(0.02);
  let text = await registry.metrics();
  expect(text).toContain('labelled_test_total{a="x",b="y"} 2');
  expect(text).toContain('labelled_test_total{a="x",b="z"} 1');
  expect(text).toContain('labelled_test_seconds_bucket{le="0.01",op="op"} 1');
  expect(text).toContain('labelled_test_seconds_count{op="op"} 2');

  registry.resetMetrics();
  counted('x', 'y').inc();
  timed('op').observe(0.0005);
  text = await registry.metrics();
  expect(text).toContain('labelled_test_total{a="x",b="y"} 1');
  expect(text).not.toContain('b="z"');
  expect(text).toContain('labelled_test_seconds_bucket{le="0.001",op="op"} 1');
  expect(text).toContain('labelled_test_seconds_count{op="op"} 1');
});
