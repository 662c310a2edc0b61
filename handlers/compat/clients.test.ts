// What real client libraries call beyond creating completions: the Anthropic
// SDK's messages.parse and countTokens, models.list on both SDKs, stored
// responses continued by previous_response_id, and the options that are
// forwarded where a provider honours them and refused where it does not.
// Unmodified official clients against the gateway, providers on loopback
// fakes; every answer is checked against openapi/compat.yaml (afterEach).
import { beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { z } from 'zod';
import { createGatewayKey } from '../../test/support.ts';
import { compatSuite } from './_suite.ts';

const suite = compatSuite(['openai', 'anthropic', 'gemini', 'ollama'], {
  // Not configured, or not running: their models must not be listed.
  MISTRAL_API_KEY: undefined,
  XAI_API_KEY: undefined,
  DEEPSEEK_API_KEY: undefined,
  PERPLEXITY_API_KEY: undefined,
  LOCALAI_BASE_URL: 'http://127.0.0.1:9',
});
const { fakes } = suite;
let oai: OpenAI;
let ant: Anthropic;

beforeAll(() => {
  oai = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
  ant = new Anthropic({ baseURL: suite.service.gatewayUrl, apiKey: suite.key, maxRetries: 0, fetch: suite.fetch });
});

const CITY = z.object({ answer: z.string() });

describe('messages.parse: output_config.format is structured output on every upstream', () => {
  it.each([
    ['anthropic/claude-sonnet-4-5', 'anthropic'],
    ['openai/gpt-4o-mini', 'openai'],
    ['gemini/gemini-2.5-flash', 'gemini'],
  ] as const)('%s', async (model, provider) => {
    const msg = await ant.messages.parse({
      model,
      max_tokens: 200,
      messages: [{ role: 'user', content: 'which city?' }],
      output_config: { format: zodOutputFormat(CITY) },
    });
    expect(msg.parsed_output).toEqual({ answer: 'echo: which city?' });
    const sent = fakes[provider].requests.at(-1)!.body;
    // The schema reached the upstream in its own form.
    if (provider === 'anthropic') expect(sent.tool_choice).toEqual({ type: 'tool', name: 'response' });
    if (provider === 'openai') expect(sent.response_format.type).toBe('json_schema');
    if (provider === 'gemini') expect(sent.generationConfig.responseJsonSchema.properties.answer).toBeDefined();
    expect(JSON.stringify(sent)).toContain('"answer"');
  });

  it('streams the structured answer too', async () => {
    const final = await ant.messages
      .stream({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 200, messages: [{ role: 'user', content: 'stream it' }], output_config: { format: zodOutputFormat(CITY) } })
      .finalMessage();
    expect(JSON.parse((final.content[0] as Anthropic.TextBlock).text)).toEqual({ answer: 'echo: stream it' });
  });
});

describe('models', () => {
  it('openai models.list and retrieve: <provider>/<model> ids of configured providers only', async () => {
    const ids: string[] = [];
    for await (const m of oai.models.list()) ids.push(m.id);
    expect(ids).toContain('openai/gpt-4o-mini');
    expect(ids).toContain('anthropic/claude-sonnet-4-5');
    expect(ids).toContain('gemini/gemini-embedding-001');
    // The local runtime lists what it has installed.
    expect(ids.some((id) => id.startsWith('ollama/'))).toBe(true);
    // No key, or the runtime is down: nothing listed.
    expect(ids.some((id) => /^(mistral|xai|deepseek|perplexity|localai)\//.test(id))).toBe(false);
    // Discovery's models: those of operations that work now (image generation on openai included).
    expect(ids).toContain('openai/gpt-image-1');
    const one = await oai.models.retrieve('openai/gpt-4o-mini');
    expect(one).toMatchObject({ id: 'openai/gpt-4o-mini', object: 'model', owned_by: 'openai' });
    expect(one.created).toBeGreaterThan(1_600_000_000);
    // The slash may also come unencoded (curl, older clients).
    for (const raw of ['openai/gpt-4o-mini', 'openai%2Fgpt-4o-mini']) {
      const res = await fetch(`${suite.service.gatewayUrl}/v1/models/${raw}`, { headers: { authorization: `Bearer ${suite.key}` } });
      expect(await res.json()).toMatchObject({ id: 'openai/gpt-4o-mini', object: 'model' });
    }
    const rawMissing = await fetch(`${suite.service.gatewayUrl}/v1/models/ollama/library/none:1b`, { headers: { authorization: `Bearer ${suite.key}` } });
    expect(rawMissing.status).toBe(404);
    expect(await rawMissing.json()).toMatchObject({ error: { code: 'model_not_found', param: 'model_id' } });
    const missing = await oai.models.retrieve('openai/gpt-9').catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing.error).toMatchObject({ type: 'not_found_error', code: 'model_not_found' });
  });

  it('anthropic models.list pages through the same models in its own shape', async () => {
    const all: string[] = [];
    for await (const m of oai.models.list()) all.push(m.id);
    const paged: Anthropic.ModelInfo[] = [];
    for await (const m of ant.models.list({ limit: 7 })) paged.push(m);
    expect(paged.map((m) => m.id)).toEqual(all);
    const first = await ant.models.list({ limit: 7 });
    expect(first.data).toHaveLength(7);
    expect(first.has_more).toBe(true);
    const sonnet = await ant.models.retrieve('anthropic/claude-sonnet-4-5');
    expect(sonnet).toMatchObject({ type: 'model', id: 'anthropic/claude-sonnet-4-5', display_name: expect.any(String), max_input_tokens: 200_000 });
    const missing = await ant.models.retrieve('anthropic/claude-9').catch((e) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing.error).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});

describe('messages.countTokens', () => {
  const params = {
    system: 'You are a weather assistant.',
    tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } }],
    messages: [{ role: 'user' as const, content: 'What is the weather in Amsterdam?' }],
  };

  it.each([
    ['anthropic/claude-sonnet-4-5', 'anthropic', '/v1/messages/count_tokens'],
    ['gemini/gemini-2.5-flash', 'gemini', ':countTokens'],
    ['vertex/gemini-2.5-flash', 'gemini', ':countTokens'],
  ] as const)('%s: exact, from the provider', async (model, fake, path) => {
    const count = await ant.messages.countTokens({ model, ...params });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect((count as any).estimated).toBe(false);
    expect(fakes[fake].requests).toHaveLength(1);
    expect(fakes[fake].requests[0]!.path).toContain(path);
    expect(JSON.stringify(fakes[fake].requests[0]!.body)).toContain('get_weather');
  });

  it('openai: the documented estimate, no upstream call, and no usage recorded', async () => {
    const count = await ant.messages.countTokens({ model: 'openai/gpt-4o-mini', ...params });
    expect((count as any).estimated).toBe(true);
    // ceil(chars / 4) + 4 per message: the same order as the text.
    expect(count.input_tokens).toBeGreaterThan(20);
    expect(count.input_tokens).toBeLessThan(120);
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it('refuses what the call itself would refuse', async () => {
    const err = await ant.messages.countTokens({ model: 'openai/gpt-4o-mini', top_k: 5, ...params } as any).catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect(err.error.error.message).toContain('capability_not_supported');
  });
});

describe('options: forwarded where honoured, refused where not', () => {
  it('top_k reaches anthropic and gemini; openai refuses it before any upstream call', async () => {
    // The SDK's types dropped top_k (newer Claude models refuse it); the protocol still has it.
    const withTopK = (model: string, topK: number) => ({ model, max_tokens: 20, top_k: topK, messages: [{ role: 'user', content: 'x' }] }) as Anthropic.MessageCreateParamsNonStreaming;
    await ant.messages.create(withTopK('anthropic/claude-sonnet-4-5', 7));
    expect(fakes.anthropic.requests[0]!.body.top_k).toBe(7);
    await ant.messages.create(withTopK('gemini/gemini-2.5-flash', 9));
    expect(fakes.gemini.requests[0]!.body.generationConfig.topK).toBe(9);
    const err = await ant.messages.create(withTopK('openai/gpt-4o-mini', 7)).catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect(err.error.error.message).toMatch(/^capability_not_supported: openai does not support topK/);
    expect(fakes.openai.requests).toHaveLength(0);
    // Chat completions take top_k as OpenAI-compatible servers do (the SDK passes unknown fields through).
    const chat = (model: string) => oai.chat.completions.create({ model, top_k: 4, messages: [{ role: 'user', content: 'x' }] } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    await chat('anthropic/claude-sonnet-4-5');
    expect(fakes.anthropic.requests.at(-1)!.body.top_k).toBe(4);
    const chatErr = await chat('openai/gpt-4o-mini').catch((e) => e);
    expect(chatErr.error).toMatchObject({ code: 'capability_not_supported' });
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it.each(['openai/gpt-4o-mini', 'gemini/gemini-2.5-flash'])('%s: chat logprobs with top_logprobs, streamed and not', async (model) => {
    const res = await oai.chat.completions.create({ model, logprobs: true, top_logprobs: 2, messages: [{ role: 'user', content: 'hello there' }] });
    const content = res.choices[0]!.logprobs!.content!;
    expect(content.map((t) => t.token).join('')).toBe('echo: hello there');
    expect(content.every((t) => t.logprob < 0 && t.top_logprobs.length === 2)).toBe(true);
    const stream = await oai.chat.completions.create({ model, stream: true, logprobs: true, top_logprobs: 1, messages: [{ role: 'user', content: 'stream me' }] });
    const tokens: string[] = [];
    for await (const chunk of stream) for (const t of chunk.choices[0]?.logprobs?.content ?? []) tokens.push(t.token);
    expect(tokens.join('')).toBe('echo: stream me');
  });

  it('responses top_logprobs come back on output_text', async () => {
    const res = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'hello there', top_logprobs: 1, store: false });
    const part = (res.output[0] as OpenAI.Responses.ResponseOutputMessage).content[0] as OpenAI.Responses.ResponseOutputText;
    expect(part.logprobs!.map((t) => t.token).join('')).toBe('echo: hello there');
    expect(fakes.openai.requests[0]!.body).toMatchObject({ logprobs: true, top_logprobs: 1 });
  });

  it('logprobs on anthropic are refused, not answered with null', async () => {
    const err = await oai.chat.completions.create({ model: 'anthropic/claude-sonnet-4-5', logprobs: true, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.error).toMatchObject({ code: 'capability_not_supported' });
    expect(fakes.anthropic.requests).toHaveLength(0);
  });

  it.each([
    ['openai/gpt-4o-mini', 'openai', (b: any) => b.n],
    ['gemini/gemini-2.5-flash', 'gemini', (b: any) => b.generationConfig.candidateCount],
  ] as const)('n: 2 gives two choices on %s, streamed and not, billed together', async (model, provider, sentN) => {
    const res = await oai.chat.completions.create({ model, n: 2, messages: [{ role: 'user', content: 'two please' }] });
    expect(res.choices.map((c) => [c.index, c.message.content])).toEqual([
      [0, 'echo: two please'],
      [1, 'echo: two please (choice 1)'],
    ]);
    expect(sentN(fakes[provider].requests[0]!.body)).toBe(2);
    // Streamed: each choice's chunks under its index, a finish_reason for each, one usage for all.
    const stream = await oai.chat.completions.create({ model, n: 2, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'two streams' }] });
    const texts = ['', ''];
    const finishes: Array<string | null | undefined> = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      for (const c of chunk.choices) {
        texts[c.index] += c.delta.content ?? '';
        if (c.finish_reason) finishes[c.index] = c.finish_reason;
      }
      usage = chunk.usage ?? usage;
    }
    expect(texts).toEqual(['echo: two streams', 'echo: two streams (choice 1)']);
    expect(finishes).toEqual(['stop', 'stop']);
    expect(usage!.total_tokens).toBeGreaterThan(0);
  });

  it('n: 2 is refused where the provider generates one answer (anthropic), and past gemini\'s 8 candidates', async () => {
    const err = await oai.chat.completions.create({ model: 'anthropic/claude-sonnet-4-5', n: 2, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.status).toBe(400);
    expect(err.error.code).toBe('capability_not_supported');
    const many = await oai.chat.completions.create({ model: 'gemini/gemini-2.5-flash', n: 9, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(many.status).toBe(400);
    expect(many.error.code).toBe('capability_not_supported');
    expect(fakes.anthropic.requests).toHaveLength(0);
    expect(fakes.gemini.requests).toHaveLength(0);
  });

  it('usage reports cache_write_tokens (anthropic prompt-cache writes)', async () => {
    fakes.anthropic.script({ cacheCreationTokens: 3 });
    const res = await oai.responses.create({ model: 'anthropic/claude-sonnet-4-5', input: 'a long enough prompt to cache', store: false });
    expect(res.usage!.input_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: 3 });
    const plain = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'x', store: false });
    expect(plain.usage!.input_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: 0 });
    // Chat completions report the writes where the provider counts them (absent where unknown).
    fakes.anthropic.script({ cacheCreationTokens: 2 });
    const chat = await oai.chat.completions.create({ model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'user', content: 'a long enough prompt to cache' }] });
    expect(chat.usage!.prompt_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: 2 });
  });

  it('fields no provider can honour are refused in each protocol’s shape', async () => {
    const chat = await oai.chat.completions.create({ model: 'openai/gpt-4o-mini', store: true, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(chat.error).toMatchObject({ code: 'capability_not_supported', param: 'store' });
    const resp = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'x', background: true }).catch((e) => e);
    expect(resp.error).toMatchObject({ code: 'capability_not_supported', param: 'background' });
    const msg = await ant.messages.create({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 5, messages: [{ role: 'user', content: 'x' }], container: 'c_1' } as any).catch((e) => e);
    expect(msg).toBeInstanceOf(Anthropic.BadRequestError);
    expect(msg.error.error.message).toMatch(/^capability_not_supported: container/);
    expect(fakes.openai.requests).toHaveLength(0);
    expect(fakes.anthropic.requests).toHaveLength(0);
  });
});

