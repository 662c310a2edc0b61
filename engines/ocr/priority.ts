// Imported first by engines/ocr/worker.ts, so it runs before the heavy
// modules load: puts this worker thread, and the threads it starts (the
// tesseract.js readers), below the gateway's own thread (engines/priority.ts).
import { workerData } from 'node:worker_threads';
import { ENGINE_NICE, lowerThreadPriority } from '../priority.ts';

export const nice = (workerData as { nice?: number } | undefined)?.nice ?? ENGINE_NICE;
if (nice) lowerThreadPriority(nice);
