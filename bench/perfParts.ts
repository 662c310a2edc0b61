// Turns `perf script -F tid,time,ip,sym,dso` of one thread into CPU per event by
// part of the ingest path (the table in analytics/README.md, "Ingest, measured").
// Only the samples between the first and the last that have the marker frame on
// their stack count (the loaded phase, not start-up); each is charged to the part
// of the first frame, from the leaf up, that a rule names, so a part includes the
// library and Node code it calls. perf's samples are on-CPU time, kernel included,
// unlike a V8 profile's, which also counts the time a preempted thread waited.
//
//   node bench/perfParts.ts samples.txt [--events 65001] [--hz 999] [--marker ingestBeacon]
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

export interface Sample {
  frames: string[];
}

/** The samples of `perf script` text, each as its frames' symbols from the leaf up. */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim());
    if (lines.length < 2 || !/^\s*\d+\s+[\d.]+:/.test(lines[0]!)) continue;
    samples.push({ frames: lines.slice(1).map((l) => /^\s*[0-9a-f]+\s+(.*?)(?: \([^()]*\))?$/.exec(l)?.[1] ?? l.trim()) });
  }
  return samples;
}

/** Parts of a beacon's path, matched against one frame's symbol; the first rule that matches names the part. */
export const INGEST_PARTS: Array<[RegExp, string]> = [
  [/Scavenger|v8::internal::Heap::|MarkCompact|MinorMS|IncrementalMarking/, 'garbage collection'],
  [/ua-parser|userAgent\.ts|isbot/, 'ingest: user agent'],
  [/geoip|geo\.ts|iso-3166/, 'ingest: geo'],
  [/asn\.ts|asnTables|networks\.ts/, 'ingest: ASN'],
  [/classify\.ts/, 'ingest: other classification'],
  [/sessions\.ts/, 'ingest: session id'],
  [/origins\.ts|'acceptance /, 'ingest: acceptance'],
  [/sources\.ts/, 'ingest: traffic source'],
  [/analytics\/ingest\.ts/, 'ingest: building the event'],
  [/analytics\/collect\.ts/, 'ingest: ingestBeacon'],
  [/ingestBuffer\.ts|db\/analytics|pg-copy|pg-protocol|node_modules\/pg\/|pg-pool|knex|tarn/, 'flush (sort, COPY encoding, pg client)'],
  [/handlers\/analytics/, 'analytics surface: handler glue'],
  [/surfaces\/analytics\/cors|node_modules\/vary/, 'analytics surface: CORS'],
  // Ajv's compiled validators have no file: the pipeline's (CollectPayload) and ingest's own check of the same body.
  [/'validate\d+ :|node_modules\/ajv/, 'JSON Schema validation (Ajv)'],
  [/requestValidation|openapi-backend|operationMatch/, 'pipeline: routing + request validation'],
  [/middleware\/body\.ts|ndjsonBody/, 'pipeline: body read + JSON'],
  [/accessLog|middleware\/metrics|prom-client|pino/, 'pipeline: access log + metrics'],
  [/compress\.ts/, 'pipeline: compression check'],
  [/clientAddress/, 'pipeline: client address'],
  [/requestId/, 'pipeline: request id'],
  [/DoTryWrite|_http_outgoing|writeHead|_storeHeader|clearBuffer|Writable/, "Node: writing the answer"],
  [/on-finished|ee-first|server\/|koa|mime-types|delegates|statuses/, 'Koa and pipeline glue'],
  [/http_parser|_http_incoming|_http_server|_http_common|uv__read|OnStreamRead|llhttp|Readable/, 'Node: reading and parsing the request'],
];

export interface Part {
  part: string;
  microsPerEvent: number;
  share: number;
}

/** CPU per event of each part over the marked window, largest first; `hz` is perf's sampling frequency. */
export function attribute(samples: Sample[], opts: { events: number; hz: number; marker: string; rules?: Array<[RegExp, string]> }): { total: number; parts: Part[] } {
  const rules = opts.rules ?? INGEST_PARTS;
  const marked = (s: Sample) => s.frames.some((f) => f.includes(opts.marker));
  const first = samples.findIndex(marked);
  const last = samples.findLastIndex(marked);
  const counts = new Map<string, number>();
  for (const s of first < 0 ? [] : samples.slice(first, last + 1)) {
    let part = 'event loop and other';
    outer: for (const frame of s.frames) {
      for (const [re, name] of rules) {
        if (re.test(frame)) {
          part = name;
          break outer;
        }
      }
    }
    counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  const n = first < 0 ? 0 : last - first + 1;
  const micros = (count: number) => (count * 1e6) / opts.hz / opts.events;
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([part, count]) => ({ part, microsPerEvent: micros(count), share: count / n }));
  return { total: micros(n), parts };
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { events: { type: 'string' }, hz: { type: 'string' }, marker: { type: 'string' } } });
  if (!positionals[0]) {
    console.error('usage: node bench/perfParts.ts samples.txt [--events 65001] [--hz 999] [--marker ingestBeacon]');
    process.exit(2);
  }
  const { total, parts } = attribute(parseSamples(await readFile(positionals[0], 'utf8')), {
    events: Number(values.events ?? 65_001), hz: Number(values.hz ?? 999), marker: values.marker ?? "'ingestBeacon ",
  });
  console.log(`${total.toFixed(1)} µs per event on this thread\n\n| part | µs per event | share |\n| --- | ---: | ---: |`);
  for (const p of parts) console.log(`| ${p.part} | ${p.microsPerEvent.toFixed(1)} | ${(p.share * 100).toFixed(0)}% |`);
}
