// Mistral's chat completions: OpenAI shapes with Mistral's rules — 9-character
// alphanumeric tool-call ids (in and out), tool_choice "any", unknown fields
// refused with 422, whole tool calls per stream chunk, usage in the last chunk.
import { plainUsage, startChatFake } from '../openai/fake.ts';
import type { Fake } from '../testing/fake.ts';

const FIELDS = new Set([
  'model', 'messages', 'temperature', 'top_p', 'max_tokens', 'stream', 'stop', 'random_seed', 'response_format', 'tools',
  'tool_choice', 'presence_penalty', 'frequency_penalty', 'n', 'prediction', 'parallel_tool_calls', 'prompt_mode', 'safe_prompt',
]);
const ID = /^[a-zA-Z0-9]{9}$/;
const TOOL_CHOICES = new Set(['auto', 'none', 'any', 'required']);

function toolIds(body: any): string[] {
  return (body?.messages ?? []).flatMap((m: any) => [...(m.tool_calls ?? []).map((c: any) => c.id), ...(m.tool_call_id ? [m.tool_call_id] : [])]);
}

function reject(body: any) {
  const extra = Object.keys(body ?? {}).filter((k) => !FIELDS.has(k));
  if (extra.length) return { status: 422, message: `Extra inputs are not permitted: ${extra.join(', ')}` };
  const bad = toolIds(body).find((id) => !ID.test(id));
  if (bad) return { status: 400, message: `Tool call id was ${bad} but must be a-z, A-Z, 0-9, with a length of 9.` };
  if (typeof body.tool_choice === 'string' && !TOOL_CHOICES.has(body.tool_choice)) {
    return { status: 422, message: `tool_choice must be one of auto, none, any, required` };
  }
  return undefined;
}

function nineCharIds(): () => string {
  let n = 0;
  return () => `T${(++n).toString(36).padStart(8, '0')}`;
}

export function startFake(): Promise<Fake> {
  return startChatFake({
    prefix: '/v1',
    embeddings: true,
    models: ['mistral-large-latest', 'mistral-embed'],
    toolCallId: nineCharIds(),
    wholeToolCalls: true,
    streamUsage: 'last',
    usage: plainUsage,
    reject,
  });
}
