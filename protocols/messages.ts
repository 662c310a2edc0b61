// Anthropic Messages <-> canonical model, for POST /v1/messages.

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
  Usage,
} from './canonical.ts';
import {
  array,
  hasCacheControl,
  imageFromUrl,
  invalid,
  object,
  optBoolean,
  optInteger,
  optNumber,
  optObject,
  optString,
  parseArguments,
  parseModelRef,
  prefixedId,
  refused,
  refuseFields,
  serviceTier,
  setGiven,
  sseEvent,
  string,
  type ContentEvent,
  type FinishEvent,
  type Json,
} from './compat.ts';
import { readParts, textOfPart, textPart, type PartGrammar } from './contentParts.ts';

export interface MessagesRequest {
  provider: ProviderId;
  model: string;
  request: CanonicalRequest;
  stream: boolean;
}

/** Listed in the protocol but with no counterpart here; each is refused when sent. */
const UNHONOURED: Record<string, string> = {
  container: 'code-execution containers are not supported',
  inference_geo: 'the inference region is the provider configuration\'s, not the request\'s',
  mcp_servers: 'MCP connectors are not supported',
  context_management: 'server-side context editing is not supported',
  speed: 'speed modes are not supported',
  fallbacks: 'model fallbacks are not supported',
};

/**
 * The messages protocol as canonical. `countOnly` is for count_tokens, whose
 * body is a messages request without max_tokens.
 */
export function fromMessagesRequest(input: unknown, countOnly = false): MessagesRequest {
  const body = object(input, 'body');
  const { provider, model } = parseModelRef(body.model);
  const maxTokens = optInteger(body.max_tokens, 'max_tokens');
  if (maxTokens === undefined && !countOnly) throw invalid('max_tokens', 'max_tokens: Field required');
  refuseFields(body, UNHONOURED);
  serviceTier(body.service_tier, 'service_tier', ['auto']);

  const messages: Message[] = [...systemMessages(body.system)];
  array(body.messages, 'messages').forEach((m, i) => messages.push(...fromAnthropicMessage(m, `messages[${i}]`)));
  if (!messages.some((m) => m.role !== 'system')) throw invalid('messages', 'messages must not be empty');

  const request: CanonicalRequest = { provider, model, messages, ...(maxTokens !== undefined ? { maxTokens } : {}) };
  setGiven(request, 'temperature', optNumber(body.temperature, 'temperature'));
  setGiven(request, 'topP', optNumber(body.top_p, 'top_p'));
  setGiven(request, 'topK', optInteger(body.top_k, 'top_k'));
  Object.assign(request, outputFormat(body));
  // Anthropic's end-user id is what the canonical safetyIdentifier means.
  setGiven(request, 'safetyIdentifier', optString(optObject(body.metadata, 'metadata')?.user_id, 'metadata.user_id'));
  setGiven(
    request,
    'stop',
    body.stop_sequences == null
      ? undefined
      : array(body.stop_sequences, 'stop_sequences').map((s, i) => string(s, `stop_sequences[${i}]`)),
  );
  setGiven(request, 'tools', body.tools == null ? undefined : array(body.tools, 'tools').map((t, i) => fromAnthropicTool(t, `tools[${i}]`)));
  Object.assign(request, toolChoice(body.tool_choice));
  setGiven(request, 'thinkingMode', thinking(body.thinking));
  // Any breakpoint means the client wants caching; the adapter places its own breakpoints.
  if (body.cache_control != null || hasCacheControl([body.system, body.messages, body.tools])) {
    request.promptCaching = true;
  }
  return { provider, model, request, stream: optBoolean(body.stream, 'stream') ?? false };
}

/**
 * Structured output: `output_config.format` (and the beta's top-level
 * `output_format`) ask for JSON matching a schema, the same canonical request
 * as chat `response_format` or responses `text.format`.
 */
function outputFormat(body: Json): Pick<CanonicalRequest, 'responseFormat' | 'jsonSchema'> {
  const config = optObject(body.output_config, 'output_config');
  if (config) {
    if (config.effort != null) throw refused('output_config.effort', 'output_config.effort is not supported; use thinking to set how much the model thinks');
    for (const key of Object.keys(config)) {
      if (key !== 'format' && key !== 'effort' && config[key] != null) throw refused(`output_config.${key}`, `output_config.${key} is not supported`);
    }
  }
  const [format, param] = config?.format != null ? [config.format, 'output_config.format'] : [body.output_format, 'output_format'];
  const f = optObject(format, param);
  if (!f) return {};
  if (f.type !== 'json_schema') throw invalid(`${param}.type`, `${param}.type must be json_schema`);
  return { responseFormat: 'json_schema', jsonSchema: { schema: object(f.schema, `${param}.schema`) } };
}

