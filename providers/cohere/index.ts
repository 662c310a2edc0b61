// Cohere's v2 API: POST /v2/chat (messages, tools, documents cited by the
// answer, thinking, SSE events of its own) and POST /v2/embed (input types and
// embedding types).
import { randomUUID } from 'node:crypto';
import type {
  CanonicalRequest,
  CanonicalResult,
  ContentPart,
  EmbeddingRequest,
  EmbeddingResult,
  FinishReason,
  Message,
  ModelInfo,
  StreamEvent,
  ToolCall,
  Usage,
} from '../../protocols/canonical.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import { parseEventJson, sseMessages } from '../transport/sse.ts';
import { namedSchema, thinkingMaxTokens } from '../wire/requestOptions.ts';
import { hosted, malformed, ProviderError, unsupported, type AdapterOptions, type CallContext, type ChatAdapter, type Embedder, type ProviderDescriptor } from '../types.ts';

const ID = 'cohere';

// ---------------------------------------------------------------- request

function content(parts: string | ContentPart[]): string | unknown[] {
  if (typeof parts === 'string') return parts;
  return parts.map((p) => {
    if (p.type === 'text') return { type: 'text', text: p.text };
    if (p.type === 'video') throw unsupported(ID, 'video input');
    return { type: 'image_url', image_url: { url: p.url ?? `data:${p.mimeType ?? 'image/png'};base64,${p.data ?? ''}` } };
  });
}

function wireMessage(m: Message): Record<string, unknown> {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content };
    case 'user':
      return { role: 'user', content: content(m.content) };
    case 'assistant': {
      const calls = m.toolCalls ?? [];
      if (!calls.length) return { role: 'assistant', content: m.content ?? '' };
      // A tool-calling turn carries its plan (Cohere's name for the text before the calls), not content.
      return {
        role: 'assistant',
        ...(m.content ? { tool_plan: m.content } : {}),
        tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments } })),
      };
    }
    case 'tool':
      // A tool result is a document the answer may cite.
      return { role: 'tool', tool_call_id: m.toolCallId, content: [{ type: 'document', document: { data: m.content } }] };
  }
}

function toolChoice(choice: CanonicalRequest['toolChoice']): Record<string, unknown> {
  if (choice === undefined || choice === 'auto') return {};
  if (choice === 'required') return { tool_choice: 'REQUIRED' };
  if (choice === 'none') return { tool_choice: 'NONE' };
  throw unsupported(ID, 'a named toolChoice', 'Cohere forces some tool (REQUIRED) or none, never one by name');
}

export function chatBody(req: CanonicalRequest, cap?: number): Record<string, unknown> {
  if (req.n !== undefined && req.n > 1) throw unsupported(ID, `n = ${req.n}`);
  if (req.webSearch?.enabled) throw unsupported(ID, 'webSearch', 'its chat API has no search (ground answers with documents or tools)');
  if (req.promptCacheKey !== undefined) throw unsupported(ID, 'promptCacheKey');
  if (req.promptCaching) throw unsupported(ID, 'promptCaching (it has no prompt cache to opt into)');
  if (req.parallelToolCalls === false) throw unsupported(ID, 'parallelToolCalls: false', 'Cohere may always call several tools at once');
  for (const option of ['verbosity', 'logitBias', 'safetyIdentifier'] as const) if (req[option] !== undefined) throw unsupported(ID, option);
  const body: Record<string, unknown> = { model: req.model, messages: req.messages.map(wireMessage) };
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.topP !== undefined) body.p = req.topP;
  if (req.topK !== undefined) body.k = req.topK;
  if (req.frequencyPenalty !== undefined) body.frequency_penalty = req.frequencyPenalty;
  if (req.presencePenalty !== undefined) body.presence_penalty = req.presencePenalty;
  if (req.stop?.length) body.stop_sequences = req.stop;
  if (req.seed !== undefined) body.seed = req.seed;
  // Cohere's logprobs have no alternatives per token and a shape of their own: not offered.
  if (req.logprobs) throw unsupported(ID, 'logprobs');
  const budget = req.thinkingMode?.enabled ? req.thinkingMode.budget : undefined;
  const max = thinkingMaxTokens(req.maxTokens, budget, cap);
  if (max !== undefined) body.max_tokens = max;
  if (req.thinkingMode?.enabled) {
    if (req.thinkingMode.effort && budget === undefined) throw unsupported(ID, 'a thinking effort', 'Cohere takes a token budget (thinkingMode.budget)');
    body.thinking = { type: 'enabled', ...(budget !== undefined ? { token_budget: budget } : {}) };
  }
  if (req.tools?.length) body.tools = req.tools.map((t) => ({ type: 'function', function: t.function }));
  Object.assign(body, toolChoice(req.toolChoice));
  if (req.responseFormat === 'json') body.response_format = { type: 'json_object' };
  if (req.responseFormat === 'json_schema') body.response_format = { type: 'json_object', json_schema: namedSchema(req).schema };
  return body;
}

