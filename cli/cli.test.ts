// The operators' CLI against a real PostgreSQL: what `keys list` shows is what
// `keys revoke` accepts, every command has --help, and every mistake is one
// line on stderr with a non-zero exit, never a stack.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, type Io } from './index.ts';
import { databaseUrl, testDb } from '../test/support.ts';
import type { Knex } from 'knex';

const ROOT = path.resolve(import.meta.dirname, '..');

let db: Knex;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  db = await testDb();
  env = { DATABASE_URL: await databaseUrl() };
});
afterAll(() => db.destroy());

async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')), env };
  return { code: await runCli(argv, io), out, err };
}

function oneLine(err: string[]): string {
  expect(err).toHaveLength(1);
  expect(err[0]).not.toMatch(/^\s+at /);
  return err[0]!;
}

describe('npm run cli', () => {
  test('keys create --quiet prints the key alone; keys list shows it; revoke takes the prefix exactly as list shows it', async () => {
    const created = await cli('keys', 'create', '--name', 'cli-test', '--quiet');
    expect(created.code).toBe(0);
    expect(created.out).toHaveLength(1);
    const key = created.out[0]!;
    expect(key).toMatch(/^gw_live_[A-Za-z0-9]{48}$/);

    const listed = await cli('keys', 'list');
    const line = listed.out.find((l) => l.includes('cli-test'))!;
    const shown = line.split(/\s+/)[1]!; // gw_live_XXXXXXXX…
    expect(shown).toBe(`${key.slice(0, 16)}…`);

    const revoked = await cli('keys', 'revoke', shown);
    expect(revoked).toMatchObject({ code: 0, err: [] });
    expect(revoked.out[0]).toContain('revoked');
    expect((await cli('keys', 'list')).out.find((l) => l.includes('cli-test'))).toContain('REVOKED');
    // Revoked already: one line and exit 1.
    const again = await cli('keys', 'revoke', shown);
    expect(again.code).toBe(1);
    expect(oneLine(again.err)).toContain('no active key matches');
  });

  test('revoke takes the id, the prefix without the ellipsis and the whole key', async () => {
    const byId = await cli('keys', 'create', '--name', 'by-id');
    const id = /key id: (\S+)/.exec(byId.out.join('\n'))![1]!;
    expect((await cli('keys', 'revoke', id.toUpperCase())).code).toBe(0);

    const byPrefix = (await cli('keys', 'create', '--quiet')).out[0]!;
    expect((await cli('keys', 'revoke', byPrefix.slice(0, 16))).code).toBe(0);

    const whole = (await cli('keys', 'create', '--quiet')).out[0]!;
    expect((await cli('keys', 'revoke', whole)).code).toBe(0);
    const revoked = await db('gateway_keys').whereIn('lookup', [byPrefix.slice(0, 16), whole.slice(0, 16)]).whereNotNull('revoked_at');
    expect(revoked).toHaveLength(2);
  });

  test('the first admin key, teams, tag budgets and rotation come from the CLI, audited as cli', async () => {
    const team = await cli('teams', 'create', 'cli-team', '--budget', 'month:100', '--rpm', '600');
    expect(team.code).toBe(0);
    const teamId = team.out[0]!.replace('team id: ', '');
    const created = await cli('keys', 'create', '--name', 'cli-admin', '--role', 'admin', '--team', teamId, '--tags', 'ops,billing', '--models', 'openai/*', '--budget', 'day:5:soft', '--tpm', '1000');
    expect(created.code).toBe(0);
    const id = created.out[0]!.replace('key id: ', '');
    const row = await db('gateway_keys').where({ id }).first();
    expect(row).toMatchObject({ role: 'admin', team_id: teamId, tags: ['ops', 'billing'], allowed_models: ['openai/*'], limits: { tokensPerMinute: 1000 }, budgets: [{ period: 'day', amountUsd: 5, mode: 'soft' }] });
    expect((await cli('tags', 'set', 'billing', '--budget', 'week:20:hard')).code).toBe(0);
    expect(await db('gateway_tag_policies').where({ tag: 'billing' }).first()).toMatchObject({ budgets: [{ period: 'week', amountUsd: 20, mode: 'hard' }] });
    const rotated = await cli('keys', 'rotate', id, '--grace', '60');
    expect(rotated.code).toBe(0);
    expect(rotated.out[1]).toMatch(/^new api key \(shown once, store it now\): gw_live_/);
    expect((await cli('keys', 'update', id, '--role', 'member')).code).toBe(0);
    const audit = await db('gateway_audit').where({ target_id: id }).orderBy('id');
    expect(audit.map((e) => [e.action, e.actor, e.actor_key_id])).toEqual([
      ['key.create', 'cli', null],
      ['key.rotate', 'cli', null],
      ['key.update', 'cli', null],
    ]);
    // The admin functions' refusals are one line and exit 1.
    const twice = await cli('keys', 'update', id, '--budget', 'day:1', '--budget', 'day:2');
    expect(twice.code).toBe(1);
    expect(oneLine(twice.err)).toContain('day period is given twice');
    const badBudget = await cli('keys', 'create', '--budget', 'fortnight:3');
    expect(badBudget.code).toBe(2);
    expect(oneLine(badBudget.err)).toContain('--budget');
  });

  test('every command answers --help', async () => {
    const top = await cli('--help');
    expect(top.code).toBe(0);
    for (const command of ['create', 'list', 'revoke']) {
      expect(top.out.join('\n')).toContain(`keys ${command}`);
      const help = await cli('keys', command, '--help');
      expect(help.code).toBe(0);
      expect(help.out[0]).toBe(`usage: npm run cli -- ${help.out[0]!.slice('usage: npm run cli -- '.length)}`);
      expect(help.out.join('\n')).toContain(`keys ${command}`);
    }
    expect((await cli('keys', '--help')).code).toBe(0);
  });

  test('a wrong command line is one line and exit 2', async () => {
    for (const argv of [['frobnicate'], ['keys', 'delete'], ['keys', 'create', '--colour', 'red'], ['keys', 'revoke'], ['keys', 'list', 'extra'], ['keys', 'revoke', "1'; DROP TABLE gateway_keys; --"]]) {
      const run = await cli(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(oneLine(run.err)).toMatch(/^error: .*\(npm run cli -- --help\)$/);
    }
    expect(await db('gateway_keys').count({ n: '*' })).toBeTruthy();
  });

  test('a database it cannot reach is one line and exit 1', async () => {
    const saved = env;
    env = { DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:9/nothing' };
    try {
      const run = await cli('keys', 'list');
      expect(run.code).toBe(1);
      expect(oneLine(run.err)).toMatch(/^error: .*ECONNREFUSED/);
    } finally {
      env = saved;
    }
  });

  test('as a process: the exit code and the one line come out as such', async () => {
    const node = path.join(ROOT, 'node_modules/.bin/node');
    const run = await promisify(execFile)(node, ['cli/index.ts', 'keys', 'revoke', 'not-a-key'], { cwd: ROOT, env: { ...process.env, ...env } }).catch((e) => e);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error: "not-a-key" is not a key id or key prefix/)]);
  });
});
