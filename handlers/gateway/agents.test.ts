// Conversational agents end to end: real PostgreSQL and HTTP, the generated
// SDK, a loopback ElevenLabs (providers/elevenlabs/fake.ts) that keeps the
// agents, tools and webhooks it is given and plays its side of a
// conversation (runs the agent's webhook tools, sends the post-call webhook),
// and a loopback customer endpoint receiving the relays. Loopback URLs are
// admitted by GUARDED_FETCH_ALLOW_LOOPBACK, the guard's documented test
// opt-in; the tests that prove the loopback is refused turn it off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { createClient, type Client } from '../../generated/gateway/client/index.ts';
import * as sdk from '../../generated/gateway/sdk.gen.ts';
import type { AgentTemplateInput } from '../../generated/gateway/types.gen.ts';
import { startElevenLabsAgentsFake, type ElevenLabsAgentsFake } from '../../providers/elevenlabs/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { runAgentMaintenance } from '../../core/agents/maintenance.ts';
import { drainRelays } from '../../core/agents/relay.ts';

const OPERATOR_KEY = 'el-operator-key';
let service: TestService;
let eleven: ElevenLabsAgentsFake;
let customer: Server;
let customerUrl: string;
let client: Client;
let other: Client;
let key: string;

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}
const hits: Hit[] = [];
const waiting: Array<{ path: string; resolve: (h: Hit) => void }> = [];
const hanging = new Set<ServerResponse>();

/** The next relay the customer endpoint receives on `path` (or one already received and not yet taken). */
function nextHit(path: string): Promise<Hit> {
  const i = hits.findIndex((h) => h.path === path);
  if (i >= 0) return Promise.resolve(hits.splice(i, 1)[0]!);
  return new Promise((resolve) => waiting.push({ path, resolve }));
}

