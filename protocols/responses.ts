// OpenAI Responses <-> canonical model, for POST /v1/responses.

import type {
  CanonicalRequest,
  CanonicalResult,
  ContentPart,
  Cost,
  FinishReason,
  Message,
  ProviderId,
  Tool,
  ToolCall,
  ToolChoice,
  TokenLogprob,
  Usage,
} from './canonical.ts';
import {
  array,
  imageFromUrl,
  invalid,
  isObject,
  jsonSchemaFormat,
  nowSeconds,
  object,
  optBoolean,
  optInteger,
  optNumber,
  optCount,
  optObject,
  optString,
  parseModelRef,
  prefixedId,
  refused,
  refuseFields,
  serviceTier,
  setGiven,
  sseEvent,
  string,
  thinkingFromEffort,
  toOpenAiLogprobs,
  verbosity,
  type ContentEvent,
  type FinishEvent,
  type Json,
} from './compat.ts';
import { onlyText, refusalOfPart, richContent, textContent, textOfPart, textPart, type PartGrammar } from './contentParts.ts';

/**
 * Request settings a response object repeats back to the client. They come
 * from the request, so fromResponsesRequest builds them and the handler hands
 * them to toResponse or the stream encoder unchanged.
 */
export interface ResponseEcho {
  /** `<provider>/<model>` exactly as the client asked for it. */
  model: string;
  instructions: string | null;
  max_output_tokens: number | null;
  temperature: number | null;
  top_p: number | null;
  parallel_tool_calls: boolean;
  tool_choice: unknown;
  /** As the client sent them, built-in tools included, though only function tools run. */
  tools: unknown[];
  text: { format: unknown };
  reasoning: { effort: string | null; summary: null };
  previous_response_id: string | null;
  metadata: Record<string, string>;
  store: boolean;
  /** What the request asked for that was accepted and not acted on (document 1: built-in tools and previous_response_id pass through). Absent when nothing was. */
  ignored?: IgnoredInput[];
}

/** One part of a request accepted and not acted on, and why. */
export interface IgnoredInput {
  param: string;
  reason: string;
}

export interface ResponsesRequest {
  provider: ProviderId;
  model: string;
  /** Its messages are the instructions, then `input`; withHistory puts an earlier conversation between them. */
  request: CanonicalRequest;
  /** This turn's input items as canonical messages (instructions excluded: they do not carry over to the next turn). */
  input: Message[];
  stream: boolean;
  /** Keep the response for GET and previous_response_id (`store`, default true). */
  store: boolean;
  previousResponseId?: string;
  /** The web search tool's place in `tools` (e.g. `tools[0]`), when one was sent. */
  webSearchParam?: string;
  echo: ResponseEcho;
}

/** Listed in the protocol but with no counterpart here; each is refused when sent. */
const UNHONOURED: Record<string, string> = {
  conversation: 'conversations are not stored; continue with previous_response_id',
  prompt: 'stored prompt templates are not supported',
};

/**
 * The request with an earlier conversation (a stored response's input and
 * output) between the instructions and this turn's input; `conversation` is
 * what a response to it stores.
 */
export function withHistory(parsed: ResponsesRequest, history: Message[]): { request: CanonicalRequest; conversation: Message[] } {
  if (!history.length) return { request: parsed.request, conversation: parsed.input };
  const instructions = parsed.request.messages.slice(0, parsed.request.messages.length - parsed.input.length);
  const conversation = [...history, ...parsed.input];
  return { request: { ...parsed.request, messages: [...instructions, ...conversation] }, conversation };
}

/** The assistant turn a result adds to a conversation. */
export function assistantTurn(result: CanonicalResult): Message {
  return {
    role: 'assistant',
    content: result.content === '' && result.toolCalls?.length ? null : result.content,
    ...(result.toolCalls?.length ? { toolCalls: result.toolCalls } : {}),
  };
}

