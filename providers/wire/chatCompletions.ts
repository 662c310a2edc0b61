// The OpenAI Chat Completions wire format, shared by every provider that
// speaks it (openai, xai, mistral, deepseek, perplexity, localai). Each of
// those folders holds only a ChatDialect: which features the provider honours
// and the few fields it names or fills differently.
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type {
  CanonicalRequest,
  CanonicalResult,
  Choice,
  TokenLogprob,
  ContentPart,
  EmbeddingRequest,
  EmbeddingResult,
  FinishReason,
  Message,
  ModelInfo,
  ProviderId,
  StreamEvent,
  ToolCall,
  Usage,
} from '../../protocols/canonical.ts';
import { joinUrl, requireKey, send, sendJson, type UpstreamRequest } from '../transport/http.ts';
import { namedSchema, thinkingMaxTokens } from './requestOptions.ts';
import { parseEventJson, sseMessages } from '../transport/sse.ts';
import { malformed, ProviderError, unsupported, type CallContext, type ChatAdapter, type AdapterOptions, type ProviderSettings } from '../types.ts';

/** Options a provider may or may not honour; anything not listed is rejected up front. */
export type ChatFeature =
  | 'tools'
  | 'parallel_tool_calls'
  | 'images'
  | 'json'
  | 'json_schema'
  | 'penalties'
  | 'stop'
  | 'temperature'
  | 'top_p'
  /** The provider caches prompt prefixes by itself, so promptCaching: true is honoured. */
  | 'automatic_caching'
  | 'prompt_cache_key'
  | 'safety_identifier'
  /** Send stream_options.include_usage; without it the provider puts usage in its last chunk anyway. */
  | 'stream_usage_option'
  | 'logprobs'
  /** Several choices per call. */
  | 'n'
  | 'seed'
  /** top_k beside top_p (local runtimes built on llama.cpp). */
  | 'top_k'
  | 'verbosity'
  | 'logit_bias';

/** Translates tool-call ids for providers with their own id rules; one per request. */
export interface ToolIdMap {
  toWire(id: string): string;
  fromWire(id: string): string;
}

export interface ChatDialect {
  id: ProviderId;
  defaultModel: string;
  defaultEmbeddingModel?: string;
  chatPath: string;
  embeddingsPath?: string;
  modelsPath?: string;
  features: ReadonlySet<ChatFeature>;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** The seed's field name, when not `seed` (Mistral: random_seed). */
  seedField?: string;
  /** tool_choice value meaning "must call a tool". */
  requiredToolChoice?: string;
  /** Hosted providers need a key; local runtimes take one only if set. */
  keyRequired: boolean;
  /** Request fields for thinkingMode; absent means the provider has no reasoning control. */
  thinking?(req: CanonicalRequest): Record<string, unknown>;
  /** Request fields for webSearch; absent means the provider cannot search. */
  webSearch?(req: CanonicalRequest): Record<string, unknown>;
  /** Last say on the body: provider-only fields and checks needing the whole request. */
  finishBody?(req: CanonicalRequest, body: Record<string, unknown>): void;
  toolIds?(): ToolIdMap;
  /** Send an assistant turn's reasoning back with its tool calls (DeepSeek thinking mode demands it). */
  replayReasoning?: boolean;
  usage?(raw: any): Usage;
  /** Embeddings request fields, when they differ from OpenAI's. */
  embeddingBody?(req: EmbeddingRequest): Record<string, unknown>;
  citations?(payload: any): string[] | undefined;
  /** For local runtimes: a dispatcher with a short connect timeout. */
  dispatcher?: Dispatcher;
  /** Where a stream chunk carries usage, when not in `usage` (Groq: x_groq.usage). */
  chunkUsage?(chunk: any): unknown;
  /** Body fields from the operator's settings and the request together, added to every call (OpenRouter's routing preferences). */
  settingsFields?(settings: ProviderSettings, req: CanonicalRequest): Record<string, unknown>;
  /**
   * Where a call goes and how it is authorised, when not `<baseUrl>/<path>`
   * with a bearer key (Azure: a deployment in the path, an api-version, an
   * api-key header); it may rewrite the body (the model a deployment names).
   */
  route?(ctx: CallContext, path: string, body: Record<string, unknown>): { url: string; headers: Record<string, string>; body: Record<string, unknown> };
  /** The provider's own refusals read from a failed call (Azure's content filter), as the error the caller gets. */
  rejection?(err: ProviderError): ProviderError;
}

