import type { Knex } from 'knex';

// Reading many rows through `COPY (SELECT ...) TO STDOUT (FORMAT binary)`: uuids,
// timestamps and numbers arrive as PostgreSQL stores them and each row is handed over
// as offsets into the received bytes, so no row array and no string is made for a
// field the reader does not ask for as one (the text protocol makes one per field).

// PostgreSQL's epoch (2000-01-01) in Unix milliseconds.
const PG_EPOCH_MS = 946_684_800_000;
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** One row of a binary COPY: its fields are read in place, by index. */
export class CopyRow {
  buf: Buffer = Buffer.alloc(0);
  /** Where each field's bytes start, and their length (-1: NULL). */
  readonly at: Int32Array;
  readonly len: Int32Array;
  constructor(fields: number) {
    this.at = new Int32Array(fields);
    this.len = new Int32Array(fields);
  }

  isNull(i: number): boolean {
    return this.len[i]! < 0;
  }

  text(i: number): string | null {
    const n = this.len[i]!;
    if (n < 0) return null;
    const a = this.at[i]!;
    return this.buf.toString('utf8', a, a + n);
  }

  /** A jsonb as its JSON text (the binary form is a version byte, then the text). */
  json(i: number): string | null {
    const n = this.len[i]!;
    if (n < 0) return null;
    const a = this.at[i]!;
    return this.buf.toString('utf8', a + 1, a + n);
  }

  /** A timestamptz in Unix milliseconds (a column of millisecond precision converts exactly). */
  time(i: number): number {
    const b = this.buf;
    const a = this.at[i]!;
    const hi = (b[a]! << 24) | (b[a + 1]! << 16) | (b[a + 2]! << 8) | b[a + 3]!;
    const lo = ((b[a + 4]! << 24) | (b[a + 5]! << 16) | (b[a + 6]! << 8) | b[a + 7]!) >>> 0;
    return (hi * 4294967296 + lo) / 1000 + PG_EPOCH_MS;
  }

  bool(i: number): boolean {
    return this.buf[this.at[i]!] === 1;
  }

  float8(i: number): number {
    return this.buf.readDoubleBE(this.at[i]!);
  }
}

/**
 * A COPY ... TO STDOUT for pg's client.query() (its Submittable interface): pg's own
 * protocol parser hands over each CopyData message (PostgreSQL sends one per row) as a
 * view of the bytes it received, which `onData` reads before returning.
 */
class CopyOut {
  readonly text: string;
  private readonly onData: (chunk: Buffer) => void;
  private failure: Error | undefined;
  private settled = false;
  private resolve!: () => void;
  private reject!: (err: Error) => void;
  readonly done: Promise<void>;
  constructor(text: string, onData: (chunk: Buffer) => void) {
    this.text = text;
    this.onData = onData;
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(msg: { chunk: Buffer }): void {
    // After a failure the output is still read to its end, so the connection stays usable.
    if (this.failure) return;
    try {
      this.onData(msg.chunk);
    } catch (err) {
      this.failure = err as Error;
    }
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}

  handleError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.failure) this.reject(this.failure);
    else this.resolve();
  }
}

/**
 * Runs a COPY ... TO STDOUT (FORMAT binary) on the transaction's connection and hands
 * each row to `onRow` as it arrives (the same CopyRow, refilled: read it before returning).
 * `fields` is the number of columns the statement returns.
 */
export async function copyRows(trx: Knex.Transaction, sql: string, fields: number, onRow: (row: CopyRow) => void): Promise<number> {
  const connection = (await trx.client.acquireConnection()) as { query(q: CopyOut): void };
  const row = new CopyRow(fields);
  // A row cut between messages, copied: pg reuses the bytes it hands over.
  let rest: Buffer | null = null;
  let header = true;
  let rows = 0;
  let ended = false;
  const parse = (chunk: Buffer): void => {
    const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    rest = null;
    let p = 0;
    if (header) {
      // Signature, flags, then a header extension of the length given.
      if (buf.length < 19 || buf.length < 19 + buf.readUInt32BE(15)) {
        rest = Buffer.from(buf);
        return;
      }
      if (!buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY binary: unexpected header');
      p = 19 + buf.readUInt32BE(15);
      header = false;
    }
    const end = buf.length;
    row.buf = buf;
    const at = row.at;
    const len = row.len;
    for (;;) {
      if (p + 2 > end) break;
      const count = (buf[p]! << 8) | buf[p + 1]!;
      // The trailer: a field count of -1.
      if (count === 0xffff) {
        ended = true;
        p = end;
        break;
      }
      if (count !== fields) throw new Error(`COPY binary: a row of ${count} fields, ${fields} expected`);
      let q = p + 2;
      let whole = true;
      for (let f = 0; f < count; f++) {
        if (q + 4 > end) {
          whole = false;
          break;
        }
        const n = (buf[q]! << 24) | (buf[q + 1]! << 16) | (buf[q + 2]! << 8) | buf[q + 3]!;
        q += 4;
        at[f] = q;
        len[f] = n;
        if (n > 0) q += n;
        if (q > end) {
          whole = false;
          break;
        }
      }
      if (!whole) break;
      onRow(row);
      rows++;
      p = q;
    }
    if (p < end) rest = Buffer.from(buf.subarray(p));
  };
  const copy = new CopyOut(sql, parse);
  connection.query(copy);
  await copy.done;
  if (!ended || rest !== null) throw new Error('COPY binary: the output ended inside a row');
  return rows;
}