export function fromResponsesRequest(input: unknown): ResponsesRequest {
  const body = object(input, 'body');
  const { provider, model } = parseModelRef(body.model);

  const instructions = optString(body.instructions, 'instructions');
  refuseFields(body, UNHONOURED);
  if (body.background === true) throw refused('background', 'background responses are not supported; use stream or the native queue (POST /api/llm/complete)');
  if (body.truncation != null && body.truncation !== 'disabled') throw refused('truncation', 'truncation "auto" is not supported; the gateway never drops input');
  serviceTier(body.service_tier, 'service_tier', ['auto', 'default']);
  const previousResponseId = optString(body.previous_response_id, 'previous_response_id');
  const turn = inputMessages(body.input);
  const messages: Message[] = instructions ? [{ role: 'system', content: instructions }, ...turn] : [...turn];
  if (!previousResponseId && !turn.some((m) => m.role !== 'system')) throw invalid('input', 'input must not be empty');

  const request: CanonicalRequest = { provider, model, messages };
  const temperature = optNumber(body.temperature, 'temperature');
  const topP = optNumber(body.top_p, 'top_p');
  const maxOutputTokens = optInteger(body.max_output_tokens, 'max_output_tokens');
  const parallel = optBoolean(body.parallel_tool_calls, 'parallel_tool_calls');
  const reasoning = optObject(body.reasoning, 'reasoning');
  const format = optObject(optObject(body.text, 'text')?.format, 'text.format');
  const tools = body.tools == null ? [] : array(body.tools, 'tools');
  const functionTools = tools.flatMap((t, i) => functionTool(t, `tools[${i}]`));
  const searches = tools.flatMap((t, i) => webSearchTool(t, `tools[${i}]`).map((ws) => ({ ws, param: `tools[${i}]` })));
  const search = searches[0]?.ws;
  const ignored = tools.flatMap((t, i) => notExecuted(t, `tools[${i}]`));
  setGiven(request, 'temperature', temperature);
  setGiven(request, 'topP', topP);
  setGiven(request, 'maxTokens', maxOutputTokens);
  setGiven(request, 'parallelToolCalls', parallel);
  setGiven(request, 'tools', functionTools.length ? functionTools : undefined);
  setGiven(request, 'toolChoice', toolChoice(body.tool_choice));
  setGiven(request, 'thinkingMode', thinkingFromEffort(reasoning?.effort, 'reasoning.effort'));
  Object.assign(request, textFormat(format));
  setGiven(request, 'promptCacheKey', optString(body.prompt_cache_key, 'prompt_cache_key'));
  setGiven(request, 'safetyIdentifier', optString(body.safety_identifier, 'safety_identifier') ?? optString(body.user, 'user'));
  setGiven(request, 'webSearch', search);
  setGiven(request, 'verbosity', verbosity(optObject(body.text, 'text')?.verbosity, 'text.verbosity'));
  const topLogprobs = optCount(body.top_logprobs, 'top_logprobs');
  const include = body.include == null ? [] : array(body.include, 'include').map((v, i) => string(v, `include[${i}]`));
  if (topLogprobs !== undefined || include.includes('message.output_text.logprobs')) request.logprobs = { top: topLogprobs ?? 0 };
  const store = optBoolean(body.store, 'store') ?? true;

  return {
    provider,
    model,
    request,
    input: turn,
    stream: optBoolean(body.stream, 'stream') ?? false,
    store,
    ...(previousResponseId !== undefined ? { previousResponseId } : {}),
    ...(searches[0] ? { webSearchParam: searches[0].param } : {}),
    echo: {
      model: string(body.model, 'model'),
      instructions: instructions ?? null,
      max_output_tokens: maxOutputTokens ?? null,
      temperature: temperature ?? null,
      top_p: topP ?? null,
      parallel_tool_calls: parallel ?? true,
      tool_choice: body.tool_choice ?? 'auto',
      tools,
      text: { format: format ?? { type: 'text' } },
      reasoning: { effort: optString(reasoning?.effort, 'reasoning.effort') ?? null, summary: null },
      // Accepted so clients that chain responses keep working; the conversation itself comes from input.
      previous_response_id: previousResponseId ?? null,
      metadata: metadata(body.metadata),
      store,
      ...(ignored.length ? { ignored } : {}),
    },
  };
}

/** Records an input as accepted and not acted on, in the answer's `ignored`. */
export function ignore(echo: ResponseEcho, param: string, reason: string): void {
  (echo.ignored ??= []).push({ param, reason });
}

