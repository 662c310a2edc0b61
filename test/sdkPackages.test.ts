// The three generated SDKs as other projects get them: `npm pack` each, install
// the tarballs into an empty project, type-check a consumer against their
// declarations, and call the running service with them, once from Node and
// once from a browser bundle (esbuild, then chromium).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from './support.ts';
import { launchChromium } from './browser.ts';
import { needs } from './systemPackages.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const exec = promisify(execFile);

let service: TestService;
let openai: Fake;
let key: string;
let project: string;

// One program for Node and the browser: it calls all three services and says what it got.
const CONSUMER = `
import { client as gateway, submitCompletion, getQueueResult, type CompletionRequest } from '@switchyard/gateway-sdk';
import { createChatCompletion } from '@switchyard/compat-sdk';
import { createClient } from '@switchyard/compat-sdk/client';
import { client as analytics, createProject, getProject } from '@switchyard/analytics-sdk';

/** A queued completion (gateway SDK) and a /v1 chat completion (compat SDK). */
export async function callGateway(gatewayUrl: string, key: string) {
  gateway.setConfig({ baseUrl: gatewayUrl, headers: { authorization: \`Bearer \${key}\` } });
  const request: CompletionRequest = { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'packaged hello' }] };
  const queued = await submitCompletion({ body: request });
  if (queued.error) throw new Error(queued.error.message);
  let answer = await getQueueResult({ body: { queueId: queued.data.data.queueId } });
  while (answer.response?.status === 202) {
    await new Promise((r) => setTimeout(r, 50));
    answer = await getQueueResult({ body: { queueId: queued.data.data.queueId } });
  }
  const done = answer.data?.data;
  if (done?.status !== 'completed') throw new Error(answer.error?.message ?? 'no result');
  // A queue result is any kind of task's: a completion's has content.
  if (!('content' in done.result)) throw new Error('not a completion');
  const completion: string = done.result.content;

  const compat = createClient({ baseUrl: gatewayUrl, headers: { authorization: \`Bearer \${key}\` } });
  const chat = await createChatCompletion({ client: compat, body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'compat hello' }] } });
  const reply: string | null | undefined = chat.data?.choices[0]?.message.content;
  return { completion, reply };
}

/** A project created and read back (analytics SDK). */
export async function callAnalytics(analyticsUrl: string) {
  analytics.setConfig({ baseUrl: analyticsUrl });
  const domain = \`packaged-\${Math.random().toString(36).slice(2)}.test\`;
  const created = await createProject({ body: { inviteCode: 'sdk-test', name: 'Packaged', domains: [domain] } });
  if (created.error) throw new Error(created.error.error.message);
  const read = await getProject({ headers: { authorization: \`Bearer \${created.data.apiKey}\` } });
  return { projectName: read.data?.name };
}
`;

const NODE_MAIN = `
import { callAnalytics, callGateway } from './consumer.ts';
const gateway = await callGateway(process.env.GATEWAY_URL!, process.env.GATEWAY_KEY!);
const analytics = await callAnalytics(process.env.ANALYTICS_URL!);
console.log(JSON.stringify({ ...gateway, ...analytics }));
`;

// Served from each service's own origin, as an app on the same host would be: no CORS involved.
const BROWSER_MAIN = `
import { callAnalytics, callGateway } from './consumer.ts';
const params = new URLSearchParams(location.hash.slice(1));
const work = params.get('service') === 'analytics' ? callAnalytics(location.origin) : callGateway(location.origin, params.get('key')!);
(window as any).outcome = work.then((value) => ({ value }), (error) => ({ error: String(error) }));
`;

