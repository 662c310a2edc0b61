// A loopback ElevenLabs with its Agents Platform next to the media endpoints
// (providers/testing/mediaFake.ts): tools, workspace webhooks, agents, signed
// URLs, conversation audio and deletion, with state a test can inspect, the
// checks the real API makes (FastAPI 422 bodies that echo the refused input,
// unknown ids, parts still in use, another account's agents), and the
// platform's side of a conversation: it runs an agent's webhook tools the way
// elevenlabs does (body built from the tool's schema: constants, dynamic
// variables, what the LLM says) and sends the post-call transcription webhook
// (HMAC-signed, with the webhook's custom headers). The signed URL opens the
// conversation WebSocket a customer's client speaks (conversation initiation
// with its dynamic variables, agent responses and audio, user messages, ping
// and pong), on this same server.
import { createHmac } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { elevenLabsMediaRoutes, json, binary, sampleMp3, serve, type FakeRoute, type MediaFake, type MediaRequest } from '../testing/mediaFake.ts';

export const AGENT_LLMS = [
  'gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-5', 'gpt-5-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-sonnet-4',
  'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.0-flash', 'grok-beta', 'qwen3-30b-a3b', 'gpt-oss-120b',
];
export const TTS_MODELS = ['eleven_turbo_v2', 'eleven_turbo_v2_5', 'eleven_flash_v2', 'eleven_flash_v2_5', 'eleven_multilingual_v2', 'eleven_v3_conversational'];

interface Owned<T> {
  id: string;
  /** The xi-api-key that made it: another account does not see it. */
  key: string;
  config: T;
}

export interface FakeConversation {
  id: string;
  agentId: string;
  key: string;
  audio: Buffer;
  deleted: boolean;
  /** The dynamic variables the client sent when it connected. */
  variables?: Record<string, unknown>;
  /** What was said over the WebSocket, in the post-call webhook's shape. */
  transcript: Array<{ role: string; message: string; time_in_call_secs: number }>;
}

/** What a signed URL grants: one agent's conversation, for 15 minutes. */
interface Grant {
  agentId: string;
  key: string;
  conversationId?: string;
  expiresAt: number;
}

export interface ConvaiState {
  agents: Map<string, Owned<any>>;
  tools: Map<string, Owned<any>>;
  webhooks: Map<string, Owned<any> & { hmacSecret: string }>;
  conversations: Map<string, FakeConversation>;
  signatures: Map<string, Grant>;
  /** The fake's clock (signed URLs expire by it); tests move it. */
  now(): number;
  /** Runs the agent's webhook tool `name` in this conversation as elevenlabs would, and answers what the gateway answered; variables default to the ones the client connected with. */
  callTool(conversationId: string, name: string, llm: Record<string, unknown>, variables?: Record<string, unknown>): Promise<{ status: number; body: any; sent: any }>;
  /** Ends the conversation: elevenlabs' post-call transcription webhook, to the agent's post-call webhook. */
  endConversation(
    conversationId: string,
    opts: { durationSeconds: number; successful?: boolean; transcript?: Array<{ role: string; message: string; time_in_call_secs: number }>; variables?: Record<string, unknown>; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; sent: any }>;
}

export type ElevenLabsAgentsFake = MediaFake & { convai: ConvaiState };

function detail(res: ServerResponse, status: number, body: unknown): void {
  json(res, status, { detail: body });
}

/** FastAPI's validation answer, which echoes the refused input. */
function unprocessable(res: ServerResponse, loc: string[], msg: string, input: unknown): void {
  detail(res, 422, [{ type: 'value_error', loc: ['body', ...loc], msg, input }]);
}

function keyOf(req: MediaRequest): string | undefined {
  const k = req.headers['xi-api-key'];
  return typeof k === 'string' && k ? k : undefined;
}

function merge(base: any, patch: any): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch) || base === null || typeof base !== 'object' || Array.isArray(base)) return patch;
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(base[k], v);
  return out;
}

