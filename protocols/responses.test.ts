import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import type { CanonicalResult, StreamEvent } from './canonical.ts';
import { withHistory, fromResponsesRequest, ResponsesStreamEncoder, toResponse } from './responses.ts';
import { cost, parseSse, serveOnce, textTurn, toolTurn, usage } from './testing.ts';

const base = { model: 'openai/gpt-4.1', input: 'hi' };

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

const echo = fromResponsesRequest({
  ...base,
  tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object' }, strict: true }],
  metadata: { ticket: 'T-1' },
}).echo;

function encode(events: StreamEvent[], id = 'req1'): string {
  const encoder = new ResponsesStreamEncoder({ id, echo, createdAt: 1700000000 });
  return events.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
}

describe('parts by role, as the protocol (and openapi/compat.yaml) allows them', () => {
  it('takes a refusal in an assistant message only', () => {
    const refusal = { type: 'refusal', refusal: 'I cannot help with that.' };
    const assistant = fromResponsesRequest({ ...base, input: [{ role: 'user', content: 'x' }, { role: 'assistant', content: [refusal] }] }).request;
    expect(assistant.messages[1]).toEqual({ role: 'assistant', content: 'I cannot help with that.' });
    for (const role of ['user', 'system', 'developer']) {
      expect(error(() => fromResponsesRequest({ ...base, input: [{ role, content: [refusal] }, { role: 'user', content: 'x' }] })).param).toBe('input[0].content[0].type');
    }
  });
});

