// The /v1 endpoints driven by the unmodified official clients (openai and
// @anthropic-ai/sdk) against the gateway, with providers on their loopback
// fakes. Every answer is checked against openapi/compat.yaml (afterEach).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../../providers/anthropic/fake.ts';
import { startFake as startGemini } from '../../providers/gemini/fake.ts';
import { startFake as startOllama } from '../../providers/ollama/fake.ts';
import { chatAdapterOf } from '../../providers/registry.ts';
import { assertContract, contractProblems, parseSse, recordingFetch, type Exchange } from './_contract.ts';

let service: TestService;
let key: string;
let keyId: string;
const fakes = {} as Record<'openai' | 'anthropic' | 'gemini' | 'ollama', Fake>;
const log: Exchange[] = [];
let oai: OpenAI;
let ant: Anthropic;

beforeAll(async () => {
  [fakes.openai, fakes.anthropic, fakes.gemini, fakes.ollama] = await Promise.all([startOpenAI(), startAnthropic(), startGemini(), startOllama()]);
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: fakes.openai.url,
    OPENAI_API_KEY: 'sk-fake-openai',
    ANTHROPIC_BASE_URL: fakes.anthropic.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    GEMINI_BASE_URL: fakes.gemini.url,
    GEMINI_API_KEY: 'gemini-fake',
    VERTEX_BASE_URL: fakes.gemini.url,
    VERTEX_API_KEY: 'vertex-fake',
    VERTEX_PROJECT: 'acme-eu',
    OLLAMA_BASE_URL: fakes.ollama.url,
    MISTRAL_API_KEY: undefined,
    MISTRAL_BASE_URL: 'http://127.0.0.1:9',
    // One openai call at a time: the concurrency test relies on it.
    PROVIDER_CONCURRENCY_OPENAI: '1',
  });
  ({ key, id: keyId } = await createGatewayKey(service.db, 'compat-sdk'));
  oai = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0, fetch: recordingFetch(log) });
  ant = new Anthropic({ baseURL: service.gatewayUrl, apiKey: key, maxRetries: 0, fetch: recordingFetch(log) });
});

afterAll(async () => {
  await service?.close();
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
});

beforeEach(() => {
  for (const f of Object.values(fakes)) f.requests.length = 0;
});

afterEach(async () => {
  await assertContract(log);
});

const UPSTREAMS = [
  { provider: 'openai', model: 'openai/gpt-4o-mini' },
  { provider: 'anthropic', model: 'anthropic/claude-sonnet-4-5' },
  { provider: 'gemini', model: 'gemini/gemini-2.5-flash' },
] as const;

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const TIME_TOOL = {
  name: 'get_time',
  description: 'Local time in a time zone',
  parameters: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] },
};
const PARALLEL_CALLS = [
  { name: 'get_weather', arguments: '{"city":"Amsterdam"}' },
  { name: 'get_time', arguments: '{"tz":"Europe/Amsterdam"}' },
];

const chatTools: OpenAI.Chat.ChatCompletionTool[] = [WEATHER_TOOL, TIME_TOOL].map((f) => ({ type: 'function', function: f }));
const messageTools: Anthropic.Tool[] = [WEATHER_TOOL, TIME_TOOL].map((f) => ({
  name: f.name,
  description: f.description,
  input_schema: f.parameters as Anthropic.Tool.InputSchema,
}));
const responseTools: OpenAI.Responses.FunctionTool[] = [WEATHER_TOOL, TIME_TOOL].map((f) => ({
  type: 'function',
  name: f.name,
  description: f.description,
  parameters: f.parameters,
  strict: false,
}));

/** The text of every message the upstream received, whatever its protocol; used to see tool results arrive. */
function upstreamText(fake: Fake): string {
  return JSON.stringify(fake.requests.at(-1)?.body ?? null);
}

/**
 * The tool-call ids a client got come back to the upstream with the results.
 * Gemini's wire has no call ids (results match by name), so there the gateway's
 * minted ids only have to be unique and the names must line up.
 */
