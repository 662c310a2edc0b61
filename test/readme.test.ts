// Every code block of README.md, then of docs/*.md (in name order), run in
// order as a reader would run them against the service the README starts, so
// neither can drift from what works. A block that is not a command (a
// configuration file, say) follows a line `<!-- not run: why -->` and is
// skipped; any other block must be in a language run here:
// - a sh/bash block runs in bash (`set -eo pipefail`); what it exports is kept
//   for the blocks after it. curl fails on an HTTP error (--fail-with-body
//   through CURL_HOME), so a block whose request is refused fails.
// - a block that runs `npm start` starts it for real, in the background, with
//   free ports, a fresh data directory and the providers pointed at their
//   loopback fakes, and the blocks after it call that service. `npm install`
//   is CI's own first step (.ci/run), so that line is not run again here.
// - a ts/js block runs on Node 24 as a module from stdin, in the checkout
//   (relative imports such as ./generated/gateway/index.ts resolve there).
// - a block written for "another project" (it names ../switchyard or imports
//   @switchyard/…) runs in an empty directory with the checkout at ../switchyard.
// - an html block is loaded in chromium as a page of a site the analytics
//   project tracks; no request of it may fail.
// The README's default addresses (localhost:8080, :8081) are rewritten to the
// ports the service got; PROJECT_ID in an html block becomes the project an
// earlier block created (it exports PROJECT_ID).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../server/database.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { startFake as startGemini } from '../providers/gemini/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { databaseUrl } from './support.ts';
import { launchChromium, type LaunchedBrowser } from './browser.ts';
import { needs } from './systemPackages.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

export interface Block {
  lang: string;
  code: string;
  /** Where the block is: the file (relative to the checkout) and the 1-based line of its opening fence. */
  file: string;
  line: number;
  /** Why the block is not run (the `<!-- not run: … -->` line before it), if it is not. */
  notRun?: string;
}

const NOT_RUN = /^<!--\s*not run:\s*(.+?)\s*-->\s*$/;

export function codeBlocks(markdown: string, file = 'README.md'): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const notRun = start > 0 ? NOT_RUN.exec(lines[start - 1]!)?.[1] : undefined;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    blocks.push({ lang: open[1] || 'text', code: body.join('\n'), file, line: start + 1, ...(notRun ? { notRun } : {}) });
  }
  return blocks;
}

const where = (block: Block) => `${block.file} line ${block.line}`;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

