import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { ResultAccumulator, type CanonicalResult, type StreamEvent } from './canonical.ts';
import { ChatCompletionStreamEncoder, fromChatRequest, toChatCompletion } from './chatCompletions.ts';
import type { FinishEvent } from './compat.ts';
import { cost, parseSse, serveOnce, textTurn, toolTurn, usage } from './testing.ts';

const base = { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'hi' }] };

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

function encode(events: StreamEvent[], includeUsage: boolean): string {
  const encoder = new ChatCompletionStreamEncoder({ id: 'req1', model: 'openai/gpt-4o', created: 1700000000, includeUsage });
  return events
    .map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e)))
    .join('');
}

describe('fromChatRequest', () => {
  it('splits the model on the first slash only', () => {
    const r = fromChatRequest({ ...base, model: 'ollama/library/llama3:8b' });
    expect(r.provider).toBe('ollama');
    expect(r.model).toBe('library/llama3:8b');
    expect(r.request).toMatchObject({ provider: 'ollama', model: 'library/llama3:8b' });
    expect(r.stream).toBe(false);
    expect(r.includeUsage).toBe(false);
  });

  it.each(['gpt-4o', '/gpt-4o', 'openai/', 42])('rejects the model %j as invalid_request on param model', (model) => {
    const e = error(() => fromChatRequest({ ...base, model }));
    expect(e.kind).toBe('invalid_request');
    expect(e.status).toBe(400);
    expect(e.param).toBe('model');
  });

  it('answers an unknown provider with 400 unknown_provider, as the compat contract says', () => {
    const e = error(() => fromChatRequest({ ...base, model: 'nope/gpt-4o' }));
    expect(e).toMatchObject({ kind: 'invalid_request', status: 400, code: 'unknown_provider', param: 'model' });
    expect(e.message).toContain('nope');
  });

  it('forwards n > 1, leaves n = 1 out', () => {
    expect(fromChatRequest({ ...base, n: 3 }).request.n).toBe(3);
    expect(fromChatRequest({ ...base, n: 2, stream: true }).request.n).toBe(2);
    expect(fromChatRequest({ ...base, n: 1 }).request.n).toBeUndefined();
  });

  it('maps logprobs, top_logprobs, seed, verbosity and logit_bias; top_logprobs alone is invalid', () => {
    const r = fromChatRequest({ ...base, logprobs: true, top_logprobs: 3, seed: 42, verbosity: 'low', logit_bias: { '50256': -100 } }).request;
    expect(r).toMatchObject({ logprobs: { top: 3 }, seed: 42, verbosity: 'low', logitBias: { '50256': -100 } });
    expect(fromChatRequest({ ...base, logprobs: true }).request.logprobs).toEqual({ top: 0 });
    expect(fromChatRequest({ ...base, logprobs: false }).request.logprobs).toBeUndefined();
    expect(error(() => fromChatRequest({ ...base, top_logprobs: 2 })).param).toBe('top_logprobs');
    expect(error(() => fromChatRequest({ ...base, logit_bias: { '1': 300 } })).param).toBe('logit_bias.1');
  });

  it('refuses, never drops, the protocol fields it cannot honour', () => {
    const refusedFor = (extra: Record<string, unknown>) => error(() => fromChatRequest({ ...base, ...extra }));
    for (const [field, value] of Object.entries({ audio: { voice: 'alloy', format: 'mp3' }, prediction: { type: 'content', content: 'x' }, functions: [{ name: 'f' }], function_call: 'auto' })) {
      expect(refusedFor({ [field]: value })).toMatchObject({ code: 'capability_not_supported', param: field });
    }
    expect(refusedFor({ store: true })).toMatchObject({ code: 'capability_not_supported', param: 'store' });
    expect(refusedFor({ modalities: ['text', 'audio'] })).toMatchObject({ param: 'modalities' });
    expect(refusedFor({ service_tier: 'flex' })).toMatchObject({ param: 'service_tier' });
    expect(refusedFor({ web_search_options: { user_location: { type: 'approximate' } } })).toMatchObject({ param: 'web_search_options.user_location' });
    // What the default values ask for is what happens anyway.
    expect(fromChatRequest({ ...base, store: false, modalities: ['text'], service_tier: 'auto', metadata: { a: 'b' } }).request.messages).toHaveLength(1);
  });

  it('rejects empty messages, unknown roles and unsupported parts', () => {
    expect(error(() => fromChatRequest({ ...base, messages: [] })).param).toBe('messages');
    expect(error(() => fromChatRequest({ ...base, messages: [{ role: 'function', content: 'x' }] })).param).toBe(
      'messages[0].role',
    );
    const audio = { role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'x', format: 'wav' } }] };
    expect(error(() => fromChatRequest({ ...base, messages: [audio] })).param).toBe('messages[0].content[0].type');
    expect(error(() => fromChatRequest({ ...base, temperature: 'hot' })).param).toBe('temperature');
  });

  it('maps every role, multipart content and a tool round trip with stable ids', () => {
    const r = fromChatRequest({
      ...base,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use metric.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'low' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } },
            { id: 'call_2', type: 'function', function: { name: 'lookup', arguments: '{"q":"dog"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'a cat' },
        { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'a dog' }] },
        { role: 'assistant', content: 'It is a cat.' },
      ],
    });
    expect(r.request.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Use metric.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'image', url: 'https://example.com/cat.jpg' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"cat"}' } },
          { id: 'call_2', type: 'function', function: { name: 'lookup', arguments: '{"q":"dog"}' } },
        ],
      },
      { role: 'tool', toolCallId: 'call_1', content: 'a cat' },
      { role: 'tool', toolCallId: 'call_2', content: 'a dog' },
      { role: 'assistant', content: 'It is a cat.' },
    ]);
  });

  it('maps every option field', () => {
    const r = fromChatRequest({
      ...base,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      top_p: 0.9,
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
      max_tokens: 100,
      max_completion_tokens: 200,
      stop: 'END',
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Look up', parameters: { type: 'object', properties: {} }, strict: true },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_object' },
      prompt_cache_key: 'tenant-7',
      safety_identifier: 'user-hash',
      reasoning_effort: 'low',
      web_search_options: {},
      seed: 7,
      logit_bias: null,
    });
    expect(r.stream).toBe(true);
    expect(r.includeUsage).toBe(true);
    expect(r.request).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 0.3,
      topP: 0.9,
      frequencyPenalty: 0.5,
      presencePenalty: -0.5,
      maxTokens: 200,
      stop: ['END'],
      responseFormat: 'json',
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Look up', parameters: { type: 'object', properties: {} } },
        },
      ],
      toolChoice: { type: 'function', function: { name: 'lookup' } },
      parallelToolCalls: false,
      promptCacheKey: 'tenant-7',
      safetyIdentifier: 'user-hash',
      thinkingMode: { enabled: true, effort: 'low' },
      webSearch: { enabled: true },
      seed: 7,
    });
  });

  it('maps max_tokens alone, stop arrays, json_schema, string tool choices and reasoning_effort none', () => {
    const r = fromChatRequest({
      ...base,
      max_tokens: 50,
      stop: ['a', 'b'],
      tool_choice: 'required',
      response_format: { type: 'json_schema', json_schema: { name: 'person', schema: { type: 'object' }, strict: true } },
      reasoning_effort: 'none',
      user: 'end-user-7',
    }).request;
    expect(r).toMatchObject({
      maxTokens: 50,
      stop: ['a', 'b'],
      toolChoice: 'required',
      responseFormat: 'json_schema',
      jsonSchema: { name: 'person', schema: { type: 'object' }, strict: true },
      thinkingMode: { enabled: false },
    });
    // `user` is the older name of safety_identifier, which wins when both are sent.
    expect(r.safetyIdentifier).toBe('end-user-7');
    expect(fromChatRequest({ ...base, user: 'old', safety_identifier: 'new' }).request.safetyIdentifier).toBe('new');
    expect(fromChatRequest({ ...base, reasoning_effort: 'max' }).request.thinkingMode).toEqual({ enabled: true, effort: 'high' });
    expect(fromChatRequest({ ...base, response_format: { type: 'text' } }).request.responseFormat).toBe('text');
    // `schema` is optional in the protocol: without it the answer is any JSON.
    const schemaless = fromChatRequest({ ...base, response_format: { type: 'json_schema', json_schema: { name: 'any' } } }).request;
    expect(schemaless.responseFormat).toBe('json');
    expect(schemaless.jsonSchema).toBeUndefined();
    expect(error(() => fromChatRequest({ ...base, reasoning_effort: 'ultra' })).param).toBe('reasoning_effort');
    expect(error(() => fromChatRequest({ ...base, tool_choice: 'sometimes' })).param).toBe('tool_choice');
    expect(error(() => fromChatRequest({ ...base, tools: [{ type: 'custom', custom: { name: 'x' } }] })).param).toBe(
      'tools[0].type',
    );
  });

  it('turns cache_control markers into promptCaching', () => {
    const r = fromChatRequest({
      ...base,
      model: 'anthropic/claude-sonnet-4-5',
      messages: [{ role: 'system', content: [{ type: 'text', text: 'long', cache_control: { type: 'ephemeral' } }] }],
    });
    expect(r.request.promptCaching).toBe(true);
    expect(fromChatRequest(base).request.promptCaching).toBeUndefined();
  });
});