// ---------------------------------------------------------------- response

const FINISH: Record<string, FinishReason> = {
  COMPLETE: 'stop',
  STOP_SEQUENCE: 'stop',
  MAX_TOKENS: 'length',
  TOOL_CALL: 'tool_calls',
};

function finishReason(raw: unknown, why: unknown): FinishReason {
  if (raw === 'ERROR') throw new ProviderError(ID, 'upstream_error', `cohere stopped with an error${why ? `: ${String(why)}` : ''}`);
  const mapped = FINISH[String(raw)];
  if (!mapped) throw malformed(ID, `an unknown finish_reason ${String(raw)}`);
  return mapped;
}

// Input tokens as the model saw them (tokens), falling back to what was billed.
export function cohereUsage(raw: any): Usage {
  const tokens = raw?.tokens ?? raw?.billed_units ?? {};
  const input = Number(tokens.input_tokens ?? 0);
  const output = Number(tokens.output_tokens ?? 0);
  return { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: Number(raw?.cached_tokens ?? 0) };
}

/**
 * Citations as the canonical model has them: a URL per cited source, where
 * the source is a document with a url; otherwise the document's (or tool
 * result's) id, so every citation still says which source it came from.
 */
function citationSources(citations: unknown): string[] {
  const out: string[] = [];
  for (const c of Array.isArray(citations) ? citations : []) {
    for (const s of c?.sources ?? []) {
      const ref = typeof s?.document?.url === 'string' ? s.document.url : typeof s?.id === 'string' ? s.id : undefined;
      if (ref && !out.includes(ref)) out.push(ref);
    }
  }
  return out;
}

function parseResult(req: CanonicalRequest, json: any): CanonicalResult {
  const message = json?.message;
  if (!message) throw malformed(ID, 'a chat answer without message');
  const parts: any[] = Array.isArray(message.content) ? message.content : [];
  const text = parts.filter((p) => p?.type === 'text').map((p) => String(p.text ?? '')).join('');
  const thinking = parts.filter((p) => p?.type === 'thinking').map((p) => String(p.thinking ?? '')).join('');
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).map((c: any) => ({
    id: String(c.id),
    type: 'function',
    function: { name: String(c.function?.name ?? ''), arguments: typeof c.function?.arguments === 'string' ? c.function.arguments : JSON.stringify(c.function?.arguments ?? {}) },
  }));
  const citations = citationSources(message.citations);
  const result: CanonicalResult = {
    content: toolCalls.length ? '' : text,
    finishReason: finishReason(json.finish_reason, undefined),
    usage: cohereUsage(json.usage),
    model: req.model,
    provider: ID,
    requestId: String(json.id ?? randomUUID()),
  };
  if (toolCalls.length) result.toolCalls = toolCalls;
  // Before its calls a model says what it plans to do: that is its reasoning, not its answer.
  const reasoning = [thinking, toolCalls.length ? String(message.tool_plan ?? '') : ''].filter(Boolean).join('\n');
  if (reasoning) result.reasoning = reasoning;
  if (citations.length) result.citations = citations;
  return result;
}

/** Cohere's stream events (message-start ... message-end) as canonical events. */
class EventMapper {
  private calls = 0;
  private citations: unknown[] = [];
  private finished?: { finishReason: FinishReason; usage: Usage };
  private plan = '';

  *map(type: string | undefined, data: any): Generator<StreamEvent> {
    const message = data?.delta?.message;
    switch (type ?? data?.type) {
      case 'message-start':
        yield { type: 'meta', requestId: data?.id };
        return;
      case 'content-delta': {
        const c = message?.content ?? {};
        if (typeof c.thinking === 'string' && c.thinking) yield { type: 'reasoning', delta: c.thinking };
        if (typeof c.text === 'string' && c.text) yield { type: 'text', delta: c.text };
        return;
      }
      case 'tool-plan-delta':
        if (message?.tool_plan) {
          this.plan += message.tool_plan;
          yield { type: 'reasoning', delta: message.tool_plan };
        }
        return;
      case 'tool-call-start': {
        const call = message?.tool_calls ?? {};
        const index = this.calls++;
        yield { type: 'tool_call_start', index, id: String(call.id ?? `call_${index}`), name: String(call.function?.name ?? '') };
        if (call.function?.arguments) yield { type: 'tool_call_args', index, delta: String(call.function.arguments) };
        return;
      }
      case 'tool-call-delta': {
        const args = message?.tool_calls?.function?.arguments;
        if (args) yield { type: 'tool_call_args', index: this.calls - 1, delta: String(args) };
        return;
      }
      case 'citation-start':
        if (message?.citations) this.citations.push(message.citations);
        return;
      case 'message-end':
        this.finished = { finishReason: finishReason(data?.delta?.finish_reason, data?.delta?.error), usage: cohereUsage(data?.delta?.usage) };
        return;
      default:
        // content-start, content-end, tool-call-end, citation-end, debug: nothing to say.
        return;
    }
  }