beforeAll(async () => {
  openai = await startOpenAI();
  service = await startTestService(['gateway', 'analytics'], { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-sdk', ANALYTICS_INVITE_CODES: 'sdk-test' });
  key = (await createGatewayKey(service.db, 'sdk-packages')).key;

  project = await mkdtemp(path.join(os.tmpdir(), 'switchyard-sdk-consumer-'));
  const packed = await exec('npm', ['pack', ...['gateway', 'compat', 'analytics'].map((n) => path.join(ROOT, 'generated', n)), '--pack-destination', project, '--json'], { cwd: ROOT });
  const tarballs = (JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>).map((p) => {
    // What a package holds: its manifest, README and compiled output, not the TypeScript sources.
    expect(p.files.map((f) => f.path).filter((f) => !f.startsWith('dist/')).sort()).toEqual(['README.md', 'package.json']);
    expect(p.files.some((f) => f.path === 'dist/index.d.ts')).toBe(true);
    return path.join(project, p.filename);
  });
  expect(tarballs.map((t) => path.basename(t))).toEqual([
    expect.stringMatching(/^switchyard-gateway-sdk-[\d.]+\.tgz$/),
    expect.stringMatching(/^switchyard-compat-sdk-[\d.]+\.tgz$/),
    expect.stringMatching(/^switchyard-analytics-sdk-[\d.]+\.tgz$/),
  ]);
  await writeFile(path.join(project, 'package.json'), '{ "name": "sdk-consumer", "private": true, "type": "module" }\n');
  await exec('npm', ['install', '--no-audit', '--no-fund', ...tarballs], { cwd: project });
  await writeFile(path.join(project, 'consumer.ts'), CONSUMER);
  await writeFile(path.join(project, 'node-main.ts'), NODE_MAIN);
  await writeFile(path.join(project, 'browser-main.ts'), BROWSER_MAIN);
}, 180_000);

afterAll(async () => {
  await service?.close();
  await openai?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

describe('the generated SDKs as npm packages', () => {
  test("a consumer type-checks against the packages' declarations", { timeout: 120_000 }, async () => {
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, allowImportingTsExtensions: true, lib: ['es2022', 'dom'], types: [] },
        // node-main.ts reads process.env, which needs @types/node: not what is checked here.
        include: ['consumer.ts', 'browser-main.ts'],
      }),
    );
    const checked = await exec(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', project]).catch((e) => e);
    expect(checked.stdout ?? '').toBe('');
  });

  test('from Node: all three services answer through the installed packages', { timeout: 120_000 }, async () => {
    const ran = await exec(path.join(ROOT, 'node_modules/.bin/node'), ['node-main.ts'], {
      cwd: project,
      env: { ...process.env, GATEWAY_URL: service.gatewayUrl, ANALYTICS_URL: service.analyticsUrl, GATEWAY_KEY: key },
    });
    const outcome = JSON.parse(ran.stdout);
    expect(outcome.completion).toContain('packaged hello');
    expect(outcome.reply).toContain('compat hello');
    expect(outcome.projectName).toBe('Packaged');
  });

  test('from a browser bundle: the gateway and analytics answer the packages running in chromium', { timeout: 240_000 }, async (ctx) => {
    needs(ctx, 'chromium');
    const bundle = await build({ entryPoints: [path.join(project, 'browser-main.ts')], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
    const script = bundle.outputFiles[0]!.text;
    expect(script).not.toMatch(/from ['"]@switchyard\//);
    const chromium = await launchChromium();
    try {
      const page = await chromium.browser.newPage();
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname === '/__sdk__/index.html') void req.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><script type="module" src="/__sdk__/bundle.js"></script>' });
        else if (url.pathname === '/__sdk__/bundle.js') void req.respond({ status: 200, contentType: 'text/javascript', body: script });
        else void req.continue();
      });
      const outcome = async (url: string) => {
        await page.goto(url);
        await page.waitForFunction(() => (window as any).outcome, { timeout: 60_000 });
        return page.evaluate(() => (window as any).outcome);
      };
      expect(await outcome(`${service.gatewayUrl}/__sdk__/index.html#service=gateway&key=${encodeURIComponent(key)}`)).toEqual({
        value: { completion: expect.stringContaining('packaged hello'), reply: expect.stringContaining('compat hello') },
      });
      expect(await outcome(`${service.analyticsUrl}/__sdk__/index.html#service=analytics`)).toEqual({ value: { projectName: 'Packaged' } });
    } finally {
      await chromium.close();
    }
  });
});
