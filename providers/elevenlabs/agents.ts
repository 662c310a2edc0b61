// ElevenLabs conversational agents (Agents Platform), on its documented
// endpoints: a template is two webhook tools (`POST /v1/convai/tools`), a
// workspace post-call webhook (`POST /v1/workspace/webhooks`, HMAC-signed by
// elevenlabs, with our X-Webhook-Secret as a custom header) and the agent
// using them (`POST /v1/convai/agents/create`, PATCH and DELETE
// `/v1/convai/agents/{id}`). Conversations start from a signed URL asked for
// with its conversation id; recordings come from
// `/v1/convai/conversations/{id}/audio`. Every configuration is sent whole,
// with elevenlabs' defaults spelled out, so a PATCH resets what a template no
// longer sets.
import type { AgentPart, AgentWiring, PostCallReport, SignedConversation, TranscriptTurn, UpstreamAgent, VoiceAgentSpec } from '../../protocols/agents.ts';
import { AGENT_SYSTEM_TOOLS, SESSION_VARIABLE } from '../../protocols/agents.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import { malformed, ProviderError, type AgentCallContext, type AgentsAdapter, type CallContext } from '../types.ts';

const id = 'elevenlabs';

// elevenlabs' own defaults (its OpenAPI document), sent explicitly so that clearing a field resets it.
export const DEFAULT_AGENT_VOICE = 'cjVigY5qzO86Huf0OWal';
export const DEFAULT_AGENT_LLM = 'gemini-2.5-flash';
const DEFAULT_VOICE = { stability: 0.5, speed: 1.0, similarityBoost: 0.8 };
/** Agents speaking English may use the English-only models; any other language needs a multilingual one. */
export const ENGLISH_ONLY_AGENT_MODELS = new Set(['eleven_flash_v2', 'eleven_turbo_v2']);
export function defaultAgentVoiceModel(language: string): string {
  return language === 'en' ? 'eleven_flash_v2' : 'eleven_flash_v2_5';
}

/** The LLMs elevenlabs agents run, by the provider they come from (its hosted ones under elevenlabs). */
const LLM_FAMILIES: Partial<Record<ProviderId, { pattern: RegExp; models: string }>> = {
  openai: { pattern: /^(gpt-|o\d)/, models: 'gpt-*' },
  anthropic: { pattern: /^claude-/, models: 'claude-*' },
  gemini: { pattern: /^gemini-/, models: 'gemini-*' },
  vertex: { pattern: /^(gemini-|claude-.*@)/, models: 'gemini-* (or claude-*@<date>)' },
  xai: { pattern: /^grok-/, models: 'grok-*' },
  elevenlabs: { pattern: /^(qwen|gpt-oss-|glm-|watt-)/, models: 'its hosted models: qwen*, gpt-oss-*, glm-*, watt-*' },
};

const SECRET_HEADER = 'X-Webhook-Secret';

const headers = (ctx: CallContext) => ({ 'xi-api-key': requireKey(ctx) });
const url = (ctx: CallContext, path: string) => joinUrl(ctx.settings.baseUrl, path);

/** A value the agent's LLM fills in, described to it. */
const asked = (type: 'string' | 'integer', description: string, extra: Record<string, unknown> = {}) => ({ type, description, ...extra });
const constant = (type: 'string' | 'integer', value: string | number) => ({ type, constant_value: value });
const variable = (type: 'string' | 'integer', name: string) => ({ type, dynamic_variable: name });

/**
 * The body a gateway tool sends: the documented webhook payload, its
 * identifiers filled in by elevenlabs (constants and dynamic variables), only
 * `data` left to the LLM.
 */
function payloadSchema(event: 'context' | 'event', wiring: AgentWiring, data: Record<string, unknown>, required: string[]) {
  return {
    type: 'object',
    description: `Switchyard ${event} webhook payload`,
    required: ['event', 'sessionId', 'templateId', 'templateName', 'timestamp', 'data'],
    properties: {
      event: constant('string', event),
      sessionId: variable('integer', SESSION_VARIABLE),
      templateId: constant('integer', wiring.templateId),
      templateName: constant('string', wiring.templateName),
      timestamp: variable('string', 'system__time_utc'),
      data: {
        type: 'object',
        description: event === 'context' ? 'What the agent needs to know' : 'What happened',
        required,
        properties: { ...data, conversationId: variable('string', 'system__conversation_id') },
      },
    },
  };
}