function inputMessages(value: unknown): Message[] {
  if (typeof value === 'string') return [{ role: 'user', content: value }];
  const messages: Message[] = [];
  array(value, 'input').forEach((raw, i) => {
    const at = `input[${i}]`;
    const item = object(raw, at);
    // Easy input messages ({role, content}) may leave out the type.
    const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
    switch (type) {
      case 'message':
        messages.push(fromMessageItem(item, at));
        break;
      case 'function_call': {
        const call: ToolCall = {
          id: string(item.call_id, `${at}.call_id`),
          type: 'function',
          function: { name: string(item.name, `${at}.name`), arguments: optString(item.arguments, `${at}.arguments`) ?? '' },
        };
        // Parallel calls arrive as consecutive items but belong to one assistant turn.
        const last = messages.at(-1);
        if (last?.role === 'assistant') last.toolCalls = [...(last.toolCalls ?? []), call];
        else messages.push({ role: 'assistant', content: null, toolCalls: [call] });
        break;
      }
      case 'function_call_output':
        messages.push({
          role: 'tool',
          toolCallId: string(item.call_id, `${at}.call_id`),
          content: outputText(item.output, `${at}.output`),
        });
        break;
      // Reasoning belongs to the upstream that produced it.
      case 'reasoning':
        break;
      default:
        throw invalid(`${at}.type`, `Unsupported input item type "${String(type)}"`);
    }
  });
  return messages;
}

function fromMessageItem(item: Json, param: string): Message {
  const role = string(item.role, `${param}.role`);
  switch (role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(item.content, `${param}.content`, false) };
    case 'assistant':
      return { role: 'assistant', content: textOf(item.content, `${param}.content`, true) };
    case 'user':
      return { role: 'user', content: userContent(item.content, `${param}.content`) };
    default:
      throw invalid(`${param}.role`, 'role must be user, system, developer or assistant');
  }
}

const TEXT_PARTS = { input_text: textOfPart, output_text: textOfPart };

/** A system or developer message's text; a refusal is the model's, so only an assistant's may hold one. */
const INSTRUCTIONS: PartGrammar<string> = {
  readers: {
    ...TEXT_PARTS,
    refusal: (_part, at) => {
      throw invalid(`${at}.type`, 'A refusal part belongs in an assistant message');
    },
  },
  unknown: onlyText,
};

const ASSISTANT: PartGrammar<string> = { readers: { ...TEXT_PARTS, refusal: refusalOfPart }, unknown: onlyText };

const FUNCTION_OUTPUT: PartGrammar<string> = { readers: TEXT_PARTS, unknown: () => 'Only text parts are supported in a function output' };

const USER: PartGrammar<ContentPart> = {
  readers: {
    input_text: textPart,
    input_image: (part, at) => {
      if (part.image_url == null) throw invalid(`${at}.image_url`, 'input_image needs image_url; file ids are not supported');
      return imageFromUrl(string(part.image_url, `${at}.image_url`), `${at}.image_url`);
    },
  },
  unknown: (type) => `Unsupported content part "${type}"; use input_text or input_image`,
};

function textOf(content: unknown, param: string, assistant: boolean): string {
  return textContent(content, param, assistant ? ASSISTANT : INSTRUCTIONS, '');
}

function userContent(content: unknown, param: string): string | ContentPart[] {
  return richContent(content, param, USER);
}

function outputText(output: unknown, param: string): string {
  return textContent(output, param, FUNCTION_OUTPUT, '');
}

const WEB_SEARCH_TOOLS = new Set(['web_search', 'web_search_2025_08_26', 'web_search_preview', 'web_search_preview_2025_03_11']);

/** The web search built-in tool is the canonical webSearch, which every provider that can search honours (see withoutUnavailableSearch). */
function webSearchTool(input: unknown, param: string): NonNullable<CanonicalRequest['webSearch']>[] {
  const tool = object(input, param);
  if (!WEB_SEARCH_TOOLS.has(String(tool.type))) return [];
  refuseFields(tool, { user_location: 'the search location is not forwarded', search_context_size: 'the search context size is not forwarded' }, `${param}.`);
  const filters = optObject(tool.filters, `${param}.filters`);
  const allowed = filters?.allowed_domains == null ? [] : array(filters.allowed_domains, `${param}.filters.allowed_domains`).map((d, i) => string(d, `${param}.filters.allowed_domains[${i}]`));
  return [{ enabled: true, ...(allowed.length ? { allowedDomains: allowed } : {}) }];
}

