// An OCR pool worker (engines/workerPool.ts): decodes, reads, redacts. Its
// tesseract.js readers live as long as the worker, so models load once.
import { nice } from './priority.ts';
import { workerData } from 'node:worker_threads';
import { lowerSharedHelpers } from '../priority.ts';
import { serveWorker, withTransfer } from '../workerServe.ts';
import { decodeUpright, greyscale, ImageInputError } from './image.ts';
import { read, Readers } from './read.ts';
import { redactRaster } from './redaction/redact.ts';
import type { RecognizeJob, RecognizeOutput, RedactJob } from './types.ts';

const readers = new Readers((workerData as { dataDir: string }).dataDir);

/** Input errors keep their API code across the thread boundary (EngineError.code). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ImageInputError) throw Object.assign(new Error(err.message), { code: err.code });
    throw err;
  }
}

serveWorker({
  recognize: (job: RecognizeJob) =>
    guarded(async (): Promise<RecognizeOutput> => {
      const upright = await decodeUpright(job.image, job.format);
      const reading = await read(readers, await greyscale(upright), { level: job.level, languages: job.languages });
      return { ...reading, imageSize: { width: upright.width, height: upright.height } };
    }),
  redact: (job: RedactJob) =>
    guarded(async () => {
      const out = await redactRaster(readers, await decodeUpright(job.image, job.format), job);
      return withTransfer(out, [out.png.buffer as ArrayBuffer]);
    }),
}, { eachJob: () => nice && lowerSharedHelpers(nice) });
