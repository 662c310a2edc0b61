// Imported first by engines/ocr/worker.ts, so it runs before the heavy
// modules load: puts this worker thread below the gateway's own thread, so
// /v1 requests get a core at once even when every core runs OCR. Linux keeps
// the nice value per thread, and the threads this one starts (the
// tesseract.js readers) inherit it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

const nice = (workerData as { nice?: number } | undefined)?.nice;
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (nice && Number.isInteger(tid)) setPriority(tid, nice);
} catch {
  // Not Linux (no /proc/thread-self): the OS schedules as it will.
}
