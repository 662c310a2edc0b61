// OpenAI Chat Completions <-> canonical model, for POST /v1/chat/completions.

import type {
  CanonicalRequest,
  CanonicalResult,
  Choice,
  ContentPart,
  Cost,
  FinishReason,
  Message,
  ProviderId,
  Tool,
  ToolCall,
  ToolChoice,
  Usage,
} from './canonical.ts';
import {
  array,
  hasCacheControl,
  imageFromUrl,
  invalid,
  isObject,
  jsonSchemaFormat,
  nowSeconds,
  object,
  optBoolean,
  optInteger,
  optNumber,
  optObject,
  optCount,
  optString,
  parseModelRef,
  prefixedId,
  refused,
  refuseFields,
  serviceTier,
  setGiven,
  string,
  thinkingFromEffort,
  toOpenAiLogprobs,
  verbosity,
  type ContentEvent,
  type FinishEvent,
  type Json,
} from './compat.ts';
import { onlyText, refusalOfPart, richContent, textContent, textOfPart, textPart, type PartGrammar } from './contentParts.ts';

export interface ChatRequest {
  provider: ProviderId;
  model: string;
  request: CanonicalRequest;
  stream: boolean;
  /** `stream_options.include_usage`: the stream ends with a usage chunk. */
  includeUsage: boolean;
}

export function fromChatRequest(input: unknown): ChatRequest {
  const body = object(input, 'body');
  const { provider, model } = parseModelRef(body.model);

  const stream = optBoolean(body.stream, 'stream') ?? false;
  refuseFields(body, UNHONOURED);
  if (body.store === true) throw refused('store', 'store is not supported: chat completions are not stored (POST /v1/responses stores responses)');
  if (body.modalities != null && !(Array.isArray(body.modalities) && body.modalities.every((m) => m === 'text'))) {
    throw refused('modalities', 'modalities other than ["text"] are not supported');
  }
  serviceTier(body.service_tier, 'service_tier', ['auto', 'default']);

  const messages = array(body.messages, 'messages').map((m, i) => fromChatMessage(m, `messages[${i}]`));
  if (!messages.length) throw invalid('messages', 'messages must not be empty');

  const request: CanonicalRequest = { provider, model, messages };
  setGiven(request, 'temperature', optNumber(body.temperature, 'temperature'));
  setGiven(request, 'topP', optNumber(body.top_p, 'top_p'));
  // Not in the public protocol, but what OpenAI-compatible servers (vLLM, OpenRouter) take and clients send: honoured or refused, never dropped.
  setGiven(request, 'topK', optInteger(body.top_k, 'top_k'));
  setGiven(request, 'frequencyPenalty', optNumber(body.frequency_penalty, 'frequency_penalty'));
  setGiven(request, 'presencePenalty', optNumber(body.presence_penalty, 'presence_penalty'));
  // max_completion_tokens replaced max_tokens; when both are sent the newer one wins.
  setGiven(
    request,
    'maxTokens',
    optInteger(body.max_completion_tokens, 'max_completion_tokens') ?? optInteger(body.max_tokens, 'max_tokens'),
  );
  setGiven(request, 'stop', stopSequences(body.stop));
  Object.assign(request, responseFormat(body.response_format));
  setGiven(request, 'tools', body.tools == null ? undefined : array(body.tools, 'tools').map((t, i) => fromChatTool(t, `tools[${i}]`)));
  setGiven(request, 'toolChoice', toolChoice(body.tool_choice));
  setGiven(request, 'parallelToolCalls', optBoolean(body.parallel_tool_calls, 'parallel_tool_calls'));
  setGiven(request, 'promptCacheKey', optString(body.prompt_cache_key, 'prompt_cache_key'));
  setGiven(request, 'safetyIdentifier', optString(body.safety_identifier, 'safety_identifier'));
  setGiven(request, 'thinkingMode', thinkingFromEffort(body.reasoning_effort, 'reasoning_effort'));
  // `user` is the older name of safety_identifier (a stable end-user id).
  if (request.safetyIdentifier === undefined) setGiven(request, 'safetyIdentifier', optString(body.user, 'user'));
  const search = optObject(body.web_search_options, 'web_search_options');
  if (search) {
    refuseFields(search, { user_location: 'the search location is not forwarded', search_context_size: 'the search context size is not forwarded' }, 'web_search_options.');
    request.webSearch = { enabled: true };
  }
  const n = optInteger(body.n, 'n');
  if (n !== undefined && n > 1) request.n = n;
  const topLogprobs = optCount(body.top_logprobs, 'top_logprobs');
  if (optBoolean(body.logprobs, 'logprobs')) request.logprobs = { top: topLogprobs ?? 0 };
  else if (topLogprobs !== undefined) throw invalid('top_logprobs', 'top_logprobs needs logprobs: true');
  setGiven(request, 'seed', optSeed(body.seed));
  setGiven(request, 'verbosity', verbosity(body.verbosity, 'verbosity'));
  setGiven(request, 'logitBias', logitBias(body.logit_bias));
  // OpenRouter's own request field; the spec's schema checks its shape, the provider refuses it or sends it on.
  setGiven(request, 'providerPreferences', optObject(body.provider, 'provider'));
  // Clients that target caching upstreams through an OpenAI-shaped API mark breakpoints this way.
  if (hasCacheControl(body.messages) || hasCacheControl(body.tools)) request.promptCaching = true;

  const streamOptions = optObject(body.stream_options, 'stream_options');
  return {
    provider,
    model,
    request,
    stream,
    includeUsage: optBoolean(streamOptions?.include_usage, 'stream_options.include_usage') ?? false,
  };
}

