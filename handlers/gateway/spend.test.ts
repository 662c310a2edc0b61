// GET /api/llm/spend on PostgreSQL: usage rows carry the calling key's team
// and tags, every grouping equals the sums over the raw usage rows, the CSV
// form, who may read what, bad input, and the daily rollup staying exact
// under concurrent writers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { createGatewayKey, startTestService, testDb, type TestService } from '../../test/support.ts';
import { usageBatcher } from '../../core/usageBatch.ts';
import { insertUsageBatch } from '../../db/gateway/insertUsage.ts';

let service: TestService;
let openai: Fake;
let db: Knex;
const keys: Record<'admin' | 'a' | 'b' | 'c', { key: string; id: string }> = {} as never;
const teams: Record<'red' | 'blue', string> = {} as never;

async function spend(key: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${service.gatewayUrl}/api/llm/spend?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${key}`, ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(['gateway'], { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-test' });
  db = service.db;
  for (const name of ['red', 'blue'] as const) teams[name] = (await db('gateway_teams').insert({ name: `team ${name}` }).returning('id'))[0].id;
  keys.admin = await createGatewayKey(db, 'admin');
  keys.a = await createGatewayKey(db, 'key a, "the first"');
  keys.b = await createGatewayKey(db, 'key b');
  keys.c = await createGatewayKey(db, '=c');
  await db('gateway_keys').where({ id: keys.admin.id }).update({ role: 'admin' });
  await db('gateway_keys').where({ id: keys.a.id }).update({ team_id: teams.red, tags: ['x', 'y'] });
  await db('gateway_keys').where({ id: keys.b.id }).update({ team_id: teams.blue, tags: ['x'] });
});

afterAll(async () => {
  await service?.close();
  await openai?.close();
});

describe('attribution', () => {
  it('writes the key team and tags on a /v1 call and on a queued task at its end', async () => {
    openai.script({ text: 'hi' });
    const v1 = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.a.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(v1.status).toBe(200);
    openai.script({ text: 'queued' });
    const queued = await fetch(`${service.gatewayUrl}/api/llm/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.b.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(queued.status).toBe(200);
    const { queueId } = (await queued.json()).data;
    for (let i = 0; ; i++) {
      const status = (await db('gateway_tasks').where({ id: queueId }).first('status')).status;
      if (status === 'completed') break;
      expect(i).toBeLessThan(500);
      await new Promise((r) => setTimeout(r, 20));
    }
    await usageBatcher(db).flush();
    const rows = await db('gateway_usage').whereIn('key_id', [keys.a.id, keys.b.id]).select('key_id', 'team_id', 'tags', 'surface');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.key_id === keys.a.id)).toMatchObject({ team_id: teams.red, tags: ['x', 'y'], surface: 'chat.completions' });
    expect(rows.find((r) => r.key_id === keys.b.id)).toMatchObject({ team_id: teams.blue, tags: ['x'], surface: 'native' });

    // Today's spend of key a, read by itself, counts its one call once although it has two tags.
    const today = new Date().toISOString().slice(0, 10);
    const own = await spend(keys.a.key, { from: today, to: today, groupBy: 'tag' });
    expect(own.status).toBe(200);
    expect(own.json.data.totals.calls).toBe(1);
    expect(own.json.data.rows.map((r: any) => [r.tag, r.calls])).toEqual(expect.arrayContaining([['x', 1], ['y', 1]]));
  });

  it("keeps a record's own team and tags, and takes the key row's only for a record without them", async () => {
    const record = { kind: 'completion', surface: 'native', provider: 'openai', model: 'attribution', inputTokens: 1, outputTokens: 1, totalTokens: 2, cachedTokens: 0, cacheCreationTokens: 0, cost: 0, billing: 'metered' as const, cached: false };
    // Key a is in team red with tags x, y now; the first record says how it was when the call was made.
    await insertUsageBatch(db, [
      { ...record, keyId: keys.a.id, keyTags: [], service: 'at call time' },
      { ...record, keyId: keys.a.id, teamId: teams.blue, keyTags: ['z'], service: 'moved since' },
      { ...record, keyId: keys.a.id, service: 'task end' },
    ]);
    const rows = await db('gateway_usage').where({ model: 'attribution' }).orderBy('id').select('service', 'team_id', 'tags');
    expect(rows).toEqual([
      { service: 'at call time', team_id: null, tags: [] },
      { service: 'moved since', team_id: teams.blue, tags: ['z'] },
      { service: 'task end', team_id: teams.red, tags: ['x', 'y'] },
    ]);
    await db('gateway_usage').where({ model: 'attribution' }).del();
  });
});

