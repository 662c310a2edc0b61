// `npm run mock -- gateway|compat|analytics [port]`: Prism serves the spec's examples.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../server/paths.ts';

const DEFAULT_PORTS = { gateway: 4010, compat: 4011, analytics: 4012 } as const;
const name = process.argv[2] as keyof typeof DEFAULT_PORTS;
if (!(name in DEFAULT_PORTS)) {
  console.error('usage: npm run mock -- gateway|compat|analytics [port]');
  process.exit(2);
}
const port = process.argv[3] ?? String(DEFAULT_PORTS[name]);
const prism = spawn(
  path.join(REPO_ROOT, 'node_modules', '.bin', 'prism'),
  ['mock', '--host', '127.0.0.1', '--port', port, path.join(REPO_ROOT, 'openapi', `${name}.yaml`)],
  { stdio: 'inherit' },
);
prism.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
