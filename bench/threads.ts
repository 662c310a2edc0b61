// Where a process's CPU goes, thread by thread (Linux /proc/<pid>/task): the
// main thread (the event loop that serves /v1), the engines' worker threads,
// libuv's thread pool, libvips' threads, V8's helper threads. Read before and
// after a phase, the difference says which threads worked and at which nice
// value, which a latency figure on a shared machine cannot.
import { readdir, readFile } from 'node:fs/promises';

export interface ThreadSample {
  tid: number;
  name: string;
  nice: number;
  /** user + system CPU so far, ms. */
  cpuMs: number;
}

/** Every thread of `pid` now; threads that ended are simply absent. */
export async function threadSamples(pid: number): Promise<ThreadSample[]> {
  const tids = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const out: ThreadSample[] = [];
  for (const tid of tids) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the name, from state (field 3): utime 14, stime 15, nice 19.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({ tid: Number(tid), name, nice: Number(f[16]), cpuMs: await runMs(pid, Number(tid), f) });
  }
  return out;
}

export interface ThreadGroupUse {
  /** Thread name as the kernel has it (15 characters at most), with "main" for the process's own thread. */
  name: string;
  threads: number;
  /** Nice values seen in the group, e.g. "0" or "0,10". */
  nice: string;
  cpuMs: number;
}

/** CPU used between two samples, per thread name, largest first; the main thread (tid = pid) is "main". */
export function threadUse(pid: number, before: ThreadSample[], after: ThreadSample[]): ThreadGroupUse[] {
  const was = new Map(before.map((t) => [t.tid, t.cpuMs]));
  const groups = new Map<string, { threads: number; nice: Set<number>; cpuMs: number }>();
  for (const t of after) {
    const name = t.tid === pid ? 'main' : t.name;
    const g = groups.get(name) ?? { threads: 0, nice: new Set<number>(), cpuMs: 0 };
    g.threads++;
    g.nice.add(t.nice);
    g.cpuMs += t.cpuMs - (was.get(t.tid) ?? 0);
    groups.set(name, g);
  }
  return [...groups]
    .map(([name, g]) => ({ name, threads: g.threads, nice: [...g.nice].sort((a, b) => a - b).join(','), cpuMs: g.cpuMs }))
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/** ns-precise time on a core (schedstat), else utime + stime in clock ticks (10 ms). */
async function runMs(pid: number, tid: number, statFields?: string[]): Promise<number> {
  const sched = await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => undefined);
  if (sched) return Number(sched.split(' ')[0]) / 1e6;
  if (!statFields) return NaN;
  return ((Number(statFields[11]) + Number(statFields[12])) * 1000) / 100;
}

/** CPU of the main thread alone so far, ms. */
export async function mainThreadCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return NaN;
  return runMs(pid, pid, stat.slice(stat.lastIndexOf(')') + 2).split(' '));
}

/** One line per thread group that used at least `minMs`. */
export function formatThreadUse(use: ThreadGroupUse[], minMs = 20, digits = 1): string[] {
  return use
    .filter((g) => Math.abs(g.cpuMs) >= minMs)
    .map((g) => `${g.name.padEnd(16)} x${String(g.threads).padEnd(3)} nice ${g.nice.padEnd(6)} ${g.cpuMs.toFixed(digits).padStart(8)} ms`);
}

/** The main thread's CPU and wake-ups so far, and the CPU of every other thread (for per-request figures between two samples). */
export interface LoopSample {
  mainMs: number;
  otherMs: number;
  /** The main thread's voluntary context switches: each is the event loop blocking in epoll and being woken again. */
  wakeups: number;
}

export async function loopSample(pid: number): Promise<LoopSample> {
  const threads = await threadSamples(pid);
  let mainMs = NaN;
  let otherMs = 0;
  for (const t of threads) {
    if (t.tid === pid) mainMs = t.cpuMs;
    else otherMs += t.cpuMs;
  }
  const status = await readFile(`/proc/${pid}/task/${pid}/status`, 'utf8').catch(() => '');
  const wakeups = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  return { mainMs, otherMs, wakeups };
}

/** What happened between two samples, per request. Threads that ended in between are not counted. */
export function perRequest(before: LoopSample, after: LoopSample, requests: number): LoopSample {
  return {
    mainMs: (after.mainMs - before.mainMs) / requests,
    otherMs: (after.otherMs - before.otherMs) / requests,
    wakeups: (after.wakeups - before.wakeups) / requests,
  };
}
