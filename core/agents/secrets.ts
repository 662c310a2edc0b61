// Template webhook secrets. The gateway checks X-Webhook-Secret against a
// SHA-256 of the secret in constant time, as it checks API keys; but unlike a
// key it must also send the secret (in the upstream agent's headers and with
// every relay to the customer), so a copy is kept sealed with AES-256-GCM
// under a key that is not in the database: SWITCHYARD_SECRET_KEY, or a key
// generated once into <data dir>/secret.key (mode 0600). A database dump alone
// does not reveal a secret. The plaintext lives only in memory while a
// request needs it, and is never logged.
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../../media/dataDir.ts';
import { hashesMatch, hashKey, randomString } from '../../protocols/keys.ts';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomString(40);
}

export function webhookSecretHash(secret: string): Buffer {
  return hashKey(secret);
}

// Compared when there is no template, so a wrong id costs the same as a wrong secret.
const NOTHING = hashKey('no template has this secret');

/** Constant-time comparison of a presented secret with a stored hash (or with nothing). */
export function webhookSecretMatches(presented: string | undefined, stored: Buffer | undefined): boolean {
  const matches = hashesMatch(hashKey(presented ?? ''), stored ?? NOTHING);
  return matches && stored !== undefined && presented !== undefined;
}

/** Seals and opens secrets with one AES-256-GCM key: version byte, IV, tag, ciphertext. */
export class SecretBox {
  readonly #key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
    this.#key = key;
  }

  seal(plaintext: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), sealed]);
  }

  open(sealed: Buffer): string {
    if (sealed[0] !== VERSION) throw new Error('unknown sealed-secret version');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('a sealed secret (a webhook secret, a queued task\'s provider key) could not be opened: SWITCHYARD_SECRET_KEY (or <data dir>/secret.key) is not the key it was sealed with');
    }
  }
}

/** Any string of 32+ characters becomes a key (SHA-256 with a label, so the same value used elsewhere gives another key). */
function derive(material: string): Buffer {
  return hash('sha256', `switchyard secret box\0${material}`, 'buffer');
}

async function keyFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes the key and the other reads it.
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(`${randomBytes(32).toString('base64')}\n`);
    } finally {
      await handle.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (text.length < 32) throw new Error(`${file} does not hold a key (it must have 32+ characters); delete it only if no template was created with it`);
  return derive(text);
}

const boxes = new Map<string, Promise<SecretBox>>();

/** The gateway's secret box: SWITCHYARD_SECRET_KEY, else the key file under SWITCHYARD_DATA_DIR. */
export function secretBox(env: NodeJS.ProcessEnv = process.env): Promise<SecretBox> {
  const configured = env.SWITCHYARD_SECRET_KEY;
  if (configured !== undefined && configured.length < 32) {
    return Promise.reject(new Error('SWITCHYARD_SECRET_KEY must have at least 32 characters'));
  }
  const file = path.join(dataDir(env), 'secret.key');
  const cacheKey = configured ? `env:${hashKey(configured).toString('hex')}` : `file:${file}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = (configured ? Promise.resolve(derive(configured)) : keyFile(file)).then((key) => new SecretBox(key));
    box.catch(() => boxes.delete(cacheKey));
    boxes.set(cacheKey, box);
  }
  return box;
}