/** Built-in tools other than web search are accepted and not executed (document 1); the answer says so. */
function notExecuted(input: unknown, param: string): IgnoredInput[] {
  const type = isObject(input) ? input.type : undefined;
  if (type === undefined || type === 'function' || type === 'custom' || WEB_SEARCH_TOOLS.has(String(type))) return [];
  return [{ param, reason: `the built-in tool ${String(type)} is accepted and not executed by this gateway` }];
}

/**
 * Function tools run; web search becomes the canonical webSearch; the other
 * built-in tools are accepted and skipped, as document 1 requires (the
 * gateway does not execute them).
 */
function functionTool(input: unknown, param: string): Tool[] {
  const tool = object(input, param);
  if (tool.type === 'custom') throw invalid(`${param}.type`, 'Custom (free-form) tools are not supported; use function tools');
  if (tool.type !== 'function') return [];
  const description = optString(tool.description, `${param}.description`);
  const parameters = optObject(tool.parameters, `${param}.parameters`);
  return [
    {
      type: 'function',
      function: {
        name: string(tool.name, `${param}.name`),
        ...(description !== undefined ? { description } : {}),
        ...(parameters !== undefined ? { parameters } : {}),
      },
    },
  ];
}

function toolChoice(value: unknown): ToolChoice | undefined {
  if (value == null) return undefined;
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isObject(value) && value.type === 'function') {
    return { type: 'function', function: { name: string(value.name, 'tool_choice.name') } };
  }
  throw invalid('tool_choice', 'tool_choice must be auto, none, required or {type: "function", name}');
}

function textFormat(format: Json | undefined): Pick<CanonicalRequest, 'responseFormat' | 'jsonSchema'> {
  switch (format?.type) {
    case undefined:
      return {};
    case 'text':
      return { responseFormat: 'text' };
    case 'json_object':
      return { responseFormat: 'json' };
    case 'json_schema':
      return { responseFormat: 'json_schema', jsonSchema: jsonSchemaFormat(format, 'text.format') };
    default:
      throw invalid('text.format.type', 'text.format.type must be text, json_object or json_schema');
  }
}

function metadata(value: unknown): Record<string, string> {
  const map = optObject(value, 'metadata') ?? {};
  for (const [key, v] of Object.entries(map)) string(v, `metadata.${key}`);
  return map as Record<string, string>;
}

export function toResponsesUsage(usage: Usage): Json {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens, cache_write_tokens: usage.cacheCreationTokens ?? 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.totalTokens,
  };
}

/** Truncated and filtered answers are `incomplete` in this protocol, with the reason spelled out. */
function outcome(finishReason: FinishReason): { status: 'completed' | 'incomplete'; incomplete_details: Json | null } {
  if (finishReason === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finishReason === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

function envelope(id: string, createdAt: number, echo: ResponseEcho): Json {
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    error: null,
    incomplete_details: null,
    ...echo,
    output: [],
    usage: null,
  };
}

/** Item ids derive from the response id, so the same response always names its items the same way. */
function itemIds(responseId: string) {
  const core = responseId.replace(/^resp_/, '');
  return {
    reasoning: (n: number) => `rs_${core}${n ? `_${n}` : ''}`,
    message: (n: number) => `msg_${core}${n ? `_${n}` : ''}`,
    functionCall: (callIndex: number) => `fc_${core}_${callIndex}`,
  };
}

function reasoningItem(id: string, text: string): Json {
  return { id, type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text }] };
}

function outputTextPart(text: string, logprobs?: TokenLogprob[]): Json {
  return { type: 'output_text', text, annotations: [], logprobs: logprobs ? toOpenAiLogprobs(logprobs) : [] };
}

function messageItem(id: string, text: string, status: string, logprobs?: TokenLogprob[]): Json {
  return { id, type: 'message', status, role: 'assistant', content: [outputTextPart(text, logprobs)] };
}

function functionCallItem(id: string, call: ToolCall, status: string): Json {
  return { id, type: 'function_call', status, call_id: call.id, name: call.function.name, arguments: call.function.arguments };
}

