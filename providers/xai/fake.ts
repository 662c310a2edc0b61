// xAI's Chat Completions: OpenAI shapes, except that reasoning tokens are
// reported beside completion_tokens (total_tokens includes them) and reasoning
// models refuse penalties and stop sequences.
import { isReasoningModel } from './index.ts';
import { startChatFake, type Counts } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

function usage(c: Counts): Record<string, unknown> {
  const completion = c.completion - c.reasoning;
  return {
    prompt_tokens: c.prompt,
    completion_tokens: completion,
    total_tokens: c.prompt + completion + c.reasoning,
    prompt_tokens_details: { text_tokens: c.prompt, audio_tokens: 0, image_tokens: 0, cached_tokens: c.cached },
    completion_tokens_details: { reasoning_tokens: c.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    num_sources_used: 0,
  };
}

function reject(body: any) {
  const refused = ['presence_penalty', 'frequency_penalty', 'stop'].filter((k) => body?.[k] !== undefined);
  if (isReasoningModel(String(body?.model)) && refused.length) {
    return { status: 400, message: `Argument not supported on this model: ${refused.join(', ')}` };
  }
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({ prefix: '/v1', models: ['grok-4', 'grok-3-mini'], streamUsage: 'option', usage, reject });
}