/** Listed in the protocol but with no counterpart here; each is refused when sent. */
const UNHONOURED: Record<string, string> = {
  audio: 'audio output is not supported',
  prediction: 'predicted outputs are not supported',
  functions: 'use tools (functions is the deprecated form)',
  function_call: 'use tool_choice (function_call is the deprecated form)',
};

function optSeed(value: unknown): number | undefined {
  const seed = optNumber(value, 'seed');
  if (seed !== undefined && !Number.isInteger(seed)) throw invalid('seed', 'seed must be an integer');
  return seed;
}

function logitBias(value: unknown): Record<string, number> | undefined {
  const map = optObject(value, 'logit_bias');
  if (!map) return undefined;
  for (const [token, bias] of Object.entries(map)) {
    if (typeof bias !== 'number' || bias < -100 || bias > 100) throw invalid(`logit_bias.${token}`, 'each logit_bias value must be a number from -100 to 100');
  }
  return map as Record<string, number>;
}

function fromChatMessage(input: unknown, param: string): Message {
  const m = object(input, param);
  const role = string(m.role, `${param}.role`);
  switch (role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(m.content, `${param}.content`) };
    case 'user':
      return { role: 'user', content: userContent(m.content, `${param}.content`) };
    case 'assistant': {
      const toolCalls =
        m.tool_calls == null
          ? []
          : array(m.tool_calls, `${param}.tool_calls`).map((c, i) => fromChatToolCall(c, `${param}.tool_calls[${i}]`));
      const content = m.content == null ? null : textOf(m.content, `${param}.content`);
      return { role: 'assistant', content, ...(toolCalls.length ? { toolCalls } : {}) };
    }
    case 'tool':
      return {
        role: 'tool',
        content: textOf(m.content, `${param}.content`),
        toolCallId: string(m.tool_call_id, `${param}.tool_call_id`),
      };
    default:
      throw invalid(`${param}.role`, `Unsupported role "${role}"; use system, developer, user, assistant or tool`);
  }
}

/** Text or refusal parts (system, developer, assistant and tool messages). */
const TEXT: PartGrammar<string> = { readers: { text: textOfPart, refusal: refusalOfPart }, unknown: onlyText };

const USER: PartGrammar<ContentPart> = {
  readers: {
    text: textPart,
    image_url: (part, at) => {
      const image = part.image_url;
      const url = typeof image === 'string' ? image : string(object(image, `${at}.image_url`).url, `${at}.image_url.url`);
      return imageFromUrl(url, `${at}.image_url.url`);
    },
  },
  unknown: (type) => `Unsupported content part "${type}"; use text or image_url`,
};