export interface ResponseReplyContext {
  /** Defaults to the result's requestId. */
  id?: string;
  /** Unix seconds; defaults to now. */
  createdAt?: number;
}

export function toResponse(result: CanonicalResult, cost: Cost, echo: ResponseEcho, ctx: ResponseReplyContext = {}): Json {
  const id = prefixedId('resp_', ctx.id ?? result.requestId);
  const ids = itemIds(id);
  const { status, incomplete_details } = outcome(result.finishReason);
  const calls = result.toolCalls ?? [];
  const output: Json[] = [];
  if (result.reasoning) output.push(reasoningItem(ids.reasoning(0), result.reasoning));
  if (result.content || !calls.length) output.push(messageItem(ids.message(0), result.content, status, result.logprobs));
  calls.forEach((call, i) => output.push(functionCallItem(ids.functionCall(i), call, 'completed')));
  return {
    ...envelope(id, ctx.createdAt ?? nowSeconds(), echo),
    status,
    incomplete_details,
    output,
    usage: toResponsesUsage(result.usage),
    cost,
  };
}

export interface ResponsesStreamOptions {
  id: string;
  echo: ResponseEcho;
  /** Unix seconds; defaults to now. */
  createdAt?: number;
}

type OpenItem =
  | { kind: 'reasoning' | 'message'; outputIndex: number; id: string; text: string; logprobs?: TokenLogprob[] }
  | { kind: 'call'; outputIndex: number; id: string; call: ToolCall; callIndex: number };

/**
 * Canonical stream events -> Responses SSE events, every one with a
 * sequence_number. One output item is open at a time; it closes (with all its
 * done events) before the next is added.
 */
export class ResponsesStreamEncoder {
  private readonly id: string;
  private readonly createdAt: number;
  private readonly ids: ReturnType<typeof itemIds>;
  private sequence = 0;
  private started = false;
  private open: OpenItem | undefined;
  private readonly output: Json[] = [];
  private readonly counts = { reasoning: 0, message: 0 };
  private readonly closedCalls = new Set<number>();

  private readonly options: ResponsesStreamOptions;
  constructor(options: ResponsesStreamOptions) {
    this.options = options;
    this.id = prefixedId('resp_', options.id);
    this.createdAt = options.createdAt ?? nowSeconds();
    this.ids = itemIds(this.id);
  }

  /** response.created and response.in_progress; sent once, before anything else. */
  start(): Json[] {
    if (this.started) return [];
    this.started = true;
    const response = envelope(this.id, this.createdAt, this.options.echo);
    return [this.event('response.created', { response }), this.event('response.in_progress', { response })];
  }

  push(event: ContentEvent): Json[] {
    const out = this.start();
    switch (event.type) {
      case 'text':
      case 'reasoning': {
        const logprobs = event.type === 'text' ? event.logprobs : undefined;
        if (!event.delta && !logprobs) break;
        const kind = event.type === 'text' ? 'message' : 'reasoning';
        if (this.open?.kind !== kind) out.push(...this.openTextItem(kind));
        const item = this.open as Extract<OpenItem, { kind: 'message' | 'reasoning' }>;
        item.text += event.delta;
        if (logprobs) (item.logprobs ??= []).push(...logprobs);
        out.push(
          this.event(kind === 'message' ? 'response.output_text.delta' : 'response.reasoning_text.delta', {
            item_id: item.id,
            output_index: item.outputIndex,
            content_index: 0,
            delta: event.delta,
            ...(kind === 'message' ? { logprobs: logprobs ? toOpenAiLogprobs(logprobs) : [] } : {}),
          }),
        );
        break;
      }
      case 'tool_call_start': {
        out.push(...this.closeItem('completed'));
        const call: ToolCall = { id: event.id, type: 'function', function: { name: event.name, arguments: '' } };
        this.open = { kind: 'call', outputIndex: this.output.length, id: this.ids.functionCall(event.index), call, callIndex: event.index };
        out.push(
          this.event('response.output_item.added', {
            output_index: this.open.outputIndex,
            item: functionCallItem(this.open.id, call, 'in_progress'),
          }),
        );
        break;
      }
      case 'tool_call_args':
        if (!event.delta) break;
        if (this.open?.kind === 'call' && this.open.callIndex === event.index) {
          this.open.call.function.arguments += event.delta;
          out.push(
            this.event('response.function_call_arguments.delta', {
              item_id: this.open.id,
              output_index: this.open.outputIndex,
              delta: event.delta,
            }),
          );
        } else if (this.closedCalls.has(event.index)) {
          // A finished item cannot grow again; failing loudly beats sending the client truncated arguments.
          throw new Error(`Arguments for tool call ${event.index} arrived after the next output item started`);
        }
        break;
      case 'meta':
      case 'citations':
        break;
    }
    return out;
  }

