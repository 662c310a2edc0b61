// Makes a process's /tmp/perf-<pid>.map (written under BENCH_NODE_FLAGS=
// --perf-basic-prof-only-functions) name the code that ran last at each
// address. V8 appends an entry per compiled function and places new code where
// collected code was; perf takes the first entry that covers an address, so
// without this a third of a gateway profile's samples carried the names of
// start-up functions (Ajv's code generator, the YAML parser) instead of the
// request's. Run it on the map before `perf script`:
//
//   node bench/perfMap.ts /tmp/perf-<pid>.map
import { readFile, writeFile } from 'node:fs/promises';

interface Entry {
  start: bigint;
  end: bigint;
  line: string;
  order: number;
}

/** The map's lines with every entry that a later one overlaps removed, in their original order. */
export function latestEntries(text: string): { lines: string[]; dropped: number } {
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) /i.exec(line);
    if (!m) continue;
    const start = BigInt(`0x${m[1]}`);
    entries.push({ start, end: start + BigInt(`0x${m[2]}`), line, order: entries.length });
  }
  const byStart = [...entries].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.order - b.order));
  const dropped = new Set<number>();
  for (let i = 0; i < byStart.length; i++) {
    const a = byStart[i]!;
    for (let j = i + 1; j < byStart.length && byStart[j]!.start < a.end; j++) {
      const b = byStart[j]!;
      dropped.add(Math.min(a.order, b.order));
    }
  }
  return { lines: entries.filter((e) => !dropped.has(e.order)).map((e) => e.line), dropped: dropped.size };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/perfMap.ts /tmp/perf-<pid>.map');
    process.exit(2);
  }
  const { lines, dropped } = latestEntries(await readFile(file, 'utf8'));
  await writeFile(file, `${lines.join('\n')}\n`);
  console.log(`${file}: ${lines.length} entries kept, ${dropped} overlapped by later code dropped`);
}
