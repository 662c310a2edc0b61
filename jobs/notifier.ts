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
// provider_circuits: a provider's circuit opened or closed; sent by the database itself (trigger provider_circuits_changed).
export const CHANNELS = ['gateway_work', 'gateway_cancel', 'gateway_chunk', 'gateway_done', 'gateway_keys', 'provider_circuits'] as const;
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
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.stopped) return;
      this.log.warn({ err }, 'notification connection lost; reconnecting');
      this.reconnect(500);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => {});
      throw err;
    }
    this.client = client;
    // Anything published while we were disconnected is caught by the dispatcher's poll and the streams' status checks;
    // a key change missed meanwhile is caught by forgetting every cached key.
    this.emit('gateway_work', '');
    this.emit('gateway_keys', '');
    this.emit('reconnected', '');
  }

  /** Tries again until the database answers (it may be down for minutes), waiting twice as long each time, up to 10 s. */
  private reconnect(waitMs: number): void {
    const timer = setTimeout(() => {
      if (this.stopped) return;
      this.start().catch((err) => {
        this.log.warn({ err: (err as Error).message }, 'notification connection: reconnect failed; retrying');
        this.reconnect(Math.min(10_000, waitMs * 2));
      });
    }, waitMs);
    timer.unref();
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
