// Every environment variable the code reads is in the README's tables, and
// every variable the environment table lists is still read somewhere. Reads
// are found in the sources: env.NAME and env['NAME'], names built from a
// template (PROVIDER_CONCURRENCY_${id} counts as PROVIDER_CONCURRENCY_<ID>),
// and the variables the provider descriptors name. A read whose name the
// scan cannot see (env[someVariable]) must be in a file listed below with
// where its names come from.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROVIDERS } from '../providers/registry.ts';
import { WEB_ENGINES, webEngine } from '../providers/webEngines.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Tests and what only tests use: the suite's own switches are documented where they are read.
 * test/browser.ts is not among them: `npm run bench` drives chromium through it too.
 */
const isTestSupport = (file: string) =>
  file !== 'test/browser.ts' &&
  (/\.test\.ts$/.test(file) || /(^|\/)(testing|fixtures)(\/|\.ts$)/.test(file) || /^(test|contract-tests)\//.test(file) || /\/fake\.ts$/.test(file));

/** Files that read env[variable]: where those names come from. */
const DYNAMIC_READS: Record<string, string> = {
  'providers/settings.ts': "the descriptors' keyEnv and baseUrlEnv, and the names in its own string literals",
  'providers/registry.ts': 'PROVIDER_CONCURRENCY_<ID>, a template',
  'providers/webEngines.ts': "the web-detection engines' keyEnv and baseUrlEnv",
  'providers/media.ts': 'MEDIA_POLL_*, string literals passed to a reader',
  'core/vision.ts': 'PROVIDER_CONCURRENCY_GOOGLE_VISION and _TINEYE, string literals passed to a reader',
  'analytics/accounts.ts': 'ANALYTICS_OIDC_* or CONSOLE_OIDC_* by a prefix, and the limits through a reader of string literals',
  'providers/azure/settings.ts': 'AZURE_OPENAI_API_VERSION, _DEPLOYMENTS and _AD_TOKEN, constants passed to a reader',
  'providers/azure/entra.ts': 'AZURE_OPENAI_TENANT_ID, _CLIENT_ID, _CLIENT_SECRET and _AUTHORITY_HOST, constants passed to a reader',
  'providers/deployments.ts': 'SWITCHYARD_CONFIG, and the ${NAME} references of switchyard.yaml',
  'bench/gatewayProcess.ts': "the NAME=value words of package.json's start script (MALLOC_ARENA_MAX)",
};

/** Read, but set by the code itself for processes it starts, never by an operator. */
const INTERNAL: Record<string, string> = {
  UPSTREAM_URL: 'bench/ tells its reference proxy where the fake upstream is',
  ANALYTICS_BENCH_WORKER_PORT: 'bench/ tells its cluster workers their port',
  ANALYTICS_BENCH_WARM_UP: 'bench/ tells the analytics service process it starts to warm up as npm start does',
  MALLOC_ARENA_MAX: "glibc's, set by npm start's script (docs/operations.md); the processes bench runs with and without it",
};

function sources(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!['node_modules', 'generated'].includes(entry.name) && !entry.name.startsWith('.')) out.push(...sources(rel));
    } else if (/\.(ts|mts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTestSupport(rel)) out.push(rel);
  }
  return out;
}

const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*';

function readsOf(file: string): { names: Set<string>; dynamic: boolean } {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(new RegExp(`\\benv\\.(${NAME})\\b`, 'g'))) names.add(m[1]!);
  for (const m of text.matchAll(new RegExp(`\\benv\\[\\s*['"](${NAME})['"]\\s*\\]`, 'g'))) names.add(m[1]!);
  const dynamic = /\benv\[\s*(?!['"])/.test(text);
  if (dynamic) {
    // Templates: `PREFIX_${...}` reads PREFIX_<ID>.
    for (const m of text.matchAll(new RegExp(`\`(${NAME}_)\\$\\{`, 'g'))) names.add(`${m[1]}<ID>`);
    // Names the file passes around as strings before reading them.
    for (const m of text.matchAll(new RegExp(`['"](${NAME}_${NAME})['"]`, 'g'))) names.add(m[1]!);
  }
  return { names, dynamic };
}

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** Every `NAME` the README puts in backticks, alone or in a list such as `A`, `B`. */
const documented = new Set([...README.matchAll(new RegExp(`\`(${NAME}(?:_<ID>)?)\``, 'g'))].map((m) => m[1]!));

describe('environment variables', () => {
  const reads = new Map<string, string[]>();
  const dynamicFiles: string[] = [];
  for (const file of sources()) {
    const { names, dynamic } = readsOf(file);
    if (dynamic) dynamicFiles.push(file);
    for (const name of names) reads.set(name, [...(reads.get(name) ?? []), file]);
  }
  for (const d of PROVIDERS) {
    for (const name of [d.keyEnv, d.baseUrlEnv]) if (name) reads.set(name, [...(reads.get(name) ?? []), `providers/${d.id}/index.ts`]);
  }
  for (const id of WEB_ENGINES) {
    const e = webEngine(id);
    for (const name of [e.keyEnv, e.baseUrlEnv]) reads.set(name, [...(reads.get(name) ?? []), `providers/${id}/index.ts`]);
  }

  test('every read whose name the scan cannot see is accounted for', () => {
    expect(dynamicFiles.sort()).toEqual(Object.keys(DYNAMIC_READS).sort());
  });

  test('every variable the code reads is documented in the README', () => {
    const missing = [...reads.entries()].filter(([name]) => !documented.has(name) && !(name in INTERNAL)).map(([name, files]) => `${name} (read in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  test("every variable the README's environment table lists is read", () => {
    const table = README.slice(README.indexOf('### Environment'), README.indexOf('### Provider settings'));
    const listed = new Set(
      table
        .split('\n')
        .filter((row) => row.startsWith('| `'))
        .flatMap((row) => [...row.split('|')[1]!.matchAll(new RegExp(`\`(${NAME}(?:_<ID>)?)\``, 'g'))].map((m) => m[1]!)),
    );
    expect(listed.size).toBeGreaterThan(10);
    const stale = [...listed].filter((name) => !reads.has(name) && !['<PROVIDER>_API_KEY', '<PROVIDER>_BASE_URL'].includes(name));
    expect(stale).toEqual([]);
  });
});