  *end(): Generator<StreamEvent> {
    if (!this.finished) throw malformed(ID, 'a stream that ended before message-end');
    const urls = citationSources(this.citations);
    if (urls.length) yield { type: 'citations', urls };
    yield { type: 'finish', ...this.finished };
  }
}

// ---------------------------------------------------------------- embeddings

const INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'] as const;

function embedBody(req: EmbeddingRequest): Record<string, unknown> {
  const inputType = req.inputType ?? 'search_document';
  if (!(INPUT_TYPES as readonly string[]).includes(inputType)) throw unsupported(ID, `inputType ${inputType}`, `one of ${INPUT_TYPES.join(', ')}`);
  return {
    model: req.model,
    texts: req.input,
    input_type: inputType,
    // The canonical result is float vectors; int8 and binary types are a storage choice no front door offers.
    embedding_types: ['float'],
    ...(req.dimensions !== undefined ? { output_dimension: req.dimensions } : {}),
  };
}

// ---------------------------------------------------------------- adapter

function headers(ctx: CallContext): Record<string, string> {
  return { authorization: `Bearer ${requireKey(ctx)}`, 'x-client-name': 'switchyard' };
}

export function createAdapter(opts: AdapterOptions = {}): ChatAdapter & Embedder {
  const cap = (req: CanonicalRequest) => opts.maxOutputTokens?.(req.model);
  const call = (ctx: CallContext, path: string, body?: unknown) => ({ url: joinUrl(ctx.settings.baseUrl, path), headers: headers(ctx), ...(body !== undefined ? { body } : {}) });
  const adapter: ChatAdapter & Embedder = {
    id: ID,
    defaultModel: 'command-a-03-2025',
    defaultEmbeddingModel: 'embed-v4.0',
    validate: (req) => chatBody(req, cap(req)),
    async complete(req, ctx, wire) {
      const body = (wire as Record<string, unknown> | undefined) ?? chatBody(req, cap(req));
      return parseResult(req, await sendJson(ID, ctx, call(ctx, 'v2/chat', body)));
    },
    async *stream(req, ctx, wire) {
      const body = (wire as Record<string, unknown> | undefined) ?? chatBody(req, cap(req));
      const res = await send(ID, ctx, call(ctx, 'v2/chat', { ...body, stream: true }));
      const mapper = new EventMapper();
      for await (const message of sseMessages(ID, ctx, res)) {
        const data = parseEventJson(ID, message.data) as any;
        yield* mapper.map(message.event, data);
      }
      yield* mapper.end();
    },
    async embed(req, ctx): Promise<EmbeddingResult> {
      const json = await sendJson(ID, ctx, call(ctx, 'v2/embed', embedBody(req)));
      const vectors = json?.embeddings?.float;
      if (!Array.isArray(vectors) || vectors.some((v: unknown) => !Array.isArray(v))) throw malformed(ID, 'embeddings without embeddings.float');
      const input = Number(json?.meta?.billed_units?.input_tokens ?? 0);
      return { embeddings: vectors, model: req.model, provider: ID, dimensions: vectors[0]?.length ?? 0, usage: { inputTokens: input, totalTokens: input } };
    },
    async listModels(ctx): Promise<ModelInfo[]> {
      const json = await sendJson(ID, ctx, { method: 'GET', ...call(ctx, 'v1/models') });
      if (!Array.isArray(json?.models)) throw malformed(ID, 'a model list without models[]');
      return json.models.map((m: any) => ({
        id: String(m.name),
        capabilities: (m.endpoints ?? []).includes('embed') ? ['embeddings'] : ['chat'],
        ...(m.context_length ? { contextWindow: m.context_length } : {}),
      }));
    },
  };
  return adapter;
}

export default {
  id: ID,
  ...hosted('COHERE', 'https://api.cohere.com'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['topK', 'seed'] }, embeddings: true, embeddingInputTypes: true, liveModels: true },
  createAdapter,
} satisfies ProviderDescriptor;