/** One system message per block, so an adapter that caches by block keeps the client's boundaries. */
// Each system text block stays its own instruction.
const SYSTEM: PartGrammar<Message> = {
  readers: { text: (block, at) => ({ role: 'system', content: textOfPart(block, at) }) },
  unknown: () => 'system content must be text blocks',
};

function systemMessages(system: unknown, param = 'system'): Message[] {
  if (system == null) return [];
  if (typeof system === 'string') return system ? [{ role: 'system', content: system }] : [];
  return readParts(system, param, SYSTEM);
}

function fromAnthropicMessage(input: unknown, param: string): Message[] {
  const m = object(input, param);
  const role = string(m.role, `${param}.role`);
  // Some clients put late instructions in a system turn; they stay instructions, in place.
  if (role === 'system') return systemMessages(m.content, `${param}.content`);
  if (role !== 'user' && role !== 'assistant') throw invalid(`${param}.role`, 'role must be user, assistant or system');
  if (typeof m.content === 'string') return [{ role, content: m.content }];
  const blocks = array(m.content, `${param}.content`).map((b, i) => object(b, `${param}.content[${i}]`));
  return role === 'user' ? fromUserBlocks(blocks, `${param}.content`) : [fromAssistantBlocks(blocks, `${param}.content`)];
}

/**
 * Tool results become tool messages in order; whatever else the turn says
 * follows as one user message. Canonical tool output is text only, so images
 * returned by tools join that user message, right after the results.
 */
function fromUserBlocks(blocks: Json[], param: string): Message[] {
  const toolMessages: Message[] = [];
  const toolImages: ContentPart[] = [];
  const parts: ContentPart[] = [];
  blocks.forEach((block, i) => {
    const at = `${param}[${i}]`;
    switch (block.type) {
      case 'text':
        parts.push({ type: 'text', text: string(block.text, `${at}.text`) });
        break;
      case 'image':
        parts.push(imageBlock(block, at));
        break;
      case 'tool_result': {
        const { text: content, images } = toolResultContent(block.content, `${at}.content`);
        toolImages.push(...images);
        toolMessages.push({
          role: 'tool',
          toolCallId: string(block.tool_use_id, `${at}.tool_use_id`),
          // The canonical tool message has no error flag; the model still has to learn the call failed.
          content: optBoolean(block.is_error, `${at}.is_error`) ? `Error: ${content}` : content,
        });
        break;
      }
      case 'thinking':
      case 'redacted_thinking':
        throw invalid(`${at}.type`, `${String(block.type)} blocks are the model's: they belong in assistant turns`);
      default:
        throw invalid(`${at}.type`, `Unsupported content block "${String(block.type)}"`);
    }
  });
  const rest = [...toolImages, ...parts];
  return rest.length ? [...toolMessages, { role: 'user', content: rest }] : toolMessages;
}

function fromAssistantBlocks(blocks: Json[], param: string): Message {
  const text: string[] = [];
  const toolCalls: ToolCall[] = [];
  blocks.forEach((block, i) => {
    const at = `${param}[${i}]`;
    switch (block.type) {
      case 'text':
        text.push(string(block.text, `${at}.text`));
        break;
      case 'tool_use':
        toolCalls.push({
          id: string(block.id, `${at}.id`),
          type: 'function',
          function: { name: string(block.name, `${at}.name`), arguments: JSON.stringify(object(block.input, `${at}.input`)) },
        });
        break;
      // Thinking can only be replayed to the upstream that signed it; the canonical model keeps none.
      case 'thinking':
      case 'redacted_thinking':
        break;
      default:
        throw invalid(`${at}.type`, `Unsupported content block "${String(block.type)}"`);
    }
  });
  const content = text.join('');
  return toolCalls.length ? { role: 'assistant', content: content || null, toolCalls } : { role: 'assistant', content };
}

