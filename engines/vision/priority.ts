// Vision work yields the CPU to the gateway's event loop: each vision worker
// thread lowers its own scheduling priority (Linux lets setpriority() take a
// thread id), so on a busy machine /v1 requests are served first and
// detections and training take the cores that are left.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export function lowerThreadPriority(nice = 10): boolean {
  try {
    // /proc/thread-self -> "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    // Not Linux, or not allowed: run at normal priority.
    return false;
  }
}
