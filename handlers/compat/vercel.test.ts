// The Vercel AI SDK (`ai` with @ai-sdk/openai and @ai-sdk/anthropic),
// unmodified, against /v1 with the openai and anthropic upstreams on their
// loopback fakes: generateText, streamText, generateObject and a tool loop,
// through each of its three ways in (OpenAI Responses, OpenAI Chat
// Completions, Anthropic Messages), and embed / embedMany. Every answer is checked against
// openapi/compat.yaml (afterEach).
import { beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity, embed, embedMany, generateObject, generateText, Output, stepCountIs, streamObject, streamText, tool, type LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { z } from 'zod';
import { compatSuite } from './_suite.ts';

const suite = compatSuite(['openai', 'anthropic']);
const { fakes, log } = suite;
let clients: Record<'responses' | 'chat' | 'messages', (model: string) => LanguageModel>;
let embedder: ReturnType<typeof createOpenAI>['embedding'];

beforeAll(() => {
  const openai = createOpenAI({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: suite.key, fetch: suite.fetch });
  const anthropic = createAnthropic({ baseURL: `${suite.service.gatewayUrl}/v1`, apiKey: suite.key, fetch: suite.fetch });
  embedder = (m) => openai.embedding(m);
  clients = { responses: (m) => openai.responses(m), chat: (m) => openai.chat(m), messages: (m) => anthropic(m) };
});

const UPSTREAMS = [
  { upstream: 'openai', model: 'openai/gpt-4o-mini' },
  { upstream: 'anthropic', model: 'anthropic/claude-sonnet-4-5' },
] as const;
const CLIENTS = ['responses', 'chat', 'messages'] as const;
const CASES = CLIENTS.flatMap((client) => UPSTREAMS.map((u) => ({ client, ...u })));

describe.each(CASES)('$client client, $upstream upstream', ({ client, upstream, model }) => {
  const fake = () => fakes[upstream];

  it('generateText', async () => {
    const { text, finishReason, usage } = await generateText({ model: clients[client](model), prompt: 'hello there', maxRetries: 0 });
    expect(text).toBe('echo: hello there');
    expect(finishReason).toBe('stop');
    expect(usage.totalTokens).toBeGreaterThan(0);
    expect(fake().requests).toHaveLength(1);
  });

  it('streamText', async () => {
    const result = streamText({ model: clients[client](model), prompt: 'stream me please', maxRetries: 0 });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.join('')).toBe('echo: stream me please');
    expect(pieces.length).toBeGreaterThan(1);
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).totalTokens).toBeGreaterThan(0);
  });

  it('generateObject', async () => {
    // Without native structured output (a model id it does not know as Claude) the
    // Anthropic client asks for a forced "json" tool; the upstream then calls it.
    const viaTool = client === 'messages' && !model.includes('claude-');
    if (viaTool) fake().script({ toolCalls: [{ name: 'json', arguments: '{"answer":"echo: which city?"}' }] });
    const { object } = await generateObject({ model: clients[client](model), schema: z.object({ answer: z.string() }), prompt: 'which city?', maxRetries: 0 });
    expect(object).toEqual({ answer: 'echo: which city?' });
    const sent = JSON.stringify(fake().requests.at(-1)!.body);
    expect(sent).toContain('"answer"');
    // For Claude model ids the Anthropic client picks output_config.format, which used to be dropped.
    if (client === 'messages' && model.includes('claude-')) {
      expect((log.at(-1)!.requestBody as { output_config: { format: { type: string } } }).output_config.format.type).toBe('json_schema');
    }
  });

  it('streamObject and generateText with Output.object', async () => {
    const viaTool = client === 'messages' && !model.includes('claude-');
    const schema = z.object({ answer: z.string() });
    if (viaTool) fake().script({ toolCalls: [{ name: 'json', arguments: '{"answer":"echo: stream the city"}' }] });
    const streamed = streamObject({ model: clients[client](model), schema, prompt: 'stream the city', maxRetries: 0 });
    const partials: unknown[] = [];
    for await (const partial of streamed.partialObjectStream) partials.push(partial);
    expect(await streamed.object).toEqual({ answer: 'echo: stream the city' });
    expect(partials.length).toBeGreaterThan(0);
    if (viaTool) fake().script({ toolCalls: [{ name: 'json', arguments: '{"answer":"echo: output object"}' }] });
    const { output } = await generateText({ model: clients[client](model), output: Output.object({ schema }), prompt: 'output object', maxRetries: 0 });
    expect(output).toEqual({ answer: 'echo: output object' });
  });

  it('a tool loop: call, execute, answer with the result', async () => {
    fake().script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Amsterdam"}' }] });
    const calls: string[] = [];
    const { text, steps } = await generateText({
      model: clients[client](model),
      prompt: 'Weather in Amsterdam?',
      maxRetries: 0,
      stopWhen: stepCountIs(3),
      tools: {
        get_weather: tool({
          description: 'Current weather for a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            calls.push(city);
            return { city, temp_c: 14 };
          },
        }),
      },
    });
    expect(calls).toEqual(['Amsterdam']);
    expect(steps).toHaveLength(2);
    expect(text).toContain('tool said:');
    expect(text).toContain('temp_c');
    expect(fake().requests).toHaveLength(2);
  });
});

describe('embeddings through the openai client', () => {
  it('embed and embedMany reach the upstream and come back in order', async () => {
    const { embedding, usage } = await embed({ model: embedder('openai/text-embedding-3-small'), value: 'sunny day at the beach', maxRetries: 0 });
    expect(embedding.length).toBeGreaterThan(0);
    expect(usage.tokens).toBeGreaterThan(0);
    const values = ['sunny day at the beach', 'rainy afternoon in the city', 'sunny day at the beach'];
    const { embeddings } = await embedMany({ model: embedder('openai/text-embedding-3-small'), values, maxRetries: 0 });
    expect(embeddings).toHaveLength(3);
    // The same text embeds the same, wherever it sits in the batch.
    expect(cosineSimilarity(embeddings[0]!, embeddings[2]!)).toBeCloseTo(1, 6);
    expect(embeddings[0]).toEqual(embedding);
    expect(fakes.openai.requests.at(-1)!.body.input).toEqual(values);
  });
});