function imageBlock(block: Json, param: string): ContentPart {
  const source = object(block.source, `${param}.source`);
  switch (source.type) {
    case 'base64':
      return {
        type: 'image',
        mimeType: string(source.media_type, `${param}.source.media_type`),
        data: string(source.data, `${param}.source.data`),
      };
    case 'url':
      return imageFromUrl(string(source.url, `${param}.source.url`), `${param}.source.url`);
    default:
      throw invalid(`${param}.source.type`, 'image source must be base64 or url');
  }
}

const TOOL_RESULT: PartGrammar<ContentPart> = {
  readers: { text: textPart, image: imageBlock },
  unknown: () => 'tool_result content must be text or image blocks',
};

function toolResultContent(content: unknown, param: string): { text: string; images: ContentPart[] } {
  if (content == null) return { text: '', images: [] };
  if (typeof content === 'string') return { text: content, images: [] };
  const parts = readParts(content, param, TOOL_RESULT);
  const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));
  return { text: text.join('\n'), images: parts.filter((p) => p.type !== 'text') };
}

function fromAnthropicTool(input: unknown, param: string): Tool {
  const tool = object(input, param);
  const type = optString(tool.type, `${param}.type`);
  // Server tools (web search, bash, editors) would run on Anthropic only, and no endpoint may favour a provider.
  if (type !== undefined && type !== 'custom') {
    throw invalid(`${param}.type`, `Unsupported tool type "${type}"; only custom (client) tools are supported`);
  }
  const description = optString(tool.description, `${param}.description`);
  return {
    type: 'function',
    function: {
      name: string(tool.name, `${param}.name`),
      ...(description !== undefined ? { description } : {}),
      parameters: object(tool.input_schema, `${param}.input_schema`),
    },
  };
}

function toolChoice(value: unknown): Pick<CanonicalRequest, 'toolChoice' | 'parallelToolCalls'> {
  const choice = optObject(value, 'tool_choice');
  if (!choice) return {};
  let mapped: ToolChoice;
  switch (choice.type) {
    case 'auto':
      mapped = 'auto';
      break;
    case 'any':
      mapped = 'required';
      break;
    case 'none':
      mapped = 'none';
      break;
    case 'tool':
      mapped = { type: 'function', function: { name: string(choice.name, 'tool_choice.name') } };
      break;
    default:
      throw invalid('tool_choice.type', 'tool_choice.type must be auto, any, tool or none');
  }
  const disableParallel = optBoolean(choice.disable_parallel_tool_use, 'tool_choice.disable_parallel_tool_use');
  return { toolChoice: mapped, ...(disableParallel !== undefined ? { parallelToolCalls: !disableParallel } : {}) };
}

function thinking(value: unknown): CanonicalRequest['thinkingMode'] {
  const config = optObject(value, 'thinking');
  switch (config?.type) {
    case undefined:
      return undefined;
    case 'enabled': {
      const budget = optInteger(config.budget_tokens, 'thinking.budget_tokens');
      return { enabled: true, ...(budget !== undefined ? { budget } : {}) };
    }
    case 'adaptive':
      return { enabled: true };
    case 'disabled':
      return { enabled: false };
    default:
      throw invalid('thinking.type', 'thinking.type must be enabled, adaptive or disabled');
  }
}

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

export function toStopReason(finishReason: FinishReason, stopSequence?: string): StopReason {
  switch (finishReason) {
    case 'stop':
      return stopSequence !== undefined ? 'stop_sequence' : 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'tool_calls':
      return 'tool_use';
    case 'content_filter':
      return 'refusal';
  }
}

/** Anthropic counts cache reads and writes apart from input_tokens; the canonical count includes them. */
export function toMessagesUsage(usage: Usage): Json {
  const cacheRead = usage.cachedTokens;
  const cacheWrite = usage.cacheCreationTokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.inputTokens - cacheRead - cacheWrite),
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

export interface MessagesReplyContext {
  /** `<provider>/<model>` exactly as the client asked for it. */
  model: string;
  /** Defaults to the result's requestId. */
  id?: string;
}

export function toMessage(result: CanonicalResult, cost: Cost, ctx: MessagesReplyContext): Json {
  const content: Json[] = [];
  if (result.reasoning) content.push({ type: 'thinking', thinking: result.reasoning, signature: '' });
  if (result.content) content.push({ type: 'text', text: result.content });
  for (const call of result.toolCalls ?? []) {
    content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) });
  }
  // Clients read content[0].text; an empty answer still gets its (empty) text block.
  if (!content.some((b) => b.type !== 'thinking')) content.push({ type: 'text', text: '' });
  return {
    id: prefixedId('msg_', ctx.id ?? result.requestId),
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: toStopReason(result.finishReason, result.stopSequence),
    stop_sequence: result.stopSequence ?? null,
    usage: toMessagesUsage(result.usage),
    cost,
  };
}

