import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { streamed, withFake } from '../testing/adapter.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'cohere', body);
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'cohere',
  model: 'command-a-03-2025',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

describe('cohere v2', () => {
  test('chat goes to /v2/chat with its own names for sampling (p, k, stop_sequences)', () =>
    run(async (fake, ctx) => {
      await adapter.complete(req({ topP: 0.9, topK: 40, stop: ['END'], maxTokens: 100, seed: 7 }), ctx);
      expect(fake.requests[0]!.path).toBe('/v2/chat');
      expect(fake.requests[0]!.body).toMatchObject({ model: 'command-a-03-2025', p: 0.9, k: 40, stop_sequences: ['END'], max_tokens: 100, seed: 7 });
    }),
  );

  test('a tool result goes back as a document; the tool plan is reasoning, streamed and not', () =>
    run(async (fake, ctx) => {
      const call = { name: 'get_weather', arguments: '{"city":"Paris"}' };
      fake.script({ toolCalls: [call] }, { toolCalls: [call] }, { toolCalls: [call] });
      const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object' } } }];
      for (const result of [await adapter.complete(req({ tools }), ctx), await streamed(adapter, req({ tools }), ctx)]) {
        expect(result.reasoning).toBe('I will look that up.');
        expect(result.toolCalls![0]!.function).toEqual(call);
      }
      const first = await adapter.complete(req({ tools }), ctx);
      await adapter.complete(
        req({
          tools,
          messages: [
            { role: 'user', content: 'weather?' },
            { role: 'assistant', content: 'I will look that up.', toolCalls: first.toolCalls },
            { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: '22C' },
          ],
        }),
        ctx,
      );
      const sent = fake.requests.at(-1)!.body.messages;
      expect(sent[1]).toMatchObject({ role: 'assistant', tool_plan: 'I will look that up.', tool_calls: [{ type: 'function', function: { name: 'get_weather' } }] });
      expect(sent[1].content).toBeUndefined();
      expect(sent[2]).toEqual({ role: 'tool', tool_call_id: first.toolCalls![0]!.id, content: [{ type: 'document', document: { data: '22C' } }] });
    }),
  );

  test('citations come back as the cited documents\' URLs, streamed and not', () =>
    run(async (fake, ctx) => {
      const citations = ['https://example.com/a', 'https://example.com/b'];
      fake.script({ text: 'Paris is sunny.', citations }, { text: 'Paris is sunny.', citations });
      for (const result of [await adapter.complete(req(), ctx), await streamed(adapter, req(), ctx)]) expect(result.citations).toEqual(citations);
    }),
  );

  test('tool choice is REQUIRED or NONE; a tool named by choice is refused', () => {
    const tools = [{ type: 'function' as const, function: { name: 'f' } }];
    expect(adapter.validate(req({ tools, toolChoice: 'required' }))).toMatchObject({ tool_choice: 'REQUIRED' });
    expect(adapter.validate(req({ tools, toolChoice: 'none' }))).toMatchObject({ tool_choice: 'NONE' });
    expect(() => adapter.validate(req({ tools, toolChoice: { type: 'function', function: { name: 'f' } } }))).toThrow(/by name/);
  });

  test('thinking is a token budget; the thinking content comes back as reasoning', () =>
    run(async (fake, ctx) => {
      const r = req({ model: 'command-a-reasoning-08-2025', thinkingMode: { enabled: true, budget: 2000 }, maxTokens: 500 });
      fake.script({ reasoning: 'Let me see.' }, { reasoning: 'Let me see.' });
      for (const result of [await adapter.complete(r, ctx), await streamed(adapter, r, ctx)]) {
        expect(result.reasoning).toBe('Let me see.');
        expect(result.content).toBe('echo: hi');
      }
      expect(fake.requests[0]!.body).toMatchObject({ thinking: { type: 'enabled', token_budget: 2000 }, max_tokens: 2500 });
      expect(() => adapter.validate(req({ thinkingMode: { enabled: true, effort: 'high' } }))).toThrow(/token budget/);
    }),
  );

  test('embed sends the input type (search_document unless asked) and asks for float vectors', () =>
    run(async (fake, ctx) => {
      const doc = await adapter.embed({ provider: 'cohere', model: 'embed-v4.0', input: ['a', 'bb'] }, ctx);
      const query = await adapter.embed({ provider: 'cohere', model: 'embed-v4.0', input: ['a'], inputType: 'search_query', dimensions: 256 }, ctx);
      expect(doc.embeddings).toHaveLength(2);
      expect(query.dimensions).toBe(256);
      expect(fake.requests.map((r) => r.body.input_type)).toEqual(['search_document', 'search_query']);
      expect(fake.requests[0]!.body).toMatchObject({ texts: ['a', 'bb'], embedding_types: ['float'] });
      expect(fake.requests[1]!.body.output_dimension).toBe(256);
      expect(fake.requests[0]!.path).toBe('/v2/embed');
    }),
  );

  test('models are listed from /v1/models with what each serves', () =>
    run(async (_fake, ctx) => {
      expect(await adapter.listModels!(ctx)).toEqual([
        { id: 'command-a-03-2025', capabilities: ['chat'], contextWindow: 256000 },
        { id: 'embed-v4.0', capabilities: ['embeddings'], contextWindow: 128000 },
      ]);
    }),
  );
});
