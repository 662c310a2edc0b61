// Anthropic Messages API: tools, thinking, cache_control breakpoints, web search.
import { randomUUID } from 'node:crypto';
import type { CanonicalRequest, CanonicalResult, FinishReason, StreamEvent, ToolCall, Usage } from '../../protocols/canonical.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import { parseEventJson, sseMessages } from '../transport/sse.ts';
import { hosted, malformed, ProviderError, type AdapterOptions, type CallContext, type ChatAdapter, type MaxOutputLookup, type ProviderAdapter, type ProviderDescriptor } from '../types.ts';
import { jsonTool, messagesBody } from './request.ts';

export { anthropicMaxTokens, DEFAULT_MAX_TOKENS } from './request.ts';

export const VERSION = '2023-06-01';

/** Maximum output tokens per model family, used until a catalogue lookup is plugged in. Longest prefix first. */
const MAX_OUTPUT: [prefix: string, tokens: number][] = [
  ['claude-opus-4-1', 32_000],
  ['claude-opus-4-0', 32_000],
  // Dated Claude Opus 4 (claude-opus-4-20250514); later Opus 4.x write up to 64k.
  ['claude-opus-4-2025', 32_000],
  ['claude-opus-4', 64_000],
  ['claude-sonnet-4', 64_000],
  ['claude-haiku-4', 64_000],
  ['claude-3-7-sonnet', 64_000],
  ['claude-3-5', 8_192],
  ['claude-3', 4_096],
];

export const fallbackMaxOutput: MaxOutputLookup = (model) => MAX_OUTPUT.find(([prefix]) => model.startsWith(prefix))?.[1];

function usage(raw: any): Usage {
  const read = raw?.cache_read_input_tokens ?? 0;
  const created = raw?.cache_creation_input_tokens ?? 0;
  const input = (raw?.input_tokens ?? 0) + read + created;
  const output = raw?.output_tokens ?? 0;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: read, cacheCreationTokens: created };
}

const STOP: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  // A server-tool loop (web search) paused mid-turn: like a truncation, the answer is incomplete and may be continued.
  pause_turn: 'length',
  refusal: 'content_filter',
};

function finish(stopReason: string | null | undefined, jsonMode: boolean): FinishReason {
  const mapped = STOP[stopReason ?? 'end_turn'] ?? 'stop';
  // In JSON mode the forced tool call *is* the answer.
  return jsonMode && mapped === 'tool_calls' ? 'stop' : mapped;
}

function citationUrls(block: any): string[] {
  return (block?.citations ?? []).map((c: any) => c?.url).filter((u: unknown): u is string => typeof u === 'string');
}

function checkError(payload: any): void {
  if (payload?.type === 'error') {
    const e = payload.error ?? {};
    throw new ProviderError('anthropic', 'upstream_error', `anthropic reported ${e.type ?? 'an error'}: ${e.message ?? JSON.stringify(payload)}`, {
      upstreamBody: JSON.stringify(payload).slice(0, 2000),
    });
  }
}

export function parseMessage(req: CanonicalRequest, json: any): CanonicalResult {
  checkError(json);
  if (!Array.isArray(json?.content)) throw malformed('anthropic', 'a message without content[]');
  const jsonName = jsonTool(req)?.name;
  let content = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];
  const citations = new Set<string>();
  for (const block of json.content) {
    if (block.type === 'text') {
      content += block.text ?? '';
      citationUrls(block).forEach((u) => citations.add(u));
    } else if (block.type === 'thinking') reasoning += block.thinking ?? '';
    else if (block.type === 'tool_use' && block.name === jsonName) content += JSON.stringify(block.input ?? {});
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  return {
    content,
    ...(toolCalls.length ? { toolCalls } : {}),
    finishReason: finish(json.stop_reason, jsonName !== undefined),
    ...(json.stop_reason === 'stop_sequence' && json.stop_sequence != null ? { stopSequence: json.stop_sequence } : {}),
    usage: usage(json.usage),
    model: json.model ?? req.model,
    provider: 'anthropic',
    requestId: json.id ?? randomUUID(),
    ...(reasoning ? { reasoning } : {}),
    ...(citations.size ? { citations: [...citations] } : {}),
  };
}

type BlockKind = 'text' | 'thinking' | 'tool' | 'json' | 'other';

/** Maps Anthropic's named stream events onto canonical events. */
class EventMapper {
  private readonly blocks = new Map<number, { kind: BlockKind; tool?: number }>();
  private tools = 0;
  private usageRaw: Record<string, unknown> = {};
  private stopReason: string | null = null;
  private stopSequence: string | null = null;
  private readonly citations = new Set<string>();
  done = false;

  private readonly jsonName: string | undefined;
  constructor(jsonName: string | undefined) {
    this.jsonName = jsonName;
  }