export interface MessagesStreamOptions {
  id: string;
  model: string;
}

type OpenBlock = { kind: 'text' | 'thinking'; index: number } | { kind: 'tool'; index: number; call: number };

/**
 * Canonical stream events -> Messages SSE events. Blocks never overlap: the
 * open block closes before the next opens, and indices only grow.
 */
export class MessagesStreamEncoder {
  private started = false;
  private nextIndex = 0;
  private open: OpenBlock | undefined;
  private readonly closedCalls = new Set<number>();

  private readonly options: MessagesStreamOptions;
  constructor(options: MessagesStreamOptions) {
    this.options = options;
  }

  /**
   * message_start; sent once, before anything else. Usage is only known at the
   * end, so it starts at zero and message_delta carries the real totals, which
   * the official SDK's MessageStream copies over.
   */
  start(): Json[] {
    if (this.started) return [];
    this.started = true;
    return [
      {
        type: 'message_start',
        message: {
          id: prefixedId('msg_', this.options.id),
          type: 'message',
          role: 'assistant',
          model: this.options.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
    ];
  }

  push(event: ContentEvent): Json[] {
    const out = this.start();
    switch (event.type) {
      case 'text':
        if (!event.delta) break;
        if (this.open?.kind !== 'text') out.push(...this.openBlock({ kind: 'text' }, { type: 'text', text: '' }));
        out.push(this.delta({ type: 'text_delta', text: event.delta }));
        break;
      case 'reasoning':
        if (!event.delta) break;
        if (this.open?.kind !== 'thinking') {
          out.push(...this.openBlock({ kind: 'thinking' }, { type: 'thinking', thinking: '', signature: '' }));
        }
        out.push(this.delta({ type: 'thinking_delta', thinking: event.delta }));
        break;
      case 'tool_call_start':
        out.push(
          ...this.openBlock({ kind: 'tool', call: event.index }, { type: 'tool_use', id: event.id, name: event.name, input: {} }),
        );
        break;
      case 'tool_call_args':
        if (!event.delta) break;
        if (this.open?.kind === 'tool' && this.open.call === event.index) {
          out.push(this.delta({ type: 'input_json_delta', partial_json: event.delta }));
        } else if (this.closedCalls.has(event.index)) {
          // A closed block cannot grow again; failing loudly beats sending the client truncated arguments.
          throw new Error(`Arguments for tool call ${event.index} arrived after the next content started`);
        }
        break;
      case 'meta':
      case 'citations':
        break;
    }
    return out;
  }

  finish(event: FinishEvent, cost: Cost): Json[] {
    const out = this.start();
    if (this.nextIndex === 0) out.push(...this.openBlock({ kind: 'text' }, { type: 'text', text: '' }));
    out.push(...this.closeBlock());
    out.push(
      {
        type: 'message_delta',
        delta: { stop_reason: toStopReason(event.finishReason, event.stopSequence), stop_sequence: event.stopSequence ?? null },
        usage: toMessagesUsage(event.usage),
        cost,
      },
      { type: 'message_stop' },
    );
    return out;
  }

  pushSse(event: ContentEvent): string {
    return toSse(this.push(event));
  }

  finishSse(event: FinishEvent, cost: Cost): string {
    return toSse(this.finish(event, cost));
  }

  private openBlock(block: { kind: 'text' | 'thinking' } | { kind: 'tool'; call: number }, contentBlock: Json): Json[] {
    const out = this.closeBlock();
    const index = this.nextIndex++;
    this.open = { ...block, index };
    out.push({ type: 'content_block_start', index, content_block: contentBlock });
    return out;
  }

  private closeBlock(): Json[] {
    if (!this.open) return [];
    const { index } = this.open;
    if (this.open.kind === 'tool') this.closedCalls.add(this.open.call);
    this.open = undefined;
    return [{ type: 'content_block_stop', index }];
  }

  private delta(delta: Json): Json {
    return { type: 'content_block_delta', index: this.open!.index, delta };
  }
}

function toSse(events: Json[]): string {
  return events.map((e) => sseEvent(String(e.type), e)).join('');
}
