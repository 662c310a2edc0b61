// DeepSeek chat completions (deepseek-chat, deepseek-reasoner and thinking mode).
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, openaiUsage, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

function thinks(req: CanonicalRequest): boolean {
  return req.model.includes('reasoner') || req.thinkingMode?.enabled === true;
}

// In thinking mode DeepSeek accepts temperature, top_p and the penalties but
// ignores them; refusing them tells the caller instead of silently dropping them.
function finishBody(req: CanonicalRequest): void {
  if (!thinks(req)) return;
  const ignored = (['temperature', 'topP', 'frequencyPenalty', 'presencePenalty'] as const).filter((k) => req[k] !== undefined);
  if (ignored.length) throw unsupported('deepseek', ignored.join(', '), 'thinking mode ignores sampling parameters');
}

// Cache reads are reported as prompt_cache_hit_tokens (prompt_tokens = hits + misses).
function usage(raw: any) {
  return { ...openaiUsage(raw), cachedTokens: raw?.prompt_cache_hit_tokens ?? 0 };
}

export const deepseekDialect: ChatDialect = {
  id: 'deepseek',
  defaultModel: 'deepseek-chat',
  chatPath: 'chat/completions',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  features: new Set(['tools', 'json', 'penalties', 'stop', 'temperature', 'top_p', 'automatic_caching', 'stream_usage_option', 'logprobs']),
  // No token budget exists; DeepSeek maps any effort level onto its own (high or max).
  thinking: (req) => ({ thinking: { type: 'enabled' }, reasoning_effort: thinkingEffort(req) }),
  webSearch: () => {
    throw unsupported('deepseek', 'webSearch', 'the DeepSeek API has no search');
  },
  // Thinking mode answers 400 when a tool-calling turn comes back without its reasoning_content.
  replayReasoning: true,
  finishBody,
  usage,
};

export default {
  id: 'deepseek',
  ...hosted('DEEPSEEK', 'https://api.deepseek.com'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['logprobs'] }, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(deepseekDialect, opts),
} satisfies ProviderDescriptor;
