// A connection that writes a whole transaction's statements at once and reads
// the answers together (PostgreSQL pipelining): one network round trip per
// transaction instead of one per statement. On a busy machine each round trip
// costs a wake-up of both processes, so this is what makes the queue's submit
// take about one round trip. One transaction at a time; statements must not
// depend on each other's answers (move such logic into the SQL).
import { createHash } from 'node:crypto';
import pg from 'pg';

export interface Statement {
  text: string;
  values?: unknown[];
  /** Its rows are not read (pg-boss's answers, NOTIFYs): left as raw text arrays, not parsed into objects. */
  unread?: boolean;
}

// For unread statements: every value stays the text PostgreSQL sent (a batch's
// uuid[] of completed ids, say), and rows are arrays, not objects.
const RAW_TYPES = { getTypeParser: () => (text: string) => text } as unknown as pg.CustomTypesConfig;

export class PipelinedConnection {
  private client: Promise<pg.Client> | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  // Statements with parameters run as named prepared statements: planning the
  // queue's large statements anew each time cost more than running them.
  private readonly names = new Map<string, string>();

  private readonly databaseUrl: string;
  constructor(databaseUrl: string) {
    this.databaseUrl = databaseUrl;
  }

  /** Runs the statements as one transaction: their results in order, or the first error and nothing written. */
  transaction(statements: Statement[]): Promise<pg.QueryResult[]> {
    const run = this.tail.then(() => this.send(statements));
    this.tail = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.databaseUrl, pipeline: true });
    const connecting = client.connect().then(() => client);
    // A broken connection is replaced on the next transaction; its queries have already failed.
    const drop = () => {
      if (this.client === connecting) this.client = undefined;
    };
    client.on('error', drop);
    client.on('end', drop);
    connecting.catch(drop);
    this.client = connecting;
    return connecting;
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `pipeline_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      this.names.set(text, name);
    }
    return name;
  }

  private query(client: pg.Client, s: Statement): Promise<pg.QueryResult> {
    if (!s.values && !s.unread) return client.query(s.text);
    const config = s.values ? { name: this.nameOf(s.text), text: s.text, values: s.values } : { text: s.text };
    return s.unread ? client.query({ ...config, types: RAW_TYPES, rowMode: 'array' }) : client.query(config);
  }

  private async send(statements: Statement[]): Promise<pg.QueryResult[]> {
    const client = await this.connect();
    // pg corks the socket per query; corked around them all, the whole
    // transaction leaves in one write (a system call each was a fifth of the
    // queue's CPU). The socket is pg's own, so absent it this is a no-op.
    const socket = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    socket?.cork?.();
    let all: Array<Promise<pg.QueryResult>>;
    try {
      all = [{ text: 'BEGIN' }, ...statements, { text: 'COMMIT' }].map((s: Statement) => this.query(client, s));
    } finally {
      socket?.uncork?.();
    }
    const settled = await Promise.allSettled(all);
    // After a failed statement the rest fail as "transaction aborted" and COMMIT
    // rolls back: the first error is the one that matters.
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value);
    if (results.at(-1)!.command !== 'COMMIT') throw new Error(`transaction ended with ${results.at(-1)!.command}`);
    return results.slice(1, -1);
  }
}
