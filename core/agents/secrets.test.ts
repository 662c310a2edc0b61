import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWebhookSecret, SecretBox, secretBox, webhookSecretHash, webhookSecretMatches } from './secrets.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('webhook secrets', () => {
  it('are generated with the whsec_ prefix and 40 random characters, never twice the same', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it('match only the secret that was hashed, and nothing matches a missing template', () => {
    const secret = generateWebhookSecret();
    const stored = webhookSecretHash(secret);
    expect(webhookSecretMatches(secret, stored)).toBe(true);
    expect(webhookSecretMatches(`${secret}x`, stored)).toBe(false);
    expect(webhookSecretMatches(secret.slice(0, -1), stored)).toBe(false);
    expect(webhookSecretMatches(undefined, stored)).toBe(false);
    expect(webhookSecretMatches(secret, undefined)).toBe(false);
    expect(webhookSecretMatches('', webhookSecretHash(''))).toBe(true);
    expect(webhookSecretMatches(undefined, undefined)).toBe(false);
  });
});

describe('secret box', () => {
  it('seals so that only the same key opens, and tampering is detected', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('whsec_abc');
    expect(sealed.includes(Buffer.from('whsec_abc'))).toBe(false);
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.seal('whsec_abc').equals(sealed)).toBe(false); // a fresh IV each time
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow(/not the key it was sealed with/);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.open(tampered)).toThrow();
  });

  it('takes SWITCHYARD_SECRET_KEY, refusing a short one', async () => {
    const a = await secretBox({ SWITCHYARD_SECRET_KEY: 'k'.repeat(40) });
    const b = await secretBox({ SWITCHYARD_SECRET_KEY: 'k'.repeat(40) });
    expect(b.open(a.seal('x'))).toBe('x');
    await expect(secretBox({ SWITCHYARD_SECRET_KEY: 'short' })).rejects.toThrow(/at least 32/);
  });

  it('otherwise generates a key file once, readable by the owner only, and keeps using it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'secret-box-'));
    dirs.push(dir);
    const env = { SWITCHYARD_DATA_DIR: dir };
    const sealed = (await secretBox(env)).seal('whsec_kept');
    const file = path.join(dir, 'secret.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await readFile(file, 'utf8');
    expect(key.trim().length).toBeGreaterThanOrEqual(32);
    // A process starting on a copy of the data directory reads the key instead of making another.
    const copy = await mkdtemp(path.join(tmpdir(), 'secret-box-'));
    dirs.push(copy);
    await writeFile(path.join(copy, 'secret.key'), key, { mode: 0o600 });
    expect((await secretBox({ SWITCHYARD_DATA_DIR: copy })).open(sealed)).toBe('whsec_kept');
    expect(await readFile(file, 'utf8')).toBe(key);
  });
});
