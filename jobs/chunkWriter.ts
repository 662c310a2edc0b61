// Persists a task's stream events in order and tells listeners. Writes are
// batched over a few milliseconds: one INSERT per batch instead of per token.
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { insertChunks, type ChunkRow } from '../db/gateway/insertChunks.ts';
import type { Notifier } from './notifier.ts';

/** In-process fan-out of freshly persisted chunks, keyed by task id. */
export const localChunks = new EventEmitter().setMaxListeners(0);

export class ChunkWriter {
  private seq = 0;
  private pending: ChunkRow[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Knex,
    private readonly notifier: Notifier,
    private readonly taskId: string,
    private readonly delayMs = 5,
  ) {}

  write(event: string, data: unknown): void {
    this.pending.push({ seq: ++this.seq, event, data });
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Resolves once everything written so far is stored and announced. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length) {
      this.flushing = this.flushing.then(async () => {
        await insertChunks(this.db, this.taskId, batch);
        localChunks.emit(this.taskId, batch);
        await this.notifier.publish('gateway_chunk', `${this.taskId}:${batch[batch.length - 1]!.seq}`);
      });
    }
    return this.flushing;
  }
}