const identityIds: ToolIdMap = { toWire: (id) => id, fromWire: (id) => id };

// ---------------------------------------------------------------- request

function contentParts(d: ChatDialect, parts: ContentPart[]): unknown[] {
  return parts.map((part) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'video') throw unsupported(d.id, 'video input', 'only gemini and vertex accept video');
    if (!d.features.has('images')) throw unsupported(d.id, 'image input');
    const url = part.url ?? `data:${part.mimeType ?? 'image/png'};base64,${part.data ?? ''}`;
    return { type: 'image_url', image_url: { url } };
  });
}

function wireMessage(d: ChatDialect, m: Message, ids: ToolIdMap): Record<string, unknown> {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content };
    case 'user':
      return { role: 'user', content: typeof m.content === 'string' ? m.content : contentParts(d, m.content) };
    case 'assistant': {
      const calls = m.toolCalls ?? [];
      if (calls.length && !d.features.has('tools')) throw unsupported(d.id, 'tool calls');
      return {
        role: 'assistant',
        content: m.content ?? (calls.length ? null : ''),
        ...(calls.length
          ? { tool_calls: calls.map((c) => ({ id: ids.toWire(c.id), type: 'function', function: c.function })) }
          : {}),
        ...(d.replayReasoning && calls.length && m.reasoning ? { reasoning_content: m.reasoning } : {}),
      };
    }
    case 'tool':
      if (!d.features.has('tools')) throw unsupported(d.id, 'tool results');
      return { role: 'tool', tool_call_id: ids.toWire(m.toolCallId), content: m.content };
  }
}

function needs(d: ChatDialect, feature: ChatFeature, option: string): void {
  if (!d.features.has(feature)) throw unsupported(d.id, option);
}

function toolFields(d: ChatDialect, req: CanonicalRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (req.tools?.length) {
    needs(d, 'tools', 'tools');
    out.tools = req.tools.map((t) => ({ type: 'function', function: t.function }));
  }
  if (req.toolChoice !== undefined) {
    needs(d, 'tools', 'toolChoice');
    out.tool_choice = req.toolChoice === 'required' ? (d.requiredToolChoice ?? 'required') : req.toolChoice;
  }
  if (req.parallelToolCalls !== undefined) {
    needs(d, 'parallel_tool_calls', 'parallelToolCalls');
    out.parallel_tool_calls = req.parallelToolCalls;
  }
  return out;
}

function samplingFields(d: ChatDialect, req: CanonicalRequest, cap: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (req.temperature !== undefined) {
    needs(d, 'temperature', 'temperature');
    out.temperature = req.temperature;
  }
  if (req.topP !== undefined) {
    needs(d, 'top_p', 'topP');
    out.top_p = req.topP;
  }
  if (req.topK !== undefined) {
    needs(d, 'top_k', 'topK');
    out.top_k = req.topK;
  }
  if (req.frequencyPenalty !== undefined || req.presencePenalty !== undefined) needs(d, 'penalties', 'frequency/presence penalties');
  if (req.frequencyPenalty !== undefined) out.frequency_penalty = req.frequencyPenalty;
  if (req.presencePenalty !== undefined) out.presence_penalty = req.presencePenalty;
  if (req.stop?.length) {
    needs(d, 'stop', 'stop sequences');
    out.stop = req.stop;
  }
  const budget = req.thinkingMode?.enabled ? req.thinkingMode.budget : undefined;
  const max = thinkingMaxTokens(req.maxTokens, budget, cap);
  if (max !== undefined) out[d.maxTokensField] = max;
  if (req.logprobs) {
    needs(d, 'logprobs', 'logprobs');
    out.logprobs = true;
    if (req.logprobs.top) out.top_logprobs = req.logprobs.top;
  }
  if (req.n !== undefined && req.n > 1) {
    needs(d, 'n', `n = ${req.n}`);
    out.n = req.n;
  }
  if (req.seed !== undefined) {
    needs(d, 'seed', 'seed');
    out[d.seedField ?? 'seed'] = req.seed;
  }
  if (req.verbosity !== undefined) {
    needs(d, 'verbosity', 'verbosity');
    out.verbosity = req.verbosity;
  }
  if (req.logitBias !== undefined) {
    needs(d, 'logit_bias', 'logitBias');
    out.logit_bias = req.logitBias;
  }
  return out;
}

