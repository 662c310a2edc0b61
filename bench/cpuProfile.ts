// Reads a V8 CPU profile (node --cpu-prof) and sums the self time of each
// function inside given windows of the monotonic clock, so a bench can say
// what the gateway's main thread did during its loaded phases only, not
// during start-up or idle blocks.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Hotspot {
  name: string;
  ms: number;
  share: number;
}

/** A monotonic-clock window in µs (process.hrtime.bigint() / 1000n), the clock V8 stamps profiles with. */
export interface Window {
  fromUs: number;
  toUs: number;
}

export function nowUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The main thread's profile of process `pid` in `dir` (Node names it CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main one). */
export async function mainThreadProfile(dir: string, pid: number): Promise<string | undefined> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const found = files.find((f) => new RegExp(`^CPU\\.\\d+\\.\\d+\\.${pid}\\.0\\.\\d+\\.cpuprofile$`).test(f));
  return found && path.join(dir, found);
}

/** Self time per function (name, file:line) inside the windows, largest first; "(idle)" excluded from the shares. */
export async function hotspots(file: string, windows: Window[], top = 25): Promise<{ busyMs: number; idleMs: number; spots: Hotspot[] }> {
  const p = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const { self, busy, idle } = selfTimes(p, windows);
  const spots = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => ({ name, ms, share: busy ? ms / busy : 0 }));
  return { busyMs: busy, idleMs: idle, spots };
}

/**
 * What one unit of extra work (an engine request) costs each function: self
 * time in the `loaded` windows minus the `baseline` windows' (scaled to the
 * same length), over `units`. A noisy machine slows both kinds of window
 * alike, so this isolates the engine requests' own main-thread work, which
 * the plain hotspots mix with the /v1 load both windows carry.
 */
export async function extraPerUnit(file: string, loaded: Window[], baseline: Window[], units: number, top = 20): Promise<Array<{ name: string; ms: number }>> {
  const p = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const span = (ws: Window[]) => ws.reduce((n, w) => n + (w.toUs - w.fromUs), 0);
  const scale = span(loaded) / Math.max(1, span(baseline));
  const a = selfTimes(p, loaded).self;
  const b = selfTimes(p, baseline).self;
  const extra = new Map<string, number>();
  for (const name of new Set([...a.keys(), ...b.keys()])) extra.set(name, ((a.get(name) ?? 0) - (b.get(name) ?? 0) * scale) / Math.max(1, units));
  return [...extra].sort((x, y) => y[1] - x[1]).slice(0, top).map(([name, ms]) => ({ name, ms }));
}

function selfTimes(p: Profile, windows: Window[]): { self: Map<string, number>; busy: number; idle: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let t = p.startTime;
  let idle = 0;
  let busy = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (!windows.some((w) => t >= w.fromUs && t < w.toUs)) continue;
    const node = byId.get(p.samples[i]!)!;
    const f = node.callFrame;
    const name = f.url ? `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}` : f.functionName;
    // The interval up to the next sample is what this one stands for.
    const ms = (p.timeDeltas[i + 1] ?? dt) / 1000;
    if (f.functionName === '(idle)') idle += ms;
    else busy += ms;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  self.delete('(idle)');
  return { self, busy, idle };
}

/** A package's file from its package name on, any other file by its last two path segments. */
function shortUrl(url: string): string {
  const at = url.lastIndexOf('node_modules/');
  return at >= 0 ? url.slice(at + 'node_modules/'.length) : url.split('/').slice(-2).join('/');
}