/** The request body a webhook tool sends, built from its schema as elevenlabs builds it. */
function fill(schema: any, llm: unknown, variables: Record<string, unknown>): unknown {
  if (schema.type === 'object' && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries<any>(schema.properties)) {
      const value = fill(prop, (llm as Record<string, unknown> | undefined)?.[name], variables);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  if (schema.constant_value !== undefined && schema.constant_value !== '') return schema.constant_value;
  if (schema.dynamic_variable) {
    if (!(schema.dynamic_variable in variables)) throw new Error(`Missing required dynamic variable: ${schema.dynamic_variable}`);
    const value = variables[schema.dynamic_variable];
    return schema.type === 'integer' && typeof value === 'string' ? Number(value) : value;
  }
  return llm;
}

export async function startElevenLabsAgentsFake(): Promise<ElevenLabsAgentsFake> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;
  const state = {
    agents: new Map(),
    tools: new Map(),
    webhooks: new Map(),
    conversations: new Map(),
    signatures: new Map(),
    now: () => Date.now(),
  } as ConvaiState;

  /** The owner's item, or a 404 answered. */
  function own<T extends Owned<any>>(map: Map<string, T>, req: MediaRequest, res: ServerResponse, what: string): T | undefined {
    const id = decodeURIComponent(req.path.split('?')[0]!.split('/').pop()!);
    const item = map.get(id);
    if (!item || item.key !== keyOf(req)) {
      detail(res, 404, { status: `${what}_not_found`, message: `${what} ${id} was not found` });
      return undefined;
    }
    return item;
  }

  function checkTool(body: any, res: ServerResponse): boolean {
    const tool = body?.tool_config;
    if (!tool) return unprocessable(res, ['tool_config'], 'Field required', body), false;
    if (tool.type !== 'webhook') return unprocessable(res, ['tool_config', 'type'], 'only webhook tools in this fake', tool), false;
    for (const field of ['name', 'description', 'api_schema']) if (!tool[field]) return unprocessable(res, ['tool_config', field], 'Field required', tool), false;
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) return unprocessable(res, ['tool_config', 'name'], 'String should match pattern', tool), false;
    if (!tool.api_schema.url) return unprocessable(res, ['tool_config', 'api_schema', 'url'], 'Field required', tool), false;
    return true;
  }

  /** The agent checks elevenlabs makes; answers false after answering the refusal. */
  function checkAgent(config: any, key: string, res: ServerResponse): boolean {
    if (!config?.conversation_config) return unprocessable(res, ['conversation_config'], 'Field required', config), false;
    const agent = config.conversation_config.agent ?? {};
    const llm = agent.prompt?.llm;
    if (llm !== undefined && !AGENT_LLMS.includes(llm)) {
      return unprocessable(res, ['conversation_config', 'agent', 'prompt', 'llm'], `Input should be ${AGENT_LLMS.map((m) => `'${m}'`).join(', ')}`, llm), false;
    }
    const tts = config.conversation_config.tts ?? {};
    if (tts.model_id !== undefined && !TTS_MODELS.includes(tts.model_id)) {
      return unprocessable(res, ['conversation_config', 'tts', 'model_id'], `Input should be ${TTS_MODELS.map((m) => `'${m}'`).join(', ')}`, tts.model_id), false;
    }
    if (tts.voice_id !== undefined && !/^[A-Za-z0-9]{20}$/.test(tts.voice_id)) {
      return detail(res, 400, { status: 'voice_not_found', message: `A voice with voice_id ${tts.voice_id} does not exist.` }), false;
    }
    if (agent.language && agent.language !== 'en' && ['eleven_flash_v2', 'eleven_turbo_v2'].includes(tts.model_id)) {
      return detail(res, 400, { status: 'invalid_agent_config', message: 'Non-english Agents must use turbo or flash v2_5.' }), false;
    }
    for (const toolId of agent.prompt?.tool_ids ?? []) {
      const tool = state.tools.get(toolId);
      if (!tool || tool.key !== key) return detail(res, 404, { status: 'tool_not_found', message: `Tool ${toolId} was not found` }), false;
    }
    const hook = config.platform_settings?.workspace_overrides?.webhooks?.post_call_webhook_id;
    if (hook && state.webhooks.get(hook)?.key !== key) return detail(res, 404, { status: 'webhook_not_found', message: `Webhook ${hook} was not found` }), false;
    return true;
  }

  const inUse = (what: 'tool' | 'webhook', id: string) =>
    [...state.agents.values()].some((a) =>
      what === 'tool'
        ? (a.config.conversation_config?.agent?.prompt?.tool_ids ?? []).includes(id)
        : a.config.platform_settings?.workspace_overrides?.webhooks?.post_call_webhook_id === id,
    );

  const authed = (handler: (req: MediaRequest, res: ServerResponse, key: string) => void): FakeRoute[2] => (req, res) => {
    const key = keyOf(req);
    if (!key) return detail(res, 401, { status: 'invalid_api_key', message: 'Invalid API key' });
    handler(req, res, key);
  };

  const routes: FakeRoute[] = [
    [
      'POST',
      /^\/v1\/convai\/tools$/,
      authed((req, res, key) => {
        if (!checkTool(req.json, res)) return;
        const id = next('tool');
        state.tools.set(id, { id, key, config: req.json });
        json(res, 200, { id, tool_config: req.json.tool_config, access_info: { is_creator: true, creator_name: 'test', creator_email: 'test@example.org', role: 'admin' }, usage_stats: { avg_latency_secs: 0 } });
      }),
    ],
    [
      'PATCH',
      /^\/v1\/convai\/tools\/[^/]+$/,
      authed((req, res) => {
        const tool = own(state.tools, req, res, 'tool');
        if (!tool || !checkTool(req.json, res)) return;
        tool.config = req.json;
        json(res, 200, { id: tool.id, tool_config: req.json.tool_config, access_info: {}, usage_stats: {} });
      }),
    ],
    [
      'DELETE',
      /^\/v1\/convai\/tools\/[^/]+$/,
      authed((req, res) => {
        const tool = own(state.tools, req, res, 'tool');
        if (!tool) return;
        if (inUse('tool', tool.id)) return detail(res, 400, { status: 'tool_in_use', message: 'The tool is used by agents' });
        state.tools.delete(tool.id);
        json(res, 200, {});
      }),
    ],
    [
      'POST',
      /^\/v1\/workspace\/webhooks$/,
      authed((req, res, key) => {
        const settings = req.json?.settings;
        if (!settings) return unprocessable(res, ['settings'], 'Field required', req.json);
        for (const field of ['auth_type', 'name', 'webhook_url']) if (!settings[field]) return unprocessable(res, ['settings', field], 'Field required', settings);
        const id = next('wh');
        const hmacSecret = `wsec_${id}`;
        state.webhooks.set(id, { id, key, config: settings, hmacSecret });
        json(res, 200, { webhook_id: id, webhook_secret: hmacSecret });
      }),
    ],
    [
      'PATCH',
      /^\/v1\/workspace\/webhooks\/[^/]+$/,
      authed((req, res) => {
        const hook = own(state.webhooks, req, res, 'webhook');
        if (!hook) return;
        for (const field of ['name', 'is_disabled']) if (req.json?.[field] === undefined) return unprocessable(res, [field], 'Field required', req.json);
        if ('webhook_url' in req.json) return unprocessable(res, ['webhook_url'], 'Extra inputs are not permitted', req.json);
        hook.config = { ...hook.config, name: req.json.name, is_disabled: req.json.is_disabled, request_headers: req.json.request_headers ?? hook.config.request_headers };
        json(res, 200, { status: 'ok' });
      }),
    ],
    [
      'DELETE',
      /^\/v1\/workspace\/webhooks\/[^/]+$/,
      authed((req, res) => {
        const hook = own(state.webhooks, req, res, 'webhook');
        if (!hook) return;
        if (inUse('webhook', hook.id)) return detail(res, 400, { status: 'webhook_in_use', message: 'The webhook is used by agents' });
        state.webhooks.delete(hook.id);
        json(res, 200, { status: 'ok' });
      }),
    ],
    [
      'POST',
      /^\/v1\/convai\/agents\/create$/,
      authed((req, res, key) => {
        if (!checkAgent(req.json, key, res)) return;
        const id = next('agent');
        state.agents.set(id, { id, key, config: req.json });
        json(res, 200, { agent_id: id });
      }),
    ],
    [
      'PATCH',
      /^\/v1\/convai\/agents\/[^/]+$/,
      authed((req, res, key) => {
        const agent = own(state.agents, req, res, 'agent');
        if (!agent) return;
        const merged = merge(agent.config, req.json);
        if (!checkAgent(merged, key, res)) return;
        agent.config = merged;
        json(res, 200, { agent_id: agent.id, ...merged });
      }),
    ],
    [
      'DELETE',
      /^\/v1\/convai\/agents\/[^/]+$/,
      authed((req, res) => {
        const agent = own(state.agents, req, res, 'agent');
        if (!agent) return;
        state.agents.delete(agent.id);
        res.writeHead(204);
        res.end();
      }),
    ],
    [
      'GET',
      /^\/v1\/convai\/conversation\/get-signed-url$/,
      authed((req, res, key) => {
        const query = new URL(req.path, 'http://x').searchParams;
        const agentId = query.get('agent_id') ?? '';
        const agent = state.agents.get(agentId);
        if (!agent || agent.key !== key) return detail(res, 404, { status: 'agent_not_found', message: `Agent ${agentId} was not found` });
        const signature = next('cvtkn');
        // elevenlabs answers wss://api.elevenlabs.io/...; here the same path on this server.
        let signed = `${wsBase}/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${signature}`;
        const grant: Grant = { agentId, key, expiresAt: state.now() + 15 * 60_000 };
        if (query.get('include_conversation_id') === 'true') {
          grant.conversationId = next('conv');
          signed += `&conversation_id=${grant.conversationId}`;
          state.conversations.set(grant.conversationId, newConversation(grant.conversationId, agentId, key));
        }
        state.signatures.set(signature, grant);
        json(res, 200, { signed_url: signed });
      }),
    ],
    [
      'GET',
      /^\/v1\/convai\/conversations\/[^/]+\/audio$/,
      authed((req, res, key) => {
        const id = decodeURIComponent(req.path.split('/')[4]!);
        const conversation = state.conversations.get(id);
        if (!conversation || conversation.deleted || conversation.key !== key) return detail(res, 404, { status: 'conversation_not_found', message: 'Conversation not found' });
        binary(res, 'audio/mpeg', conversation.audio);
      }),
    ],
    [
      'DELETE',
      /^\/v1\/convai\/conversations\/[^/]+$/,
      authed((req, res, key) => {
        const id = decodeURIComponent(req.path.split('/').pop()!);
        const conversation = state.conversations.get(id);
        if (!conversation || conversation.deleted || conversation.key !== key) return detail(res, 404, { status: 'conversation_not_found', message: 'Conversation not found' });
        conversation.deleted = true;
        json(res, 200, {});
      }),
    ],
  ];

  state.callTool = async (conversationId, name, llm, given) => {
    const conversation = state.conversations.get(conversationId);
    if (!conversation) throw new Error(`no conversation ${conversationId}`);
    const variables = given ?? conversation.variables ?? {};
    const agent = state.agents.get(conversation.agentId);
    if (!agent) throw new Error(`the agent of ${conversationId} is gone`);
    const toolId = (agent.config.conversation_config.agent.prompt.tool_ids as string[]).find((t) => state.tools.get(t)?.config.tool_config.name === name);
    if (!toolId) throw new Error(`the agent has no tool ${name}`);
    const api = state.tools.get(toolId)!.config.tool_config.api_schema;
    const sent = fill(api.request_body_schema, llm, { ...variables, system__conversation_id: conversationId, system__time_utc: new Date().toISOString() });
    const res = await fetch(api.url, { method: api.method, headers: { 'content-type': 'application/json', ...api.request_headers }, body: JSON.stringify(sent) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, sent };
  };

  state.endConversation = async (conversationId, opts) => {
    const conversation = state.conversations.get(conversationId);
    if (!conversation) throw new Error(`no conversation ${conversationId}`);
    const agent = state.agents.get(conversation.agentId);
    const hookId = agent?.config.platform_settings?.workspace_overrides?.webhooks?.post_call_webhook_id;
    const hook = hookId ? state.webhooks.get(hookId) : undefined;
    if (!agent || !hook) throw new Error(`the agent of ${conversationId} has no post-call webhook`);
    const now = Math.floor(Date.now() / 1000);
    const sent = {
      type: 'post_call_transcription',
      event_timestamp: now,
      data: {
        agent_id: agent.id,
        conversation_id: conversationId,
        status: 'done',
        transcript: opts.transcript ?? conversation.transcript,
        metadata: { start_time_unix_secs: now - Math.ceil(opts.durationSeconds), call_duration_secs: opts.durationSeconds, cost: 1200 },
        analysis: { call_successful: opts.successful === false ? 'failure' : 'success', transcript_summary: 'A summary of the call.', evaluation_criteria_results: {}, data_collection_results: {} },
        conversation_initiation_client_data: { dynamic_variables: { ...(opts.variables ?? conversation.variables), system__conversation_id: conversationId } },
        has_audio: true,
        has_user_audio: true,
        has_response_audio: true,
      },
    };
    const body = JSON.stringify(sent);
    const signature = createHmac('sha256', hook.hmacSecret).update(`${now}.${body}`).digest('hex');
    const res = await fetch(hook.config.webhook_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'elevenlabs-signature': `t=${now},v0=${signature}`, ...hook.config.request_headers, ...opts.headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, sent };
  };

  // ---- the conversation WebSocket a signed URL opens ----
  const sockets = new WebSocketServer({ noServer: true });

  function refuse(socket: Duplex, status: number, body: unknown): void {
    const text = JSON.stringify({ detail: body });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/v1/convai/conversation') return refuse(socket, 404, { status: 'not_found', message: 'Not found' });
    const signature = url.searchParams.get('conversation_signature') ?? '';
    const grant = state.signatures.get(signature);
    if (!grant || grant.agentId !== url.searchParams.get('agent_id')) return refuse(socket, 403, { status: 'invalid_signature', message: 'Invalid conversation signature' });
    if (state.now() > grant.expiresAt) return refuse(socket, 403, { status: 'signature_expired', message: 'The conversation signature has expired' });
    sockets.handleUpgrade(req, socket, head, (ws) => converse(ws, grant));
  }

  function converse(ws: WebSocket, grant: Grant): void {
    const send = (event: unknown) => ws.send(JSON.stringify(event));
    const started = state.now();
    let conversation: FakeConversation | undefined;
    let eventId = 0;
    const say = (message: string) => {
      conversation!.transcript.push({ role: 'agent', message, time_in_call_secs: Math.round((state.now() - started) / 1000) });
      send({ type: 'agent_response', agent_response_event: { agent_response: message } });
      send({ type: 'audio', audio_event: { audio_base_64: Buffer.alloc(640).toString('base64'), event_id: ++eventId } });
    };
    ws.on('message', (data) => {
      let message: any;
      try {
        message = JSON.parse(String(data));
      } catch {
        return ws.close(1003, 'Messages are JSON');
      }
      if (!conversation) {
        // The first message may carry the initiation data; anything else starts the conversation without it.
        const agent = state.agents.get(grant.agentId);
        if (!agent) return ws.close(1008, 'Agent not found');
        const variables: Record<string, unknown> = message.type === 'conversation_initiation_client_data' ? (message.dynamic_variables ?? {}) : {};
        const missing = requiredVariables(agent.config, state.tools).filter((name) => !(name in variables));
        if (missing.length) return ws.close(1008, `Missing required dynamic variables: ${missing.join(', ')}`);
        const id = grant.conversationId ?? next('conv');
        conversation = state.conversations.get(id) ?? newConversation(id, grant.agentId, grant.key);
        state.conversations.set(id, conversation);
        conversation.variables = variables;
        send({ type: 'conversation_initiation_metadata', conversation_initiation_metadata_event: { conversation_id: id, agent_output_audio_format: 'pcm_16000', user_input_audio_format: 'pcm_16000' } });
        const first = agent.config.conversation_config?.agent?.first_message;
        if (first) say(String(first).replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_m, name: string) => String(variables[name] ?? '')));
        send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: null } });
        return;
      }
      if (message.type === 'user_message' && typeof message.text === 'string') {
        conversation.transcript.push({ role: 'user', message: message.text, time_in_call_secs: Math.round((state.now() - started) / 1000) });
        send({ type: 'user_transcript', user_transcription_event: { user_transcript: message.text } });
        say('Thank you, I have noted that.');
      }
    });
  }

  let wsBase = '';
  const fake = await serve([...routes, ...elevenLabsMediaRoutes()], { upgrade });
  wsBase = fake.url.replace(/^http/, 'ws');
  const closeServer = fake.close;
  fake.close = async () => {
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
    await closeServer();
  };
  return Object.assign(fake, { convai: state });
}

function newConversation(id: string, agentId: string, key: string): FakeConversation {
  return { id, agentId, key, audio: sampleMp3(60), deleted: false, transcript: [] };
}

/** The dynamic variables an agent needs from the client: its tools' and its prompt's, not the system's. */
function requiredVariables(config: any, tools?: Map<string, Owned<any>>): string[] {
  const names = new Set<string>();
  const visit = (node: any) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.dynamic_variable === 'string' && node.dynamic_variable) names.add(node.dynamic_variable);
    for (const value of Object.values(node)) visit(value);
  };
  for (const id of config.conversation_config?.agent?.prompt?.tool_ids ?? []) visit(tools?.get(id)?.config);
  const text = `${config.conversation_config?.agent?.prompt?.prompt ?? ''} ${config.conversation_config?.agent?.first_message ?? ''}`;
  for (const m of text.matchAll(/\{\{\s*([\w-]+)\s*\}\}/g)) names.add(m[1]!);
  return [...names].filter((n) => !n.startsWith('system__'));
}
