// What an idle gateway process holds: none of the engines' native or bulky
// packages (sharp's libvips, ONNX Runtime, Tesseract, OpenCV, TensorFlow.js,
// geoip-lite's tables), and only the handler modules of the operations it has
// been asked (plus the hot /v1 ones, which the warm-up imports before the
// process says it is ready). Each is loaded by the first request that needs it.
// RSS itself would be a flaky ceiling on a shared machine; the modules a
// process has loaded are not: a preload records them, in every thread, as they load.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../server/database.ts';
import { REPO_ROOT } from '../server/paths.ts';
import { databaseUrl } from './support.ts';

const HEAVY = ['sharp', 'onnxruntime-node', 'tesseract.js', 'tesseract.js-core', '@techstark/opencv-js', '@tensorflow/tfjs-core', '@tensorflow/tfjs-backend-wasm', '@tensorflow/tfjs-converter', '@vladmandic/human', 'geoip-lite', 'heic-decode'];

let child: ChildProcess;
let dir: string;
let record: string;
let url: string;
const key = `gw_live_${randomBytes(24).toString('base64url')}`;

let atReady: Set<string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'switchyard-modules-'));
  record = path.join(dir, 'packages.txt');
  const port = await freePort();
  // As `npm start` runs it: its environment words and Node flags.
  const start = (JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  const startEnv = Object.fromEntries(start.flatMap((word) => (/^[A-Z_]+=/.test(word) ? [word.split('=') as [string, string]] : [])));
  child = spawn(process.execPath, [...start.filter((word) => word.startsWith('--')), '--import', './test/fixtures/packageRecorder.ts', 'server/main.ts', 'gateway'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...startEnv, NODE_ENV: '', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', HOST: '127.0.0.1', GATEWAY_PORT: String(port), GATEWAY_PROCESSES: '1', DATABASE_URL: await databaseUrl(), GATEWAY_BOOTSTRAP_KEY: key, PACKAGE_RECORD: record },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  // From the spawn on: what the process holds at its first "ready" is what its warm-up did.
  for (;;) {
    if (exited) throw new Error('the gateway exited before it was ready');
    const status = await fetch(`${url}/api/llm/ready`).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    );
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  atReady = await loaded();
}, 180_000);

afterAll(async () => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const loaded = async () => new Set((await readFile(record, 'utf8')).split('\n').filter(Boolean));

it('is ready only once the hot /v1 operations are loaded, and has loaded no other handler', () => {
  const handlers = [...atReady].filter((name) => name.startsWith('handlers/'));
  for (const hot of ['createChatCompletion', 'createMessage', 'createResponse', 'createEmbedding']) expect(handlers).toContain(`handlers/compat/${hot}`);
  // The hot queue operations and the readiness probes' own, and nothing else of the gateway's ~100.
  expect(handlers.filter((name) => name.startsWith('handlers/gateway/')).sort()).toEqual(
    ['getQueueResult', 'getQueueStatus', 'getReadiness', 'streamQueueTask', 'submitCompletion'].map((op) => `handlers/gateway/${op}`),
  );
});

it('a warmed-up gateway that has answered ordinary calls has loaded none of the heavy packages; the first image loads sharp', async () => {
  const auth = { authorization: `Bearer ${key}` };
  expect((await fetch(`${url}/api/llm/ready`)).status).toBe(200);
  expect((await fetch(`${url}/v1/models`, { headers: auth })).status).toBe(200);
  expect((await fetch(`${url}/api/llm/providers`, { headers: auth })).status).toBe(200);
  expect((await fetch(`${url}/api/vision/models`, { headers: auth })).status).toBe(200);

  const idle = await loaded();
  // The record is real: what every request goes through is in it.
  expect(idle).toContain('koa');
  expect(idle).toContain('pg');
  expect(HEAVY.filter((name) => idle.has(name))).toEqual([]);

  // A PNG's signature and end, nothing readable between: sharp is loaded to read its header, and refuses it.
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage!'), Buffer.from('IEND'), Buffer.alloc(4)]);
  const res = await fetch(`${url}/api/ocr/recognize`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ image: png.toString('base64'), recognitionLevel: 'fast', granularity: 'line' }),
  });
  const body = (await res.json()) as { code?: string; error?: { code?: string } };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(JSON.stringify(body)).toContain('invalid_image');
  const after = await loaded();
  expect(after).toContain('sharp');
  expect(after).toContain('handlers/gateway/recognizeText');
  expect(atReady).not.toContain('handlers/gateway/recognizeText');
}, 60_000);
