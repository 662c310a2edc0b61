// Helpers for tests that need the real service: a migrated PostgreSQL (from
// test/globalSetup.ts), services on 127.0.0.1 port 0, and gateway keys.
import { inject } from 'vitest';
import type { Knex } from 'knex';
import pino, { type Logger } from 'pino';
import { createDb } from '../db/knex.ts';
import { startService, type RunningService, type ServiceName } from '../server/service.ts';
import { mintKey } from '../protocols/keys.ts';
import { GATEWAY_KEY_PREFIX } from '../core/gatewayAuth.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';
import { withDatabase } from './globalSetup.ts';

let fileDatabase: Promise<string> | undefined;

/** This test file's own database, cloned from the migrated template on first use. */
export function databaseUrl(): Promise<string> {
  fileDatabase ??= (async () => {
    const template = inject('databaseUrl');
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = createDb(withDatabase(template, 'postgres'), { max: 1 });
    try {
      await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
    } finally {
      await admin.destroy();
    }
    return withDatabase(template, name);
  })();
  return fileDatabase;
}

export async function testDb(): Promise<Knex> {
  return createDb(await databaseUrl(), { max: 5 });
}

export interface TestService extends RunningService {
  db: Knex;
  close(): Promise<void>;
}

/** Starts the named services on ephemeral ports; `env` overrides process.env (provider URLs, keys). */
export async function startTestService(
  services: ServiceName[] = ['gateway'],
  env: Record<string, string | undefined> = {},
  opts: { log?: Logger; clock?: () => number } = {},
): Promise<TestService> {
  // Provider settings are read from process.env; each test file runs in its own
  // process, so pointing providers at loopback fakes here touches no other file.
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const db = await testDb();
  const merged = { ...process.env, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env };
  const service = await startService({
    db,
    databaseUrl: await databaseUrl(),
    services,
    gatewayPort: 0,
    analyticsPort: 0,
    host: '127.0.0.1',
    bootstrapKey: env.GATEWAY_BOOTSTRAP_KEY,
    env: merged,
    log: opts.log ?? pino({ level: merged.LOG_LEVEL! }),
    clock: opts.clock,
  });
  return {
    ...service,
    db,
    async close() {
      await service.stop(1_000);
      await db.destroy();
    },
  };
}

/** A logger whose lines (parsed) the test can read. */
export function capturingLogger(level = 'debug'): { log: Logger; lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** Mints a gateway key straight into the database; returns the plaintext. */
export async function createGatewayKey(db: Knex, name = 'test'): Promise<{ key: string; id: string }> {
  const minted = mintKey(GATEWAY_KEY_PREFIX);
  const id = await insertGatewayKey(db, { lookup: minted.lookup, hash: minted.hash, name });
  return { key: minted.plaintext, id };
}