function formatFields(d: ChatDialect, req: CanonicalRequest): Record<string, unknown> {
  if (req.responseFormat === 'json') {
    needs(d, 'json', 'responseFormat json');
    return { response_format: { type: 'json_object' } };
  }
  if (req.responseFormat === 'json_schema') {
    needs(d, 'json_schema', 'responseFormat json_schema');
    const { name, schema, strict } = namedSchema(req);
    return { response_format: { type: 'json_schema', json_schema: { name, schema, ...(strict !== undefined ? { strict } : {}) } } };
  }
  return {};
}

function cacheFields(d: ChatDialect, req: CanonicalRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (req.promptCaching) needs(d, 'automatic_caching', 'promptCaching (it has no prompt cache to opt into)');
  if (req.promptCacheKey !== undefined) {
    needs(d, 'prompt_cache_key', 'promptCacheKey');
    out.prompt_cache_key = req.promptCacheKey;
  }
  if (req.safetyIdentifier !== undefined) {
    needs(d, 'safety_identifier', 'safetyIdentifier');
    out.safety_identifier = req.safetyIdentifier;
  }
  return out;
}

function optionalFeature(
  d: ChatDialect,
  req: CanonicalRequest,
  enabled: boolean | undefined,
  option: string,
  map: ((req: CanonicalRequest) => Record<string, unknown>) | undefined,
): Record<string, unknown> {
  if (!enabled) return {};
  if (!map) throw unsupported(d.id, option);
  return map(req);
}

export function chatBody(
  d: ChatDialect,
  req: CanonicalRequest,
  stream: boolean,
  ids: ToolIdMap,
  cap?: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: req.model,
    messages: req.messages.map((m) => wireMessage(d, m, ids)),
    ...samplingFields(d, req, cap),
    ...toolFields(d, req),
    ...formatFields(d, req),
    ...cacheFields(d, req),
    ...optionalFeature(d, req, req.thinkingMode?.enabled, 'thinkingMode', d.thinking),
    ...optionalFeature(d, req, req.webSearch?.enabled, 'webSearch', d.webSearch),
  };
  d.finishBody?.(req, body);
  return stream ? streamingBody(d, body) : body;
}

function streamingBody(d: ChatDialect, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, stream: true, ...(d.features.has('stream_usage_option') ? { stream_options: { include_usage: true } } : {}) };
}

/** The request validate() built: its body and the tool-id map that must read the answer. */
interface ChatWire {
  body: Record<string, unknown>;
  ids: ToolIdMap;
}

// ---------------------------------------------------------------- response

export function openaiUsage(raw: any): Usage {
  const input = raw?.prompt_tokens ?? 0;
  let output = raw?.completion_tokens ?? 0;
  const reasoning = raw?.completion_tokens_details?.reasoning_tokens ?? raw?.reasoning_tokens;
  const total = raw?.total_tokens ?? input + output;
  // Some providers (xAI) count reasoning outside completion_tokens; their total gives it away.
  if (reasoning && total === input + output + reasoning) output += reasoning;
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input + output,
    cachedTokens: raw?.prompt_tokens_details?.cached_tokens ?? 0,
    ...(reasoning ? { reasoningTokens: reasoning } : {}),
  };
}

const FINISH: Record<string, FinishReason> = {
  stop: 'stop',
  length: 'length',
  // Mistral: the model hit its context length.
  model_length: 'length',
  // DeepSeek: generation cut short by load; like a truncation, the caller may retry or continue.
  insufficient_system_resource: 'length',
  tool_calls: 'tool_calls',
  function_call: 'tool_calls',
  content_filter: 'content_filter',
};

function finishReason(raw: string | null | undefined, hasCalls: boolean): FinishReason {
  const mapped = FINISH[raw ?? 'stop'] ?? 'stop';
  // Local runtimes often say "stop" after emitting tool calls.
  return hasCalls && mapped === 'stop' ? 'tool_calls' : mapped;
}