function webhookTool(name: string, description: string, target: string, wiring: AgentWiring, body: unknown) {
  return {
    tool_config: {
      type: 'webhook',
      name,
      description,
      response_timeout_secs: 20,
      api_schema: {
        url: target,
        method: 'POST',
        content_type: 'application/json',
        request_headers: { [SECRET_HEADER]: wiring.secret },
        request_body_schema: body,
      },
    },
  };
}

function contextTool(wiring: AgentWiring) {
  return webhookTool(
    'get_context',
    'Ask the business for information you need and do not have, such as the caller\'s account, orders or case. Say precisely what you need in `question`; the answer is the context to use.',
    wiring.contextUrl,
    wiring,
    payloadSchema('context', wiring, { question: asked('string', 'What information you need, in a short sentence') }, ['question']),
  );
}

function eventTool(wiring: AgentWiring) {
  const description = wiring.interview
    ? 'Report progress of the interview: call it with type "response" after each answer (the question and a short summary of the answer) and with type "section_completed" when all questions are done.'
    : 'Report a noteworthy moment of the conversation (type "note"), such as a request the business must act on.';
  return webhookTool(
    'report_event',
    description,
    wiring.eventUrl,
    wiring,
    payloadSchema(
      'event',
      wiring,
      {
        type: asked('string', 'response, section_completed or note', { enum: ['response', 'section_completed', 'note'] }),
        question: asked('string', 'For type response: the question that was answered'),
        answer: asked('string', 'For type response: a short summary of the answer'),
        section: asked('string', 'For type section_completed: what was completed'),
        detail: asked('string', 'For type note: what happened'),
      },
      ['type'],
    ),
  );
}

function postCallWebhook(wiring: AgentWiring) {
  return {
    settings: {
      auth_type: 'hmac',
      name: `Switchyard template ${wiring.templateId} post-call`,
      webhook_url: wiring.completeUrl,
      request_headers: { [SECRET_HEADER]: wiring.secret },
    },
  };
}

function systemTools(spec: VoiceAgentSpec) {
  const chosen = new Map(spec.tools.map((t) => [t.name, t]));
  // Every system tool is named: a PATCH with a tool left out would keep it.
  return Object.fromEntries(
    AGENT_SYSTEM_TOOLS.map((name) => {
      const tool = chosen.get(name);
      if (!tool) return [name, null];
      const params: Record<string, unknown> = { system_tool_type: name };
      if (name === 'transfer_to_agent' || name === 'transfer_to_number') params.transfers = [];
      return [name, { type: 'system', name, description: tool.description ?? '', params }];
    }),
  );
}

function agentConfig(spec: VoiceAgentSpec, ids: Partial<UpstreamAgent>) {
  if (!ids.contextTool || !ids.eventTool || !ids.webhook) throw new Error('the agent is configured after its tools and webhook');
  const voice = { ...DEFAULT_VOICE, ...spec.voiceSettings };
  return {
    name: spec.name,
    tags: spec.tags,
    conversation_config: {
      agent: {
        first_message: spec.firstMessage ?? '',
        language: spec.language,
        prompt: {
          prompt: spec.systemPrompt,
          llm: spec.llmModel ?? DEFAULT_AGENT_LLM,
          tool_ids: [ids.contextTool, ids.eventTool],
          built_in_tools: systemTools(spec),
        },
      },
      tts: {
        voice_id: spec.voiceId ?? DEFAULT_AGENT_VOICE,
        model_id: spec.voiceModel ?? defaultAgentVoiceModel(spec.language),
        stability: voice.stability,
        speed: voice.speed,
        similarity_boost: voice.similarityBoost,
      },
      conversation: { max_duration_seconds: spec.maxDurationSeconds },
    },
    platform_settings: {
      // Conversations need a signed URL: only the gateway hands those out.
      auth: { enable_auth: true },
      privacy: { record_voice: true, retention_days: spec.retentionDays },
      workspace_overrides: { webhooks: { post_call_webhook_id: ids.webhook, events: ['transcript'], transcript_format: 'json' } },
    },
  };
}