const DOCS = readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/${f}`);
/** Every block, README first: the README's blocks start the service the others call. */
const ALL_BLOCKS = ['README.md', ...DOCS].flatMap((file) => codeBlocks(readFileSync(path.join(ROOT, file), 'utf8'), file));
const BLOCKS = ALL_BLOCKS.filter((b) => !b.notRun);

let scratch: string;
let appDir: string;
let openai: Fake;
let gemini: Fake;
let server: { child: ChildProcess; exited: Promise<number | null>; output: () => string } | undefined;
let browser: LaunchedBrowser | undefined;
let ports: { gateway: number; analytics: number };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'switchyard-readme-'));
  appDir = path.join(scratch, 'my-app');
  await mkdir(appDir);
  await writeFile(path.join(appDir, 'package.json'), '{ "name": "my-app", "private": true, "type": "module" }\n');
  await symlink(ROOT, path.join(scratch, 'switchyard'));
  await writeFile(path.join(scratch, '.curlrc'), '--fail-with-body\n--silent\n--show-error\n');
  [openai, gemini] = await Promise.all([startOpenAI(), startGemini()]);
  ports = { gateway: await freePort(), analytics: await freePort() };
  env = {
    ...process.env,
    NODE_ENV: '',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    GATEWAY_PORT: String(ports.gateway),
    ANALYTICS_PORT: String(ports.analytics),
    DATABASE_URL: await databaseUrl(),
    SWITCHYARD_DATA_DIR: path.join(scratch, 'data'),
    // The code the README's analytics example uses.
    ANALYTICS_INVITE_CODES: 'launch-2026',
    // Examples that need a real provider get its loopback fake.
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-readme',
    GEMINI_BASE_URL: gemini.url,
    GEMINI_API_KEY: 'readme-gemini',
    CURL_HOME: scratch,
  };
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await browser?.close();
  await Promise.all([openai?.close(), gemini?.close()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The README's addresses as this run's. */
function localised(code: string): string {
  return code
    .replaceAll('localhost:8080', `127.0.0.1:${ports.gateway}`)
    .replaceAll('localhost:8081', `127.0.0.1:${ports.analytics}`);
}

function forAnotherProject(code: string): boolean {
  return code.includes('../switchyard') || /from ['"]@switchyard\//.test(code);
}

async function startServer(command: string): Promise<void> {
  const args = command.trim().split(/\s+/);
  const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  server = { child, exited, output: () => output };
  const deadline = Date.now() + 180_000;
  while (!(output.includes('"gateway listening"') && output.includes('"analytics listening"'))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`\`${command}\` did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runShell(block: Block): Promise<void> {
  const lines = block.code.split('\n');
  const start = lines.findIndex((l) => /^npm start\b/.test(l.trim()));
  if (start >= 0) {
    // Only CI's own install step may come before the server in such a block.
    expect(block.file, `${where(block)}: only the README starts the service`).toBe('README.md');
    for (const line of lines.slice(0, start)) expect(['npm install', 'npm ci', ''], `${where(block)}: ${line}`).toContain(line.trim());
    expect(lines.slice(start + 1).join('').trim(), `${where(block)}: nothing may follow npm start in its block`).toBe('');
    await startServer(lines[start]!);
    return;
  }
  const envFile = path.join(scratch, 'env.out');
  const script = `set -eo pipefail\n${localised(block.code)}\nenv -0 > '${envFile}'\n`;
  const ran = await run('bash', ['-c', script], { cwd: forAnotherProject(block.code) ? appDir : ROOT, env });
  expect(ran.code, `${where(block)} (sh) failed:\n${ran.stdout}\n${ran.stderr}`).toBe(0);
  // What the block exported is there for the next blocks.
  for (const pair of (await readFile(envFile, 'utf8')).split('\0')) {
    const eq = pair.indexOf('=');
    if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
}

async function runScript(block: Block): Promise<void> {
  const ran = await run(NODE, ['--input-type=module-typescript', '-'], { cwd: forAnotherProject(block.code) ? appDir : ROOT, env, input: localised(block.code) });
  expect(ran.code, `${where(block)} (${block.lang}) failed:\n${ran.stdout}\n${ran.stderr}`).toBe(0);
  expect(ran.stdout.trim(), `${where(block)} printed nothing`).not.toBe('');
}

async function runHtml(block: Block): Promise<void> {
  // The page stands for a public site; the service runs on 127.0.0.1, which
  // Chrome's Local Network Access rules keep public pages from reaching. A
  // deployed service is on a public address, so the rule is off here.
  browser ??= await launchChromium(['--disable-features=LocalNetworkAccessChecks']);
  const page = await browser.browser.newPage();
  try {
    const failures: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url().startsWith('http://example.com/')) void req.respond({ status: 200, contentType: 'text/html', body: `<!doctype html><html><body>${localised(block.code).replaceAll('PROJECT_ID', env.PROJECT_ID ?? 'PROJECT_ID')}</body></html>` });
      else void req.continue();
    });
    page.on('requestfailed', (req) => failures.push(`${req.url()}: ${req.failure()?.errorText}`));
    const read: Promise<void>[] = [];
    page.on('response', (res) => {
      // The answer's body says why (the request's own, for a beacon the service refused).
      if (res.status() >= 400) read.push(res.text().catch(() => '').then((body) => void failures.push(`${res.url()}: HTTP ${res.status()} ${body} (sent ${res.request().postData() ?? ''})`)));
    });
    await page.goto('http://example.com/readme', { waitUntil: 'networkidle0', timeout: 60_000 });
    await Promise.all(read);
    expect(failures, `${where(block)} (html)`).toEqual([]);
  } finally {
    await page.close();
  }
}

describe('README.md and docs/', () => {
  test('have code blocks, each in a language this test runs or marked as not run', () => {
    expect(BLOCKS.filter((b) => b.file === 'README.md').length).toBeGreaterThan(3);
    expect(BLOCKS.filter((b) => b.file !== 'README.md').length, 'docs/ has no block this test runs').toBeGreaterThan(0);
    for (const block of BLOCKS) expect(['sh', 'bash', 'ts', 'js', 'html'], `${where(block)}: a \`\`\`${block.lang} block this test cannot run`).toContain(block.lang);
  });

  test('every relative link points to a file and heading that exist', () => {
    // GitHub's anchors: the heading in lower case, punctuation dropped, spaces as hyphens.
    const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replaceAll(' ', '-');
    const broken: string[] = [];
    for (const file of ['README.md', ...DOCS, 'analytics/README.md']) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [rel, anchor] = target!.split('#');
        const linked = rel ? path.join(path.dirname(file), rel) : file;
        let body: string;
        try {
          body = readFileSync(path.join(ROOT, linked), 'utf8');
        } catch {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        const headings = [...body.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!));
        if (anchor && !headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('a block is marked as not run only by the comment right before it', () => {
    const blocks = codeBlocks(['<!-- not run: a configuration -->', '```yaml', 'a: 1', '```', '', '```sh', 'echo run', '```'].join('\n'), 'x.md');
    expect(blocks.map((b) => [b.lang, b.notRun])).toEqual([
      ['yaml', 'a configuration'],
      ['sh', undefined],
    ]);
  });

  test('every code block works, in order, against the service and the providers\' fakes', { timeout: 600_000 }, async (ctx) => {
    // The html blocks run in a browser.
    needs(ctx, 'chromium');
    for (const block of BLOCKS) {
      if (block.lang === 'sh' || block.lang === 'bash') await runShell(block);
      else if (block.lang === 'ts' || block.lang === 'js') await runScript(block);
      else if (block.lang === 'html') await runHtml(block);
    }
    // The examples reached the providers' fakes, not the internet.
    expect(openai.requests.length).toBeGreaterThan(0);
    expect(gemini.requests.length).toBeGreaterThan(0);
    // The analytics examples were counted: the page's view and event from the
    // browser, the event curl sent (the ingest buffer writes within ~250 ms).
    expect(env.PROJECT_ID, 'no block exports PROJECT_ID').toBeTruthy();
    const overview = async () =>
      (await fetch(`http://127.0.0.1:${ports.analytics}/v1/stats/overview?includeBots=1`, { headers: { authorization: `Bearer ${env.ANALYTICS_KEY}` } })).json();
    let stats = await overview();
    for (const deadline = Date.now() + 30_000; (stats.pageviews < 1 || stats.events < 2) && Date.now() < deadline; stats = await overview()) await new Promise((r) => setTimeout(r, 200));
    expect(stats).toMatchObject({ pageviews: 1, events: 2 });
    // And the server the README starts stops cleanly on SIGTERM.
    expect(server, 'no block starts the service').toBeDefined();
    server!.child.kill('SIGTERM');
    expect(await server!.exited, server!.output()).toBe(0);
  });

  // After the blocks ran: the packages the README installs are in the app directory by now.
  test('every ts block type-checks where it runs, as it would in an editor', { timeout: 300_000 }, async () => {
    const checkDir = path.join(ROOT, '.tmp', `readme-check-${process.pid}`);
    await mkdir(checkDir, { recursive: true });
    try {
      const files: string[] = [];
      for (const [i, block] of BLOCKS.entries()) {
        if (block.lang !== 'ts') continue;
        // Blocks run in the checkout import ./generated/…: the copy sits two folders down.
        const file = forAnotherProject(block.code) ? path.join(appDir, `readme-${i}.ts`) : path.join(checkDir, `readme-${i}.ts`);
        await writeFile(file, forAnotherProject(block.code) ? block.code : block.code.replaceAll("from './", "from '../../"));
        files.push(file);
      }
      const config = path.join(checkDir, 'tsconfig.json');
      await writeFile(
        config,
        JSON.stringify({
          compilerOptions: {
            target: 'es2024',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            allowImportingTsExtensions: true,
            typeRoots: [path.join(ROOT, 'node_modules/@types')],
            types: ['node'],
          },
          files,
        }),
      );
      const checked = await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', config], { cwd: checkDir, env: process.env });
      const located = (out: string) => out.replace(/readme-(\d+)\.ts\((\d+)/g, (_m, i, l) => `${BLOCKS[Number(i)]!.file} line ${BLOCKS[Number(i)]!.line + Number(l)}`);
      expect(located(checked.stdout + checked.stderr)).toBe('');
    } finally {
      await rm(checkDir, { recursive: true, force: true });
    }
  });
});