// Raw usage rows in January 2025 (away from the calls above): three keys in
// two teams and none, tags [x,y], [x] and none, three models, two surfaces, 40 days.
const RAW_FROM = '2025-01-01';
const RAW_TO = '2025-02-09';
interface Raw { key_id: string; team_id: string | null; tags: string[]; model: string | null; provider: string; surface: string; day: string; input_tokens: number; output_tokens: number; cost: string }

async function loadRaw(): Promise<Raw[]> {
  const people = [
    { key: keys.a.id, team: teams.red, tags: ['x', 'y'] },
    { key: keys.b.id, team: teams.blue, tags: ['x'] },
    { key: keys.c.id, team: null, tags: [] as string[] },
  ];
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < 900; i++) {
    const p = people[i % 3]!;
    const day = new Date(Date.parse(`${RAW_FROM}T00:00:00Z`) + (i % 40) * 86_400_000 + (i % 24) * 3_600_000);
    rows.push({
      key_id: p.key, team_id: p.team, tags: p.tags, kind: 'completion', billing: 'metered',
      model: [null, 'gpt-4o-mini', '=cmd'][i % 7 % 3], provider: ['openai', 'anthropic'][i % 5 % 2], surface: ['native', 'chat.completions'][i % 2],
      input_tokens: i, output_tokens: 2 * i + 1, total_tokens: 3 * i + 1, cost: (i * 0.00012345).toFixed(8), created_at: day.toISOString(),
    });
  }
  // Several statements, so the rollup adds onto rows earlier statements made.
  for (let i = 0; i < rows.length; i += 250) await db('gateway_usage').insert(rows.slice(i, i + 250));
  return (await db('gateway_usage').whereBetween('created_at', [`${RAW_FROM}T00:00:00Z`, `${RAW_TO}T23:59:59.999Z`])
    .select('key_id', 'team_id', 'tags', 'model', 'provider', 'surface', 'input_tokens', 'output_tokens', 'cost', db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`))) as Raw[];
}

/** The expected report, summed in JavaScript over the raw rows: a call once per tag when grouped by tag. */
function expected(raw: Raw[], groupBy: string[], bucket: string, filter: (r: Raw) => boolean = () => true) {
  const groups = new Map<string, { calls: number; inputTokens: number; outputTokens: number; spend: number }>();
  for (const r of raw.filter(filter)) {
    const tags = groupBy.includes('tag') ? (r.tags.length ? r.tags : [null]) : [undefined];
    for (const tag of tags) {
      const period = bucket === 'day' ? r.day : bucket === 'month' ? r.day.slice(0, 7) : undefined;
      const values = groupBy.map((g) => ({ key: r.key_id, team: r.team_id, tag, model: r.model, provider: r.provider, surface: r.surface })[g]);
      const id = JSON.stringify([period, ...values]);
      const g = groups.get(id) ?? { calls: 0, inputTokens: 0, outputTokens: 0, spend: 0 };
      g.calls++;
      g.inputTokens += r.input_tokens;
      g.outputTokens += r.output_tokens;
      g.spend += Number(r.cost);
      groups.set(id, g);
    }
  }
  return new Map([...groups].map(([id, g]) => [id, { ...g, spend: Math.round(g.spend * 1e8) }]));
}

function actual(rows: any[], groupBy: string[]) {
  const field = { key: 'keyId', team: 'teamId', tag: 'tag', model: 'model', provider: 'provider', surface: 'surface' } as Record<string, string>;
  return new Map(
    rows.map((r) => [
      JSON.stringify([r.period, ...groupBy.map((g) => r[field[g]!])]),
      { calls: r.calls, inputTokens: r.inputTokens, outputTokens: r.outputTokens, spend: Math.round(r.spend * 1e8) },
    ]),
  );
}

describe('groupings', () => {
  let raw: Raw[];
  beforeAll(async () => {
    raw = await loadRaw();
  });

  const GROUPINGS = [[], ['key'], ['team'], ['tag'], ['model'], ['provider'], ['surface'], ['team', 'tag'], ['key', 'model', 'surface'], ['tag', 'provider', 'model', 'team']];
  // Whole months come from the monthly rollup, the days around them from the daily one.
  const RANGES = [[RAW_FROM, RAW_TO], ['2024-12-20', '2025-02-28'], ['2025-01-03', '2025-02-28'], ['2025-01-10', '2025-02-05']] as const;
  for (const bucket of ['none', 'day', 'month']) {
    it(`equals the sums over the raw rows, bucket ${bucket}`, async () => {
      for (const [from, to] of RANGES) {
        const inRange = raw.filter((r) => r.day >= from && r.day <= to);
        for (const groupBy of from === RAW_FROM ? GROUPINGS : GROUPINGS.filter((g) => g.length !== 1 || g[0] === 'tag')) {
          const res = await spend(keys.admin.key, { from, to, bucket, ...(groupBy.length ? { groupBy: groupBy.join(',') } : {}), limit: '10000' });
          expect(res.status).toBe(200);
          expect(res.json.data.truncated).toBe(false);
          expect(actual(res.json.data.rows, groupBy), `${from}..${to} by ${groupBy}`).toEqual(expected(inRange, groupBy, bucket));
          // Totals count each call once, whatever the grouping.
          expect(res.json.data.totals).toMatchObject({ calls: inRange.length, inputTokens: inRange.reduce((n, r) => n + r.input_tokens, 0) });
        }
      }
    });
  }

  it('a range that ends today (or later) reads its month so far from the monthly rollup, and still equals the raw rows', async () => {
    const recent = await createGatewayKey(db, 'recent');
    // Dated by the database's clock, as usage rows are when written.
    await db('gateway_usage').insert(
      Array.from({ length: 90 }, (_, i) => ({
        key_id: recent.id, team_id: teams.blue, tags: i % 3 ? ['x'] : [], kind: 'completion', billing: 'metered', model: ['gpt-4o-mini', 'o3'][i % 2], provider: 'openai',
        surface: 'native', input_tokens: i, output_tokens: 1, total_tokens: i + 1, cost: (i * 0.0001).toFixed(8), created_at: db.raw(`now() - make_interval(days => ${i % 45})`),
      })),
    );
    const [{ today }] = (await db.raw(`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today`)).rows;
    const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const from = shift(today, -44);
    for (const to of [today, shift(today, 3)]) {
      const raw = (await db('gateway_usage').where('created_at', '>=', `${from}T00:00:00Z`).where('created_at', '<', `${shift(to, 1)}T00:00:00Z`)
        .select('key_id', 'team_id', 'tags', 'model', 'provider', 'surface', 'input_tokens', 'output_tokens', 'cost', db.raw(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`))) as Raw[];
      expect(raw.length).toBeGreaterThanOrEqual(90);
      for (const bucket of ['none', 'month']) {
        for (const groupBy of [[], ['key'], ['model'], ['tag', 'team'], ['key', 'provider']]) {
          const res = await spend(keys.admin.key, { from, to, bucket, ...(groupBy.length ? { groupBy: groupBy.join(',') } : {}), limit: '10000' });
          expect(actual(res.json.data.rows, groupBy), `${from}..${to} ${bucket} by ${groupBy}`).toEqual(expected(raw, groupBy, bucket));
          expect(res.json.data.totals.calls).toBe(raw.length);
        }
      }
    }
  });

  it('filters by key, team, tag, model and provider before grouping', async () => {
    const cases: Array<[Record<string, string>, (r: Raw) => boolean]> = [
      [{ keyId: keys.b.id }, (r) => r.key_id === keys.b.id],
      [{ teamId: teams.red }, (r) => r.team_id === teams.red],
      [{ tag: 'x' }, (r) => r.tags.includes('x')],
      [{ tag: 'y', model: 'gpt-4o-mini' }, (r) => r.tags.includes('y') && r.model === 'gpt-4o-mini'],
      [{ provider: 'anthropic', teamId: teams.blue }, (r) => r.provider === 'anthropic' && r.team_id === teams.blue],
    ];
    for (const [filter, keep] of cases) {
      const res = await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, bucket: 'month', groupBy: 'key,surface', ...filter });
      expect(res.status).toBe(200);
      expect(actual(res.json.data.rows, ['key', 'surface'])).toEqual(expected(raw, ['key', 'surface'], 'month', keep));
      expect(res.json.data.totals.calls).toBe(raw.filter(keep).length);
    }
  });

  it('answers a part of a range, names keys and teams, and truncates at limit', async () => {
    const res = await spend(keys.admin.key, { from: '2025-01-05', to: '2025-01-06', groupBy: 'key,team', limit: '2' });
    const inRange = raw.filter((r) => r.day === '2025-01-05' || r.day === '2025-01-06');
    expect(res.json.data.totals.calls).toBe(inRange.length);
    expect(res.json.data.rows).toHaveLength(2);
    expect(res.json.data.truncated).toBe(true);
    expect(res.json.data.rows[0].spend).toBeGreaterThanOrEqual(res.json.data.rows[1].spend);
    const a = (await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, groupBy: 'key,team', keyId: keys.a.id })).json.data.rows[0];
    expect(a).toMatchObject({ keyId: keys.a.id, keyName: 'key a, "the first"', teamId: teams.red, teamName: 'team red' });
  });

  it('answers CSV with quoting, formula guard and truncation header', async () => {
    const res = await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, bucket: 'month', groupBy: 'key,model', format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = res.text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('period,keyId,keyName,model,calls,inputTokens,outputTokens,totalTokens,spend');
    const json = (await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, bucket: 'month', groupBy: 'key,model' })).json.data.rows;
    expect(lines.length - 2).toBe(json.length);
    const cell = (v: unknown) => (v === null ? '' : String(v));
    json.forEach((r: any, i: number) => {
      const name = r.keyName === 'key a, "the first"' ? '"key a, ""the first"""' : r.keyName === '=c' ? "'=c" : r.keyName;
      const model = r.model === '=cmd' ? "'=cmd" : cell(r.model);
      expect(lines[i + 1]).toBe([r.period, r.keyId, name, model, r.calls, r.inputTokens, r.outputTokens, r.totalTokens, r.spend].join(','));
    });
    const viaAccept = await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, bucket: 'month', groupBy: 'key,model', limit: '1' }, { accept: 'text/csv' });
    expect(viaAccept.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(viaAccept.headers.get('x-spend-truncated')).toBe('true');
    expect(viaAccept.text.split('\r\n')).toHaveLength(3);
  });
});