describe('fromResponsesRequest', () => {
  it('maps a string input, instructions and the model split', () => {
    const r = fromResponsesRequest({ ...base, model: 'mistral/org/model', instructions: 'Be brief.' });
    expect(r).toMatchObject({ provider: 'mistral', model: 'org/model', stream: false });
    expect(r.request.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
    ]);
    expect(error(() => fromResponsesRequest({ ...base, model: 'gpt-4.1' })).param).toBe('model');
    expect(error(() => fromResponsesRequest({ ...base, model: 'closedai/gpt' })).code).toBe('unknown_provider');
    expect(error(() => fromResponsesRequest({ ...base, input: [] })).param).toBe('input');
  });

  it('maps message, function_call and function_call_output items, ignoring reasoning', () => {
    const r = fromResponsesRequest({
      ...base,
      input: [
        { role: 'developer', content: 'Use metric.' },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather here?' },
            { type: 'input_image', image_url: 'data:image/webp;base64,UklGR', detail: 'auto' },
            { type: 'input_image', image_url: 'https://example.com/sky.jpg' },
          ],
        },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call', id: 'fc_2', call_id: 'call_b', name: 'get_time', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_a', output: '18C' },
        { type: 'function_call_output', call_id: 'call_b', output: [{ type: 'input_text', text: '14:00' }] },
        { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'Answer now.' }] },
      ],
    });
    expect(r.request.messages).toEqual([
      { role: 'system', content: 'Use metric.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather here?' },
          { type: 'image', mimeType: 'image/webp', data: 'UklGR' },
          { type: 'image', url: 'https://example.com/sky.jpg' },
        ],
      },
      {
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      { role: 'tool', toolCallId: 'call_a', content: '18C' },
      { role: 'tool', toolCallId: 'call_b', content: '14:00' },
      { role: 'system', content: 'Answer now.' },
    ]);
  });

  it('starts a fresh assistant turn for calls that follow tool output', () => {
    const r = fromResponsesRequest({
      ...base,
      input: [
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'ok' },
        { type: 'function_call', call_id: 'c2', name: 'f', arguments: '{}' },
      ],
    });
    expect(r.request.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });

  it('maps options, keeps function tools, turns web_search into webSearch, skips other built-in tools and builds the echo', () => {
    const r = fromResponsesRequest({
      ...base,
      stream: true,
      temperature: 0.7,
      top_p: 0.5,
      max_output_tokens: 300,
      parallel_tool_calls: false,
      tools: [
        { type: 'function', name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, strict: true },
        { type: 'web_search' },
        { type: 'file_search', vector_store_ids: ['vs_1'] },
        { type: 'image_generation' },
        { type: 'computer_use_preview', display_width: 1, display_height: 1, environment: 'linux' },
      ],
      tool_choice: { type: 'function', name: 'get_weather' },
      text: { format: { type: 'json_schema', name: 'weather', schema: { type: 'object' }, strict: true } },
      reasoning: { effort: 'medium' },
      previous_response_id: 'resp_prev',
      metadata: { ticket: 'T-1' },
      prompt_cache_key: 'k',
      safety_identifier: 's',
      store: false,
    });
    expect(r.stream).toBe(true);
    expect(r.request).toEqual({
      provider: 'openai',
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.7,
      topP: 0.5,
      maxTokens: 300,
      parallelToolCalls: false,
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } }],
      toolChoice: { type: 'function', function: { name: 'get_weather' } },
      thinkingMode: { enabled: true, effort: 'medium' },
      responseFormat: 'json_schema',
      jsonSchema: { name: 'weather', schema: { type: 'object' }, strict: true },
      promptCacheKey: 'k',
      safetyIdentifier: 's',
      webSearch: { enabled: true },
    });
    expect(r.store).toBe(false);
    expect(r.previousResponseId).toBe('resp_prev');
    expect(r.input).toEqual([{ role: 'user', content: 'hi' }]);
    expect(r.echo).toMatchObject({
      model: 'openai/gpt-4.1',
      temperature: 0.7,
      top_p: 0.5,
      max_output_tokens: 300,
      parallel_tool_calls: false,
      tool_choice: { type: 'function', name: 'get_weather' },
      previous_response_id: 'resp_prev',
      reasoning: { effort: 'medium', summary: null },
      metadata: { ticket: 'T-1' },
    });
    expect(r.echo.tools).toHaveLength(5);
  });

  it.each([
    ['auto', 'auto'],
    ['none', 'none'],
    ['required', 'required'],
  ])('maps tool_choice %j', (choice, expected) => {
    expect(fromResponsesRequest({ ...base, tool_choice: choice }).request.toolChoice).toEqual(expected);
  });

  it('maps json_object, reasoning none and defaults the echo', () => {
    const r = fromResponsesRequest({ ...base, text: { format: { type: 'json_object' } }, reasoning: { effort: 'none' } });
    expect(r.request).toMatchObject({ responseFormat: 'json', thinkingMode: { enabled: false } });
    const plain = fromResponsesRequest(base).echo;
    expect(plain).toEqual({
      model: 'openai/gpt-4.1',
      instructions: null,
      max_output_tokens: null,
      temperature: null,
      top_p: null,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
      text: { format: { type: 'text' } },
      reasoning: { effort: null, summary: null },
      previous_response_id: null,
      metadata: {},
      store: true,
    });
  });

  it('maps top_logprobs, the logprobs include, verbosity, user and web search domains', () => {
    expect(fromResponsesRequest({ ...base, top_logprobs: 4 }).request.logprobs).toEqual({ top: 4 });
    expect(fromResponsesRequest({ ...base, include: ['message.output_text.logprobs'] }).request.logprobs).toEqual({ top: 0 });
    expect(fromResponsesRequest({ ...base, include: ['reasoning.encrypted_content'] }).request.logprobs).toBeUndefined();
    expect(fromResponsesRequest({ ...base, text: { verbosity: 'high' } }).request.verbosity).toBe('high');
    expect(fromResponsesRequest({ ...base, user: 'u-1' }).request.safetyIdentifier).toBe('u-1');
    const search = fromResponsesRequest({ ...base, tools: [{ type: 'web_search', filters: { allowed_domains: ['example.org'] } }] });
    expect(search.request.webSearch).toEqual({ enabled: true, allowedDomains: ['example.org'] });
    expect(search.request.tools).toBeUndefined();
  });

  it('refuses, never drops, the protocol fields it cannot honour', () => {
    const refusedFor = (extra: Record<string, unknown>) => error(() => fromResponsesRequest({ ...base, ...extra }));
    expect(refusedFor({ background: true })).toMatchObject({ code: 'capability_not_supported', param: 'background' });
    expect(refusedFor({ truncation: 'auto' })).toMatchObject({ param: 'truncation' });
    expect(refusedFor({ conversation: 'conv_1' })).toMatchObject({ param: 'conversation' });
    expect(refusedFor({ prompt: { id: 'pmpt_1' } })).toMatchObject({ param: 'prompt' });
    expect(refusedFor({ service_tier: 'priority' })).toMatchObject({ param: 'service_tier' });
    expect(refusedFor({ tools: [{ type: 'web_search', user_location: { type: 'approximate' } }] })).toMatchObject({ param: 'tools[0].user_location' });
    expect(fromResponsesRequest({ ...base, background: false, truncation: 'disabled', service_tier: 'default', max_tool_calls: 3 }).request.messages).toHaveLength(1);
  });

  it('puts a stored conversation between the instructions and the new input', () => {
    const parsed = fromResponsesRequest({ ...base, instructions: 'Be brief.', input: 'and now?', previous_response_id: 'resp_1' });
    const history = [
      { role: 'user' as const, content: 'first' },
      { role: 'assistant' as const, content: 'answer' },
    ];
    const { request, conversation } = withHistory(parsed, history);
    expect(request.messages).toEqual([{ role: 'system', content: 'Be brief.' }, ...history, { role: 'user', content: 'and now?' }]);
    // The instructions do not carry over to the next turn.
    expect(conversation).toEqual([...history, { role: 'user', content: 'and now?' }]);
  });

  it('rejects what it cannot represent', () => {
    expect(error(() => fromResponsesRequest({ ...base, input: [{ type: 'input_file', file_id: 'f' }] })).param).toBe('input[0].type');
    const file = { role: 'user', content: [{ type: 'input_file', file_id: 'f' }] };
    expect(error(() => fromResponsesRequest({ ...base, input: [file] })).param).toBe('input[0].content[0].type');
    expect(error(() => fromResponsesRequest({ ...base, tools: [{ type: 'custom', name: 'x' }] })).param).toBe('tools[0].type');
    expect(error(() => fromResponsesRequest({ ...base, metadata: { n: 1 } })).param).toBe('metadata.n');
    expect(error(() => fromResponsesRequest({ ...base, input: [{ type: 'item_reference', id: 'msg_1' }] })).param).toBe('input[0].type');
    expect(error(() => fromResponsesRequest({ ...base, tool_choice: { type: 'web_search' } })).param).toBe('tool_choice');
    const image = { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: 'https://x' }] };
    expect(error(() => fromResponsesRequest({ ...base, input: [image] })).param).toBe('input[0].output[0].type');
    expect(error(() => fromResponsesRequest({ ...base, text: { format: { type: 'yaml' } } })).param).toBe('text.format.type');
  });
});

