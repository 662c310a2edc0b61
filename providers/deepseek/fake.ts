// DeepSeek's chat completions: OpenAI shapes at /chat/completions (no /v1),
// reasoning_content beside content for thinking models, and cache usage as
// prompt_cache_hit_tokens / prompt_cache_miss_tokens.
import { startChatFake, type Counts } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

function usage(c: Counts): Record<string, unknown> {
  return {
    prompt_tokens: c.prompt,
    completion_tokens: c.completion,
    total_tokens: c.prompt + c.completion,
    prompt_cache_hit_tokens: c.cached,
    prompt_cache_miss_tokens: c.prompt - c.cached,
    completion_tokens_details: { reasoning_tokens: c.reasoning },
  };
}

const thinking = (body: any) => String(body?.model).includes('reasoner') || body?.thinking?.type === 'enabled';

function reject(body: any) {
  if (body?.response_format?.type === 'json_schema') return { status: 400, message: 'This response_format type is unavailable now' };
  const lost = (body?.messages ?? []).some((m: any) => m.role === 'assistant' && m.tool_calls?.length && !m.reasoning_content);
  if (thinking(body) && lost) return { status: 400, message: 'Missing `reasoning_content` field in the assistant message' };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '',
    models: ['deepseek-chat', 'deepseek-reasoner'],
    streamUsage: 'option',
    usage,
    reject,
    reasoning: (body) => (thinking(body) ? 'Let me think this through.' : undefined),
  });
}
