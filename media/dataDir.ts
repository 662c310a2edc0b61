// Where the service keeps files of its own (uploaded videos, generated media,
// the embedded database): SWITCHYARD_DATA_DIR, by default .data in the checkout.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, env.SWITCHYARD_DATA_DIR || '.data');
}