describe('toResponse', () => {
  const result: CanonicalResult = {
    content: 'Let me check.',
    reasoning: 'Weather needs a tool.',
    toolCalls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{}' } },
    ],
    finishReason: 'tool_calls',
    usage,
    model: 'gpt-4.1-2025-04-14',
    provider: 'openai',
    requestId: 'abc',
  };

  it('renders reasoning, message and function_call items with usage and echo', () => {
    const body = toResponse(result, cost, echo, { createdAt: 1700000000 });
    expect(body).toMatchObject({
      id: 'resp_abc',
      object: 'response',
      created_at: 1700000000,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'openai/gpt-4.1',
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: echo.tools,
      metadata: { ticket: 'T-1' },
      usage: {
        input_tokens: 120,
        input_tokens_details: { cached_tokens: 80 },
        output_tokens: 30,
        output_tokens_details: { reasoning_tokens: 5 },
        total_tokens: 150,
      },
      cost,
    });
    expect(body.output).toEqual([
      { id: 'rs_abc', type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'Weather needs a tool.' }] },
      {
        id: 'msg_abc',
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Let me check.', annotations: [], logprobs: [] }],
      },
      { id: 'fc_abc_0', type: 'function_call', status: 'completed', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'fc_abc_1', type: 'function_call', status: 'completed', call_id: 'call_b', name: 'get_time', arguments: '{}' },
    ]);
  });

  it('marks truncated and filtered answers incomplete', () => {
    const truncated = toResponse({ ...result, toolCalls: undefined, reasoning: undefined, finishReason: 'length' }, cost, echo);
    expect(truncated).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect((truncated.output as { status: string }[])[0]!.status).toBe('incomplete');
    const filtered = toResponse({ ...result, toolCalls: undefined, finishReason: 'content_filter' }, cost, echo);
    expect(filtered).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } });
    const only = toResponse({ ...result, content: '', reasoning: undefined }, cost, echo);
    expect((only.output as { type: string }[]).map((o) => o.type)).toEqual(['function_call', 'function_call']);
  });

  it('is what the official SDK returns from a non-streaming call', async () => {
    const server = await serveOnce(JSON.stringify(toResponse({ ...result, reasoning: undefined }, cost, echo)), 'application/json');
    try {
      const client = new OpenAI({ apiKey: 'gw_live_test', baseURL: `${server.baseURL}/v1` });
      const response = await client.responses.create({ model: 'openai/gpt-4.1', input: 'hi' });
      expect(response.output_text).toBe('Let me check.');
      expect(response.output.filter((o) => o.type === 'function_call').map((o) => o.call_id)).toEqual(['call_a', 'call_b']);
    } finally {
      await server.close();
    }
  });
});

