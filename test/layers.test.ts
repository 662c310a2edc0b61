// The layers point down only, and no two modules import each other, however
// indirectly. Entry points wire everything; handlers answer operations; core
// (gateway) and analytics hold each service's logic; providers, jobs and
// engines do the outside work; pricing prices it; protocols, db and media are
// the floor. A folder may import itself and anything below it, never a
// sibling on its own floor, never above. The programs (cli, scripts, bench,
// runtimes) start the service or parts of it, so they sit on top of server/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

const FLOORS: string[][] = [
  ['cli', 'scripts', 'bench', 'runtimes'],
  ['server'],
  ['handlers'],
  ['core', 'analytics'],
  ['providers', 'jobs', 'engines'],
  ['pricing'],
  ['protocols'],
  ['db', 'media', 'metrics'],
  ['generated'],
];
const floorOf = new Map(FLOORS.flatMap((folders, i) => folders.map((f) => [f, FLOORS.length - i] as const)));

/** Tests and what only tests use (fakes, fixtures, harnesses) may reach anywhere. */
const isTestSupport = (file: string) =>
  /\.test\.ts$/.test(file) ||
  /(^|\/)(testing|fixtures)(\/|\.ts$)/.test(file) ||
  /^(test|contract-tests)\//.test(file) ||
  /\/fake\.ts$/.test(file) ||
  file === 'handlers/compat/_contract.ts';

function sources(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!['node_modules', '.git', '.data', '.tmp', 'generated'].includes(entry.name) && !entry.name.startsWith('.')) out.push(...sources(rel));
    } else if (/\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    out.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? m[2]!)));
  }
  return out;
}

const files = sources().filter((f) => !isTestSupport(f) && floorOf.has(f.split('/')[0]!));
const graph = new Map(files.map((f) => [f, importsOf(f)]));

describe('layers', () => {
  test('every top-level source folder has a floor', () => {
    const unplaced = sources()
      .filter((f) => f.includes('/') && !isTestSupport(f))
      .map((f) => f.split('/')[0]!)
      .filter((folder) => !floorOf.has(folder));
    expect([...new Set(unplaced)]).toEqual([]);
  });

  test('imports point down, never up or sideways to another folder on the same floor', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = file.split('/')[0]!;
      for (const target of targets) {
        const to = target.split('/')[0]!;
        if (to === from || !floorOf.has(to)) continue;
        if (floorOf.get(to)! >= floorOf.get(from)!) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('no module imports itself through others (no cycles)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
