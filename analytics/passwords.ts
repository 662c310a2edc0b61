// Passwords (accounts' and shared links') are stored as scrypt hashes
// (node:crypto), memory-hard so that a stolen table is slow to guess on GPUs.
// The stored form names its own cost: `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`,
// so raising the cost later leaves older hashes verifiable. The default cost,
// N = 2^17, r = 8, p = 1 (128 MiB, about 0.2 s on one core), is OWASP's
// recommended minimum for scrypt; ANALYTICS_SCRYPT_LOG_N raises N (up to 20) or
// lowers it: 14 for a small machine, below that (down to 10) for tests only.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptCost = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // scrypt needs 128 * N * r bytes; node refuses above 32 MiB unless told.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; the comparison takes the same time wherever the bytes differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { logN: Number(logN), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when there is no account, so an unknown email costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(cost: ScryptCost): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'), cost);
  return decoy;
}
