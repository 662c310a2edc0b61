// Loaded into a measured process (`--import`) when the overhead bench is run
// with `--heap`: between a start and a stop message over the IPC channel, the
// bytes the process allocated on V8's heap and the collections that ran. V8
// keeps no running total of allocated bytes that Node exposes, so it is the
// heap's growth plus what each collection freed (v8.GCProfiler, Node's public
// API). An instruction count leaves out what allocation costs beyond the
// allocating instructions: the fresh cache lines it writes and the scavenges
// it brings on (their pauses, and their helper threads).
import v8 from 'node:v8';

export interface HeapUse {
  allocatedBytes: number;
  scavenges: number;
  /** Mark-sweep and incremental-marking steps. */
  fullCollections: number;
  /** Time the collections held the main thread, ms. */
  pauseMs: number;
}

export type ProbeMessage = { type: 'heap-probe:start' } | { type: 'heap-probe:stop' } | { type: 'heap-probe:started' } | ({ type: 'heap-probe:stopped' } & HeapUse);

let running: { profiler: v8.GCProfiler; usedBefore: number } | undefined;

process.on('message', (message: ProbeMessage) => {
  if (message?.type === 'heap-probe:start') {
    const profiler = new v8.GCProfiler();
    profiler.start();
    running = { profiler, usedBefore: v8.getHeapStatistics().used_heap_size };
    process.send!({ type: 'heap-probe:started' } satisfies ProbeMessage);
  } else if (message?.type === 'heap-probe:stop' && running) {
    const usedAfter = v8.getHeapStatistics().used_heap_size;
    const { statistics } = running.profiler.stop() ?? { statistics: [] };
    let freed = 0;
    let scavenges = 0;
    let pauseUs = 0;
    for (const gc of statistics) {
      freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep') scavenges++;
      pauseUs += gc.cost;
    }
    const use: HeapUse = { allocatedBytes: usedAfter - running.usedBefore + freed, scavenges, fullCollections: statistics.length - scavenges, pauseMs: pauseUs / 1000 };
    running = undefined;
    process.send!({ type: 'heap-probe:stopped', ...use } satisfies ProbeMessage);
  }
});
