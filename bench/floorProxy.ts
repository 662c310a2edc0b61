// Child process for the overhead and instructions benchmarks: the features
// floor. The reference proxy (nodeProxy.ts) plus, written as plainly as Node
// allows, the duties the gateway has on every /v1 call whatever its code:
// a request id, the key's SHA-256 compared in constant time, the body checked
// against the spec's own ChatCompletionRequest schema (Ajv), the answer priced
// and its model named as asked, Server-Timing, an access-log line (buffered,
// as server/logger.ts writes them) and a usage row written to PostgreSQL in
// batches. Left out, so the floor stays a floor: metrics, the provider's
// concurrency slot and circuit breaker, key routing policies, the canonical
// model both ways, cancelling upstream when the client leaves, 413/415 rules.
// Its CPU against the reference proxy's is what those duties cost in any
// implementation; the gateway's against it, what Switchyard's own code adds.
// FLOOR_SKIP=auth,validate,usage,log leaves duties out, to weigh them;
// FLOOR_KOA=1 runs the same code as the one middleware of a Koa app.
import http from 'node:http';
import { hash, timingSafeEqual, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { Ajv2020 } from 'ajv/dist/2020.js';
import YAML from 'yaml';
import pg from 'pg';
import pino from 'pino';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const upstream = new URL(process.env.UPSTREAM_URL!);
const pool = new Pool(upstream.origin, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
const upstreamPath = `${upstream.pathname}/chat/completions`;

const doc = YAML.parse(readFileSync(path.join(REPO, 'openapi/compat.yaml'), 'utf8'));
const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema(doc, 'compat');
const validate = ajv.getSchema('compat#/components/schemas/ChatCompletionRequest')!;

const SKIP = new Set((process.env.FLOOR_SKIP ?? '').split(','));
const KEY = 'sk-bench';
const keys = new Map([[KEY.slice(0, 6), { id: '00000000-0000-0000-0000-000000000001', hash: Buffer.from(hash('sha256', KEY, 'hex'), 'hex') }]]);
const PRICE = { input: 0.15e-6, output: 0.6e-6 };

const log = pino.destination({ dest: 1, sync: false, minLength: 12_288 });
setInterval(() => log.flush(), 200).unref();

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
await db.query('CREATE TABLE IF NOT EXISTS floor_usage (key_id uuid, provider text, model text, input_tokens int, output_tokens int, cost double precision, at timestamptz DEFAULT now())');
let rows: unknown[] = [];
setInterval(() => {
  if (!rows.length) return;
  const batch = JSON.stringify(rows);
  rows = [];
  db.query('INSERT INTO floor_usage (key_id, provider, model, input_tokens, output_tokens, cost) SELECT key_id, provider, model, input_tokens, output_tokens, cost FROM json_populate_recordset(NULL::floor_usage, $1::json)', [batch]).catch((err) => console.error('features floor: usage insert failed', err));
}, 50).unref();

let seq = 0;
const idBase = randomBytes(8).toString('base64url');

function fail(res: http.ServerResponse, status: number, message: string) {
  const text = JSON.stringify({ error: { message, type: 'invalid_request_error' } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = performance.now();
  const requestId = `req_${idBase}-${++seq}`;
  res.setHeader('x-request-id', requestId);
  try {
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const stored = keys.get(key.slice(0, 6));
    if (!SKIP.has('auth') && (!stored || !timingSafeEqual(Buffer.from(hash('sha256', key, 'hex'), 'hex'), stored.hash))) return fail(res, 401, 'invalid key');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string };
    if (!SKIP.has('validate') && !validate(body)) return fail(res, 400, ajv.errorsText(validate.errors));
    const slash = body.model.indexOf('/');
    const provider = body.model.slice(0, slash);
    const model = body.model.slice(slash + 1);
    const before = performance.now();
    const answer = await pool.request({
      method: 'POST',
      path: upstreamPath,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ ...body, model }),
    });
    const result = (await answer.body.json()) as { model: string; usage: { prompt_tokens: number; completion_tokens: number } };
    const upstreamMs = performance.now() - before;
    const cost = result.usage.prompt_tokens * PRICE.input + result.usage.completion_tokens * PRICE.output;
    result.model = body.model;
    const text = JSON.stringify({ ...result, cost: { customerPrice: cost, currency: 'USD', billing: 'metered' } });
    const total = performance.now() - started;
    res.writeHead(answer.statusCode, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'server-timing': `gateway;dur=${(total - upstreamMs).toFixed(2)}, upstream;dur=${upstreamMs.toFixed(1)}, total;dur=${total.toFixed(1)}`,
    });
    res.end(text);
    if (!SKIP.has('usage')) rows.push({ key_id: stored?.id, provider, model, input_tokens: result.usage.prompt_tokens, output_tokens: result.usage.completion_tokens, cost });
    if (!SKIP.has('log')) log.write(`{"level":30,"time":${Date.now()},"requestId":"${requestId}","method":"POST","path":${JSON.stringify(req.url)},"status":${answer.statusCode},"ms":${total.toFixed(1)},"keyId":"${stored?.id}","provider":"${provider}","model":${JSON.stringify(model)},"msg":"request"}\n`);
  } catch (err) {
    fail(res, 502, String(err));
  }
}

// FLOOR_KOA=1: the same duties as the one middleware of a Koa app, answering
// through Koa's own response (ctx.set, ctx.status, ctx.body): what Koa itself
// adds to a request, weighed against the plain floor.
let server: http.Server;
if (process.env.FLOOR_KOA) {
  const { default: Koa } = await import('koa');
  const app = new Koa();
  app.use(async (ctx) => {
    // The floor's three calls on the response, made through Koa's.
    const res = {
      setHeader: (name: string, value: string) => ctx.set(name, value),
      writeHead: (status: number, headers: Record<string, string | number>) => {
        ctx.status = status;
        for (const name in headers) ctx.set(name, String(headers[name]));
      },
      end: (text: string) => {
        ctx.body = text;
      },
    };
    await serve(ctx.req, res as unknown as http.ServerResponse);
  });
  server = http.createServer(app.callback());
} else server = http.createServer(serve);
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ url: `http://127.0.0.1:${port}` });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