describe('stored responses and previous_response_id', () => {
  it.each(['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4-5', 'gemini/gemini-2.5-flash'])('%s: a three-turn conversation by id, a function call in the middle', async (model) => {
    const fake = fakes[model.split('/')[0] as 'openai' | 'anthropic' | 'gemini'];
    const tools: OpenAI.Responses.FunctionTool[] = [
      { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false },
    ];
    const first = await oai.responses.create({ model, instructions: 'Be brief.', input: 'My name is Ada.', tools });
    expect(first.output_text).toBe('echo: My name is Ada.');

    fake.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Amsterdam"}' }] });
    const second = await oai.responses.create({ model, previous_response_id: first.id, input: 'Weather in Amsterdam?', tools });
    const call = second.output.find((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call')!;
    expect(call.name).toBe('get_weather');
    // The upstream saw the first turn, question and answer.
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('My name is Ada.');
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('echo: My name is Ada.');

    const third = await oai.responses.create({
      model,
      previous_response_id: second.id,
      instructions: 'Be brief.',
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":14}' }],
      tools,
    });
    expect(third.output_text).toContain('tool said:');
    expect(third.previous_response_id).toBe(second.id);
    const sent = JSON.stringify(fake.requests.at(-1)!.body);
    for (const said of ['My name is Ada.', 'Weather in Amsterdam?', 'get_weather', 'temp_c']) expect(sent).toContain(said);
    // Instructions do not carry over: only this turn's copy was sent.
    expect(sent.split('Be brief.').length - 1).toBe(1);

    const read = await oai.responses.retrieve(third.id);
    expect(read.id).toBe(third.id);
    expect(read.output_text).toBe(third.output_text);
    expect((read as any).cost).toEqual((third as any).cost);
  });

  it('input_items lists what the model was given, earlier turns included, paged by stable ids', async () => {
    const tools: OpenAI.Responses.FunctionTool[] = [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} }, strict: false }];
    const first = await oai.responses.create({ model: 'anthropic/claude-sonnet-4-5', instructions: 'Be brief.', input: 'My name is Ada.', tools });
    fakes.anthropic.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const second = await oai.responses.create({ model: 'anthropic/claude-sonnet-4-5', previous_response_id: first.id, input: 'Weather in Oslo?', tools });
    const call = second.output.find((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call')!;
    const third = await oai.responses.create({
      model: 'anthropic/claude-sonnet-4-5',
      previous_response_id: second.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":3}' }],
      tools,
    });
    const all: OpenAI.Responses.ResponseItem[] = [];
    for await (const item of oai.responses.inputItems.list(third.id, { order: 'asc', limit: 2 })) all.push(item);
    // Instructions are not items; this response's own answer is output, not input.
    expect(all.map((i) => (i.type === 'message' ? `${i.role}:${JSON.stringify(i.content)}` : i.type))).toEqual([
      'user:[{"type":"input_text","text":"My name is Ada."}]',
      'assistant:[{"type":"output_text","text":"echo: My name is Ada.","annotations":[]}]',
      'user:[{"type":"input_text","text":"Weather in Oslo?"}]',
      'function_call',
      'function_call_output',
    ]);
    expect(all[3]).toMatchObject({ call_id: call.call_id, name: 'get_weather', arguments: '{"city":"Oslo"}' });
    expect(all[4]).toMatchObject({ call_id: call.call_id, output: '{"temp_c":3}' });
    // Newest first by default; ids are the same on every read.
    const newest = await oai.responses.inputItems.list(third.id, { limit: 2 });
    expect(newest.data.map((i) => i.id)).toEqual([all[4]!.id, all[3]!.id]);
    expect(newest.has_more).toBe(true);
    const { key: otherKey } = await createGatewayKey(suite.service.db, 'items-other');
    const other = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: otherKey, maxRetries: 0, fetch: suite.fetch });
    expect(await other.responses.inputItems.list(third.id).catch((e) => e.status)).toBe(404);
    const bad = await oai.responses.inputItems.list(third.id, { after: 'msg_nope' }).catch((e) => e);
    expect(bad.error).toMatchObject({ param: 'after' });
  });

  it('inputTokens.count: exact where the provider counts, the estimate elsewhere, with the earlier turns', async () => {
    const first = await oai.responses.create({ model: 'gemini/gemini-2.5-flash', input: 'Remember the number 4711.' });
    const exact = await oai.responses.inputTokens.count({ model: 'gemini/gemini-2.5-flash', previous_response_id: first.id, input: 'Which number?' });
    expect(exact).toMatchObject({ object: 'response.input_tokens', estimated: false });
    expect(exact.input_tokens).toBeGreaterThan(0);
    const counted = fakes.gemini.requests.at(-1)!;
    expect(counted.path).toContain(':countTokens');
    expect(JSON.stringify(counted.body)).toContain('Remember the number 4711.');
    const estimate = await oai.responses.inputTokens.count({ model: 'openai/gpt-4o-mini', input: 'Which number?' });
    expect(estimate).toMatchObject({ object: 'response.input_tokens', estimated: true });
    expect(fakes.openai.requests).toHaveLength(0);
    const refused = await oai.responses.inputTokens.count({ model: 'anthropic/claude-sonnet-4-5', input: 'x', top_logprobs: 2 } as any).catch((e) => e);
    expect(refused.error).toMatchObject({ code: 'capability_not_supported' });
  });

  it('a streamed response is stored before response.completed reaches the client', async () => {
    const stream = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'remember me', stream: true });
    let id = '';
    for await (const e of stream) if (e.type === 'response.completed') id = e.response.id;
    const read = await oai.responses.retrieve(id);
    expect(read.output_text).toBe('echo: remember me');
    const next = await oai.responses.create({ model: 'openai/gpt-4o-mini', previous_response_id: id, input: 'and again' });
    expect(JSON.stringify(fakes.openai.requests.at(-1)!.body)).toContain('remember me');
    expect(next.output_text).toBe('echo: and again');
  });

  it('stores text PostgreSQL json refuses (NUL, lone surrogates) as U+FFFD, streamed or not, and continues from it', async () => {
    // /v1 forwards text as it is: the client gets the answer unchanged; the stored copy has U+FFFD in place of each.
    const odd = 'a\u0000b \ud800 c\udfff';
    const stored = 'a\ufffdb \ufffd c\ufffd';
    const first = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: odd });
    expect(first.output_text).toBe(`echo: ${odd}`);
    expect((await oai.responses.retrieve(first.id)).output_text).toBe(`echo: ${stored}`);
    const next = await oai.responses.create({ model: 'openai/gpt-4o-mini', previous_response_id: first.id, input: 'again' });
    expect(next.output_text).toBe('echo: again');
    expect(JSON.stringify(fakes.openai.requests.at(-1)!.body)).toContain(stored);

    const stream = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: [{ role: 'user', content: [{ type: 'input_text', text: odd }] }], stream: true });
    let id = '';
    for await (const e of stream) if (e.type === 'response.completed') id = e.response.id;
    expect((await oai.responses.retrieve(id)).output_text).toBe(`echo: ${stored}`);
    // One whole row each, nothing half-written.
    expect(await suite.service.db('gateway_responses').whereIn('id', [first.id, next.id, id]).count('* as n')).toEqual([{ n: '3' }]);
  });

  it('accepts built-in tools it does not run, web search on a target that cannot search included, and says so', async () => {
    const answer = await oai.responses.create({
      model: 'openai/gpt-4o-mini',
      input: 'news today?',
      tools: [{ type: 'web_search' }, { type: 'file_search', vector_store_ids: ['vs_1'] }],
    });
    expect(answer.status).toBe('completed');
    const sent = JSON.stringify(fakes.openai.requests.at(-1)!.body);
    expect(sent).not.toContain('web_search');
    expect(sent).not.toContain('file_search');
    expect((answer as { ignored?: unknown }).ignored).toEqual([
      { param: 'tools[1]', reason: expect.stringContaining('file_search') },
      { param: 'tools[0]', reason: expect.stringContaining('cannot search') },
    ]);
    expect(answer.tools).toHaveLength(2);
  });

  it('is the creating key’s only; store: false keeps nothing; DELETE forgets', async () => {
    const mine = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'private' });
    const { key: otherKey } = await createGatewayKey(suite.service.db, 'other');
    const other = new OpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: otherKey, maxRetries: 0, fetch: suite.fetch });
    // One at a time: made at once, a refusal that arrives before its turn is an unhandled rejection.
    for (const attempt of [
      () => other.responses.retrieve(mine.id),
      () => other.responses.delete(mine.id),
    ]) {
      const err = await attempt().catch((e) => e);
      expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    }
    // Document 1: previous_response_id is accepted; one this key cannot continue is ignored, and the answer says so,
    // in the same words whether the response is another key's or never stored.
    const notMine = await other.responses.create({ model: 'openai/gpt-4o-mini', previous_response_id: mine.id, input: 'x' });
    expect(JSON.stringify(fakes.openai.requests.at(-1)!.body)).not.toContain('private');
    const unstored = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'forget me', store: false });
    expect((unstored as { store?: boolean }).store).toBe(false);
    expect(await oai.responses.retrieve(unstored.id).catch((e) => e.status)).toBe(404);
    const continued = await oai.responses.create({ model: 'openai/gpt-4o-mini', previous_response_id: unstored.id, input: 'x' });
    expect(continued.status).toBe('completed');
    expect(continued.previous_response_id).toBe(unstored.id);
    const ignoredOf = (r: unknown) => (r as { ignored?: Array<{ param: string; reason: string }> }).ignored;
    expect(ignoredOf(continued)).toEqual([{ param: 'previous_response_id', reason: expect.stringContaining('no stored response') }]);
    expect(ignoredOf(notMine)).toEqual(ignoredOf(continued));

    await oai.responses.delete(mine.id);
    expect(await oai.responses.retrieve(mine.id).catch((e) => e.status)).toBe(404);
    expect(await suite.service.db('gateway_responses').where({ id: mine.id }).first()).toBeUndefined();
  });
});