/** The same error with every secret the call carried taken out (elevenlabs echoes refused input back). */
function scrubbed(err: unknown, secrets: string[] | undefined): unknown {
  if (!(err instanceof ProviderError) || !secrets?.length) return err;
  const scrub = (text: string | undefined) => (text === undefined ? undefined : secrets.reduce((t, s) => (s ? t.split(s).join('[redacted]') : t), text));
  return new ProviderError(err.provider, err.code, scrub(err.message)!, { status: err.status, retryAfterMs: err.retryAfterMs, upstreamBody: scrub(err.upstreamBody) });
}

async function call<T>(ctx: AgentCallContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw scrubbed(err, ctx.redact);
  }
}

const PATHS: Record<AgentPart, { create: string; item: string }> = {
  contextTool: { create: 'v1/convai/tools', item: 'v1/convai/tools' },
  eventTool: { create: 'v1/convai/tools', item: 'v1/convai/tools' },
  webhook: { create: 'v1/workspace/webhooks', item: 'v1/workspace/webhooks' },
  agent: { create: 'v1/convai/agents/create', item: 'v1/convai/agents' },
};

function createdId(part: AgentPart, answer: any): string {
  const value = part === 'agent' ? answer?.agent_id : part === 'webhook' ? answer?.webhook_id : answer?.id;
  if (typeof value !== 'string' || !value) throw malformed(id, `no id for the created ${part}`);
  return value;
}

/** What a PATCH of the part takes: the webhook's update body differs from its create body. */
function patchBody(part: AgentPart, config: any): unknown {
  if (part !== 'webhook') return config;
  const { name, request_headers } = config.settings;
  return { name, is_disabled: false, request_headers };
}

const isMissing = (err: unknown) => err instanceof ProviderError && err.status === 404;

async function deleteAt(ctx: CallContext, path: string): Promise<'deleted' | 'missing'> {
  try {
    const res = await send(id, ctx, { method: 'DELETE', url: url(ctx, path), headers: headers(ctx) });
    await res.body.text();
    return 'deleted';
  } catch (err) {
    if (isMissing(err)) return 'missing';
    throw err;
  }
}

function conversationIdOf(answer: { signed_url?: unknown; conversation_id?: unknown }): string | undefined {
  if (typeof answer.conversation_id === 'string' && answer.conversation_id) return answer.conversation_id;
  try {
    return new URL(String(answer.signed_url)).searchParams.get('conversation_id') ?? undefined;
  } catch {
    return undefined;
  }
}

function transcriptOf(turns: unknown): TranscriptTurn[] {
  if (!Array.isArray(turns)) return [];
  return turns
    .filter((t) => t && (t.role === 'agent' || t.role === 'user'))
    .map((t) => ({
      role: t.role,
      message: typeof t.message === 'string' ? t.message : null,
      ...(typeof t.time_in_call_secs === 'number' ? { timeInCallSecs: t.time_in_call_secs } : {}),
    }));
}

