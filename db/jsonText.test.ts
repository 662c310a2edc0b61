import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { storableJson } from './jsonText.ts';
import { testDb } from '../test/support.ts';

let db: Knex;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db?.destroy());

it('replaces NUL and lone surrogates with U+FFFD and keeps everything else', () => {
  const value = { nul: 'a\u0000b', high: 'x\ud800y', low: '\udc00', pair: '😀', slash: '\\u0000', tab: '\t\u0001' };
  expect(JSON.parse(storableJson(value))).toEqual({ nul: 'a\ufffdb', high: 'x\ufffdy', low: '\ufffd', pair: '😀', slash: '\\u0000', tab: '\t\u0001' });
  expect(storableJson({ plain: 'nothing to do' })).toBe('{"plain":"nothing to do"}');
});

it('makes JSON that PostgreSQL stores as jsonb', async () => {
  const value = { s: ['\u0000', '\ud83d', 'ok \\u0000 \\\\u0000'] };
  await expect(db.raw('SELECT ?::jsonb AS v', [JSON.stringify(value)])).rejects.toThrow();
  const { rows } = await db.raw('SELECT ?::jsonb AS v', [storableJson(value)]);
  expect(rows[0].v).toEqual({ s: ['\ufffd', '\ufffd', 'ok \\u0000 \\\\u0000'] });
});
