// An OpenAI-compatible server as vLLM runs one: /v1/chat/completions,
// /v1/embeddings and /v1/models, usage in its own chunk when asked for with
// stream_options, no cache details.
import { plainUsage, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

export function startFake(models: string[] = ['default']): Promise<Fake> {
  return startChatFake({ prefix: '/v1', embeddings: true, models, streamUsage: 'option', usage: plainUsage });
}