describe('toChatCompletion', () => {
  const result: CanonicalResult = {
    content: '',
    toolCalls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{}' } },
    ],
    finishReason: 'tool_calls',
    usage,
    model: 'gpt-4o-2024-08-06',
    provider: 'openai',
    requestId: 'abc123',
  };

  it('renders a tool-call turn with null content, the requested model and cost', () => {
    expect(toChatCompletion(result, cost, { model: 'openai/gpt-4o', created: 1700000000 })).toEqual({
      id: 'chatcmpl-abc123',
      object: 'chat.completion',
      created: 1700000000,
      model: 'openai/gpt-4o',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
              { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{}' } },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      // prompt_tokens counts cached tokens too, as OpenAI does.
      usage: {
        prompt_tokens: 120,
        completion_tokens: 30,
        total_tokens: 150,
        prompt_tokens_details: { cached_tokens: 80, cache_write_tokens: 10 },
        completion_tokens_details: { reasoning_tokens: 5 },
      },
      cost,
    });
  });

  it.each(['stop', 'length', 'content_filter'] as const)('passes finish reason %s through', (finishReason) => {
    const body = toChatCompletion({ ...result, toolCalls: undefined, content: 'x', finishReason }, cost, { model: 'm/x' });
    const choice = (body.choices as { finish_reason: string; message: Record<string, unknown> }[])[0]!;
    expect(choice.finish_reason).toBe(finishReason);
    expect(choice.message.content).toBe('x');
    expect(choice.message).not.toHaveProperty('tool_calls');
  });

  it('keeps an existing chatcmpl- prefix and leaves reasoning out', () => {
    const body = toChatCompletion({ ...result, requestId: 'chatcmpl-xyz', reasoning: 'hmm' }, cost, { model: 'm/x' });
    expect(body.id).toBe('chatcmpl-xyz');
    expect(JSON.stringify(body)).not.toContain('hmm');
  });

  it('is what the official SDK returns from a non-streaming call', async () => {
    const body = toChatCompletion(result, cost, { model: 'openai/gpt-4o' });
    const server = await serveOnce(JSON.stringify(body), 'application/json');
    try {
      const client = new OpenAI({ apiKey: 'gw_live_test', baseURL: `${server.baseURL}/v1` });
      const completion = await client.chat.completions.create({ model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
      expect(completion.choices[0]!.message.tool_calls?.map((c) => c.id)).toEqual(['call_a', 'call_b']);
      expect(completion.usage?.prompt_tokens).toBe(120);
    } finally {
      await server.close();
    }
  });
});

describe('ChatCompletionStreamEncoder', () => {
  it('emits the exact chunk sequence for text with a usage chunk', () => {
    const events = parseSse(encode(textTurn, true));
    expect(events.at(-1)).toEqual({ data: '[DONE]' });
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    for (const c of chunks) {
      expect(c).toMatchObject({ id: 'chatcmpl-req1', object: 'chat.completion.chunk', created: 1700000000, model: 'openai/gpt-4o' });
    }
    expect(chunks.map((c) => [c.choices[0]?.delta, c.choices[0]?.finish_reason, c.usage])).toEqual([
      [{ role: 'assistant', content: '', refusal: null }, null, null],
      [{ content: 'Hello' }, null, null],
      [{ content: ', world' }, null, null],
      [{}, 'stop', null],
      [
        undefined,
        undefined,
        {
          prompt_tokens: 120,
          completion_tokens: 30,
          total_tokens: 150,
          prompt_tokens_details: { cached_tokens: 80, cache_write_tokens: 10 },
          completion_tokens_details: { reasoning_tokens: 5 },
        },
      ],
    ]);
    expect(chunks.at(-1).choices).toEqual([]);
    expect(chunks.at(-1).cost).toEqual(cost);
  });

  it('emits tool-call deltas with id, type and name only on each call first chunk', () => {
    const chunks = parseSse(encode(toolTurn, false))
      .slice(0, -1)
      .map((e) => JSON.parse(e.data));
    expect(chunks.map((c) => c.choices[0].delta.tool_calls ?? null).filter(Boolean)).toEqual([
      [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      [{ index: 0, function: { arguments: '{"city":' } }],
      [{ index: 0, function: { arguments: '"Paris"}' } }],
      [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } }],
      [{ index: 1, function: { arguments: '{"tz":"CET"}' } }],
    ]);
    const last = chunks.at(-1);
    expect(last.choices[0].finish_reason).toBe('tool_calls');
    // Without include_usage there is no usage chunk, so cost rides on the finish chunk.
    expect(last).not.toHaveProperty('usage');
    expect(last.cost).toEqual(cost);
  });

  it('opens the stream even when the first event is the finish', () => {
    const encoder = new ChatCompletionStreamEncoder({ id: 'x', model: 'openai/gpt-4o', includeUsage: false });
    const finish: FinishEvent = { type: 'finish', finishReason: 'length', usage };
    const chunks = encoder.finish(finish, cost) as { choices: { delta: unknown; finish_reason: unknown }[] }[];
    expect(chunks.map((c) => c.choices[0]!.finish_reason)).toEqual([null, 'length']);
    expect(encoder.start()).toEqual([]);
  });

  it.each([true, false])('is accumulated by the official SDK stream helper (include_usage %s)', async (includeUsage) => {
    const server = await serveOnce(encode(toolTurn, includeUsage));
    try {
      const client = new OpenAI({ apiKey: 'gw_live_test', baseURL: `${server.baseURL}/v1` });
      const stream = client.chat.completions.stream({
        model: 'openai/gpt-4o',
        messages: [{ role: 'user', content: 'weather?' }],
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      });
      const deltas: string[] = [];
      stream.on('content.delta', ({ delta }) => deltas.push(delta));
      const final = await stream.finalChatCompletion();
      expect(deltas.join('')).toBe('Let me check.');
      const choice = final.choices[0]!;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBe('Let me check.');
      expect(
        choice.message.tool_calls?.map((c) => (c.type === 'function' ? [c.id, c.function.name, JSON.parse(c.function.arguments)] : c)),
      ).toEqual([
        ['call_a', 'get_weather', { city: 'Paris' }],
        ['call_b', 'get_time', { tz: 'CET' }],
      ]);
      expect(final.id).toBe('chatcmpl-req1');
      expect(final.model).toBe('openai/gpt-4o');
      if (includeUsage) {
        expect(final.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 });
      }
      expect(server.requests[0]!.url).toBe('/v1/chat/completions');
    } finally {
      await server.close();
    }
  });

  it('accumulates to the same result as the non-streaming body', () => {
    const acc = new ResultAccumulator('openai', 'gpt-4o', 'req1');
    for (const e of toolTurn) acc.push(e);
    const body = toChatCompletion(acc.result(), cost, { model: 'openai/gpt-4o' });
    const message = (body.choices as { message: { content: unknown; tool_calls: { id: string }[] } }[])[0]!.message;
    expect(message.content).toBe('Let me check.');
    expect(message.tool_calls.map((c) => c.id)).toEqual(['call_a', 'call_b']);
  });
});
