import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

// Insert-or-read so that concurrent processes settle on the first salt written.
export async function getOrCreateSalt(db: Knex, day: string): Promise<Buffer> {
  await db.raw('INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32)]);
  const row = await db('analytics_salts').where({ day }).first('salt');
  return row.salt as Buffer;
}