function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${service.gatewayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function webhook(event: 'context' | 'event' | 'complete', body: unknown, secret?: string) {
  return fetch(`${service.gatewayUrl}/api/convagents/webhook/${event}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret !== undefined ? { 'x-webhook-secret': secret } : {}) },
    body: JSON.stringify(body),
  });
}

const minimal: AgentTemplateInput = { name: 'Delivery help', type: 'conversation', systemPrompt: 'You help customers with delivery questions.' };

async function create(body: AgentTemplateInput = minimal, as: Client = client) {
  const res = await sdk.createAgentTemplate({ client: as, body });
  expect(res.response!.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.data;
}

function upstreamCounts() {
  const { agents, tools, webhooks } = eleven.convai;
  return { agents: agents.size, tools: tools.size, webhooks: webhooks.size };
}

async function templateRows() {
  return Number((await service.db('agent_templates').count('* as n'))[0]!.n);
}

async function startSession(templateId: number) {
  const res = await sdk.startAgentSession({ client, body: { templateId } });
  expect(res.response!.status, JSON.stringify(res.error)).toBe(201);
  const data = res.data!.data;
  return { ...data, conversationId: new URL(data.signedUrl).searchParams.get('conversation_id')! };
}

beforeAll(async () => {
  eleven = await startElevenLabsAgentsFake();
  customer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const hit = { path, headers: req.headers, body: chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined };
      const w = waiting.findIndex((x) => x.path === path);
      if (w >= 0) waiting.splice(w, 1)[0]!.resolve(hit);
      else hits.push(hit);
      if (path === '/slow') {
        hanging.add(res);
        res.once('close', () => hanging.delete(res));
        return;
      }
      if (path === '/fail') return void res.writeHead(500).end('boom');
      if (path === '/text') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('not json');
      if (path === '/redirect') return void res.writeHead(302, { location: '/hook' }).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ customerName: 'Ana', openOrders: 1 }));
    });
  });
  await new Promise<void>((r) => customer.listen(0, '127.0.0.1', r));
  customerUrl = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
  service = await startTestService(['gateway'], {
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_API_KEY: OPERATOR_KEY,
    GUARDED_FETCH_ALLOW_LOOPBACK: 'true',
    SWITCHYARD_SECRET_KEY: 'agents-test-secret-key-0123456789abcdef',
    AGENT_WEBHOOK_TIMEOUT_MS: '400',
    GATEWAY_WORKERS: '0',
  });
  // Where elevenlabs calls back: only known once the service listens.
  service.deps.env.GATEWAY_PUBLIC_URL = service.gatewayUrl;
  ({ key } = await createGatewayKey(service.db, 'agents-a'));
  const otherKey = (await createGatewayKey(service.db, 'agents-b')).key;
  client = createClient({ baseUrl: service.gatewayUrl!, headers: { authorization: `Bearer ${key}` } });
  other = createClient({ baseUrl: service.gatewayUrl!, headers: { authorization: `Bearer ${otherKey}` } });
}, 60_000);

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await service?.close();
  await eleven?.close();
  await new Promise<void>((r) => (customer ? customer.close(() => r()) : r()));
});

beforeEach(() => {
  process.env.GUARDED_FETCH_ALLOW_LOOPBACK = 'true';
});

describe('templates', () => {
  it('creates with the documented defaults, a generated secret returned once, and the voice agent wired back to the gateway', async () => {
    const before = upstreamCounts();
    const t = await create();
    expect(t).toMatchObject({
      name: 'Delivery help',
      type: 'conversation',
      language: 'en',
      maxDurationSeconds: 600,
      tools: [{ name: 'end_call' }],
      questions: [],
      aiDisclosure: true,
      firstMessage: null,
      voiceId: null,
      voiceModel: null,
      voiceSettings: null,
      llmProvider: null,
      llmModel: null,
      tag: null,
      clientWebhookUrl: null,
    });
    expect(t.webhookSecret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    expect(upstreamCounts()).toEqual({ agents: before.agents + 1, tools: before.tools + 2, webhooks: before.webhooks + 1 });

    const agent = eleven.convai.agents.get(t.agentId)!;
    expect(agent.key).toBe(OPERATOR_KEY);
    const conf = agent.config.conversation_config;
    expect(conf.agent.first_message).toBe("Hello, I'm an AI assistant.");
    expect(conf.agent.prompt.prompt).toMatch(/^# Disclosure\nYou are an AI voice assistant, not a human being/);
    expect(conf.agent.prompt.prompt).toContain('Never claim or imply that you are human');
    expect(conf.agent.prompt.prompt).toContain('You help customers with delivery questions.');
    expect(conf.agent.prompt.llm).toBe('gemini-2.5-flash');
    expect(conf.agent.prompt.built_in_tools.end_call).toMatchObject({ type: 'system', name: 'end_call', params: { system_tool_type: 'end_call' } });
    expect(conf.agent.prompt.built_in_tools.skip_turn).toBeNull();
    expect(conf.tts).toMatchObject({ model_id: 'eleven_flash_v2', stability: 0.5, speed: 1, similarity_boost: 0.8 });
    expect(conf.conversation.max_duration_seconds).toBe(600);
    expect(agent.config.platform_settings).toMatchObject({ auth: { enable_auth: true }, privacy: { record_voice: true, retention_days: 31 } });

    // The tools call the gateway's webhooks with the secret; the template's identity is constant, the session comes from the variables.
    const [contextId, eventId] = conf.agent.prompt.tool_ids;
    const context = eleven.convai.tools.get(contextId)!.config.tool_config;
    expect(context).toMatchObject({ type: 'webhook', name: 'get_context' });
    expect(context.api_schema).toMatchObject({ url: `${service.gatewayUrl}/api/convagents/webhook/context`, method: 'POST', request_headers: { 'X-Webhook-Secret': t.webhookSecret } });
    expect(context.api_schema.request_body_schema.properties).toMatchObject({
      event: { constant_value: 'context' },
      sessionId: { type: 'integer', dynamic_variable: 'session_id' },
      templateId: { constant_value: t.id },
      templateName: { constant_value: 'Delivery help' },
    });
    expect(eleven.convai.tools.get(eventId)!.config.tool_config.api_schema.url).toBe(`${service.gatewayUrl}/api/convagents/webhook/event`);
    const hook = eleven.convai.webhooks.get(agent.config.platform_settings.workspace_overrides.webhooks.post_call_webhook_id)!;
    expect(hook.config).toMatchObject({ auth_type: 'hmac', webhook_url: `${service.gatewayUrl}/api/convagents/webhook/complete`, request_headers: { 'X-Webhook-Secret': t.webhookSecret } });

    // Stored: a SHA-256 to compare and a sealed copy to send; never the plaintext.
    const row = await service.db('agent_templates').where({ id: t.id }).first();
    expect(Buffer.compare(row.webhook_secret_hash, createHash('sha256').update(t.webhookSecret).digest())).toBe(0);
    expect(row.webhook_secret_sealed.includes(Buffer.from(t.webhookSecret))).toBe(false);

    // get and list answer the same record, without the secret; other keys see nothing.
    const got = (await sdk.getAgentTemplate({ client, path: { id: t.id } })).data!.data;
    const { webhookSecret: _secret, ...record } = t;
    expect(got).toEqual(record);
    expect((await sdk.listAgentTemplates({ client })).data!.data).toContainEqual(record);
    expect(JSON.stringify((await sdk.listAgentTemplates({ client })).data)).not.toContain(t.webhookSecret);
    expect((await sdk.listAgentTemplates({ client: other })).data!.data).toEqual([]);
    for (const res of [
      await sdk.getAgentTemplate({ client: other, path: { id: t.id } }),
      await sdk.updateAgentTemplate({ client: other, path: { id: t.id }, body: { name: 'mine now' } }),
      await sdk.deleteAgentTemplate({ client: other, path: { id: t.id } }),
    ]) {
      expect(res.response!.status).toBe(404);
      expect(res.error).toMatchObject({ success: false, code: 'not_found' });
      expect(JSON.stringify(res.error)).not.toContain('Delivery help');
    }
    expect(eleven.convai.agents.get(t.agentId)!.config.name).toBe('Delivery help');
    expect((await sdk.getAgentTemplate({ client, path: { id: 999_999 } })).response!.status).toBe(404);
  });

  it('maps every field: interview questions, voice, LLM, tools, language, and the disclosure in the language', async () => {
    const t = await create({
      name: 'Entrevista',
      type: 'interview',
      systemPrompt: 'Recoges los datos de una incidencia.',
      firstMessage: '¿En qué puedo ayudarte?',
      voiceId: '21m00Tcm4TlvDq8ikWAM',
      voiceSettings: { stability: 0.3, speed: 1.1 },
      language: 'es',
      llmProvider: 'openai',
      llmModel: 'gpt-4o-mini',
      tag: 'support',
      clientWebhookUrl: `${customerUrl}/hook`,
      maxDurationSeconds: 900,
      tools: [{ name: 'end_call' }, { name: 'transfer_to_number', description: 'Transfer to a human' }],
      questions: [{ question: 'What is your order number?', context: 'Format ORD-123456' }, { question: 'How was the delivery?', isRequired: false }],
      webhookSecret: 'my-own-secret-0123456789',
    });
    expect(t.webhookSecret).toBe('my-own-secret-0123456789');
    expect(t.questions).toEqual([
      { question: 'What is your order number?', isRequired: true, context: 'Format ORD-123456' },
      { question: 'How was the delivery?', isRequired: false },
    ]);
    const conf = eleven.convai.agents.get(t.agentId)!.config.conversation_config;
    expect(conf.agent.language).toBe('es');
    expect(conf.agent.first_message).toBe('Hola, soy un asistente de inteligencia artificial. ¿En qué puedo ayudarte?');
    expect(conf.agent.prompt.prompt).toContain('1. What is your order number? (required) - Format ORD-123456\n2. How was the delivery? (optional)');
    expect(conf.agent.prompt.llm).toBe('gpt-4o-mini');
    expect(conf.agent.prompt.built_in_tools.transfer_to_number).toMatchObject({ description: 'Transfer to a human', params: { system_tool_type: 'transfer_to_number', transfers: [] } });
    // Voice settings left out keep elevenlabs' defaults; a non-English agent gets a multilingual model.
    expect(conf.tts).toMatchObject({ voice_id: '21m00Tcm4TlvDq8ikWAM', model_id: 'eleven_flash_v2_5', stability: 0.3, speed: 1.1, similarity_boost: 0.8 });
    expect(conf.conversation.max_duration_seconds).toBe(900);
    const eventTool = eleven.convai.tools.get(conf.agent.prompt.tool_ids[1])!.config.tool_config;
    expect(eventTool.description).toMatch(/after each answer/);

    const said = await create({ ...minimal, firstMessage: "Hi, I'm Acme's AI assistant." });
    expect(eleven.convai.agents.get(said.agentId)!.config.conversation_config.agent.first_message).toBe("Hi, I'm Acme's AI assistant.");
    const off = await create({ ...minimal, firstMessage: 'Hi there!', aiDisclosure: false });
    const offConf = eleven.convai.agents.get(off.agentId)!.config.conversation_config.agent;
    expect(offConf.first_message).toBe('Hi there!');
    expect(offConf.prompt.prompt).not.toContain('# Disclosure');
  });

  it('refuses invalid templates with the field named, before anything is created', async () => {
    const before = { ...upstreamCounts(), rows: await templateRows() };
    const cases: Array<[unknown, string, string]> = [
      [{ ...minimal, voiceSettings: { speed: 1.5 } }, 'invalid_request', 'body.voiceSettings.speed'],
      [{ ...minimal, voiceSettings: { stability: -0.1 } }, 'invalid_request', 'body.voiceSettings.stability'],
      [{ ...minimal, voiceSettings: { similarityBoost: 2 } }, 'invalid_request', 'body.voiceSettings.similarityBoost'],
      [{ ...minimal, tag: 'x'.repeat(101) }, 'invalid_request', 'body.tag'],
      [{ ...minimal, tools: [{ name: 'web_search' }] }, 'invalid_request', 'body.tools.0.name'],
      [{ ...minimal, llmProvider: 'openai' }, 'invalid_request', 'body'],
      [{ ...minimal, type: 'survey' }, 'invalid_request', 'body.type'],
      [{ ...minimal, maxDurationSeconds: 5 }, 'invalid_request', 'body.maxDurationSeconds'],
      [{ ...minimal, webhookSecret: 'short' }, 'invalid_request', 'body.webhookSecret'],
      [{ name: 'x', type: 'conversation' }, 'invalid_request', 'body.systemPrompt'],
      [{ ...minimal, questions: [{ question: 'Why?' }] }, 'invalid_template', 'body.questions'],
      [{ ...minimal, tools: [{ name: 'end_call' }, { name: 'end_call' }] }, 'invalid_template', 'body.tools'],
      [{ ...minimal, llmProvider: 'mistral', llmModel: 'mistral-large-latest' }, 'invalid_template', 'body.llmProvider'],
      [{ ...minimal, llmProvider: 'openai', llmModel: 'claude-sonnet-4-5' }, 'invalid_template', 'body.llmModel'],
      [{ ...minimal, language: 'de', voiceModel: 'eleven_flash_v2' }, 'invalid_template', 'body.voiceModel'],
      [{ ...minimal, clientWebhookUrl: 'ftp://hooks.example.org/x' }, 'invalid_request', 'body.clientWebhookUrl'],
    ];
    for (const [body, code, path] of cases) {
      const res = await raw('POST', '/api/convagents/templates', body);
      const answer = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(answer, JSON.stringify(body)).toMatchObject({ success: false, code });
      expect(answer.errors?.map((e: { path: string }) => e.path) ?? [], JSON.stringify(answer)).toContainEqual(expect.stringMatching(new RegExp(`^${path.replace(/\./g, '\\.')}`)));
    }
    expect({ ...upstreamCounts(), rows: await templateRows() }).toEqual(before);
  });

  it('answers unknown_model when elevenlabs refuses the LLM, and deletes the parts made before it', async () => {
    const before = { ...upstreamCounts(), rows: await templateRows() };
    const res = await raw('POST', '/api/convagents/templates', { ...minimal, llmProvider: 'openai', llmModel: 'gpt-9' });
    const answer = await res.json();
    expect(res.status).toBe(400);
    expect(answer).toMatchObject({ code: 'unknown_model', errors: [{ path: 'body.llmModel' }] });
    expect(answer.message).toMatch(/nothing was created/);
    expect({ ...upstreamCounts(), rows: await templateRows() }).toEqual(before);
  });

  it.each([
    ['/v1/convai/tools', 'the get_context tool'],
    ['/v1/workspace/webhooks', 'the post-call webhook'],
    ['/v1/convai/agents/create', 'the voice agent'],
  ])('leaves nothing anywhere when creating %s fails, and says which step failed', async (path, step) => {
    const before = { ...upstreamCounts(), rows: await templateRows() };
    eleven.script(new RegExp(`^${path.replace(/\//g, '\\/')}$`), { status: 500, body: { detail: { status: 'internal', message: 'upstream broke' } } });
    const res = await raw('POST', '/api/convagents/templates', minimal);
    const answer = await res.json();
    expect(res.status).toBe(502);
    expect(answer).toMatchObject({ success: false, code: 'upstream_error' });
    expect(answer.message).toContain(`creating ${step}`);
    expect({ ...upstreamCounts(), rows: await templateRows() }).toEqual(before);
  });

  it('records what a failed rollback leaves upstream, and the maintenance schedule deletes it', async () => {
    const before = upstreamCounts();
    eleven.script(/^\/v1\/convai\/agents\/create$/, { status: 503, body: { detail: 'down' } });
    // The undo of the webhook fails too (three attempts: retried like any idempotent call).
    eleven.script(/^\/v1\/workspace\/webhooks\/[^/]+$/, ...Array(3).fill({ status: 503, body: { detail: 'down' } }));
    expect((await raw('POST', '/api/convagents/templates', minimal)).status).toBe(502);
    expect(upstreamCounts()).toEqual({ ...before, webhooks: before.webhooks + 1 });
    const leftovers = await service.db('agent_upstream_leftovers').select('kind', 'upstream_id');
    expect(leftovers).toEqual([{ kind: 'webhook', upstream_id: expect.stringMatching(/^wh_/) }]);
    const report = await runAgentMaintenance({ db: service.db, env: service.deps.env, log: service.deps.log });
    expect(report.leftoversRemoved).toBe(1);
    expect(upstreamCounts()).toEqual(before);
    expect(await service.db('agent_upstream_leftovers').count('* as n')).toEqual([{ n: '0' }]);
  });

  it('keeps the secret out of every answer when elevenlabs echoes the refused configuration', async () => {
    const secret = 'echoed-secret-abcdefghijklmnop';
    eleven.script(/^\/v1\/convai\/tools$/, {
      status: 422,
      body: { detail: [{ type: 'value_error', loc: ['body', 'tool_config', 'api_schema'], msg: 'bad schema', input: { request_headers: { 'X-Webhook-Secret': secret } } }] },
    });
    const res = await raw('POST', '/api/convagents/templates', { ...minimal, webhookSecret: secret });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('updates only the upstream parts that changed, rotates the secret everywhere, and clears fields with null', async () => {
    const t = await create({ ...minimal, clientWebhookUrl: `${customerUrl}/hook`, tag: 'before' });
    const agent = () => eleven.convai.agents.get(t.agentId)!.config;
    const patches = () => eleven.requests.filter((r) => r.method === 'PATCH').map((r) => r.path.split('/').slice(0, 4).join('/'));
    const seen = eleven.requests.length;

    const res = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { firstMessage: 'Hello! I am an AI assistant.', maxDurationSeconds: 900, tag: null } });
    expect(res.response!.status).toBe(200);
    expect(res.data!.data).toMatchObject({ firstMessage: 'Hello! I am an AI assistant.', maxDurationSeconds: 900, tag: null, clientWebhookUrl: `${customerUrl}/hook`, name: 'Delivery help' });
    expect(res.data!.data.updatedAt > t.updatedAt).toBe(true);
    expect(res.data!.data.webhookSecretUpdatedAt).toBe(t.webhookSecretUpdatedAt);
    expect(JSON.stringify(res.data)).not.toContain('webhookSecret"');
    expect(agent().conversation_config.agent.first_message).toBe('Hello! I am an AI assistant.');
    expect(agent().conversation_config.conversation.max_duration_seconds).toBe(900);
    expect(eleven.requests.slice(seen).filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([`/v1/convai/agents/${t.agentId}`]);

    // A rotated secret reaches the tools and the post-call webhook, and only the new one opens the webhooks.
    const seen2 = eleven.requests.length;
    const rotated = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { webhookSecret: 'rotated-secret-0123456789' } });
    expect(rotated.data!.data.webhookSecretUpdatedAt > t.webhookSecretUpdatedAt).toBe(true);
    expect(eleven.requests.slice(seen2).filter((r) => r.method === 'PATCH').map((r) => r.path.split('/')[2])).toEqual(['convai', 'convai', 'workspace']);
    for (const toolId of agent().conversation_config.agent.prompt.tool_ids) {
      expect(eleven.convai.tools.get(toolId)!.config.tool_config.api_schema.request_headers['X-Webhook-Secret']).toBe('rotated-secret-0123456789');
    }
    const s = await startSession(t.id);
    const payload = { event: 'event', sessionId: s.session.id, templateId: t.id, templateName: 'Delivery help', timestamp: new Date().toISOString(), data: { type: 'note' } };
    expect((await webhook('event', payload, t.webhookSecret)).status).toBe(401);
    expect((await webhook('event', payload, 'rotated-secret-0123456789')).status).toBe(200);
    await nextHit('/hook');

    // A failure part-way puts back what was changed, and the template stays as it was.
    eleven.script(/^\/v1\/convai\/agents\/[^/]+$/, ...Array(3).fill({ status: 500, body: { detail: 'patch failed' } }));
    const failing = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { name: 'Renamed' } });
    expect(failing.response!.status).toBe(502);
    expect(failing.error).toMatchObject({ code: 'upstream_error', message: expect.stringMatching(/updating the voice agent.*the template is unchanged/) });
    expect((await sdk.getAgentTemplate({ client, path: { id: t.id } })).data!.data.name).toBe('Delivery help');
    for (const toolId of agent().conversation_config.agent.prompt.tool_ids) {
      expect(eleven.convai.tools.get(toolId)!.config.tool_config.api_schema.request_body_schema.properties.templateName.constant_value).toBe('Delivery help');
    }
    expect(patches().length).toBeGreaterThan(0);

    // Checked like a create: the merged template's rules, the URL through the guard.
    const bad = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { questions: [{ question: 'Why?' }] } });
    expect(bad.error).toMatchObject({ code: 'invalid_template' });
    const cleared = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { clientWebhookUrl: null } });
    expect(cleared.data!.data.clientWebhookUrl).toBeNull();
    expect((await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: {} as never })).response!.status).toBe(400);
  });

  it('re-creates the post-call webhook when the gateway moved (its URL cannot change in place)', async () => {
    const t = await create();
    const hookOf = () => eleven.convai.agents.get(t.agentId)!.config.platform_settings.workspace_overrides.webhooks.post_call_webhook_id;
    const oldHook = hookOf();
    service.deps.env.GATEWAY_PUBLIC_URL = `${service.gatewayUrl}/moved`;
    try {
      expect((await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { name: 'Moved' } })).response!.status).toBe(200);
    } finally {
      service.deps.env.GATEWAY_PUBLIC_URL = service.gatewayUrl;
    }
    expect(hookOf()).not.toBe(oldHook);
    expect(eleven.convai.webhooks.has(oldHook)).toBe(false);
    expect(eleven.convai.webhooks.get(hookOf())!.config.webhook_url).toBe(`${service.gatewayUrl}/moved/api/convagents/webhook/complete`);
  });

  it('deletes the agent, its tools and webhook, then the template; an agent elevenlabs cannot delete keeps the template', async () => {
    const t = await create();
    const before = upstreamCounts();
    eleven.script(/^\/v1\/convai\/agents\/[^/]+$/, ...Array(3).fill({ status: 500, body: { detail: 'no' } }));
    const failed = await sdk.deleteAgentTemplate({ client, path: { id: t.id } });
    expect(failed.response!.status).toBe(502);
    expect(failed.error!.message).toMatch(/nothing was deleted/);
    expect((await sdk.getAgentTemplate({ client, path: { id: t.id } })).response!.status).toBe(200);
    expect(upstreamCounts()).toEqual(before);

    const res = await sdk.deleteAgentTemplate({ client, path: { id: t.id } });
    expect(res.data).toEqual({ success: true, data: { id: t.id, deleted: true }, message: 'Template deleted.' });
    expect(upstreamCounts()).toEqual({ agents: before.agents - 1, tools: before.tools - 2, webhooks: before.webhooks - 1 });
    expect((await sdk.getAgentTemplate({ client, path: { id: t.id } })).response!.status).toBe(404);
    expect((await sdk.deleteAgentTemplate({ client, path: { id: t.id } })).response!.status).toBe(404);
  });
});

