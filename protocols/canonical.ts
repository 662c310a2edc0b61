// The one model every front door (native /api, /v1 chat completions, messages,
// responses) and every provider adapter maps to and from. Nothing here knows a
// wire format; converters in this folder and adapters in providers/ do.

export const PROVIDER_IDS = [
  'gemini',
  'vertex',
  'openai',
  'anthropic',
  'xai',
  'mistral',
  'deepseek',
  'perplexity',
  'ollama',
  'elevenlabs',
  'local-audio',
  'localai',
  'local-video',
  'bedrock',
  'groq',
  'together',
  'fireworks',
  'cerebras',
  'openrouter',
  'compatible',
  'cohere',
  'azure',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === 'string' && (PROVIDER_IDS as readonly string[]).includes(value);
}

export type TextPart = { type: 'text'; text: string };
// Video by fileId is resolved to inline data by the worker before an adapter sees it,
// so adapters only ever handle `data`.
export type VideoPart = { type: 'video'; mimeType: string; data?: string; fileId?: string };
// Images arrive from /v1 clients (image_url, image blocks, input_image).
export type ImagePart = { type: 'image'; mimeType?: string; data?: string; url?: string };
export type ContentPart = TextPart | VideoPart | ImagePart;

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type Message =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[]; reasoning?: string }
  | { role: 'tool'; content: string; toolCallId: string };

export interface Tool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export type ThinkingEffort = 'minimal' | 'low' | 'medium' | 'high';
export type RecencyFilter = 'hour' | 'day' | 'week' | 'month' | 'year';

export interface WebSearch {
  enabled: boolean;
  maxUses?: number;
  allowedDomains?: string[];
  blockedDomains?: string[];
  recencyFilter?: RecencyFilter;
}

export interface CanonicalRequest {
  provider: ProviderId;
  /** Resolved model id (the provider default is filled in before adapters run). */
  model: string;
  messages: Message[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  stop?: string[];
  responseFormat?: 'text' | 'json' | 'json_schema';
  /** JSON Schema of the wanted output; `name` is optional and defaults to "response". */
  jsonSchema?: { name?: string; schema: Record<string, unknown>; strict?: boolean } | Record<string, unknown>;
  thinkingMode?: { enabled: boolean; budget?: number; effort?: ThinkingEffort };
  promptCaching?: boolean;
  promptCacheKey?: string;
  safetyIdentifier?: string;
  webSearch?: WebSearch;
  tools?: Tool[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  /** Sample only from the k most likely tokens. */
  topK?: number;
  /** Return each output token's log probability, with `top` alternatives per token (0 for none). */
  logprobs?: { top: number };
  /** Independent answers to generate (more than 1 only where the provider can). */
  n?: number;
  seed?: number;
  /** OpenAI's answer length hint. */
  verbosity?: 'low' | 'medium' | 'high';
  /** Token id (as a string) -> bias from -100 to 100. */
  logitBias?: Record<string, number>;
  /** OpenRouter's provider routing preferences for this call (its `provider` object). */
  providerPreferences?: Record<string, unknown>;
}

/**
 * The options of CanonicalRequest only some providers honour. A provider's
 * descriptor lists the ones it does (ChatCapabilities.options), and
 * core/completion.ts refuses the rest before any adapter runs, so an adapter
 * that never heard of an option cannot drop it.
 */
export const OPTIONAL_CHAT_OPTIONS = ['topK', 'logprobs', 'n', 'seed', 'verbosity', 'logitBias', 'providerPreferences'] as const;
export type OptionalChatOption = (typeof OPTIONAL_CHAT_OPTIONS)[number];

/** The optional options a request asks for (n only when more than one answer is wanted). */
export function optionalOptionsOf(req: CanonicalRequest): OptionalChatOption[] {
  const asked: OptionalChatOption[] = [];
  if (req.topK !== undefined) asked.push('topK');
  if (req.logprobs !== undefined) asked.push('logprobs');
  if (req.n !== undefined && req.n > 1) asked.push('n');
  if (req.seed !== undefined) asked.push('seed');
  if (req.verbosity !== undefined) asked.push('verbosity');
  if (req.logitBias !== undefined) asked.push('logitBias');
  if (req.providerPreferences !== undefined) asked.push('providerPreferences');
  return asked;
}

/** One output token with its log probability and, when asked for, the most likely alternatives. */
export interface TokenLogprob {
  token: string;
  logprob: number;
  bytes?: number[] | null;
  top: Array<{ token: string; logprob: number; bytes?: number[] | null }>;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface Usage {
  /** Every input token, including cache reads and cache writes. */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens read from the provider's prompt cache (a subset of inputTokens). */
  cachedTokens: number;
  /** Input tokens written to the provider's prompt cache (a subset of inputTokens). */
  cacheCreationTokens?: number;
  /** Output tokens spent on reasoning (a subset of outputTokens). */
  reasoningTokens?: number;
  /** What the upstream itself billed for the call in USD, when it says (OpenRouter's usage.cost). */
  upstreamCostUsd?: number;
}

export interface CanonicalResult {
  content: string;
  toolCalls?: ToolCall[];
  finishReason: FinishReason;
  /** The stop sequence that ended generation, when the provider says which. */
  stopSequence?: string;
  usage: Usage;
  model: string;
  provider: ProviderId;
  /** The upstream's own id for the call, or one we minted when it gives none. */
  requestId: string;
  reasoning?: string;
  citations?: string[];
  /** Per output token, when the request asked for logprobs. */
  logprobs?: TokenLogprob[];
  /** Answers 2..n when the request asked for n > 1 (the first is this result itself); usage covers all. */
  choices?: Choice[];
}

/** One further answer of an n > 1 call. */
export interface Choice {
  content: string;
  toolCalls?: ToolCall[];
  finishReason: FinishReason;
  logprobs?: TokenLogprob[];
}

/**
 * What an adapter's stream yields, in order: any number of text, reasoning and
 * tool-call events, then exactly one `finish`. A tool call's `tool_call_start`
 * comes before any of its `tool_call_args`; `index` counts calls from 0.
 * With n > 1 the events of answers 2..n carry `choice` (1..n-1), each answer
 * counting its tool calls from 0, and `finish` names their finish reasons.
 */
export type StreamEvent =
  | { type: 'meta'; model?: string; requestId?: string }
  | { type: 'text'; delta: string; logprobs?: TokenLogprob[]; choice?: number }
  | { type: 'reasoning'; delta: string; choice?: number }
  | { type: 'tool_call_start'; index: number; id: string; name: string; choice?: number }
  | { type: 'tool_call_args'; index: number; delta: string; choice?: number }
  | { type: 'citations'; urls: string[] }
  | { type: 'finish'; finishReason: FinishReason; stopSequence?: string; usage: Usage; moreFinishReasons?: FinishReason[] };

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0, cachedTokens: 0 };
}

/** Folds a stream into the result a non-streaming call would have given. */
export class ResultAccumulator {
  private content = '';
  private reasoning = '';
  private calls: ToolCall[] = [];
  private citations: string[] | undefined;
  private logprobs: TokenLogprob[] | undefined;
  /** Answers 2..n of an n > 1 stream. */
  private readonly more: Array<Choice & { calls: ToolCall[] }> = [];
  model: string;
  requestId: string;
  finish: Extract<StreamEvent, { type: 'finish' }> | undefined;

