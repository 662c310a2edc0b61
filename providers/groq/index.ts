// Groq's OpenAI-compatible chat completions (api.groq.com/openai/v1).
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

// Groq documents logprobs, top_logprobs, logit_bias and n > 1 as 400s; its
// reference lists frequency_penalty and presence_penalty as accepted but
// unsupported by every model, so they are refused instead of silently dropped
// (the feature set below leaves all of them out).

// Reasoning models take an effort: gpt-oss low/medium/high, Qwen3 only
// "default" (on) or "none". Other models cannot reason.
function thinking(req: CanonicalRequest): Record<string, unknown> {
  // gpt-oss has no "minimal"; its lowest level is "low".
  if (req.model.includes('gpt-oss')) return { reasoning_effort: thinkingEffort(req) === 'minimal' ? 'low' : thinkingEffort(req) };
  if (req.model.includes('qwen3')) {
    if (req.thinkingMode?.effort || req.thinkingMode?.budget !== undefined) throw unsupported('groq', 'a thinking effort or budget on Qwen3', 'it only switches reasoning on or off');
    return { reasoning_effort: 'default', reasoning_format: 'parsed' };
  }
  throw unsupported('groq', 'thinkingMode', `model ${req.model} does not reason; use openai/gpt-oss-* or qwen/qwen3-*`);
}

export const groqDialect: ChatDialect = {
  id: 'groq',
  defaultModel: 'llama-3.3-70b-versatile',
  chatPath: 'chat/completions',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_completion_tokens',
  features: new Set(['tools', 'parallel_tool_calls', 'images', 'json', 'json_schema', 'stop', 'temperature', 'top_p', 'seed', 'automatic_caching']),
  thinking,
  webSearch: () => {
    throw unsupported('groq', 'webSearch', 'only its compound systems search, and they are not offered here');
  },
  // A streamed answer's usage rides in the last chunk's x_groq extension.
  chunkUsage: (chunk) => chunk?.x_groq?.usage,
};

export default {
  id: 'groq',
  ...hosted('GROQ', 'https://api.groq.com/openai/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['seed'] }, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(groqDialect, opts),
} satisfies ProviderDescriptor;
