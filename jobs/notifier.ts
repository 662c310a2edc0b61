// One LISTEN connection per process: wakes the dispatcher, relays stream
// chunks, cancels and task ends between processes. Every notice, this
// process's own too, comes through PostgreSQL, which delivers it only once the
// transaction that sent it has committed: a listener that reads on a notice
// reads what the notice announces.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Knex } from 'knex';
import type { Logger } from 'pino';

// gateway_keys: a gateway key changed (revoked, replaced); sent by the database itself (trigger gateway_keys_changed).
export const CHANNELS = ['gateway_work', 'gateway_cancel', 'gateway_chunk', 'gateway_done', 'gateway_keys'] as const;
export type Channel = (typeof CHANNELS)[number];

export class Notifier extends EventEmitter {
  private client: pg.Client | undefined;
  private stopped = false;

  private readonly databaseUrl: string;
  private readonly db: Knex;
  private readonly log: Logger;
  constructor(
    databaseUrl: string,
    db: Knex,
    log: Logger,
  ) {
    super();
    this.databaseUrl = databaseUrl;
    this.db = db;
    this.log = log;
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => this.emit(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => {
      this.log.warn({ err }, 'notification connection lost; reconnecting');
      this.client = undefined;
      if (!this.stopped) setTimeout(() => this.start().catch((e) => this.log.error({ err: e }, 'reconnect failed')), 500);
    });
    await client.connect();
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    this.client = client;
    // Anything published while we were disconnected is caught by the dispatcher's poll and the streams' status checks;
    // a key change missed meanwhile is caught by forgetting every cached key.
    this.emit('gateway_work', '');
    this.emit('gateway_keys', '');
  }

  /** Tells every process, this one included, when `trx` (if given) commits. */
  async publish(channel: Channel, payload: string, trx?: Knex): Promise<void> {
    await (trx ?? this.db).raw('SELECT pg_notify(?, ?)', [channel, payload]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => {});
  }
}
