// OpenRouter's chat completions: OpenAI shapes under /api/v1, a keep-alive
// comment before a stream's first chunk, usage with cost (credits), cache
// reads and writes in every answer and in the last chunk of every stream,
// errors as {error: {code, message, metadata}} with a numeric code, and a
// failure mid-stream as a chunk carrying `error` and finish_reason "error".
import { openaiUsageShape, startChatFake, type Counts } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

// A made-up rate: 1 credit per million tokens, so tests can check the cost.
export function fakeCost(c: Counts): number {
  return (c.prompt + c.completion) / 1_000_000;
}

function usage(c: Counts): Record<string, unknown> {
  const shape = openaiUsageShape(c) as any;
  return {
    ...shape,
    prompt_tokens_details: { cached_tokens: c.cached, cache_write_tokens: 0, audio_tokens: 0 },
    cost: fakeCost(c),
    is_byok: false,
    cost_details: { upstream_inference_cost: null },
  };
}

function reject(body: any) {
  if (body?.n !== undefined && body.n !== 1) return { status: 400, message: 'n > 1 is not supported' };
  const p = body?.provider;
  if (p !== undefined && (typeof p !== 'object' || Array.isArray(p))) return { status: 400, message: 'provider must be an object' };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/api/v1',
    embeddings: true,
    models: ['openai/gpt-4o-mini', 'openai/text-embedding-3-small'],
    streamUsage: 'last',
    usage,
    reject,
    reasoningField: 'reasoning',
    keepAliveComment: 'OPENROUTER PROCESSING',
    extras: () => ({ provider: 'OpenAI' }),
    errorBody: (status, message) => ({ error: { code: status, message, metadata: { provider_name: 'OpenAI' } } }),
    streamErrorChunk: (message, id, model) => ({
      id,
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      provider: 'OpenAI',
      error: { code: 'server_error', message },
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
    }),
  });
}
