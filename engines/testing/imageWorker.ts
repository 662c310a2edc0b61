// A worker for engines/priority.test.ts: lowers itself as the engines' workers
// do, decodes and resizes an image with sharp (so libvips' threads work), and
// starts a thread of its own.
import '../vision/priority.ts';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerSharedHelpers } from '../priority.ts';
import { serveWorker } from '../workerServe.ts';

serveWorker(
  {
    async resize({ png }: { png: Uint8Array }) {
      const { info } = await sharp(png).resize(300, 200).raw().toBuffer({ resolveWithObject: true });
      return info.width;
    },
    async child() {
      // A thread this worker starts (as tesseract.js starts its readers) reports its own nice value.
      const w = new Worker('const { parentPort } = require("node:worker_threads"); const os = require("node:os"); const fs = require("node:fs"); parentPort.postMessage(os.getPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop())));', { eval: true, name: 'image-child' });
      const [nice] = await once(w, 'message');
      await w.terminate();
      return nice;
    },
  },
  { eachJob: () => lowerSharedHelpers() },
);