  *map(event: any): Generator<StreamEvent> {
    checkError(event);
    switch (event.type) {
      case 'message_start':
        this.usageRaw = { ...event.message?.usage };
        yield { type: 'meta', model: event.message?.model, requestId: event.message?.id };
        return;
      case 'content_block_start':
        yield* this.start(event.index, event.content_block ?? {});
        return;
      case 'content_block_delta':
        yield* this.delta(event.index, event.delta ?? {});
        return;
      case 'message_delta':
        this.stopReason = event.delta?.stop_reason ?? this.stopReason;
        this.stopSequence = event.delta?.stop_sequence ?? this.stopSequence;
        // message_delta usage is cumulative and may restate input counts.
        for (const [k, v] of Object.entries(event.usage ?? {})) if (v !== null && v !== undefined) this.usageRaw[k] = v;
        return;
      case 'message_stop':
        this.done = true;
        return;
      // ping, content_block_stop and future event types carry nothing to map.
    }
  }

  private *start(index: number, block: any): Generator<StreamEvent> {
    if (block.type === 'tool_use' && block.name === this.jsonName) {
      this.blocks.set(index, { kind: 'json' });
    } else if (block.type === 'tool_use') {
      const tool = this.tools++;
      this.blocks.set(index, { kind: 'tool', tool });
      yield { type: 'tool_call_start', index: tool, id: block.id, name: block.name };
    } else if (block.type === 'text' || block.type === 'thinking') {
      this.blocks.set(index, { kind: block.type });
      if (block.text) yield { type: 'text', delta: block.text };
      if (block.thinking) yield { type: 'reasoning', delta: block.thinking };
    } else {
      // server_tool_use, web_search_tool_result, redacted_thinking: run upstream, nothing for the caller.
      this.blocks.set(index, { kind: 'other' });
    }
  }

  private *delta(index: number, delta: any): Generator<StreamEvent> {
    const block = this.blocks.get(index);
    if (!block) return;
    if (delta.type === 'text_delta' && delta.text) yield { type: 'text', delta: delta.text };
    else if (delta.type === 'thinking_delta' && delta.thinking) yield { type: 'reasoning', delta: delta.thinking };
    else if (delta.type === 'citations_delta' && typeof delta.citation?.url === 'string') this.citations.add(delta.citation.url);
    else if (delta.type === 'input_json_delta' && delta.partial_json) {
      if (block.kind === 'json') yield { type: 'text', delta: delta.partial_json };
      else if (block.kind === 'tool') yield { type: 'tool_call_args', index: block.tool!, delta: delta.partial_json };
    }
    // signature_delta authenticates a thinking block for replay; the canonical model carries no signatures.
  }

  *end(): Generator<StreamEvent> {
    if (!this.done) throw malformed('anthropic', 'a stream that ended before message_stop');
    if (this.citations.size) yield { type: 'citations', urls: [...this.citations] };
    yield {
      type: 'finish',
      finishReason: finish(this.stopReason, this.jsonName !== undefined),
      ...(this.stopReason === 'stop_sequence' && this.stopSequence !== null ? { stopSequence: this.stopSequence } : {}),
      usage: usage(this.usageRaw),
    };
  }
}

function upstream(ctx: CallContext, body: unknown, path = 'v1/messages') {
  return {
    url: joinUrl(ctx.settings.baseUrl, path),
    headers: { 'x-api-key': requireKey(ctx), 'anthropic-version': VERSION },
    body,
  };
}

export function createAnthropicAdapter(opts: AdapterOptions = {}): ChatAdapter & Required<Pick<ProviderAdapter, 'countTokens'>> {
  const cap = (model: string) => opts.maxOutputTokens?.(model) ?? fallbackMaxOutput(model);
  return {
    id: 'anthropic',
    defaultModel: 'claude-sonnet-4-5',
    validate: (req) => messagesBody(req, false, cap(req.model)),
    async complete(req, ctx, wire) {
      const body = (wire as Record<string, unknown> | undefined) ?? messagesBody(req, false, cap(req.model));
      return parseMessage(req, await sendJson('anthropic', ctx, upstream(ctx, body)));
    },
    async *stream(req, ctx, wire) {
      const body = (wire as Record<string, unknown> | undefined) ?? messagesBody(req, false, cap(req.model));
      const res = await send('anthropic', ctx, upstream(ctx, { ...body, stream: true }));
      const mapper = new EventMapper(jsonTool(req)?.name);
      for await (const message of sseMessages('anthropic', ctx, res)) {
        yield* mapper.map(parseEventJson('anthropic', message.data));
        if (mapper.done) break;
      }
      yield* mapper.end();
    },
    // The count covers what the call itself would send (system, tools, the JSON tool), minus the generation settings count_tokens refuses.
    async countTokens(req, ctx) {
      const { max_tokens: _m, temperature: _t, top_p: _p, top_k: _k, stop_sequences: _s, metadata: _u, ...body } = messagesBody(req, false, cap(req.model));
      const json = await sendJson<{ input_tokens?: unknown }>('anthropic', ctx, upstream(ctx, body, 'v1/messages/count_tokens'));
      if (typeof json?.input_tokens !== 'number') throw malformed('anthropic', 'a token count without input_tokens');
      return json.input_tokens;
    },
  };
}

export default {
  id: 'anthropic',
  ...hosted('ANTHROPIC', 'https://api.anthropic.com'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['topK'], countTokens: true } },
  createAdapter: createAnthropicAdapter,
} satisfies ProviderDescriptor;
