// LocalAI: the OpenAI protocol under /v1 of a keyless local server, with
// plain usage (no cache or reasoning details).
import { plainUsage, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

export async function startFake(): Promise<Fake> {
  const fake = await startChatFake({
    prefix: '/v1',
    embeddings: true,
    models: ['llama-3.2-1b-instruct', 'text-embedding-ada-002'],
    streamUsage: 'option',
    usage: plainUsage,
  });
  // LOCALAI_BASE_URL is the server root; the adapter adds /v1 itself.
  return { ...fake, url: fake.url.replace(/\/v1$/, '') };
}