  private readonly provider: ProviderId;
  constructor(provider: ProviderId, model: string, requestId: string) {
    this.provider = provider;
    this.model = model;
    this.requestId = requestId;
  }

  push(event: StreamEvent): void {
    if ('choice' in event && event.choice) return this.pushMore(event.choice, event);
    switch (event.type) {
      case 'meta':
        if (event.model) this.model = event.model;
        if (event.requestId) this.requestId = event.requestId;
        break;
      case 'text':
        this.content += event.delta;
        if (event.logprobs) (this.logprobs ??= []).push(...event.logprobs);
        break;
      case 'reasoning':
        this.reasoning += event.delta;
        break;
      case 'tool_call_start':
        this.calls[event.index] = { id: event.id, type: 'function', function: { name: event.name, arguments: '' } };
        break;
      case 'tool_call_args': {
        const call = this.calls[event.index];
        if (call) call.function.arguments += event.delta;
        break;
      }
      case 'citations':
        this.citations = event.urls;
        break;
      case 'finish':
        this.finish = event;
        break;
    }
  }

  private pushMore(at: number, event: StreamEvent): void {
    const choice = (this.more[at - 1] ??= { content: '', finishReason: 'stop', calls: [] });
    if (event.type === 'text') {
      choice.content += event.delta;
      if (event.logprobs) (choice.logprobs ??= []).push(...event.logprobs);
    } else if (event.type === 'tool_call_start') {
      choice.calls[event.index] = { id: event.id, type: 'function', function: { name: event.name, arguments: '' } };
    } else if (event.type === 'tool_call_args') {
      const call = choice.calls[event.index];
      if (call) call.function.arguments += event.delta;
    }
  }

  result(): CanonicalResult {
    const calls = this.calls.filter(Boolean);
    const more = this.more.map(({ calls: moreCalls, ...c }, i): Choice => {
      const toolCalls = moreCalls.filter(Boolean);
      return { ...c, ...(toolCalls.length ? { toolCalls } : {}), finishReason: this.finish?.moreFinishReasons?.[i] ?? c.finishReason };
    });
    return {
      content: this.content,
      ...(calls.length ? { toolCalls: calls } : {}),
      finishReason: this.finish?.finishReason ?? 'stop',
      ...(this.finish?.stopSequence !== undefined ? { stopSequence: this.finish.stopSequence } : {}),
      usage: this.finish?.usage ?? emptyUsage(),
      model: this.model,
      provider: this.provider,
      requestId: this.requestId,
      ...(this.reasoning ? { reasoning: this.reasoning } : {}),
      ...(this.citations ? { citations: this.citations } : {}),
      ...(this.logprobs ? { logprobs: this.logprobs } : {}),
      ...(more.length ? { choices: more } : {}),
    };
  }
}

/** Price of one call, carried by every result the gateway returns (native and /v1). */
export interface Cost {
  /** USD; 0 when billed to the caller's own provider key. */
  customerPrice: number;
  currency: 'USD';
  billing: 'metered' | 'byok';
  /** Only present when served from the completion cache. */
  cached?: boolean;
  /** Only present when the model is missing from the price catalogue (billed 0). */
  unpriced?: boolean;
}

/** Embeddings, shared by the queued native endpoint and /v1/embeddings. */
export interface EmbeddingRequest {
  provider: ProviderId;
  model: string;
  input: string[];
  dimensions?: number;
  /** What the vectors are for, where the provider embeds differently per use (cohere); search_document when not said. */
  inputType?: 'search_document' | 'search_query' | 'classification' | 'clustering';
}

export interface EmbeddingResult {
  embeddings: number[][];
  model: string;
  provider: ProviderId;
  dimensions: number;
  usage: { inputTokens: number; totalTokens: number };
}

export interface ModelInfo {
  id: string;
  name?: string;
  capabilities: string[];
  contextWindow?: number;
  maxOutputTokens?: number;
}
