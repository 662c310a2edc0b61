// The training worker thread: one TrainingSession per job, kept between the
// time-boxed chunks the caller asks for, so progress and checkpoints can be
// written in between. A worker that died loses its sessions; the caller
// starts the job again from its last checkpoint.
import './priority.ts';
import { lowerSharedHelpers } from '../priority.ts';
import { serveWorker, withTransfer } from '../workerServe.ts';
import { EngineError } from '../workerPool.ts';
import { tfWasm } from './tf.ts';
import { TrainingSession, type Checkpoint, type TrainSpec } from './train.ts';

const sessions = new Map<string, TrainingSession>();

function bytesOf(f: Float32Array): Uint8Array {
  return new Uint8Array(f.buffer, f.byteOffset, f.byteLength);
}

function floatsOf(b: Uint8Array): Float32Array {
  // Copied: the bytes may not be 4-byte aligned.
  return new Float32Array(b.slice().buffer);
}

export interface StartInput {
  jobId: string;
  zip: Uint8Array;
  spec: TrainSpec;
  checkpoint?: { epoch: number; weights: Uint8Array; optimizer?: Uint8Array; best?: { epoch: number; metrics: Checkpoint['best'] extends infer B ? (B extends { metrics: infer M } ? M : never) : never; weights: Uint8Array } };
}

serveWorker({
  async start(input: StartInput) {
    await tfWasm();
    sessions.get(input.jobId)?.dispose();
    const c = input.checkpoint;
    const checkpoint: Checkpoint | undefined = c && {
      epoch: c.epoch,
      weights: floatsOf(c.weights),
      optimizer: c.optimizer && floatsOf(c.optimizer),
      best: c.best && { epoch: c.best.epoch, metrics: c.best.metrics, weights: floatsOf(c.best.weights) },
    };
    const session = await TrainingSession.create(input.zip, input.spec, checkpoint);
    sessions.set(input.jobId, session);
    return session.counts;
  },

  /** Trains for about `seconds`, then answers progress and a checkpoint (current and best weights, the optimizer's state). */
  async run({ jobId, seconds }: { jobId: string; seconds: number }) {
    const session = sessions.get(jobId);
    if (!session) throw new EngineError(`no training session ${jobId} in this worker`, 'no_session');
    const progress = await session.run(seconds);
    const cp = await session.checkpoint();
    const weights = bytesOf(cp.weights);
    const optimizer = cp.optimizer && bytesOf(cp.optimizer);
    // The session keeps its best weights: only a copy may be moved to the caller.
    const best = cp.best && { epoch: cp.best.epoch, metrics: cp.best.metrics, weights: bytesOf(cp.best.weights.slice()) };
    if (progress.done) {
      session.dispose();
      sessions.delete(jobId);
    }
    const moved = [weights, optimizer, best?.weights].filter((b) => !!b).map((b) => b.buffer as ArrayBuffer);
    return withTransfer({ progress, checkpoint: { epoch: cp.epoch, weights, optimizer, best } }, moved);
  },

  stop({ jobId }: { jobId: string }) {
    sessions.get(jobId)?.dispose();
    sessions.delete(jobId);
    return true;
  },
}, { eachJob: () => lowerSharedHelpers() });
