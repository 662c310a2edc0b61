import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import type { CanonicalResult, StreamEvent } from './canonical.ts';
import { fromMessagesRequest, MessagesStreamEncoder, toMessage, toStopReason } from './messages.ts';
import { cost, parseSse, serveOnce, textTurn, toolTurn, usage } from './testing.ts';

const base = { model: 'anthropic/claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'hi' }] };

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

function encode(events: StreamEvent[]): string {
  const encoder = new MessagesStreamEncoder({ id: 'req1', model: 'anthropic/claude-sonnet-4-5' });
  return events.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
}

describe('fromMessagesRequest', () => {
  it('splits the model, requires max_tokens and maps the basics', () => {
    const r = fromMessagesRequest({ ...base, model: 'openai/ft:gpt-4o/custom', stream: true });
    expect(r).toMatchObject({ provider: 'openai', model: 'ft:gpt-4o/custom', stream: true });
    expect(r.request).toEqual({
      provider: 'openai',
      model: 'ft:gpt-4o/custom',
      maxTokens: 1024,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const { max_tokens: _omit, ...noMax } = base;
    expect(error(() => fromMessagesRequest(noMax))).toMatchObject({ kind: 'invalid_request', param: 'max_tokens' });
    expect(error(() => fromMessagesRequest({ ...base, model: 'claude' }))).toMatchObject({ kind: 'invalid_request', param: 'model' });
    expect(error(() => fromMessagesRequest({ ...base, model: 'claude/x' }))).toMatchObject({ code: 'unknown_provider', param: 'model' });
  });

  it('maps system text, images, tool use and tool results with stable ids', () => {
    const r = fromMessagesRequest({
      ...base,
      system: [
        { type: 'text', text: 'You are terse.' },
        { type: 'text', text: 'Cite sources.', cache_control: { type: 'ephemeral' } },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Compare these.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'a' } },
            { type: 'tool_use', id: 'toolu_2', name: 'lookup', input: { q: 'b' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'found a' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'timeout' }], is_error: true },
            { type: 'text', text: 'Go on.' },
          ],
        },
        { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'xx' }, { type: 'tool_use', id: 'toolu_3', name: 'noop', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_3' }] },
        { role: 'system', content: 'Wrap up now.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_4', name: 'screenshot', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_4',
              content: [
                { type: 'text', text: 'captured' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
              ],
            },
          ],
        },
      ],
    });
    expect(r.request.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'system', content: 'Cite sources.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these.' },
          { type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ' },
          { type: 'image', url: 'https://example.com/a.png' },
        ],
      },
      {
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'toolu_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"a"}' } },
          { id: 'toolu_2', type: 'function', function: { name: 'lookup', arguments: '{"q":"b"}' } },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_1', content: 'found a' },
      { role: 'tool', toolCallId: 'toolu_2', content: 'Error: timeout' },
      { role: 'user', content: [{ type: 'text', text: 'Go on.' }] },
      { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_3', type: 'function', function: { name: 'noop', arguments: '{}' } }] },
      { role: 'tool', toolCallId: 'toolu_3', content: '' },
      { role: 'system', content: 'Wrap up now.' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_4', type: 'function', function: { name: 'screenshot', arguments: '{}' } }] },
      // Canonical tool output is text; the image the tool returned follows as user content.
      { role: 'tool', toolCallId: 'toolu_4', content: 'captured' },
      { role: 'user', content: [{ type: 'image', mimeType: 'image/png', data: 'iVBOR' }] },
    ]);
    expect(r.request.promptCaching).toBe(true);
  });

  it('maps tools, tool choice, thinking, stops, sampling (top_k too) and metadata.user_id', () => {
    const r = fromMessagesRequest({
      ...base,
      system: 'Be kind.',
      temperature: 0.2,
      top_p: 0.8,
      top_k: 5,
      stop_sequences: ['###'],
      tools: [
        { type: 'custom', name: 'lookup', description: 'Find things', input_schema: { type: 'object', properties: { q: { type: 'string' } } } },
      ],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 2048 },
      metadata: { user_id: 'u-42' },
    }).request;
    expect(r).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      maxTokens: 1024,
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0.2,
      topP: 0.8,
      topK: 5,
      safetyIdentifier: 'u-42',
      stop: ['###'],
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Find things', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
        },
      ],
      toolChoice: 'required',
      parallelToolCalls: false,
      thinkingMode: { enabled: true, budget: 2048 },
    });
  });

  it('maps output_config.format (and the beta output_format) to a JSON-schema answer, as chat response_format does', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    for (const extra of [{ output_config: { format: { type: 'json_schema', schema } } }, { output_format: { type: 'json_schema', schema } }]) {
      expect(fromMessagesRequest({ ...base, ...extra }).request).toMatchObject({ responseFormat: 'json_schema', jsonSchema: { schema } });
    }
    expect(fromMessagesRequest({ ...base, output_config: { format: null } }).request.responseFormat).toBeUndefined();
    expect(error(() => fromMessagesRequest({ ...base, output_config: { format: { type: 'xml', schema } } })).param).toBe('output_config.format.type');
    expect(error(() => fromMessagesRequest({ ...base, output_config: { effort: 'high' } }))).toMatchObject({ code: 'capability_not_supported', param: 'output_config.effort' });
  });

  it('refuses, never drops, the protocol fields it cannot honour', () => {
    for (const field of ['container', 'inference_geo', 'mcp_servers', 'context_management', 'speed', 'fallbacks']) {
      expect(error(() => fromMessagesRequest({ ...base, [field]: 'x' }))).toMatchObject({ code: 'capability_not_supported', param: field });
    }
    expect(error(() => fromMessagesRequest({ ...base, service_tier: 'standard_only' })).param).toBe('service_tier');
    expect(fromMessagesRequest({ ...base, service_tier: 'auto' }).request.messages).toHaveLength(1);
  });

  it('takes a body without max_tokens for count_tokens only', () => {
    const { max_tokens: _, ...noMax } = base as Record<string, unknown>;
    expect(error(() => fromMessagesRequest(noMax)).param).toBe('max_tokens');
    expect(fromMessagesRequest(noMax, true).request.maxTokens).toBeUndefined();
  });

  it.each([
    [{ type: 'auto' }, 'auto'],
    [{ type: 'none' }, 'none'],
    [{ type: 'tool', name: 'lookup' }, { type: 'function', function: { name: 'lookup' } }],
  ])('maps tool_choice %j', (choice, expected) => {
    expect(fromMessagesRequest({ ...base, tool_choice: choice }).request.toolChoice).toEqual(expected);
  });

  it('maps thinking disabled and adaptive; caching only when asked', () => {
    expect(fromMessagesRequest({ ...base, thinking: { type: 'disabled' } }).request.thinkingMode).toEqual({ enabled: false });
    expect(fromMessagesRequest({ ...base, thinking: { type: 'adaptive' } }).request.thinkingMode).toEqual({ enabled: true });
    expect(fromMessagesRequest(base).request.promptCaching).toBeUndefined();
    expect(fromMessagesRequest({ ...base, cache_control: { type: 'ephemeral' } }).request.promptCaching).toBe(true);
  });

  it('rejects what it cannot represent, naming the parameter', () => {
    const doc = { role: 'user', content: [{ type: 'document', source: { type: 'text', data: 'x' } }] };
    expect(error(() => fromMessagesRequest({ ...base, messages: [doc] })).param).toBe('messages[0].content[0].type');
    expect(error(() => fromMessagesRequest({ ...base, messages: [{ role: 'system', content: 'x' }] })).param).toBe('messages');
    expect(error(() => fromMessagesRequest({ ...base, tools: [{ type: 'web_search_20250305', name: 'web_search' }] })).param).toBe(
      'tools[0].type',
    );
    expect(error(() => fromMessagesRequest({ ...base, tool_choice: { type: 'some' } })).param).toBe('tool_choice.type');
    expect(error(() => fromMessagesRequest({ ...base, messages: [] })).param).toBe('messages');
  });
});