describe('who may read what', () => {
  it('shows a member its own rows only and refuses another key with 403', async () => {
    const own = await spend(keys.b.key, { from: RAW_FROM, to: RAW_TO, groupBy: 'key' });
    expect(own.status).toBe(200);
    expect(own.json.data.rows.map((r: any) => r.keyId)).toEqual([keys.b.id]);
    const ownTeam = await spend(keys.b.key, { from: RAW_FROM, to: RAW_TO, teamId: teams.red });
    expect(ownTeam.json.data.totals.calls).toBe(0);
    const other = await spend(keys.b.key, { from: RAW_FROM, to: RAW_TO, keyId: keys.a.id });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ success: false, message: "Only an admin key may read another key's spend", code: 'forbidden' });
    const asAdmin = await spend(keys.admin.key, { from: RAW_FROM, to: RAW_TO, keyId: keys.a.id });
    expect(asAdmin.json.data.totals.calls).toBe(300);
  });

  it('refuses bad input with 400 in the gateway error shape', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ groupBy: 'key,colour' }, 'invalid_request'],
      [{ from: '2025-02-01', to: '2025-01-01' }, 'invalid_range'],
      [{ from: '2025-02-30' }, 'invalid_request'],
      [{ from: 'yesterday' }, 'invalid_request'],
      [{ from: '2024-01-01', to: '2025-01-31', bucket: 'day' }, 'range_too_large'],
      [{ from: '2010-01-01', to: '2025-01-31' }, 'range_too_large'],
    ];
    for (const [query, code] of cases) {
      const res = await spend(keys.admin.key, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json).toMatchObject({ success: false, code });
    }
    expect((await spend(keys.admin.key, { from: '2024-01-01', to: '2025-01-31', bucket: 'month' })).status).toBe(200);
  });
});