/** Message content may be a string or (Mistral reasoning models) typed chunks. */
function splitContent(content: unknown): { text: string; thinking: string } {
  if (typeof content === 'string') return { text: content, thinking: '' };
  if (!Array.isArray(content)) return { text: '', thinking: '' };
  let text = '';
  let thinking = '';
  for (const chunk of content) {
    if (chunk?.type === 'text') text += chunk.text ?? '';
    if (chunk?.type === 'thinking') thinking += splitContent(chunk.thinking).text;
  }
  return { text, thinking };
}

function checkError(d: ChatDialect, payload: any): void {
  if (payload?.error) {
    const message = typeof payload.error === 'string' ? payload.error : (payload.error.message ?? JSON.stringify(payload.error));
    throw new ProviderError(d.id, 'upstream_error', `${d.id} reported an error: ${message}`, { upstreamBody: JSON.stringify(payload).slice(0, 2000) });
  }
}

/** OpenAI's logprobs.content entries as canonical token logprobs. */
export function tokenLogprobs(raw: any): TokenLogprob[] | undefined {
  const content = raw?.content;
  if (!Array.isArray(content)) return undefined;
  return content.map((t: any) => ({
    token: String(t?.token ?? ''),
    logprob: Number(t?.logprob ?? 0),
    bytes: Array.isArray(t?.bytes) ? t.bytes : null,
    top: (t?.top_logprobs ?? []).map((a: any) => ({ token: String(a?.token ?? ''), logprob: Number(a?.logprob ?? 0), bytes: Array.isArray(a?.bytes) ? a.bytes : null })),
  }));
}

function parseChoice(d: ChatDialect, choice: any, ids: ToolIdMap): Choice & { reasoning: string } {
  if (!choice?.message) throw malformed(d.id, 'a completion choice without message');
  const { text, thinking } = splitContent(choice.message.content);
  const toolCalls: ToolCall[] = (choice.message.tool_calls ?? []).map((c: any) => ({
    id: ids.fromWire(c.id),
    type: 'function',
    function: { name: c.function?.name ?? '', arguments: argumentsText(c.function?.arguments) },
  }));
  const logprobs = tokenLogprobs(choice.logprobs);
  // Built key by key, in this order, not with spreads: a key written after a
  // spread in a literal is defined in V8's runtime, each call (profile).
  const parsed = { content: text } as Choice & { reasoning: string };
  if (toolCalls.length) parsed.toolCalls = toolCalls;
  parsed.finishReason = finishReason(choice.finish_reason, toolCalls.length > 0);
  if (logprobs) parsed.logprobs = logprobs;
  parsed.reasoning = choice.message.reasoning_content ?? choice.message.reasoning ?? thinking;
  return parsed;
}

export function parseChatResult(d: ChatDialect, req: CanonicalRequest, json: any, ids: ToolIdMap): CanonicalResult {
  checkError(d, json);
  if (!json?.choices?.[0]?.message) throw malformed(d.id, 'a completion without choices[0].message');
  const choices = json.choices as any[];
  // One choice (n = 1, nearly every call) needs no ordering, nor the sort's and map's closures.
  const [first, ...more] =
    choices.length === 1 ? [parseChoice(d, choices[0], ids)] : [...choices].sort(byChoiceIndex).map((c) => parseChoice(d, c, ids));
  const citations = d.citations?.(json);
  const head = first!;
  // The first choice's keys, then the call's, in this order; key by key as in parseChoice.
  const result = { content: head.content } as CanonicalResult;
  if (head.toolCalls) result.toolCalls = head.toolCalls;
  result.finishReason = head.finishReason;
  if (head.logprobs) result.logprobs = head.logprobs;
  result.usage = (d.usage ?? openaiUsage)(json.usage);
  result.model = json.model ?? req.model;
  result.provider = d.id;
  result.requestId = json.id ?? randomUUID();
  if (head.reasoning) result.reasoning = head.reasoning;
  if (citations?.length) result.citations = citations;
  if (more.length) result.choices = more.map(({ reasoning: _, ...c }) => c);
  return result;
}

