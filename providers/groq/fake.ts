// Groq's chat completions: OpenAI shapes under /openai/v1, usage of a stream
// in the last chunk's x_groq.usage (with Groq's timing fields), the documented
// 400s for logprobs, logit_bias and n > 1, and rate-limit errors typed by the
// limit hit ("tokens" or "requests").
import { openaiUsageShape, startChatFake, type Counts } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

function usage(c: Counts): Record<string, unknown> {
  return { ...openaiUsageShape(c), queue_time: 0.01, prompt_time: 0.002, completion_time: 0.03, total_time: 0.032 };
}

function reject(body: any) {
  for (const field of ['logprobs', 'top_logprobs', 'logit_bias']) {
    if (body?.[field] !== undefined) return { status: 400, message: `'${field}' : property '${field}' is unsupported` };
  }
  if (body?.n !== undefined && body.n !== 1) return { status: 400, message: "'n' : number must be at most 1" };
  if ((body?.messages ?? []).some((m: any) => m.name !== undefined)) return { status: 400, message: "'messages.name' : property 'name' is unsupported" };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/openai/v1',
    models: ['llama-3.3-70b-versatile', 'openai/gpt-oss-120b', 'qwen/qwen3-32b'],
    streamUsage: 'last',
    usage,
    lastChunkUsage: (u, id) => ({ x_groq: { id: `req_${id}`, usage: u } }),
    reject,
    reasoningField: 'reasoning',
    errorBody: (_status, message) => ({ error: { message, type: 'invalid_request_error', code: 'invalid_request' } }),
  });
}
