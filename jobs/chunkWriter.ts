// Persists a task's stream events in order and tells listeners. Events that
// arrive while a write is in flight go in the next INSERT (group commit), so a
// fast stream costs one statement per batch, and a quiet one no waiting.
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { insertChunks, type ChunkRow } from '../db/gateway/insertChunks.ts';
import { GroupCommit } from '../db/groupCommit.ts';
import type { Notifier } from './notifier.ts';

/** In-process fan-out of freshly persisted chunks, keyed by task id. */
export const localChunks = new EventEmitter().setMaxListeners(0);

export class ChunkWriter {
  private seq = 0;
  private failure: unknown;
  private readonly commit: GroupCommit<ChunkRow, void>;

  constructor(db: Knex, notifier: Notifier, taskId: string) {
    this.commit = new GroupCommit<ChunkRow, void>(async (batch) => {
      await insertChunks(db, taskId, batch);
      localChunks.emit(taskId, batch);
      await notifier.publish('gateway_chunk', `${taskId}:${batch[batch.length - 1]!.seq}`);
      return batch.map(() => undefined);
    });
  }

  write(event: string, data: unknown): void {
    this.commit.add({ seq: ++this.seq, event, data }).catch((err) => {
      this.failure ??= err;
    });
  }

  /** Resolves once everything written so far is stored and announced; throws the first failure. */
  async flush(): Promise<void> {
    await this.commit.settle();
    if (this.failure) throw this.failure;
  }
}