  /** Closes the open item and ends with response.completed, or response.incomplete when truncated. */
  finish(event: FinishEvent, cost: Cost): Json[] {
    const out = this.start();
    const { status, incomplete_details } = outcome(event.finishReason);
    if (!this.output.length && !this.open) out.push(...this.openTextItem('message'));
    out.push(...this.closeItem(status));
    const response = {
      ...envelope(this.id, this.createdAt, this.options.echo),
      status,
      incomplete_details,
      output: this.output,
      usage: toResponsesUsage(event.usage),
      cost,
    };
    out.push(this.event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response }));
    return out;
  }

  pushSse(event: ContentEvent): string {
    return toSse(this.push(event));
  }

  finishSse(event: FinishEvent, cost: Cost): string {
    return toSse(this.finish(event, cost));
  }

  toSse(events: Json[]): string {
    return toSse(events);
  }

  /** The in-band `error` event for a failure after the stream started; the stream closes after it. */
  error(err: { code?: string | null; message: string; param?: string | null }): Json {
    return this.event('error', { code: err.code ?? null, message: err.message, param: err.param ?? null });
  }

  errorSse(err: { code?: string | null; message: string; param?: string | null }): string {
    return toSse([this.error(err)]);
  }

  private openTextItem(kind: 'message' | 'reasoning'): Json[] {
    const out = this.closeItem('completed');
    const n = this.counts[kind]++;
    const id = kind === 'message' ? this.ids.message(n) : this.ids.reasoning(n);
    this.open = { kind, outputIndex: this.output.length, id, text: '' };
    const item =
      kind === 'message'
        ? { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] }
        : { id, type: 'reasoning', summary: [], content: [] };
    const part = kind === 'message' ? outputTextPart('') : { type: 'reasoning_text', text: '' };
    out.push(
      this.event('response.output_item.added', { output_index: this.open.outputIndex, item }),
      this.event('response.content_part.added', { item_id: id, output_index: this.open.outputIndex, content_index: 0, part }),
    );
    return out;
  }

  private closeItem(status: string): Json[] {
    const item = this.open;
    if (!item) return [];
    this.open = undefined;
    const at = { item_id: item.id, output_index: item.outputIndex };
    let done: Json;
    const out: Json[] = [];
    if (item.kind === 'call') {
      this.closedCalls.add(item.callIndex);
      done = functionCallItem(item.id, item.call, 'completed');
      out.push(this.event('response.function_call_arguments.done', { ...at, name: item.call.function.name, arguments: item.call.function.arguments }));
    } else if (item.kind === 'message') {
      done = messageItem(item.id, item.text, status, item.logprobs);
      const logprobs = item.logprobs ? toOpenAiLogprobs(item.logprobs) : [];
      out.push(
        this.event('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs }),
        this.event('response.content_part.done', { ...at, content_index: 0, part: outputTextPart(item.text, item.logprobs) }),
      );
    } else {
      done = reasoningItem(item.id, item.text);
      out.push(
        this.event('response.reasoning_text.done', { ...at, content_index: 0, text: item.text }),
        this.event('response.content_part.done', { ...at, content_index: 0, part: { type: 'reasoning_text', text: item.text } }),
      );
    }
    this.output.push(done);
    out.push(this.event('response.output_item.done', { output_index: item.outputIndex, item: done }));
    return out;
  }

  private event(type: string, fields: Json): Json {
    return { type, sequence_number: this.sequence++, ...fields };
  }
}

function toSse(events: Json[]): string {
  return events.map((e) => sseEvent(String(e.type), e)).join('');
}