export const elevenlabsAgents: AgentsAdapter = {
  id,
  configure(part, spec, wiring, ids) {
    switch (part) {
      case 'contextTool':
        return contextTool(wiring);
      case 'eventTool':
        return eventTool(wiring);
      case 'webhook':
        return postCallWebhook(wiring);
      case 'agent':
        return agentConfig(spec, ids);
    }
  },
  mustReplace(part, before: any, after: any) {
    // A workspace webhook's URL cannot be changed (its PATCH takes name, state and headers only).
    return part === 'webhook' && before?.settings?.webhook_url !== after?.settings?.webhook_url;
  },
  createPart(part, config, ctx) {
    return call(ctx, async () => {
      // Not retried: a create that failed after elevenlabs acted on it would leave a duplicate nobody knows of.
      const answer = await sendJson(id, ctx, { url: url(ctx, PATHS[part].create), headers: headers(ctx), body: config, attempts: 1 });
      return createdId(part, answer);
    });
  },
  updatePart(part, partId, config, ctx) {
    return call(ctx, async () => {
      await sendJson(id, ctx, { method: 'PATCH', url: url(ctx, `${PATHS[part].item}/${encodeURIComponent(partId)}`), headers: headers(ctx), body: patchBody(part, config) });
    });
  },
  deletePart(part, partId, ctx) {
    return call(ctx, () => deleteAt(ctx, `${PATHS[part].item}/${encodeURIComponent(partId)}`));
  },
  checkTemplate(t) {
    const problems: Array<{ field: string; message: string }> = [];
    if (t.llmProvider !== null) {
      const family = LLM_FAMILIES[t.llmProvider];
      if (!family) {
        problems.push({ field: 'llmProvider', message: `elevenlabs agents cannot run ${t.llmProvider} models; use one of ${Object.keys(LLM_FAMILIES).join(', ')}` });
      } else if (t.llmModel !== null && !family.pattern.test(t.llmModel)) {
        problems.push({ field: 'llmModel', message: `${t.llmModel} is not a ${t.llmProvider} model (${family.models})` });
      }
    }
    if (t.voiceModel !== null && t.language !== 'en' && ENGLISH_ONLY_AGENT_MODELS.has(t.voiceModel)) {
      problems.push({ field: 'voiceModel', message: `${t.voiceModel} speaks English only; use eleven_flash_v2_5 (or leave voiceModel out) for language ${t.language}` });
    }
    return problems;
  },
  rejectedField(err) {
    let body: any;
    try {
      body = JSON.parse(err.upstreamBody ?? '');
    } catch {
      return undefined;
    }
    const detail = body?.detail;
    const places: string[] = Array.isArray(detail) ? detail.flatMap((d: any) => (Array.isArray(d?.loc) ? d.loc.map(String) : [])) : [];
    if (!Array.isArray(detail) && typeof detail?.status === 'string') places.push(detail.status);
    if (places.some((p) => p === 'llm')) return 'llmModel';
    if (places.some((p) => p === 'model_id')) return 'voiceModel';
    if (places.some((p) => p === 'voice_id' || p.startsWith('voice_not_found'))) return 'voiceId';
    return undefined;
  },
  async signedUrl(agentId, ctx): Promise<SignedConversation> {
    const query = new URLSearchParams({ agent_id: agentId, include_conversation_id: 'true' });
    const answer = await sendJson(id, ctx, { url: url(ctx, `v1/convai/conversation/get-signed-url?${query}`), headers: headers(ctx) });
    if (typeof answer?.signed_url !== 'string' || !answer.signed_url) throw malformed(id, 'a signed URL answer without signed_url');
    const conversationId = conversationIdOf(answer);
    return { signedUrl: answer.signed_url, ...(conversationId ? { conversationId } : {}) };
  },
  async conversationAudio(conversationId, ctx) {
    const res = await send(id, ctx, { url: url(ctx, `v1/convai/conversations/${encodeURIComponent(conversationId)}/audio`), headers: headers(ctx) });
    const type = res.headers['content-type'];
    const length = Number(res.headers['content-length']);
    return {
      body: res.body,
      contentType: typeof type === 'string' ? type : undefined,
      ...(Number.isFinite(length) && length >= 0 ? { length } : {}),
    };
  },
  deleteConversation(conversationId, ctx) {
    return deleteAt(ctx, `v1/convai/conversations/${encodeURIComponent(conversationId)}`);
  },
  parsePostCall(body: any): PostCallReport | undefined {
    if (body?.type !== 'post_call_transcription' || typeof body.data !== 'object' || body.data === null) return undefined;
    const data = body.data;
    const duration = Number(data.metadata?.call_duration_secs);
    const start = Number(data.metadata?.start_time_unix_secs);
    const at = Number.isFinite(start) && Number.isFinite(duration) ? new Date((start + duration) * 1000) : Number.isFinite(body.event_timestamp) ? new Date(body.event_timestamp * 1000) : undefined;
    // Unix seconds past what a Date holds (about year 275760) give an invalid date: treated as absent.
    const endedAt = at && !Number.isNaN(at.getTime()) ? at : undefined;
    const analysis = data.analysis && typeof data.analysis === 'object' ? data.analysis : undefined;
    return {
      agentId: String(data.agent_id),
      conversationId: String(data.conversation_id),
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : 0,
      successful: analysis?.call_successful !== 'failure' && data.status !== 'failed',
      ...(endedAt ? { endedAt } : {}),
      transcript: transcriptOf(data.transcript),
      ...(analysis ? { analysis } : {}),
      dynamicVariables: data.conversation_initiation_client_data?.dynamic_variables ?? {},
      ...(typeof data.has_audio === 'boolean' ? { hasAudio: data.has_audio } : {}),
    };
  },
};
