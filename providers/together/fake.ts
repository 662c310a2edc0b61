// Together AI's chat completions: OpenAI shapes under /v1, usage without cache
// details, reasoning in `reasoning`, and its refusal of a wanted embedding size
// (its error bodies carry the OpenAI fields, param and code included).
import { plainUsage, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

function reject(body: any) {
  if (typeof body?.logprobs === 'boolean') return { status: 400, message: 'logprobs must be an integer between 0 and 20' };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/v1',
    embeddings: true,
    models: ['meta-llama/Llama-3.3-70B-Instruct-Turbo', 'intfloat/multilingual-e5-large-instruct'],
    streamUsage: 'last',
    usage: plainUsage,
    reject,
    reasoningField: 'reasoning',
    errorBody: (_status, message) => ({ id: 'o-fake', error: { message, type: 'invalid_request_error', param: null, code: null } }),
  });
}