function expectResultsMatched(provider: string, fake: Fake, ids: string[], names: string[]): void {
  const sent = upstreamText(fake);
  if (provider === 'gemini') {
    for (const name of names) expect(sent).toContain(`"functionResponse":{"name":"${name}"`);
  } else {
    for (const id of ids) expect(sent).toContain(id);
  }
}

describe.each(UPSTREAMS)('upstream $provider', ({ provider, model }) => {
  const fake = () => fakes[provider];

  describe('chat completions', () => {
    it('answers a plain completion in the chat.completion shape with usage and cost', async () => {
      const res = await oai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello there' }] });
      expect(res.id).toMatch(/^chatcmpl-/);
      expect(res.object).toBe('chat.completion');
      expect(res.model).toBe(model);
      expect(res.choices[0]!.message.content).toBe('echo: hello there');
      expect(res.choices[0]!.finish_reason).toBe('stop');
      expect(res.usage!.total_tokens).toBeGreaterThan(0);
      expect((res as any).cost).toMatchObject({ currency: 'USD', billing: 'metered' });
      expect(fake().requests).toHaveLength(1);
    });

    it('streams with include_usage: role chunk, text, finish, usage chunk, [DONE]', async () => {
      const stream = await oai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'stream me please' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
      for await (const chunk of stream) {
        chunks.push(chunk);
        text += chunk.choices[0]?.delta.content ?? '';
      }
      expect(text).toBe('echo: stream me please');
      expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
      expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
      expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
      const last = chunks.at(-1)!;
      expect(last.choices).toEqual([]);
      expect(last.usage!.total_tokens).toBeGreaterThan(0);
      expect((last as any).cost.currency).toBe('USD');
    });

    it('returns parallel tool calls and takes the results back with the same ids', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const first = await oai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'weather and time in Amsterdam?' }],
        tools: chatTools,
      });
      const choice = first.choices[0]!;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBeNull();
      const calls = choice.message.tool_calls!.filter((c) => c.type === 'function');
      expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
      expect(new Set(calls.map((c) => c.id)).size).toBe(2);

      const second = await oai.chat.completions.create({
        model,
        tools: chatTools,
        messages: [
          { role: 'user', content: 'weather and time in Amsterdam?' },
          choice.message,
          { role: 'tool', tool_call_id: calls[0]!.id, content: '{"temp_c":14}' },
          { role: 'tool', tool_call_id: calls[1]!.id, content: '{"time":"10:00"}' },
        ],
      });
      expect(second.choices[0]!.finish_reason).toBe('stop');
      expect(second.choices[0]!.message.content).toContain('tool said:');
      // The ids the client saw are the ones the upstream gets back.
      expectResultsMatched(provider, fake(), calls.map((c) => c.id), calls.map((c) => c.function.name));
      expect(upstreamText(fake())).toContain('temp_c');
    });

    it('streams tool calls: id and name first, arguments in pieces', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const stream = await oai.chat.completions.create({
        model,
        stream: true,
        messages: [{ role: 'user', content: 'weather and time?' }],
        tools: chatTools,
      });
      const calls: { id?: string; name?: string; args: string }[] = [];
      let finish: string | null | undefined;
      for await (const chunk of stream) {
        for (const d of chunk.choices[0]?.delta.tool_calls ?? []) {
          const call = (calls[d.index] ??= { args: '' });
          if (d.id) call.id = d.id;
          if (d.function?.name) call.name = d.function.name;
          call.args += d.function?.arguments ?? '';
        }
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      expect(finish).toBe('tool_calls');
      expect(calls.map((c) => [c.name, JSON.parse(c.args)])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
      expect(calls.every((c) => c.id)).toBe(true);
    });
  });

  describe('messages', () => {
    it('answers a plain message in the Message shape', async () => {
      const msg = await ant.messages.create({ model, max_tokens: 100, messages: [{ role: 'user', content: 'hello there' }] });
      expect(msg.id).toMatch(/^msg_/);
      expect(msg.type).toBe('message');
      expect(msg.model).toBe(model);
      expect(msg.content).toEqual([{ type: 'text', text: 'echo: hello there' }]);
      expect(msg.stop_reason).toBe('end_turn');
      expect(msg.usage.output_tokens).toBeGreaterThan(0);
      expect((msg as any).cost.billing).toBe('metered');
    });

    it('streams through MessageStream.finalMessage()', async () => {
      const stream = ant.messages.stream({ model, max_tokens: 100, messages: [{ role: 'user', content: 'stream me please' }] });
      let text = '';
      stream.on('text', (t) => (text += t));
      const final = await stream.finalMessage();
      expect(text).toBe('echo: stream me please');
      expect(final.content).toEqual([{ type: 'text', text: 'echo: stream me please', citations: null }].map(({ citations, ...b }) => expect.objectContaining(b)));
      expect(final.stop_reason).toBe('end_turn');
      expect(final.usage.output_tokens).toBeGreaterThan(0);
    });

    it('returns parallel tool_use blocks and takes tool_result blocks back with the same ids', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const first = await ant.messages.create({
        model,
        max_tokens: 200,
        tools: messageTools,
        messages: [{ role: 'user', content: 'weather and time in Amsterdam?' }],
      });
      expect(first.stop_reason).toBe('tool_use');
      const uses = first.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
      expect(uses.map((u) => [u.name, u.input])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
      const second = await ant.messages.create({
        model,
        max_tokens: 200,
        tools: messageTools,
        messages: [
          { role: 'user', content: 'weather and time in Amsterdam?' },
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: uses.map((u, i) => ({ type: 'tool_result' as const, tool_use_id: u.id, content: i ? '{"time":"10:00"}' : '{"temp_c":14}' })),
          },
        ],
      });
      expect(second.stop_reason).toBe('end_turn');
      expect((second.content[0] as Anthropic.TextBlock).text).toContain('tool said:');
      expectResultsMatched(provider, fake(), uses.map((u) => u.id), uses.map((u) => u.name));
    });

    it('streams tool_use blocks with input_json_delta', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const final = await ant.messages
        .stream({ model, max_tokens: 200, tools: messageTools, messages: [{ role: 'user', content: 'weather and time?' }] })
        .finalMessage();
      expect(final.stop_reason).toBe('tool_use');
      const uses = final.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
      expect(uses.map((u) => [u.name, u.input])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
    });
  });

  describe('responses', () => {
    it('answers a plain response with output_text, usage and cost', async () => {
      const res = await oai.responses.create({ model, input: 'hello there', instructions: 'Be brief.', metadata: { ticket: 'T-1' } });
      expect(res.id).toMatch(/^resp_/);
      expect(res.status).toBe('completed');
      expect(res.model).toBe(model);
      expect(res.output_text).toBe('echo: hello there');
      expect(res.output[0]).toMatchObject({ type: 'message', role: 'assistant' });
      expect((res.output[0] as any).id).toMatch(/^msg_/);
      expect(res.metadata).toEqual({ ticket: 'T-1' });
      expect(res.usage!.total_tokens).toBeGreaterThan(0);
      expect((res as any).cost.currency).toBe('USD');
    });

    it('streams the event grammar, sequence numbers counting from 0', async () => {
      const stream = await oai.responses.create({ model, input: 'stream me please', stream: true });
      const types: string[] = [];
      const seq: number[] = [];
      let text = '';
      let completed: OpenAI.Responses.Response | undefined;
      for await (const e of stream) {
        types.push(e.type);
        seq.push(e.sequence_number);
        if (e.type === 'response.output_text.delta') text += e.delta;
        if (e.type === 'response.completed') completed = e.response;
      }
      expect(text).toBe('echo: stream me please');
      expect(types[0]).toBe('response.created');
      expect(types).toContain('response.output_item.added');
      expect(types).toContain('response.output_text.done');
      expect(types.at(-1)).toBe('response.completed');
      expect(seq).toEqual(seq.map((_, i) => i));
      expect(completed!.usage!.total_tokens).toBeGreaterThan(0);
      expect((completed as any).cost.currency).toBe('USD');
    });

    it('round-trips function_call / function_call_output, with a built-in tool that is not executed', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const first = await oai.responses.create({
        model,
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'weather and time in Amsterdam?' }] }],
        tools: [...responseTools, { type: 'file_search', vector_store_ids: ['vs_1'] }],
      });
      const calls = first.output.filter((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call');
      expect(calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
      expect(calls.every((c) => c.id!.startsWith('fc_') && c.call_id)).toBe(true);
      // The built-in tool never reaches the upstream.
      expect(upstreamText(fake())).not.toContain('file_search');

      // The whole conversation sent again, as clients that do not use previous_response_id do.
      const second = await oai.responses.create({
        model,
        store: false,
        tools: [...responseTools, { type: 'file_search', vector_store_ids: ['vs_1'] }],
        input: [
          { role: 'user', content: [{ type: 'input_text', text: 'weather and time in Amsterdam?' }] },
          { type: 'reasoning', id: 'rs_ignored', summary: [] },
          ...calls,
          { type: 'function_call_output', call_id: calls[0]!.call_id, output: '{"temp_c":14}' },
          { type: 'function_call_output', call_id: calls[1]!.call_id, output: '{"time":"10:00"}' },
        ],
      });
      expect(second.status).toBe('completed');
      expect(second.output_text).toContain('tool said:');
      expect(second.previous_response_id).toBeNull();
      expectResultsMatched(provider, fake(), calls.map((c) => c.call_id), calls.map((c) => c.name));
    });

    it('streams function calls as output items with argument deltas', async () => {
      fake().script({ toolCalls: PARALLEL_CALLS });
      const stream = await oai.responses.create({ model, input: 'weather and time?', tools: responseTools, stream: true });
      let completed: OpenAI.Responses.Response | undefined;
      const deltas: string[] = [];
      for await (const e of stream) {
        if (e.type === 'response.function_call_arguments.delta') deltas.push(e.delta);
        if (e.type === 'response.completed') completed = e.response;
      }
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      const calls = completed!.output.filter((o): o is OpenAI.Responses.ResponseFunctionToolCall => o.type === 'function_call');
      expect(calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
        ['get_weather', { city: 'Amsterdam' }],
        ['get_time', { tz: 'Europe/Amsterdam' }],
      ]);
    });
  });
});

