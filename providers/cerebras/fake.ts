// Cerebras Inference's chat completions: OpenAI shapes under /v1, usage with
// its time_info beside it and cache reads in prompt_tokens_details, usage in
// the last chunk of every stream, the documented 400s for penalties,
// logit_bias and parallel_tool_calls, and error bodies at the top level
// ({message, type, param, code}) instead of under "error".
import { openaiUsageShape, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

const REFUSED = ['frequency_penalty', 'presence_penalty', 'logit_bias', 'parallel_tool_calls', 'service_tier'];

function reject(body: any) {
  const field = REFUSED.find((f) => body?.[f] !== undefined);
  return field ? { status: 400, message: `Unsupported parameter: ${field}` } : undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/v1',
    models: ['llama-3.3-70b', 'gpt-oss-120b'],
    streamUsage: 'last',
    usage: openaiUsageShape,
    extras: () => ({ time_info: { queue_time: 0.0001, prompt_time: 0.002, completion_time: 0.01, total_time: 0.013, created: 1_700_000_000 } }),
    reject,
    reasoningField: 'reasoning',
    errorBody: (_status, message) => ({ message, type: 'invalid_request_error', param: null, code: 'wrong_api_format' }),
  });
}
