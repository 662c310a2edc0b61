// `npm run generate`: types, SDK and fetch client for each spec into generated/<name>/.
// CI runs it and fails when the committed output differs.
import { createClient } from '@hey-api/openapi-ts';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { REPO_ROOT } from '../server/paths.ts';

export const SPECS = ['gateway', 'compat', 'analytics'] as const;

for (const name of SPECS) {
  const output = path.join(REPO_ROOT, 'generated', name);
  await rm(output, { recursive: true, force: true });
  await createClient({
    input: path.join(REPO_ROOT, 'openapi', `${name}.yaml`),
    output: { path: output, postProcess: [] } as never,
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent', file: false } as never,
  });
}