describe('errors in each protocol’s own shape', () => {
  it('401 without a key, on every endpoint, in the endpoint’s shape', async () => {
    const bare = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: 'gw_live_wrong', maxRetries: 0, fetch: recordingFetch(log) });
    const err = await bare.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.error.type).toBe('authentication_error');
    const bareAnt = new Anthropic({ baseURL: service.gatewayUrl, apiKey: 'gw_live_wrong', maxRetries: 0, fetch: recordingFetch(log) });
    const antErr = await bareAnt.messages
      .create({ model: 'openai/gpt-4o-mini', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(antErr).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(antErr.error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    for (const p of ['/v1/responses', '/v1/embeddings']) {
      const res = await fetch(`${service.gatewayUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(401);
      expect((await res.json()).error.type).toBe('authentication_error');
    }
  });

  it('a model without a provider prefix is a 400 naming the model parameter', async () => {
    const err = await oai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.error).toMatchObject({ type: 'invalid_request_error', param: 'model' });
  });

  it('an unknown provider is a 400 unknown_provider on all protocols', async () => {
    const chat = await oai.chat.completions.create({ model: 'openia/gpt-4o', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(chat.status).toBe(400);
    expect(chat.error).toMatchObject({ type: 'invalid_request_error', code: 'unknown_provider', param: 'model' });
    const resp = await oai.responses.create({ model: 'openia/gpt-4o', input: 'x' }).catch((e) => e);
    expect(resp.status).toBe(400);
    expect(resp.error.code).toBe('unknown_provider');
    const msg = await ant.messages.create({ model: 'claude/sonnet', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(msg).toBeInstanceOf(Anthropic.BadRequestError);
    expect(msg.error.error.type).toBe('invalid_request_error');
    const emb = await oai.embeddings.create({ model: 'nope/x', input: 'x' }).catch((e) => e);
    expect(emb.error.code).toBe('unknown_provider');
  });

  it('a model the upstream does not know is a 404 model_not_found', async () => {
    fakes.openai.script({ status: 404, body: { error: { message: 'The model `gpt-9` does not exist', type: 'invalid_request_error', code: 'model_not_found' } } });
    const chat = await oai.chat.completions.create({ model: 'openai/gpt-9', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(chat).toBeInstanceOf(OpenAI.NotFoundError);
    expect(chat.error).toMatchObject({ type: 'not_found_error', code: 'model_not_found', param: 'model' });
    fakes.anthropic.script({ status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'model: claude-9' } } });
    const msg = await ant.messages.create({ model: 'anthropic/claude-9', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(msg).toBeInstanceOf(Anthropic.NotFoundError);
    expect(msg.error.error.type).toBe('not_found_error');
    // Same before a stream starts: a real status, not a 200 with an error inside.
    fakes.openai.script({ status: 404, body: { error: { message: 'no such model' } } });
    const streamed = await oai.chat.completions
      .create({ model: 'openai/gpt-9', stream: true, messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(streamed).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('temperature out of range is a 400 in the OpenAI shape', async () => {
    const err = await oai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', temperature: 3, messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request' });
    expect(err.error.param).toContain('temperature');
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it('messages without max_tokens is a 400 invalid_request_error in the Anthropic shape', async () => {
    const res = await fetch(`${service.gatewayUrl}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'anthropic/claude-sonnet-4-5', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(body.error.message).toContain('max_tokens');
    expect(contractProblems('/v1/messages', 400, 'application/json', JSON.stringify(body))).toEqual([]);
  });

  it('an upstream 5xx is a 502 after retries, an upstream 429 a 429 with Retry-After', async () => {
    fakes.openai.script({ status: 500 }, { status: 500 }, { status: 500 });
    const err = await oai.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(err.status).toBe(502);
    expect(err.error).toMatchObject({ type: 'api_error', code: 'upstream_error' });
    const limited = { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } };
    fakes.anthropic.script(limited, limited, limited);
    const msg = await ant.messages
      .create({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(msg).toBeInstanceOf(Anthropic.RateLimitError);
    expect(msg.error.error.type).toBe('rate_limit_error');
  }, 20_000);

  it('a failure after the stream started arrives in-band in each grammar', async () => {
    fakes.openai.script({ text: 'partial answer', streamError: 'boom' });
    const raw = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(raw.status).toBe(200);
    const text = await raw.text();
    const events = parseSse(text);
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ error: { type: 'api_error' } });
    expect(text).not.toContain('[DONE]');
    expect(contractProblems('/v1/chat/completions', 200, 'text/event-stream', text)).toEqual([]);

    fakes.openai.script({ text: 'partial answer', streamError: 'boom' });
    const stream = ant.messages.stream({ model: 'openai/gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'x' }] });
    await expect(stream.finalMessage()).rejects.toThrow();

    fakes.openai.script({ text: 'partial answer', streamError: 'boom' });
    const responses = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'x', stream: true });
    const types: string[] = [];
    await expect(
      (async () => {
        for await (const e of responses) types.push(e.type);
      })(),
    ).rejects.toThrow();
    expect(types).toContain('response.output_text.delta');
  });

  it('a provider without a key answers 503 provider_not_configured naming the setting', async () => {
    const err = await oai.chat.completions
      .create({ model: 'mistral/mistral-small-latest', messages: [{ role: 'user', content: 'x' }] })
      .catch((e) => e);
    expect(err.status).toBe(503);
    expect(err.error).toMatchObject({ code: 'provider_not_configured' });
    expect(err.error.message).toContain('MISTRAL_API_KEY');
  });
});

describe('headers, formats and accounting', () => {
  it('a call builds its upstream request once and hands it to the stream (one completion path)', async () => {
    const adapter = chatAdapterOf('openai')!;
    const validate = vi.spyOn(adapter, 'validate');
    const stream = vi.spyOn(adapter, 'stream');
    try {
      const chunks = await oai.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'once' }], stream: true });
      for await (const _ of chunks);
      expect(validate).toHaveBeenCalledTimes(1);
      expect(stream).toHaveBeenCalledTimes(1);
      expect(stream.mock.calls[0]![2]).toBe(validate.mock.results[0]!.value);
      expect(fakes.openai.requests).toHaveLength(1);
    } finally {
      validate.mockRestore();
      stream.mockRestore();
    }
  });

  it('messages accept x-api-key and Bearer, with or without anthropic-version', async () => {
    const variants: Record<string, string>[] = [
      { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      { authorization: `Bearer ${key}` },
      { 'x-api-key': key, 'anthropic-version': '2099-01-01', 'anthropic-beta': 'prompt-caching-2024-07-31' },
    ];
    for (const headers of variants) {
      const res = await fetch(`${service.gatewayUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('request-id')).toBeTruthy();
      expect(contractProblems('/v1/messages', 200, 'application/json', await res.text())).toEqual([]);
    }
    // And the OpenAI-protocol endpoints take x-api-key too.
    const res = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
  });

  it('passes response_format json_object through and model ids with slashes split on the first one', async () => {
    const res = await oai.chat.completions.create({
      model: 'openai/ft:gpt-4o-mini/acme/v2',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'give me json' }],
    });
    expect(JSON.parse(res.choices[0]!.message.content!)).toEqual({ answer: 'echo: give me json' });
    expect(res.model).toBe('openai/ft:gpt-4o-mini/acme/v2');
    expect(fakes.openai.requests[0]!.body).toMatchObject({ model: 'ft:gpt-4o-mini/acme/v2', response_format: { type: 'json_object' } });
  });

  it('maps a cut-off answer to each protocol’s truncation reason', async () => {
    fakes.openai.script({ text: 'cut', finishReason: 'length' }, { text: 'cut', finishReason: 'length' }, { text: 'cut', finishReason: 'length' });
    const chat = await oai.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    expect(chat.choices[0]!.finish_reason).toBe('length');
    const msg = await ant.messages.create({ model: 'openai/gpt-4o-mini', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] });
    expect(msg.stop_reason).toBe('max_tokens');
    const resp = await oai.responses.create({ model: 'openai/gpt-4o-mini', input: 'x' });
    expect(resp.status).toBe('incomplete');
    expect(resp.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });

  it('records usage and cost for every call, per surface, billed byok with X-Provider-Key', async () => {
    const { key: freshKey, id: freshId } = await createGatewayKey(service.db, 'usage');
    const client = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: freshKey, maxRetries: 0, fetch: recordingFetch(log) });
    const antClient = new Anthropic({ baseURL: service.gatewayUrl, apiKey: freshKey, maxRetries: 0, fetch: recordingFetch(log) });
    await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'count me' }] });
    const s = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      stream: true,
      messages: [{ role: 'user', content: 'count me too' }],
    });
    for await (const _ of s);
    await antClient.messages.create({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] });
    await client.responses.create({ model: 'gemini/gemini-2.5-flash', input: 'hi' });
    await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['a', 'b'] });
    await client.chat.completions.create(
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'my own key' }] },
      { headers: { 'X-Provider-Key': 'sk-callers-own' } },
    );
    expect(fakes.openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-callers-own');
    // Usage is written right after each answer goes out, so give the last write a moment.
    let rows: any[] = [];
    for (let i = 0; i < 50 && rows.length < 6; i++) {
      rows = await service.db('gateway_usage').where({ key_id: freshId }).orderBy('created_at');
      if (rows.length < 6) await new Promise((r) => setTimeout(r, 20));
    }
    // Written after each answer, so the order of rows is not guaranteed.
    const seen = rows.map((r) => [r.surface, r.provider, r.kind, r.billing].join(' ')).sort();
    expect(seen).toEqual(
      [
        'chat.completions openai completion metered',
        'chat.completions openai completion metered',
        'messages anthropic completion metered',
        'responses gemini completion metered',
        'embeddings openai embedding metered',
        'chat.completions openai completion byok',
      ].sort(),
    );
    for (const r of rows) {
      expect(Number(r.total_tokens)).toBeGreaterThan(0);
      if (r.billing === 'byok') expect(Number(r.cost)).toBe(0);
      else expect(Number(r.cost)).toBeGreaterThan(0);
    }
  });

  it('holds the provider concurrency limit: two slow openai calls run one after the other', async () => {
    // PROVIDER_CONCURRENCY_OPENAI=1 for this service; each streamed reply takes ~200 ms.
    fakes.openai.script({ text: 'one two three four', chunkDelayMs: 50 }, { text: 'one two three four', chunkDelayMs: 50 });
    const t0 = performance.now();
    const spans = await Promise.all(
      [0, 1].map(async () => {
        const stream = await oai.chat.completions.create({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x' }] });
        let start = 0;
        for await (const c of stream) if (!start && c.choices[0]?.delta.content) start = performance.now() - t0;
        return { start, end: performance.now() - t0 };
      }),
    );
    const [a, b] = spans.sort((x, y) => x.start - y.start);
    // The second call's upstream request only starts once the first finished.
    expect(b!.start).toBeGreaterThanOrEqual(a!.end - 5);
    expect(service.deps.gateway!.slots.activeCount('openai')).toBe(0);
  });
});

describe('embeddings', () => {
  const EMBEDDERS = [
    { model: 'openai/text-embedding-3-small', fake: 'openai' },
    { model: 'gemini/gemini-embedding-001', fake: 'gemini' },
    { model: 'vertex/gemini-embedding-001', fake: 'gemini' },
    { model: 'ollama/nomic-embed-text', fake: 'ollama' },
  ] as const;

  it.each(EMBEDDERS)('$model: floats, SDK-decoded base64 and dimensions passed upstream', async ({ model, fake }) => {
    const floats = await oai.embeddings.create({ model, input: ['the cat', 'a dog', 'the cat'], encoding_format: 'float', dimensions: 6 });
    expect(floats.object).toBe('list');
    expect(floats.model).toBe(model);
    expect(floats.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(floats.data.every((d) => d.embedding.length === 6)).toBe(true);
    expect(floats.data[0]!.embedding).toEqual(floats.data[2]!.embedding);
    expect(floats.usage.prompt_tokens).toBeGreaterThanOrEqual(0);
    expect((floats as any).cost.currency).toBe('USD');
    expect(JSON.stringify(fakes[fake].requests.at(-1)!.body)).toMatch(/"(dimensions|outputDimensionality|output_dimensionality|dimensions)":6/);

    // The SDK asks for base64 by default and decodes little-endian float32 itself.
    const decoded = await oai.embeddings.create({ model, input: ['the cat', 'a dog', 'the cat'], dimensions: 6 });
    expect(decoded.data.map((d) => d.embedding.length)).toEqual([6, 6, 6]);
    decoded.data.forEach((d, i) => d.embedding.forEach((v, j) => expect(v).toBeCloseTo(floats.data[i]!.embedding[j]!, 6)));
  });

  it('rejects 2049 inputs, token arrays and providers that cannot embed', async () => {
    const tooMany = await oai.embeddings.create({ model: 'openai/text-embedding-3-small', input: Array(2049).fill('x') }).catch((e) => e);
    expect(tooMany).toBeInstanceOf(OpenAI.BadRequestError);
    expect(tooMany.error.type).toBe('invalid_request_error');
    const tokens = await oai.embeddings.create({ model: 'openai/text-embedding-3-small', input: [1, 2, 3] }).catch((e) => e);
    expect(tokens.status).toBe(400);
    const anthropic = await oai.embeddings.create({ model: 'anthropic/claude-sonnet-4-5', input: 'x' }).catch((e) => e);
    expect(anthropic.status).toBe(400);
    expect(anthropic.error.code).toBe('capability_not_supported');
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it('accepts exactly 2048 inputs', async () => {
    const res = await oai.embeddings.create({ model: 'openai/text-embedding-3-small', input: Array.from({ length: 2048 }, (_, i) => `t${i}`), encoding_format: 'float' });
    expect(res.data).toHaveLength(2048);
  });
});
