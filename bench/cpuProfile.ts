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
  const spots = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => ({ name, ms, share: busy ? ms / busy : 0 }));
  return { busyMs: busy, idleMs: idle, spots };
}

/** A package's file from its package name on, any other file by its last two path segments. */
function shortUrl(url: string): string {
  const at = url.lastIndexOf('node_modules/');
  return at >= 0 ? url.slice(at + 'node_modules/'.length) : url.split('/').slice(-2).join('/');
}
