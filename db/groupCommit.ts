// Group commit: work items that arrive while a write is in flight are written
// together by the next one. Under load, batches grow by themselves; when idle,
// an item is written at once (no timer), so latency is one round trip.

/** Called once per item: true with its result, or false with the error that failed its batch. */
export type Settle<R> = (ok: boolean, value: R | unknown) => void;

export class GroupCommit<T, R> {
  private pending: Array<{ item: T; settle: Settle<R> }> = [];
  private inFlight: Promise<void> | undefined;

  private readonly write: (items: T[]) => Promise<R[]>;
  private readonly maxBatch: number;
  constructor(write: (items: T[]) => Promise<R[]>, maxBatch = 500) {
    this.write = write;
    this.maxBatch = maxBatch;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => this.push(item, (ok, value) => (ok ? resolve(value as R) : reject(value))));
  }

  /**
   * add() for a caller that waits for nobody (a call's usage, recorded after
   * the answer): `settle` is told the item's result, or the write's error,
   * without a promise per item.
   */
  push(item: T, settle: Settle<R>): void {
    this.pending.push({ item, settle });
    this.inFlight ??= this.drain();
  }

  /** Resolves once everything added so far is written. */
  async settle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private async drain(): Promise<void> {
    // Let every item submitted in this turn of the event loop join the batch.
    await new Promise((r) => setImmediate(r));
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.maxBatch);
      let results: R[];
      try {
        results = await this.write(batch.map((b) => b.item));
      } catch (err) {
        for (const b of batch) b.settle(false, err);
        continue;
      }
      for (let i = 0; i < batch.length; i++) batch[i]!.settle(true, results[i]!);
    }
    this.inFlight = undefined;
  }
}

/**
 * Writes the items in one statement; if the database refuses it, each item alone,
 * so an item it cannot take (whatever the reason) costs only itself. Answers, per
 * item, undefined when written or the error that refused it.
 */
export async function writeBatchOrEach<T>(items: T[], write: (items: T[]) => Promise<unknown>): Promise<unknown[]> {
  try {
    await write(items);
    return items.map(() => undefined);
  } catch (batchError) {
    if (items.length === 1) return [batchError];
    const outcomes: unknown[] = [];
    for (const item of items) outcomes.push(await write([item]).then(() => undefined, (err: unknown) => err ?? batchError));
    return outcomes;
  }
}