describe('the SSRF guard on clientWebhookUrl', () => {
  const refused = [
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://192.168.1.10/hook',
    'http://172.16.5.5/hook',
    'http://100.64.0.1/hook',
    'http://0x0a000001/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/hook',
    'http://[64:ff9b::a00:1]/hook',
    'http://user:pw@127.0.0.1/hook',
    'https://no-such-host.invalid/hook',
  ];

  it('refuses private, link-local, metadata, IPv6 and mapped forms at create and at update, contacting nobody', async () => {
    const t = await create();
    const before = { ...upstreamCounts(), rows: await templateRows(), hits: hits.length };
    for (const url of refused) {
      const created = await raw('POST', '/api/convagents/templates', { ...minimal, clientWebhookUrl: url });
      const body = await created.json();
      expect(created.status, url).toBe(400);
      expect(body, url).toMatchObject({ code: 'invalid_webhook_url', errors: [{ path: 'body.clientWebhookUrl' }] });
      const updated = await sdk.updateAgentTemplate({ client, path: { id: t.id }, body: { clientWebhookUrl: url } });
      expect(updated.error, url).toMatchObject({ code: 'invalid_webhook_url' });
    }
    expect({ ...upstreamCounts(), rows: await templateRows(), hits: hits.length }).toEqual(before);
    expect((await sdk.getAgentTemplate({ client, path: { id: t.id } })).data!.data.clientWebhookUrl).toBeNull();
  });

  it('refuses the loopback, by address and by name, unless the test opt-in is on', async () => {
    process.env.GUARDED_FETCH_ALLOW_LOOPBACK = '';
    const port = (customer.address() as AddressInfo).port;
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`, `http://[::1]:${port}/hook`, `http://2130706433:${port}/hook`]) {
      const res = await raw('POST', '/api/convagents/templates', { ...minimal, clientWebhookUrl: url });
      expect(res.status, url).toBe(400);
      expect((await res.json()).code, url).toBe('invalid_webhook_url');
    }
  });

  it('checks again at send time: an address refused now is not contacted (DNS rebinding), and redirects are not followed', async () => {
    const port = (customer.address() as AddressInfo).port;
    const t = await create({ ...minimal, clientWebhookUrl: `http://localhost:${port}/hook` });
    const s = await startSession(t.id);
    const payload = { event: 'context', sessionId: s.session.id, templateId: t.id, templateName: t.name, timestamp: new Date().toISOString(), data: { question: 'who' } };
    const before = hits.length;
    process.env.GUARDED_FETCH_ALLOW_LOOPBACK = '';
    const res = await webhook('context', payload, t.webhookSecret);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'upstream_error', message: expect.stringMatching(/refused: .*loopback/) });
    expect(hits.length).toBe(before);

    process.env.GUARDED_FETCH_ALLOW_LOOPBACK = 'true';
    const hooksBefore = hits.filter((h) => h.path === '/hook').length;
    const redirecting = await create({ ...minimal, clientWebhookUrl: `${customerUrl}/redirect` });
    const r = await startSession(redirecting.id);
    const answer = await webhook('context', { ...payload, sessionId: r.session.id, templateId: redirecting.id }, redirecting.webhookSecret);
    expect(answer.status).toBe(502);
    expect((await answer.json()).message).toMatch(/do not follow redirects/);
    await nextHit('/redirect');
    expect(hits.filter((h) => h.path === '/hook').length).toBe(hooksBefore);
  });
});

