// `npm run -s operations`: the table of operations and their status (docs/api.md),
// from the specs and contract-tests/not-implemented.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { REPO_ROOT } from '../server/paths.ts';

const notImplemented = new Set<string>(JSON.parse(readFileSync(path.join(REPO_ROOT, 'contract-tests/not-implemented.json'), 'utf8')));
for (const name of ['gateway', 'compat', 'analytics']) {
  const doc = yaml.load(readFileSync(path.join(REPO_ROOT, 'openapi', `${name}.yaml`), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
  console.log(`\n**${name}** (\`openapi/${name}.yaml\`)\n\n| operationId | method and path | status |\n|---|---|---|`);
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const status = notImplemented.has(`${name}:${op.operationId}`) ? '501 not implemented yet' : 'implemented';
      console.log(`| ${op.operationId} | ${method.toUpperCase()} ${p} | ${status} |`);
    }
  }
}