function byChoiceIndex(a: any, b: any): number {
  return (a?.index ?? 0) - (b?.index ?? 0);
}

/** Arguments are a JSON string on the wire, but some runtimes send the object itself. */
function argumentsText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Folds the chunk stream into canonical events. */
class ChunkMapper {
  /** Per choice (n > 1 streams several): tool-call keys -> canonical index, and the finish reason. */
  private readonly calls: Array<Map<string, number>> = [];
  private readonly finishes: Array<string | null> = [];
  private usage: Usage | undefined;
  private citations: string[] | undefined;
  private sawMeta = false;

  private readonly d: ChatDialect;
  private readonly ids: ToolIdMap;
  constructor(
    d: ChatDialect,
    ids: ToolIdMap,
  ) {
    this.d = d;
    this.ids = ids;
  }

  *map(chunk: any): Generator<StreamEvent> {
    checkError(this.d, chunk);
    if (!this.sawMeta && (chunk.id || chunk.model)) {
      this.sawMeta = true;
      yield { type: 'meta', model: chunk.model, requestId: chunk.id };
    }
    const usage = this.d.chunkUsage ? (this.d.chunkUsage(chunk) ?? chunk.usage) : chunk.usage;
    if (usage) this.usage = (this.d.usage ?? openaiUsage)(usage);
    this.citations = this.d.citations?.(chunk) ?? this.citations;
    for (const choice of chunk.choices ?? []) yield* this.choice(choice);
  }

  private *choice(choice: any): Generator<StreamEvent> {
    const at: number = choice.index ?? 0;
    // Answers 2..n of an n > 1 call say which they are; the first keeps the plain events.
    const which = at ? { choice: at } : {};
    const delta = choice.delta ?? {};
    const { text, thinking } = splitContent(delta.content);
    const reasoning = delta.reasoning_content ?? delta.reasoning ?? thinking;
    if (reasoning) yield { type: 'reasoning', delta: reasoning, ...which };
    const logprobs = tokenLogprobs(choice.logprobs);
    if (text || logprobs?.length) yield { type: 'text', delta: text, ...(logprobs?.length ? { logprobs } : {}), ...which };
    for (const [position, call] of (delta.tool_calls ?? []).entries()) yield* this.toolDelta(call, position, at);
    if (this.finishes[at] === undefined) this.finishes[at] = null;
    if (choice.finish_reason) this.finishes[at] = choice.finish_reason;
  }

  private *toolDelta(call: any, position: number, at: number): Generator<StreamEvent> {
    const calls = (this.calls[at] ??= new Map());
    // Providers that send whole calls in one chunk (Mistral) may omit index.
    const key = String(call.index ?? (call.id ? `id:${call.id}` : position));
    let index = calls.get(key);
    const which = at ? { choice: at } : {};
    if (index === undefined) {
      index = calls.size;
      calls.set(key, index);
      yield { type: 'tool_call_start', index, id: this.ids.fromWire(call.id ?? `call_${index}`), name: call.function?.name ?? '', ...which };
    }
    const args = argumentsText(call.function?.arguments);
    if (args) yield { type: 'tool_call_args', index, delta: args, ...which };
  }

  *end(done: boolean): Generator<StreamEvent> {
    const finish = this.finishes[0] ?? null;
    if (!done && finish === null) throw malformed(this.d.id, 'a stream that ended before it finished');
    if (this.citations?.length) yield { type: 'citations', urls: this.citations };
    const reasonOf = (at: number) => finishReason(this.finishes[at] ?? null, (this.calls[at]?.size ?? 0) > 0);
    const more = this.finishes.slice(1).map((_, i) => reasonOf(i + 1));
    yield {
      type: 'finish',
      finishReason: reasonOf(0),
      usage: this.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0, cachedTokens: 0 },
      ...(more.length ? { moreFinishReasons: more } : {}),
    };
  }
}

// ---------------------------------------------------------------- adapter

function headers(d: ChatDialect, ctx: CallContext): Record<string, string> {
  const key = d.keyRequired ? requireKey(ctx) : ctx.settings.apiKey;
  return key ? { authorization: `Bearer ${key}` } : {};
}