describe('ResponsesStreamEncoder', () => {
  it('emits the exact event grammar with increasing sequence numbers', () => {
    const events = parseSse(encode(toolTurn)).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));
    events.forEach((e, i) => {
      expect(e.data.type).toBe(e.event);
      expect(e.data.sequence_number).toBe(i);
    });
    expect(events.map((e) => [e.event, e.data.output_index ?? null])).toEqual([
      ['response.created', null],
      ['response.in_progress', null],
      ['response.output_item.added', 0],
      ['response.content_part.added', 0],
      ['response.output_text.delta', 0],
      ['response.output_text.delta', 0],
      ['response.output_text.done', 0],
      ['response.content_part.done', 0],
      ['response.output_item.done', 0],
      ['response.output_item.added', 1],
      ['response.function_call_arguments.delta', 1],
      ['response.function_call_arguments.delta', 1],
      ['response.function_call_arguments.done', 1],
      ['response.output_item.done', 1],
      ['response.output_item.added', 2],
      ['response.function_call_arguments.delta', 2],
      ['response.function_call_arguments.done', 2],
      ['response.output_item.done', 2],
      ['response.completed', null],
    ]);
    expect(events[0]!.data.response).toMatchObject({ id: 'resp_req1', status: 'in_progress', output: [], usage: null });
    expect(events[4]!.data).toMatchObject({ item_id: 'msg_req1', content_index: 0, delta: 'Let me ' });
    expect(events[9]!.data.item).toEqual({
      id: 'fc_req1_0',
      type: 'function_call',
      status: 'in_progress',
      call_id: 'call_a',
      name: 'get_weather',
      arguments: '',
    });
    expect(events[12]!.data).toMatchObject({ item_id: 'fc_req1_0', arguments: '{"city":"Paris"}' });
    const completed = events.at(-1)!.data.response;
    expect(completed).toMatchObject({ status: 'completed', usage: { input_tokens: 120 }, cost, metadata: { ticket: 'T-1' } });
    expect(completed.output.map((o: { id: string }) => o.id)).toEqual(['msg_req1', 'fc_req1_0', 'fc_req1_1']);
  });

  it('names items as the non-streaming body does', () => {
    const events = parseSse(encode(toolTurn, 'abc')).map((e) => JSON.parse(e.data));
    const nonStreaming = toResponse(
      {
        content: 'Let me check.',
        toolCalls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz":"CET"}' } },
        ],
        finishReason: 'tool_calls',
        usage,
        model: 'x',
        provider: 'openai',
        requestId: 'abc',
      },
      cost,
      echo,
      { createdAt: 1700000000 },
    );
    expect(events.at(-1).response).toEqual(nonStreaming);
  });

  it('streams reasoning as reasoning_text and ends truncated answers with response.incomplete', () => {
    const turn: StreamEvent[] = [...textTurn.slice(0, -1), { type: 'finish', finishReason: 'length', usage }];
    const events = parseSse(encode(turn)).map((e) => JSON.parse(e.data));
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.reasoning_text.delta',
      'response.reasoning_text.delta',
      'response.reasoning_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.incomplete',
    ]);
    expect(events.at(-1).response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(events.at(-2).item.status).toBe('incomplete');
  });

  it('sends an empty message for an empty answer and refuses late arguments', () => {
    const events = parseSse(encode([{ type: 'finish', finishReason: 'stop', usage }])).map((e) => JSON.parse(e.data));
    expect(events.at(-1).response.output).toEqual([
      { id: 'msg_req1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: '', annotations: [], logprobs: [] }] },
    ]);
    const encoder = new ResponsesStreamEncoder({ id: 'r', echo });
    encoder.push({ type: 'tool_call_start', index: 0, id: 'a', name: 'f' });
    encoder.push({ type: 'text', delta: 'x' });
    expect(() => encoder.push({ type: 'tool_call_args', index: 0, delta: '{}' })).toThrow(/tool call 0/);
  });

  it.each([
    ['tool turn', toolTurn],
    ['reasoning turn', textTurn],
    ['truncated turn', [...textTurn.slice(2, -1), { type: 'finish', finishReason: 'length', usage }] as StreamEvent[]],
  ])('is accumulated by the official SDK ResponseStream (%s)', async (name, turn) => {
    const server = await serveOnce(encode(turn));
    try {
      const client = new OpenAI({ apiKey: 'gw_live_test', baseURL: `${server.baseURL}/v1` });
      const stream = client.responses.stream({ model: 'openai/gpt-4.1', input: 'weather?' });
      let streamed = '';
      stream.on('response.output_text.delta', (e) => (streamed += e.delta));
      const final = await stream.finalResponse();
      expect(final.id).toBe('resp_req1');
      expect(final.usage).toMatchObject({ input_tokens: 120, output_tokens: 30, total_tokens: 150 });
      if (name === 'tool turn') {
        expect(streamed).toBe('Let me check.');
        expect(final.status).toBe('completed');
        expect(final.output_text).toBe('Let me check.');
        expect(
          final.output.flatMap((o) => (o.type === 'function_call' ? [[o.call_id, o.name, JSON.parse(o.arguments)]] : [])),
        ).toEqual([
          ['call_a', 'get_weather', { city: 'Paris' }],
          ['call_b', 'get_time', { tz: 'CET' }],
        ]);
      } else if (name === 'reasoning turn') {
        expect(final.output_text).toBe('Hello, world');
        expect(final.output[0]).toMatchObject({ type: 'reasoning', content: [{ type: 'reasoning_text', text: 'Thinking.' }] });
      } else {
        expect(final.status).toBe('incomplete');
        expect(final.incomplete_details).toEqual({ reason: 'max_output_tokens' });
        expect(final.output_text).toBe('Hello, world');
      }
    } finally {
      await server.close();
    }
  });
});