describe('blocks by role, as the protocol (and openapi/compat.yaml) allows them', () => {
  it('refuses a tool_use or thinking block in a user turn: the model makes those', () => {
    const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} };
    expect(error(() => fromMessagesRequest({ ...base, messages: [{ role: 'user', content: [toolUse] }] })).param).toBe('messages[0].content[0].type');
    const thinking = { type: 'thinking', thinking: 'hmm', signature: 'sig' };
    expect(error(() => fromMessagesRequest({ ...base, messages: [{ role: 'user', content: [thinking] }] })).param).toBe('messages[0].content[0].type');
  });

  it('refuses a conversation of system turns only', () => {
    expect(error(() => fromMessagesRequest({ ...base, messages: [{ role: 'system', content: 'be brief' }] })).param).toBe('messages');
  });
});

describe('toMessage', () => {
  const result: CanonicalResult = {
    content: 'Let me check.',
    reasoning: 'User wants weather.',
    toolCalls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } },
    ],
    finishReason: 'tool_calls',
    usage,
    model: 'gpt-4o',
    provider: 'openai',
    requestId: 'abc',
  };

  it('renders thinking, text and tool_use blocks with parsed input and Anthropic usage arithmetic', () => {
    expect(toMessage(result, cost, { model: 'openai/gpt-4o' })).toEqual({
      id: 'msg_abc',
      type: 'message',
      role: 'assistant',
      model: 'openai/gpt-4o',
      content: [
        { type: 'thinking', thinking: 'User wants weather.', signature: '' },
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } },
        { type: 'tool_use', id: 'call_b', name: 'get_time', input: {} },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      // 120 input in total = 30 uncached + 80 cache reads + 10 cache writes.
      usage: { input_tokens: 30, output_tokens: 30, cache_creation_input_tokens: 10, cache_read_input_tokens: 80 },
      cost,
    });
  });

  it('maps every finish reason to a stop reason', () => {
    expect(toStopReason('stop')).toBe('end_turn');
    expect(toStopReason('stop', '###')).toBe('stop_sequence');
    expect(toStopReason('length')).toBe('max_tokens');
    expect(toStopReason('tool_calls')).toBe('tool_use');
    expect(toStopReason('content_filter')).toBe('refusal');
    const stopped = toMessage({ ...result, toolCalls: undefined, finishReason: 'stop', stopSequence: '###' }, cost, { model: 'm/x' });
    expect(stopped).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '###' });
  });

  it('always has a text block for an empty answer', () => {
    const empty = toMessage({ ...result, content: '', reasoning: undefined, toolCalls: undefined, finishReason: 'length' }, cost, {
      model: 'm/x',
      id: 'msg_given',
    });
    expect(empty).toMatchObject({ id: 'msg_given', content: [{ type: 'text', text: '' }], stop_reason: 'max_tokens' });
  });

  it('is what the official SDK returns from a non-streaming call', async () => {
    const server = await serveOnce(JSON.stringify(toMessage(result, cost, { model: 'openai/gpt-4o' })), 'application/json');
    try {
      const client = new Anthropic({ apiKey: 'gw_live_test', baseURL: server.baseURL });
      const message = await client.messages.create({ model: 'openai/gpt-4o', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
      expect(message.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
      expect(message.usage.cache_read_input_tokens).toBe(80);
      expect(server.requests[0]!.url).toBe('/v1/messages');
    } finally {
      await server.close();
    }
  });
});

describe('MessagesStreamEncoder', () => {
  it('emits the exact event sequence with non-overlapping increasing block indices', () => {
    const events = parseSse(encode(toolTurn)).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
    for (const e of events) expect(e.data.type).toBe(e.event);
    expect(events.map((e) => [e.event, e.data.index ?? null, e.data.delta?.type ?? e.data.content_block?.type ?? null])).toEqual([
      ['message_start', null, null],
      ['content_block_start', 0, 'text'],
      ['content_block_delta', 0, 'text_delta'],
      ['content_block_delta', 0, 'text_delta'],
      ['content_block_stop', 0, null],
      ['content_block_start', 1, 'tool_use'],
      ['content_block_delta', 1, 'input_json_delta'],
      ['content_block_delta', 1, 'input_json_delta'],
      ['content_block_stop', 1, null],
      ['content_block_start', 2, 'tool_use'],
      ['content_block_delta', 2, 'input_json_delta'],
      ['content_block_stop', 2, null],
      ['message_delta', null, null],
      ['message_stop', null, null],
    ]);
    expect(events[0]!.data.message).toMatchObject({ id: 'msg_req1', content: [], stop_reason: null, usage: { input_tokens: 0 } });
    expect(events[5]!.data.content_block).toEqual({ type: 'tool_use', id: 'call_a', name: 'get_weather', input: {} });
    expect(events.at(-2)!.data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { input_tokens: 30, output_tokens: 30, cache_creation_input_tokens: 10, cache_read_input_tokens: 80 },
      cost,
    });
  });

  it('puts thinking in its own block, and sends an empty text block when nothing else came', () => {
    const thinking = parseSse(encode(textTurn)).map((e) => JSON.parse(e.data));
    expect(thinking[1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
    expect(thinking[2]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Think' } });
    const empty = parseSse(encode([{ type: 'finish', finishReason: 'stop', stopSequence: 'END', usage }])).map((e) => JSON.parse(e.data));
    expect(empty.map((e) => e.type)).toEqual(['message_start', 'content_block_start', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(empty[3].delta).toEqual({ stop_reason: 'stop_sequence', stop_sequence: 'END' });
  });

  it('refuses arguments for a tool call whose block already closed', () => {
    const encoder = new MessagesStreamEncoder({ id: 'r', model: 'm/x' });
    encoder.push({ type: 'tool_call_start', index: 0, id: 'a', name: 'f' });
    encoder.push({ type: 'tool_call_start', index: 1, id: 'b', name: 'g' });
    expect(() => encoder.push({ type: 'tool_call_args', index: 0, delta: '{}' })).toThrow(/tool call 0/);
  });

  it.each([
    ['tool turn', toolTurn],
    ['thinking turn', textTurn],
  ])('is accumulated by the official SDK MessageStream (%s)', async (_name, turn) => {
    const server = await serveOnce(encode(turn));
    try {
      const client = new Anthropic({ apiKey: 'gw_live_test', baseURL: server.baseURL });
      const stream = client.messages.stream({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
      let streamed = '';
      stream.on('text', (t) => (streamed += t));
      const message = await stream.finalMessage();
      expect(message.usage).toMatchObject({ input_tokens: 30, output_tokens: 30, cache_creation_input_tokens: 10, cache_read_input_tokens: 80 });
      if (turn === toolTurn) {
        expect(streamed).toBe('Let me check.');
        expect(message.stop_reason).toBe('tool_use');
        expect(message.content).toEqual([
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'call_b', name: 'get_time', input: { tz: 'CET' } },
        ]);
      } else {
        expect(message.stop_reason).toBe('end_turn');
        expect(message.content).toEqual([
          { type: 'thinking', thinking: 'Thinking.', signature: '' },
          { type: 'text', text: 'Hello, world' },
        ]);
      }
    } finally {
      await server.close();
    }
  });
});
