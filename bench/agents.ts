// The agents' context webhook: what the gateway adds to the round trip an
// agent's get_context tool makes. The gateway (its own process) authenticates
// the template's secret, finds and activates the session, opens the sealed
// secret, checks the customer's URL through the SSRF guard and relays to the
// customer's endpoint, answering its reply. The baseline, in the same run at
// the same concurrency: the same payload posted straight to that endpoint.
// A second reference: an authenticated read of the same session through the
// gateway (GET /api/convagents/sessions/{id}), the floor of any gateway call
// that touches the database. Reported: p50 / p99 latency of each, the
// gateway's added p50 and its throughput as a ratio of the direct one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { startElevenLabsAgentsFake } from '../providers/elevenlabs/fake.ts';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';

const agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

export interface AgentsBenchResult {
  requests: number;
  concurrency: number;
  gatewayP50Ms: number;
  gatewayP99Ms: number;
  directP50Ms: number;
  directP99Ms: number;
  sessionReadP50Ms: number;
  sessionReadP99Ms: number;
  addedP50Ms: number;
  gatewayPerSecond: number;
  directPerSecond: number;
  throughputRatio: number;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), dispatcher: agent });
  return { status: res.statusCode, json: await res.body.json() };
}

/** `total` posts, `concurrency` at a time; each latency in ms, sorted, and the wall time. */
async function drive(total: number, concurrency: number, one: () => Promise<void>): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = performance.now();
        await one();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), wallMs: performance.now() - started };
}

export async function runAgentsBench(ctx: BenchContext, opts: { requests?: number; concurrency?: number } = {}): Promise<AgentsBenchResult> {
  const total = opts.requests ?? 2000;
  const concurrency = opts.concurrency ?? 8;
  const eleven = await startElevenLabsAgentsFake();
  const customer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ customerName: 'Ana', openOrders: 1 }));
    });
  });
  await new Promise<void>((r) => customer.listen(0, '127.0.0.1', r));
  const customerUrl = `http://127.0.0.1:${(customer.address() as AddressInfo).port}/hook`;
  const service = await startGatewayProcess(ctx.databaseUrl, {
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_API_KEY: 'bench-key',
    // Only written into the fake's agent; the bench calls the webhook itself.
    GATEWAY_PUBLIC_URL: 'http://127.0.0.1:9',
    GUARDED_FETCH_ALLOW_LOOPBACK: 'true',
    SWITCHYARD_SECRET_KEY: 'bench-secret-key-0123456789abcdefghij',
    GATEWAY_WORKERS: '0',
  });
  try {
    const auth = { authorization: `Bearer ${service.key}` };
    const template = await post(`${service.url}/api/convagents/templates`, { name: 'Bench', type: 'conversation', systemPrompt: 'Help.', clientWebhookUrl: customerUrl }, auth);
    if (template.status !== 201) throw new Error(`create template answered ${template.status}: ${JSON.stringify(template.json)}`);
    const { id: templateId, webhookSecret } = template.json.data;
    const session = await post(`${service.url}/api/convagents/sessions`, { templateId }, auth);
    if (session.status !== 201) throw new Error(`start session answered ${session.status}: ${JSON.stringify(session.json)}`);
    const payload = { event: 'context', sessionId: session.json.data.session.id, templateId, templateName: 'Bench', timestamp: new Date().toISOString(), data: { question: 'customer profile' } };
    const headers = { 'x-webhook-secret': webhookSecret };

    const viaGateway = async () => {
      const res = await post(`${service.url}/api/convagents/webhook/context`, payload, headers);
      if (res.status !== 200 || res.json.data.context?.customerName !== 'Ana') throw new Error(`context webhook answered ${res.status}: ${JSON.stringify(res.json)}`);
    };
    const sessionUrl = `${service.url}/api/convagents/sessions/${session.json.data.session.id}`;
    const read = async () => {
      const res = await request(sessionUrl, { headers: auth, dispatcher: agent });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`session read answered ${res.statusCode}`);
    };
    const direct = async () => {
      const res = await post(customerUrl, payload, headers);
      if (res.status !== 200) throw new Error(`customer answered ${res.status}`);
    };
    // Warm-up of both paths (JIT, pools, connections).
    await drive(Math.min(200, total), concurrency, viaGateway);
    await drive(Math.min(200, total), concurrency, direct);
    await drive(Math.min(200, total), concurrency, read);
    const gw = await drive(total, concurrency, viaGateway);
    const bare = await drive(total, concurrency, direct);
    const reads = await drive(total, concurrency, read);

    const round = (n: number) => Math.round(n * 100) / 100;
    const result: AgentsBenchResult = {
      requests: total,
      concurrency,
      gatewayP50Ms: round(percentile(gw.latencies, 0.5)),
      gatewayP99Ms: round(percentile(gw.latencies, 0.99)),
      directP50Ms: round(percentile(bare.latencies, 0.5)),
      directP99Ms: round(percentile(bare.latencies, 0.99)),
      sessionReadP50Ms: round(percentile(reads.latencies, 0.5)),
      sessionReadP99Ms: round(percentile(reads.latencies, 0.99)),
      addedP50Ms: round(percentile(gw.latencies, 0.5) - percentile(bare.latencies, 0.5)),
      gatewayPerSecond: Math.round((total * 1000) / gw.wallMs),
      directPerSecond: Math.round((total * 1000) / bare.wallMs),
      throughputRatio: round(bare.wallMs / gw.wallMs),
    };
    table(`agents: ${total} context webhooks, ${concurrency} at a time, relayed to a loopback customer endpoint`, [
      ['through the gateway, p50 / p99', `${result.gatewayP50Ms} / ${result.gatewayP99Ms} ms`],
      ['straight to the customer, p50 / p99', `${result.directP50Ms} / ${result.directP99Ms} ms`],
      ['added by the gateway, p50', `${result.addedP50Ms} ms`],
      ['reference: GET the session through the gateway, p50 / p99', `${result.sessionReadP50Ms} / ${result.sessionReadP99Ms} ms`],
      ['throughput, gateway / direct', `${result.gatewayPerSecond} / ${result.directPerSecond} per s (ratio ${result.throughputRatio})`],
    ]);
    return result;
  } finally {
    await service.close();
    await eleven.close();
    await new Promise<void>((r) => customer.close(() => r()));
  }
}