function textOf(content: unknown, param: string): string {
  return textContent(content, param, TEXT, '\n');
}

function userContent(content: unknown, param: string): string | ContentPart[] {
  return richContent(content, param, USER);
}

function fromChatToolCall(input: unknown, param: string): ToolCall {
  const call = object(input, param);
  const fn = object(call.function, `${param}.function`);
  return {
    id: string(call.id, `${param}.id`),
    type: 'function',
    function: { name: string(fn.name, `${param}.function.name`), arguments: optString(fn.arguments, `${param}.function.arguments`) ?? '' },
  };
}

function fromChatTool(input: unknown, param: string): Tool {
  const tool = object(input, param);
  if (tool.type !== 'function') throw invalid(`${param}.type`, 'Only function tools are supported');
  const fn = object(tool.function, `${param}.function`);
  const description = optString(fn.description, `${param}.function.description`);
  const parameters = optObject(fn.parameters, `${param}.function.parameters`);
  return {
    type: 'function',
    function: {
      name: string(fn.name, `${param}.function.name`),
      ...(description !== undefined ? { description } : {}),
      ...(parameters !== undefined ? { parameters } : {}),
    },
  };
}

function toolChoice(value: unknown): ToolChoice | undefined {
  if (value == null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isObject(value) && value.type === 'function') {
    const fn = object(value.function, 'tool_choice.function');
    return { type: 'function', function: { name: string(fn.name, 'tool_choice.function.name') } };
  }
  throw invalid('tool_choice', 'tool_choice must be auto, none, required or {type: "function", function: {name}}');
}

function stopSequences(value: unknown): string[] | undefined {
  if (value == null) return undefined;
  if (typeof value === 'string') return [value];
  return array(value, 'stop').map((s, i) => string(s, `stop[${i}]`));
}

function responseFormat(value: unknown): Pick<CanonicalRequest, 'responseFormat' | 'jsonSchema'> {
  const format = optObject(value, 'response_format');
  switch (format?.type) {
    case undefined:
      return {};
    case 'text':
      return { responseFormat: 'text' };
    case 'json_object':
      return { responseFormat: 'json' };
    case 'json_schema': {
      const jsonSchema = object(format.json_schema, 'response_format.json_schema');
      // The protocol makes `schema` optional: without one the output is any JSON, as json_object asks.
      if (jsonSchema.schema == null) return { responseFormat: 'json' };
      return { responseFormat: 'json_schema', jsonSchema: jsonSchemaFormat(jsonSchema, 'response_format.json_schema') };
    }
    default:
      throw invalid('response_format.type', 'response_format.type must be text, json_object or json_schema');
  }
}

/** What the reply needs beyond the result: the model string as the client sent it. */
export interface ChatReplyContext {
  /** `<provider>/<model>` exactly as the client asked for it. */
  model: string;
  /** Defaults to the result's requestId. */
  id?: string;
  /** Unix seconds; defaults to now. */
  created?: number;
}

function toChatChoice(choice: Choice, index: number): Json {
  const toolCalls = choice.toolCalls ?? [];
  return {
    index,
    message: {
      role: 'assistant',
      // OpenAI sends null, not "", when the turn is only tool calls.
      content: choice.content === '' && toolCalls.length ? null : choice.content,
      refusal: null,
      ...(toolCalls.length ? { tool_calls: toolCalls.map(toChatToolCall) } : {}),
    },
    logprobs: choice.logprobs ? { content: toOpenAiLogprobs(choice.logprobs), refusal: null } : null,
    finish_reason: choice.finishReason satisfies FinishReason,
  };
}

export function toChatCompletion(result: CanonicalResult, cost: Cost, ctx: ChatReplyContext): Json {
  const completion: Json = {
    id: prefixedId('chatcmpl-', ctx.id ?? result.requestId),
    object: 'chat.completion',
    created: ctx.created ?? nowSeconds(),
    model: ctx.model,
    choices: [result, ...(result.choices ?? [])].map(toChatChoice),
    usage: toChatUsage(result.usage),
  };
  // Added, not spread: a key written after a spread in a literal is defined in V8's runtime, each call.
  if (result.citations) completion.citations = result.citations;
  completion.cost = cost;
  return completion;
}

