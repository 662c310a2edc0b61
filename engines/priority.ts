// Engine work yields the CPU to the gateway's event loop. Linux keeps a nice
// value per thread (setpriority() takes a thread id), and a thread starts
// with its creator's: an engine worker thread lowers its own, and the threads
// it starts itself (tesseract.js readers, the WebAssembly runtimes' threads)
// follow. Threads the whole process shares are not the worker's to start:
// sharp runs every image operation on libuv's thread pool, and libvips
// computes the pixels on its own worker threads, both created by whichever
// thread came first (the main one, as a rule) and so at its priority. Those
// are lowered by name once an engine uses them.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value engine threads run at unless configured otherwise. */
export const ENGINE_NICE = 10;

/** This thread's kernel id (Linux), or undefined elsewhere. */
function ownTid(): number | undefined {
  try {
    // /proc/thread-self -> "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the calling thread (and so every thread it starts from now on); false where the OS does not allow it. */
export function lowerThreadPriority(nice = ENGINE_NICE): boolean {
  const tid = ownTid();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shared threads that do an engine's image work (kernel thread names):
 * libvips' workers, which compute the pixels ("libvips worker"). libuv's pool
 * ("libuv-worker"), where sharp starts each operation and waits for them, is
 * left as it is: the event loop's own file, DNS and compression work runs
 * there too, and must not wait behind the engines.
 */
const SHARED_HELPERS = /^(libvips|vips)/;

// Threads already lowered. Others are looked at again each time: a thread is
// born with its creator's name and may take its own a moment later.
const lowered = new Set<number>();

/**
 * Lowers the process's shared image threads to `nice` (never raises one).
 * Called by engine workers as each job starts and ends: threads appear
 * lazily (libvips starts more as work grows), so each call looks at the
 * threads it has not seen yet. Answers how many threads it lowered.
 */
export function lowerSharedHelpers(nice = ENGINE_NICE): number {
  let count = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const entry of tids) {
    const tid = Number(entry);
    if (lowered.has(tid)) continue;
    try {
      if (!SHARED_HELPERS.test(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8'))) continue;
      if (getPriority(tid) < nice) {
        setPriority(tid, nice);
        count++;
      }
      lowered.add(tid);
    } catch {
      // Gone meanwhile, or not allowed.
    }
  }
  return count;
}
