// Fireworks AI's chat completions: OpenAI shapes under /inference/v1, usage in
// the last chunk of every stream (unasked), cache reads in
// prompt_tokens_details, OpenAI's prompt_cache_key refused (its own name is
// prompt_cache_isolation_key), and errors with an "object": "error" body.
import { openaiUsageShape, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

function reject(body: any) {
  if (body?.prompt_cache_key !== undefined) return { status: 400, message: 'Extra inputs are not permitted, field: prompt_cache_key' };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/inference/v1',
    embeddings: true,
    models: ['accounts/fireworks/models/llama-v3p3-70b-instruct', 'nomic-ai/nomic-embed-text-v1.5'],
    streamUsage: 'last',
    usage: openaiUsageShape,
    reject,
    reasoningField: 'reasoning_content',
    errorBody: (_status, message) => ({ error: { object: 'error', type: 'invalid_request_error', message } }),
  });
}