function toChatToolCall(call: ToolCall): Json {
  return { id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } };
}

export function toChatUsage(usage: Usage): Json {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
    prompt_tokens_details: {
      cached_tokens: usage.cachedTokens,
      ...(usage.cacheCreationTokens !== undefined ? { cache_write_tokens: usage.cacheCreationTokens } : {}),
    },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  };
}

export interface ChatStreamOptions extends ChatReplyContext {
  id: string;
  includeUsage: boolean;
}

/**
 * Canonical stream events -> `chat.completion.chunk` objects. The SSE forms
 * (`data: <json>` lines and the closing `data: [DONE]`) come from the *Sse methods.
 */
export class ChatCompletionStreamEncoder {
  private readonly id: string;
  private readonly created: number;
  private started = false;

  private readonly options: ChatStreamOptions;
  constructor(options: ChatStreamOptions) {
    this.options = options;
    this.id = prefixedId('chatcmpl-', options.id);
    this.created = options.created ?? nowSeconds();
  }

  /** The opening chunk (role assistant, empty content); sent once, before anything else. */
  start(): Json[] {
    if (this.started) return [];
    this.started = true;
    return [this.chunk({ role: 'assistant', content: '', refusal: null })];
  }

  push(event: ContentEvent): Json[] {
    const out = this.start();
    if ('choice' in event && event.choice) out.push(...this.startChoice(event.choice));
    switch (event.type) {
      case 'text':
        if (event.delta || event.logprobs) {
          const chunk = this.chunk({ content: event.delta }, null, event.choice);
          if (event.logprobs) (chunk.choices as Json[])[0]!.logprobs = { content: toOpenAiLogprobs(event.logprobs), refusal: null };
          out.push(chunk);
        }
        break;
      case 'tool_call_start':
        out.push(
          this.chunk(
            { tool_calls: [{ index: event.index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } }] },
            null,
            event.choice,
          ),
        );
        break;
      case 'tool_call_args':
        if (event.delta) out.push(this.chunk({ tool_calls: [{ index: event.index, function: { arguments: event.delta } }] }, null, event.choice));
        break;
      // The contract's chat message has no reasoning field, and the official SDK would not accumulate one.
      case 'reasoning':
      case 'meta':
      case 'citations':
        break;
    }
    return out;
  }

  private readonly startedChoices = new Set<number>();

  /** Answers 2..n open with their own role chunk, as the first does. */
  private startChoice(choice: number): Json[] {
    if (this.startedChoices.has(choice)) return [];
    this.startedChoices.add(choice);
    return [this.chunk({ role: 'assistant', content: '', refusal: null }, null, choice)];
  }

  /** The chunk with finish_reason (one per choice) and, when asked for, the usage chunk; cost rides on the last one. */
  finish(event: FinishEvent, cost: Cost): Json[] {
    const out = this.start();
    let last = this.chunk({}, event.finishReason);
    out.push(last);
    (event.moreFinishReasons ?? []).forEach((reason, i) => out.push((last = this.chunk({}, reason, i + 1))));
    if (this.options.includeUsage) {
      out.push({ ...this.base(), choices: [], usage: toChatUsage(event.usage), cost });
    } else {
      last.cost = cost;
    }
    return out;
  }

  pushSse(event: ContentEvent): string {
    return toSse(this.push(event));
  }

  /** Ends with `data: [DONE]`, so the handler's last write closes the protocol. */
  finishSse(event: FinishEvent, cost: Cost): string {
    return toSse(this.finish(event, cost)) + 'data: [DONE]\n\n';
  }

  private base(): Json {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.options.model };
  }

  private chunk(delta: Json, finishReason: FinishReason | null = null, choice = 0): Json {
    return {
      ...this.base(),
      choices: [{ index: choice, delta, logprobs: null, finish_reason: finishReason }],
      // OpenAI marks every chunk's usage null when the client asked for a usage chunk at the end.
      ...(this.options.includeUsage ? { usage: null } : {}),
    };
  }
}

function toSse(chunks: Json[]): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('');
}