describe('the rollups', () => {
  it('equals the raw rows after concurrent inserts, updates and deletes on the same groups', async () => {
    const writers = await Promise.all(Array.from({ length: 4 }, () => testDb()));
    try {
      const day = '2025-03-01T12:00:00Z';
      await Promise.all(
        writers.map(async (w, n) => {
          for (let i = 0; i < 25; i++) {
            await w.transaction(async (trx) => {
              // Same groups from every writer, in different orders: contention on the same rollup rows.
              const batch = [0, 1, 2, 3].map((j) => ({
                key_id: [keys.a.id, keys.b.id, keys.c.id][(i + j + n) % 3], team_id: null, tags: j % 2 ? ['x', 'y'] : ['y'], kind: 'completion', billing: 'metered',
                provider: 'openai', model: 'm', surface: 'native', input_tokens: 1, output_tokens: 2, total_tokens: 3, cost: '0.00000001', created_at: day,
              }));
              await trx('gateway_usage').insert(n % 2 ? batch.reverse() : batch);
            });
          }
        }),
      );
      await db('gateway_usage').where({ model: 'm' }).whereRaw('id % 5 = 0').del();
      await db('gateway_usage').where({ model: 'm' }).whereRaw('id % 7 = 0').update({ model: 'm2', cost: '0.5' });
    } finally {
      await Promise.all(writers.map((w) => w.destroy()));
    }
    // Every rollup shape: the full one, without the key, without provider, model and surface.
    const shapes = [
      ['', 'key_id, team_id, provider, model, surface', 'u.key_id, u.team_id, u.provider, u.model, u.surface'],
      ['_teams', 'team_id, provider, model, surface', 'u.team_id, u.provider, u.model, u.surface'],
      ['_keys', 'key_id, team_id', 'u.key_id, u.team_id'],
    ] as const;
    for (const [table, day] of shapes.flatMap(([suffix, columns, exprs]) =>
      (['day', 'month'] as const).map((period) => [{ name: `gateway_usage_${period === 'day' ? 'daily' : 'monthly'}${suffix}`, columns, exprs }, period] as const),
    )) {
      const n = table.columns.split(',').length + 3;
      const mismatch = await db.raw(`
        WITH expected AS (
          SELECT date_trunc('${day}', u.created_at AT TIME ZONE 'UTC')::date AS day, t.tag, cardinality(u.tags) > 0 AS tagged, ${table.exprs},
                 count(*) AS calls, sum(u.input_tokens) AS input_tokens, sum(u.output_tokens) AS output_tokens, sum(u.total_tokens) AS total_tokens, sum(u.cost) AS cost
            FROM gateway_usage u CROSS JOIN LATERAL (SELECT NULL::text AS tag UNION SELECT unnest(u.tags)) t
           GROUP BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}),
        stored AS (SELECT day, tag, tagged, ${table.columns}, calls, input_tokens, output_tokens, total_tokens, cost FROM ${table.name})
        SELECT (SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM stored) a) + (SELECT count(*) FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM expected) b) AS n,
               (SELECT count(*) FROM stored) AS stored`);
      expect(Number(mismatch.rows[0].n), table.name).toBe(0);
      expect(Number(mismatch.rows[0].stored)).toBeGreaterThan(0);
    }
    expect(Number((await db('gateway_usage').where({ model: 'm2' }).count('* as n'))[0]!.n)).toBeGreaterThan(0);
    const m = await spend(keys.admin.key, { from: '2025-03-01', to: '2025-03-01', groupBy: 'model' });
    const raw = await db('gateway_usage').whereIn('model', ['m', 'm2']).groupBy('model').select('model', db.raw('count(*)::int AS calls'));
    expect(Object.fromEntries(m.json.data.rows.map((r: any) => [r.model, r.calls]))).toEqual(Object.fromEntries(raw.map((r) => [r.model, r.calls])));
  });
});