function url(ctx: CallContext, path: string): string {
  return joinUrl(ctx.settings.baseUrl, path);
}

export function createChatAdapter(d: ChatDialect, opts: AdapterOptions = {}): ChatAdapter {
  const ids = () => d.toolIds?.() ?? identityIds;
  const cap = (req: CanonicalRequest) => opts.maxOutputTokens?.(req.model);
  const upstream = (ctx: CallContext, path: string, body: Record<string, unknown>): UpstreamRequest =>
    d.route ? { ...d.route(ctx, path, body), dispatcher: d.dispatcher } : { url: url(ctx, path), headers: headers(d, ctx), body, dispatcher: d.dispatcher };
  // A promise, not a thunk: the providers without their own refusals allocate nothing more per call.
  const reading = <T>(call: Promise<T>): Promise<T> => (d.rejection ? call.catch((err: unknown) => Promise.reject(err instanceof ProviderError ? d.rejection!(err) : err)) : call);
  const withSettings = (ctx: CallContext, req: CanonicalRequest, body: Record<string, unknown>) => (d.settingsFields ? { ...body, ...d.settingsFields(ctx.settings, req) } : body);

  const adapter: ChatAdapter = {
    id: d.id,
    defaultModel: d.defaultModel,
    ...(d.defaultEmbeddingModel ? { defaultEmbeddingModel: d.defaultEmbeddingModel } : {}),
    validate(req): ChatWire {
      const map = ids();
      return { body: chatBody(d, req, false, map, cap(req)), ids: map };
    },
    async complete(req, ctx, wire) {
      const { body, ids: map } = (wire as ChatWire | undefined) ?? adapter.validate!(req) as ChatWire;
      return parseChatResult(d, req, await reading(sendJson(d.id, ctx, upstream(ctx, d.chatPath, withSettings(ctx, req, body)))), map);
    },
    async *stream(req, ctx, wire) {
      const { body, ids: map } = (wire as ChatWire | undefined) ?? adapter.validate!(req) as ChatWire;
      const res = await reading(send(d.id, ctx, upstream(ctx, d.chatPath, streamingBody(d, withSettings(ctx, req, body)))));
      const mapper = new ChunkMapper(d, map);
      let done = false;
      for await (const message of sseMessages(d.id, ctx, res)) {
        if (message.data === '[DONE]') {
          done = true;
          break;
        }
        yield* mapper.map(parseEventJson(d.id, message.data));
      }
      yield* mapper.end(done);
    },
  };
  if (d.embeddingsPath) adapter.embed = async (req, ctx) => reading(embed(d, req, ctx, upstream(ctx, d.embeddingsPath!, (d.embeddingBody ?? embeddingBody)(req))));
  if (d.modelsPath) adapter.listModels = (ctx) => listModels(d, ctx);
  return adapter;
}

function embeddingBody(req: EmbeddingRequest): Record<string, unknown> {
  return {
    model: req.model,
    input: req.input,
    encoding_format: 'float',
    ...(req.dimensions !== undefined ? { dimensions: req.dimensions } : {}),
  };
}

async function embed(d: ChatDialect, req: EmbeddingRequest, ctx: CallContext, upstream: UpstreamRequest): Promise<EmbeddingResult> {
  const json = await sendJson(d.id, ctx, upstream);
  const rows: any[] = json?.data;
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r?.embedding))) throw malformed(d.id, 'embeddings without data[].embedding');
  const embeddings = [...rows].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((r) => r.embedding as number[]);
  const input = json.usage?.prompt_tokens ?? 0;
  return {
    embeddings,
    model: json.model ?? req.model,
    provider: d.id,
    dimensions: embeddings[0]?.length ?? 0,
    usage: { inputTokens: input, totalTokens: json.usage?.total_tokens ?? input },
  };
}

async function listModels(d: ChatDialect, ctx: CallContext): Promise<ModelInfo[]> {
  const json = await sendJson(d.id, ctx, { method: 'GET', url: url(ctx, d.modelsPath!), headers: headers(d, ctx), dispatcher: d.dispatcher });
  if (!Array.isArray(json?.data)) throw malformed(d.id, 'a model list without data[]');
  return json.data.map((m: any) => ({ id: String(m.id), capabilities: ['chat'] }));
}
