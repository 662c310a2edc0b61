// The ingest table's arithmetic: only the marked window counts, each sample goes to
// the part of its leaf-most named frame, and perf's sampling rate turns counts into µs.
import { expect, test } from 'vitest';
import { attribute, parseSamples } from './perfParts.ts';

const sample = (time: string, ...frames: string[]) =>
  [`   42 ${time}: `, ...frames.map((f, i) => `\t    ${(0x1000 + i).toString(16)} ${f} (/tmp/perf-42.map)`)].join('\n');

const text = [
  // Start-up, before the first beacon: not counted.
  sample('10.000', "JS:*'parse /work/main/node_modules/yaml/dist/parse/parser.js:165:9", 'node::Start'),
  sample('11.000', "JS:*'lookup4 /work/main/node_modules/geoip-lite/lib/geoip.js:70:17", "JS:*'classifyVisitor file:///w/analytics/classify.ts:34:32",
    "JS:*'buildEvent file:///w/analytics/ingest.ts:94:27", "JS:*'ingestBeacon file:///w/analytics/collect.ts:59:29"),
  sample('11.001', "JS:*'validate20 :3:253", "JS:* file:///w/server/requestValidation.ts:72:10", "JS:*'handle file:///w/server/app.ts:180:18"),
  sample('11.0015', 'uv_run'),
  sample('11.002', '__GI___libc_write (/usr/lib/x86_64-linux-gnu/libc.so.6)', 'non-virtual thunk to node::LibuvStreamWrap::DoTryWrite(uv_buf_t**, unsigned long*)'),
  sample('11.003', 'v8::internal::ScavengerCollector::CollectGarbage', "JS:*'buildEvent file:///w/analytics/ingest.ts:94:27",
    "JS:*'ingestBeacon file:///w/analytics/collect.ts:59:29"),
  // After the last beacon: not counted.
  sample('12.000', "JS:*'stop file:///w/server/service.ts:300:1"),
].join('\n\n');

test('samples parse into frames from the leaf up, without their binaries', () => {
  const samples = parseSamples(text);
  expect(samples).toHaveLength(7);
  expect(samples[2]!.frames).toEqual(["JS:*'validate20 :3:253", 'JS:* file:///w/server/requestValidation.ts:72:10', "JS:*'handle file:///w/server/app.ts:180:18"]);
  expect(samples[1]!.frames[0]).toBe("JS:*'lookup4 /work/main/node_modules/geoip-lite/lib/geoip.js:70:17");
  expect(samples[4]!.frames[0]).toBe('__GI___libc_write (/usr/lib/x86_64-linux-gnu/libc.so.6)');
});

test('the marked window is charged part by part, in µs per event at the sampling rate', () => {
  const { total, parts } = attribute(parseSamples(text), { events: 10, hz: 1000, marker: "'ingestBeacon " });
  // Five samples from the first marked one through the last: 5 ms over 10 events.
  expect(total).toBeCloseTo(500);
  const byName = Object.fromEntries(parts.map((p) => [p.part, p.microsPerEvent]));
  expect(byName).toEqual({
    'ingest: geo': 100, // the leaf's library wins over the callers above it
    'JSON Schema validation (Ajv)': 100,
    'Node: writing the answer': 100,
    'garbage collection': 100, // GC inside buildEvent is GC
    'event loop and other': 100,
  });
  expect(parts.reduce((a, p) => a + p.share, 0)).toBeCloseTo(1);
});

test('without a marked sample nothing is charged', () => {
  expect(attribute(parseSamples(text), { events: 10, hz: 1000, marker: 'neverCalled' })).toEqual({ total: 0, parts: [] });
});