describe('sessions and signed URLs', () => {
  it('starts a pending session with a signed URL, its conversation id and the variables that tie it', async () => {
    const t = await create();
    const s = await startSession(t.id);
    expect(s.session).toMatchObject({ templateId: t.id, status: 'pending', endedAt: null, durationSeconds: null, cost: null, recordingAvailable: false, conversationId: s.conversationId });
    expect(s.expiresIn).toBe(900);
    expect(s.dynamicVariables).toEqual({ session_id: s.session.id, template_id: t.id });
    expect(s.signedUrl).toMatch(new RegExp(`^wss?://.*agent_id=${t.agentId}&conversation_signature=`));
    expect(eleven.convai.conversations.get(s.conversationId)).toMatchObject({ agentId: t.agentId, key: OPERATOR_KEY });

    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data).toEqual(s.session);
    const listed = (await sdk.listAgentSessions({ client, query: { templateId: t.id } })).data!.data;
    expect(listed.map((x) => x.id)).toEqual([s.session.id]);
    expect((await sdk.listAgentSessions({ client, query: { status: 'completed', templateId: t.id } })).data!.data).toEqual([]);
    expect((await sdk.listAgentSessions({ client: other })).data!.data).toEqual([]);
    expect((await sdk.getAgentSession({ client: other, path: { id: s.session.id } })).response!.status).toBe(404);
    expect((await sdk.startAgentSession({ client: other, body: { templateId: t.id } })).response!.status).toBe(404);
  });

  it('refuses template and session ids past PostgreSQL\'s integer range in bodies, queries and paths, never reaching a query', async () => {
    const t = await create();
    const before = Number((await service.db('agent_sessions').count('* as n'))[0]!.n);
    const rawText = (method: string, path: string, text: string, headers: Record<string, string> = {}) =>
      fetch(`${service.gatewayUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, body: text });
    // Numbers as written: 9.2e18 and 1e400 are not safe integers (1e400 parses as Infinity).
    for (const id of ['2147483648', '9223372036854775807', '9200000000000000000', '1e400']) {
      const started = await rawText('POST', '/api/convagents/sessions', `{"templateId":${id}}`);
      expect(started.status, id).toBe(400);
      expect(await started.json()).toMatchObject({ success: false, code: 'invalid_request' });
      const listed = await raw('GET', `/api/convagents/sessions?templateId=${id}`);
      expect(listed.status, id).toBe(400);
      for (const path of [`/api/convagents/sessions/${id}`, `/api/convagents/templates/${id}`]) {
        const res = await raw('GET', path);
        expect([400, 404], `${path} ${res.status}`).toContain(res.status);
        expect(await res.json()).toMatchObject({ success: false });
      }
      // A webhook naming such a template or session is refused before any lookup.
      for (const field of ['templateId', 'sessionId']) {
        const ids = { templateId: String(t.id), sessionId: '1', [field]: id };
        const hook = await rawText(
          'POST',
          '/api/convagents/webhook/event',
          `{"event":"event","sessionId":${ids.sessionId},"templateId":${ids.templateId},"templateName":"x","timestamp":"2026-11-22T10:00:00.000Z","data":{}}`,
          { 'x-webhook-secret': t.webhookSecret },
        );
        expect(hook.status, `${field}=${id}`).toBe(400);
      }
    }
    expect((await raw('GET', '/api/convagents/sessions?templateId=Infinity')).status).toBe(400);
    expect((await raw('GET', `/api/convagents/sessions?templateId=${t.id}`)).status).toBe(200);
    expect(Number((await service.db('agent_sessions').count('* as n'))[0]!.n)).toBe(before);
  });

  it('signs URLs for the caller\'s own template agents as tracked sessions, for their own account\'s agents with X-Provider-Key, and for nothing else', async () => {
    const t = await create();
    const mine = await sdk.createAgentSignedUrl({ client, body: { agentId: t.agentId } });
    expect(mine.data!.data).toMatchObject({ expiresIn: 900, sessionId: expect.any(Number), dynamicVariables: { template_id: t.id } });
    expect((await sdk.getAgentSession({ client, path: { id: mine.data!.data.sessionId! } })).data!.data.status).toBe('pending');

    const theirs = await sdk.createAgentSignedUrl({ client: other, body: { agentId: t.agentId } });
    expect(theirs.response!.status).toBe(404);
    expect(theirs.error).toMatchObject({ code: 'not_found' });

    // An agent of the caller's own elevenlabs account: passed through, nothing stored.
    const own = await fetch(`${eleven.url}/v1/convai/agents/create`, {
      method: 'POST',
      headers: { 'xi-api-key': 'el-customer-key', 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_config: { agent: { first_message: 'hi' } } }),
    }).then((r) => r.json());
    const sessions = await service.db('agent_sessions').count('* as n');
    const byok = await sdk.createAgentSignedUrl({ client: other, body: { agentId: own.agent_id }, headers: { 'x-provider-key': 'el-customer-key' } });
    expect(byok.data!.data).toEqual({ signedUrl: expect.stringContaining(own.agent_id), expiresIn: 900 });
    expect(await service.db('agent_sessions').count('* as n')).toEqual(sessions);
    // The operator's agents are not in the caller's account.
    const foreign = await sdk.createAgentSignedUrl({ client: other, body: { agentId: t.agentId }, headers: { 'x-provider-key': 'el-customer-key' } });
    expect(foreign.response!.status).toBe(404);
  });
});

/** A customer's client on elevenlabs' conversation WebSocket: every event it received, in order. */
async function connect(signedUrl: string) {
  const ws = new WebSocket(signedUrl);
  const events: any[] = [];
  const waiters: Array<{ type: string; resolve: (e: any) => void }> = [];
  ws.addEventListener('message', (m) => {
    const event = JSON.parse(String(m.data));
    events.push(event);
    const w = waiters.findIndex((x) => x.type === event.type);
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(event);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })));
  const opened = await new Promise<boolean>((resolve) => {
    ws.addEventListener('open', () => resolve(true), { once: true });
    ws.addEventListener('error', () => resolve(false), { once: true });
  });
  return {
    opened,
    events,
    closed,
    send: (event: unknown) => ws.send(JSON.stringify(event)),
    /** The first event of this type, received already or next. */
    next: (type: string) => {
      const seen = events.find((e) => e.type === type);
      return seen ? Promise.resolve(seen) : new Promise<any>((resolve) => waiters.push({ type, resolve }));
    },
    close: () => ws.close(),
  };
}

describe('the conversation WebSocket the signed URL opens', () => {
  it('connects with the session\'s dynamicVariables, hears the AI disclosure first, and its conversation completes that session', async () => {
    const t = await create({ ...minimal, clientWebhookUrl: `${customerUrl}/hook`, tag: 'agents-ws' });
    const s = await startSession(t.id);
    const client1 = await connect(s.signedUrl);
    expect(client1.opened).toBe(true);
    client1.send({ type: 'conversation_initiation_client_data', dynamic_variables: s.dynamicVariables });
    const meta = await client1.next('conversation_initiation_metadata');
    expect(meta.conversation_initiation_metadata_event.conversation_id).toBe(s.conversationId);
    // The first thing the customer hears says the agent is an AI.
    expect((await client1.next('agent_response')).agent_response_event.agent_response).toMatch(/\bAI\b/);
    expect((await client1.next('audio')).audio_event.audio_base_64.length).toBeGreaterThan(0);
    expect(await client1.next('ping')).toMatchObject({ ping_event: { event_id: expect.any(Number) } });
    client1.send({ type: 'user_message', text: 'Where is my parcel?' });
    expect((await client1.next('user_transcript')).user_transcription_event.user_transcript).toBe('Where is my parcel?');

    // The platform calls the gateway's tool with the variables the client connected with (none passed here).
    const context = await eleven.convai.callTool(s.conversationId, 'get_context', { data: { question: 'profile' } });
    expect(context.body).toMatchObject({ success: true, data: { sessionId: s.session.id } });
    expect((await nextHit('/hook')).body).toMatchObject({ event: 'context', sessionId: s.session.id });
    client1.close();
    await client1.closed;

    // The post-call webhook carries those variables and what was said; the session ends, billed.
    const done = await eleven.convai.endConversation(s.conversationId, { durationSeconds: 61 });
    expect(done.sent.data.conversation_initiation_client_data.dynamic_variables).toMatchObject(s.dynamicVariables);
    expect(done.body).toEqual({ success: true, data: { sessionId: s.session.id, status: 'completed', relayed: true } });
    const relayedComplete = await nextHit('/hook');
    expect(relayedComplete.body.data.transcript.map((m: { role: string }) => m.role)).toEqual(['agent', 'user', 'agent']);
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data).toMatchObject({ status: 'completed', durationSeconds: 61, cost: { customerPrice: 0.16 } });
    expect(JSON.stringify(await service.db('agent_sessions').select('*'))).not.toContain('Where is my parcel');
  });

  it('is refused without the variables that tie it, with another signature, and after the URL\'s 15 minutes', async () => {
    const t = await create();
    const s = await startSession(t.id);
    // Without dynamic variables elevenlabs cannot fill the gateway's tools: it closes the conversation.
    const bare = await connect(s.signedUrl);
    bare.send({ type: 'conversation_initiation_client_data' });
    const closed = await bare.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/session_id/);
    expect(bare.events).toEqual([]);

    const forged = new URL(s.signedUrl);
    forged.searchParams.set('conversation_signature', 'cvtkn_forged');
    expect((await connect(forged.toString())).opened).toBe(false);

    const later = await startSession(t.id);
    const realNow = eleven.convai.now;
    eleven.convai.now = () => realNow() + 15 * 60_000 + 1000;
    try {
      expect((await connect(later.signedUrl)).opened).toBe(false);
    } finally {
      eleven.convai.now = realNow;
    }
    const inTime = await connect(later.signedUrl);
    expect(inTime.opened).toBe(true);
    inTime.send({ type: 'conversation_initiation_client_data', dynamic_variables: later.dynamicVariables });
    expect((await inTime.next('conversation_initiation_metadata')).conversation_initiation_metadata_event.conversation_id).toBe(later.conversationId);
    inTime.close();
    await inTime.closed;
  });
});

describe('the conversation: webhooks, relay, completion, billing, recording', () => {
  it('runs a whole conversation as elevenlabs would: context relayed and answered, events relayed, completion billed, transcript relayed and never stored', async () => {
    const t = await create({ ...minimal, type: 'interview', questions: [{ question: 'Order number?' }], clientWebhookUrl: `${customerUrl}/hook`, tag: 'agents-e2e' });
    const s = await startSession(t.id);
    const usageBefore = (await sdk.getUsage({ client })).data!.data.providers.elevenlabs;

    // The agent's get_context tool: the gateway relays to the customer (with the secret) and answers their reply.
    const context = await eleven.convai.callTool(s.conversationId, 'get_context', { data: { question: 'customer profile' } }, s.dynamicVariables);
    expect(context.status).toBe(200);
    expect(context.body).toEqual({ success: true, data: { sessionId: s.session.id, context: { customerName: 'Ana', openOrders: 1 } } });
    const relayedContext = await nextHit('/hook');
    expect(relayedContext.headers['x-webhook-secret']).toBe(t.webhookSecret);
    expect(relayedContext.body).toMatchObject({
      event: 'context',
      sessionId: s.session.id,
      templateId: t.id,
      templateName: t.name,
      data: { question: 'customer profile', conversationId: s.conversationId },
    });
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data.status).toBe('active');

    const event = await eleven.convai.callTool(s.conversationId, 'report_event', { data: { type: 'response', question: 'Order number?', answer: 'ORD-555777' } }, s.dynamicVariables);
    expect(event.body).toEqual({ success: true, data: { sessionId: s.session.id, status: 'active', relayed: true } });
    expect((await nextHit('/hook')).body).toMatchObject({ event: 'event', data: { type: 'response', answer: 'ORD-555777' } });

    // elevenlabs' post-call transcription webhook, carrying the secret as the webhook's custom header.
    const transcript = [
      { role: 'agent', message: "Hello, I'm an AI assistant. What is your order number?", time_in_call_secs: 0 },
      { role: 'user', message: 'It is ORD-555777, the parcel never came.', time_in_call_secs: 5 },
    ];
    const done = await eleven.convai.endConversation(s.conversationId, { durationSeconds: 262, transcript, variables: s.dynamicVariables });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, data: { sessionId: s.session.id, status: 'completed', relayed: true } });
    const complete = await nextHit('/hook');
    expect(complete.headers['x-webhook-secret']).toBe(t.webhookSecret);
    expect(complete.body).toMatchObject({
      event: 'complete',
      sessionId: s.session.id,
      templateId: t.id,
      data: {
        durationSeconds: 262,
        callSuccessful: true,
        conversationId: s.conversationId,
        transcript: [
          { role: 'agent', message: "Hello, I'm an AI assistant. What is your order number?", timeInCallSecs: 0 },
          { role: 'user', message: 'It is ORD-555777, the parcel never came.', timeInCallSecs: 5 },
        ],
        analysis: { call_successful: 'success' },
      },
    });

    // 262 s = 5 started minutes at the catalogue's 0.08 per minute.
    const session = (await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data;
    expect(session).toMatchObject({ status: 'completed', durationSeconds: 262, cost: { customerPrice: 0.4, currency: 'USD', billing: 'metered' }, recordingAvailable: true });
    expect(session.endedAt).not.toBeNull();
    const usageRow = await service.db('gateway_usage').where({ kind: 'agent_session', tag: 'agents-e2e' });
    expect(usageRow).toHaveLength(1);
    expect(usageRow[0]).toMatchObject({ provider: 'elevenlabs', model: 'conversational-agent', billing: 'metered', surface: 'native' });
    expect(Number(usageRow[0].cost)).toBe(0.4);
    const usage = (await sdk.getUsage({ client })).data!.data.providers.elevenlabs!;
    expect(usage.cost).toBeCloseTo((usageBefore?.cost ?? 0) + 0.4, 8);
    expect(usage.requests).toBe((usageBefore?.requests ?? 0) + 1);
    const daily = (await sdk.getPortalDailyUsage({ client })).data!.data.find((d) => d.provider === 'elevenlabs');
    expect(daily!.cost).toBeGreaterThanOrEqual(0.4);

    // Nothing of the conversation was stored.
    for (const table of ['agent_sessions', 'agent_templates', 'gateway_usage', 'agent_upstream_leftovers']) {
      const dump = JSON.stringify(await service.db(table).select('*'));
      expect(dump, table).not.toContain('parcel never came');
      expect(dump, table).not.toContain('ORD-555777');
    }

    // Completing twice is refused, and billed once.
    const again = await eleven.convai.endConversation(s.conversationId, { durationSeconds: 262, transcript, variables: s.dynamicVariables });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict' });
    expect(await service.db('gateway_usage').where({ kind: 'agent_session', tag: 'agents-e2e' })).toHaveLength(1);
    const late = await eleven.convai.callTool(s.conversationId, 'report_event', { data: { type: 'note' } }, s.dynamicVariables);
    expect(late.status).toBe(409);
  });

  it('takes the documented complete payload too; an unsuccessful call ends failed; no clientWebhookUrl relays nothing', async () => {
    const t = await create();
    const s = await startSession(t.id);
    const res = await webhook(
      'complete',
      { event: 'complete', sessionId: s.session.id, templateId: t.id, templateName: t.name, timestamp: '2026-11-22T10:14:30.000Z', data: { durationSeconds: 30, callSuccessful: false } },
      t.webhookSecret,
    );
    expect(await res.json()).toEqual({ success: true, data: { sessionId: s.session.id, status: 'failed', relayed: false } });
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data).toMatchObject({
      status: 'failed',
      endedAt: '2026-11-22T10:14:30.000Z',
      cost: { customerPrice: 0.08 },
    });
    const context = await webhook('context', { event: 'context', sessionId: s.session.id, templateId: t.id, templateName: t.name, timestamp: new Date().toISOString(), data: {} }, t.webhookSecret);
    expect(context.status).toBe(409);
    const fresh = await startSession(t.id);
    const noRelay = await webhook('context', { event: 'context', sessionId: fresh.session.id, templateId: t.id, templateName: t.name, timestamp: new Date().toISOString(), data: {} }, t.webhookSecret);
    expect(await noRelay.json()).toEqual({ success: true, data: { sessionId: fresh.session.id, context: null } });
  });

  it('refuses a missing or wrong secret, an unknown template, another template\'s session and an unknown session, in the gateway\'s error shape', async () => {
    const t = await create();
    const u = await create();
    const s = await startSession(t.id);
    const foreign = await startSession(u.id);
    const payload = (over: Record<string, unknown> = {}) => ({ event: 'event', sessionId: s.session.id, templateId: t.id, templateName: t.name, timestamp: new Date().toISOString(), data: { type: 'note' }, ...over });

    for (const [body, secret] of [
      [payload(), undefined],
      [payload(), 'wrong-secret-0123456789'],
      [payload(), u.webhookSecret],
      [payload({ templateId: 999_999 }), t.webhookSecret],
    ] as const) {
      const res = await webhook('event', body, secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
    for (const sessionId of [foreign.session.id, 999_999]) {
      const res = await webhook('event', payload({ sessionId }), t.webhookSecret);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, code: 'not_found', message: expect.stringContaining(`template ${t.id}`) });
    }
    const invalid = await webhook('event', { templateId: t.id, event: 'event' }, t.webhookSecret);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'invalid_request' });
    // A post-call webhook for a conversation no session has.
    const stray = await webhook(
      'complete',
      { type: 'post_call_transcription', event_timestamp: 1795342470, data: { agent_id: t.agentId, conversation_id: 'conv_unknown', status: 'done', metadata: { call_duration_secs: 10 } } },
      t.webhookSecret,
    );
    expect(stray.status).toBe(404);
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data.status).toBe('pending');
  });

  it('completes a post-call webhook whose times are past what a date holds, and ignores variables naming ids out of range', async () => {
    const t = await create();
    const s = await startSession(t.id);
    const res = await webhook(
      'complete',
      {
        type: 'post_call_transcription',
        event_timestamp: 1e20,
        data: {
          agent_id: t.agentId,
          conversation_id: s.conversationId,
          status: 'done',
          metadata: { start_time_unix_secs: 1e20, call_duration_secs: 10 },
          conversation_initiation_client_data: { dynamic_variables: { session_id: 9_999_999_999, template_id: 9_999_999_999 } },
        },
      },
      t.webhookSecret,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const done = (await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data;
    expect(done.status).toBe('completed');
    // The end is when the webhook came, not a date out of range.
    expect(Math.abs(Date.parse(done.endedAt!) - Date.now())).toBeLessThan(60_000);
    // Without a session by conversation, variables out of range name nothing: the secret is checked against no template.
    const stray = await webhook(
      'complete',
      {
        type: 'post_call_transcription',
        data: { agent_id: 'agent_unknown', conversation_id: 'conv_unknown', metadata: { call_duration_secs: 1 }, conversation_initiation_client_data: { dynamic_variables: { session_id: '2147483648', template_id: '2147483648' } } },
      },
      t.webhookSecret,
    );
    expect(stray.status).toBe(401);
  });

  it('never lets a slow customer endpoint hold a webhook: context gives up at the deadline, event answers at once', async () => {
    const t = await create({ ...minimal, clientWebhookUrl: `${customerUrl}/slow` });
    const s = await startSession(t.id);
    const payload = (event: string) => ({ event, sessionId: s.session.id, templateId: t.id, templateName: t.name, timestamp: new Date().toISOString(), data: {} });

    // The answer comes while the customer still holds the relay open.
    const event = await webhook('event', payload('event'), t.webhookSecret);
    expect(await event.json()).toMatchObject({ data: { relayed: true } });
    await nextHit('/slow');
    expect(hanging.size).toBeGreaterThan(0);

    const started = Date.now();
    const context = await webhook('context', payload('context'), t.webhookSecret);
    expect(context.status).toBe(502);
    expect((await context.json()).message).toMatch(/did not answer|no complete answer/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await nextHit('/slow');
    await drainRelays();

    for (const path of ['/fail', '/text']) {
      const hooked = await create({ ...minimal, clientWebhookUrl: `${customerUrl}${path}` });
      const hs = await startSession(hooked.id);
      const res = await webhook('context', { ...payload('context'), sessionId: hs.session.id, templateId: hooked.id }, hooked.webhookSecret);
      expect(res.status, path).toBe(502);
      expect(await res.json(), path).toMatchObject({ code: 'upstream_error', message: path === '/fail' ? expect.stringContaining('HTTP 500') : expect.stringContaining('did not answer JSON') });
      await nextHit(path);
    }
  });

  it('serves the recording once, then deletes it upstream and answers 410', async () => {
    const t = await create();
    const s = await startSession(t.id);
    const early = await raw('GET', `/api/convagents/sessions/${s.session.id}/audio`);
    expect(early.status).toBe(404);
    expect(await early.json()).toMatchObject({ code: 'recording_not_available' });
    await eleven.convai.endConversation(s.conversationId, { durationSeconds: 61, variables: s.dynamicVariables });

    expect((await raw('GET', `/api/convagents/sessions/${s.session.id}/audio`, undefined, { authorization: `Bearer ${'x'}` })).status).toBe(401);
    const foreign = await sdk.getAgentSessionAudio({ client: other, path: { id: s.session.id } });
    expect(foreign.response!.status).toBe(404);

    // An upstream failure gives the recording back.
    eleven.script(/^\/v1\/convai\/conversations\/[^/]+\/audio$/, ...Array(3).fill({ status: 500, body: { detail: 'later' } }));
    const failed = await raw('GET', `/api/convagents/sessions/${s.session.id}/audio`);
    expect(failed.status).toBe(502);
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data.recordingAvailable).toBe(true);

    const res = await raw('GET', `/api/convagents/sessions/${s.session.id}/audio`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="session-${s.session.id}.mp3"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(eleven.convai.conversations.get(s.conversationId)!.audio)).toBe(true);
    await expect.poll(() => eleven.convai.conversations.get(s.conversationId)!.deleted).toBe(true);

    const second = await raw('GET', `/api/convagents/sessions/${s.session.id}/audio`);
    expect(second.status).toBe(410);
    expect(await second.json()).toMatchObject({ success: false, code: 'recording_gone' });
    expect((await sdk.getAgentSession({ client, path: { id: s.session.id } })).data!.data.recordingAvailable).toBe(false);
  });
});

describe('maintenance schedule', () => {
  it('purges recordings not fetched within 30 days, expires idle sessions, and still completes an expired one', async () => {
    const t = await create();
    const old = await startSession(t.id);
    await eleven.convai.endConversation(old.conversationId, { durationSeconds: 10, variables: old.dynamicVariables });
    const recent = await startSession(t.id);
    await eleven.convai.endConversation(recent.conversationId, { durationSeconds: 10, variables: recent.dynamicVariables });
    await service.db('agent_sessions').where({ id: old.session.id }).update({ ended_at: service.db.raw(`now() - interval '31 days'`) });
    const idle = await startSession(t.id);
    await service.db('agent_sessions').where({ id: idle.session.id }).update({ updated_at: service.db.raw(`now() - interval '25 hours'`) });

    const report = await runAgentMaintenance({ db: service.db, env: service.deps.env, log: service.deps.log });
    expect(report.recordingsPurged).toBeGreaterThanOrEqual(1);
    expect(report.sessionsExpired).toBeGreaterThanOrEqual(1);
    expect(eleven.convai.conversations.get(old.conversationId)!.deleted).toBe(true);
    expect(eleven.convai.conversations.get(recent.conversationId)!.deleted).toBe(false);
    const purged = await raw('GET', `/api/convagents/sessions/${old.session.id}/audio`);
    expect(purged.status).toBe(410);
    expect((await purged.json()).message).toMatch(/30 days/);
    expect((await sdk.getAgentSession({ client, path: { id: recent.session.id } })).data!.data.recordingAvailable).toBe(true);

    expect((await sdk.getAgentSession({ client, path: { id: idle.session.id } })).data!.data.status).toBe('expired');
    const late = await eleven.convai.endConversation(idle.conversationId, { durationSeconds: 90, variables: idle.dynamicVariables });
    expect(late.body).toMatchObject({ data: { status: 'completed' } });
  });
});

describe('configuration', () => {
  it('answers 503 naming what is missing: the elevenlabs key, or GATEWAY_PUBLIC_URL', async () => {
    const t = await create();
    service.deps.env.GATEWAY_PUBLIC_URL = '';
    try {
      const res = await raw('POST', '/api/convagents/templates', minimal);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'unavailable', message: expect.stringContaining('GATEWAY_PUBLIC_URL') });
    } finally {
      service.deps.env.GATEWAY_PUBLIC_URL = service.gatewayUrl;
    }
    const saved = process.env.ELEVENLABS_API_KEY;
    delete process.env.ELEVENLABS_API_KEY;
    try {
      for (const res of [await raw('POST', '/api/convagents/templates', minimal), await raw('POST', '/api/convagents/sessions', { templateId: t.id })]) {
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ code: 'provider_not_configured', message: expect.stringContaining('ELEVENLABS_API_KEY') });
      }
    } finally {
      process.env.ELEVENLABS_API_KEY = saved;
    }
  });
});
