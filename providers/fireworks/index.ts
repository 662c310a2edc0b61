// Fireworks AI's OpenAI-compatible chat completions and embeddings
// (api.fireworks.ai/inference/v1). Models are resource names such as
// accounts/fireworks/models/llama-v3p3-70b-instruct.
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

// Fireworks names a prompt-cache partition prompt_cache_isolation_key; the
// canonical promptCacheKey maps onto it.
function finishBody(req: CanonicalRequest, body: Record<string, unknown>): void {
  if (req.promptCacheKey === undefined) return;
  delete body.prompt_cache_key;
  body.prompt_cache_isolation_key = req.promptCacheKey;
}

export const fireworksDialect: ChatDialect = {
  id: 'fireworks',
  defaultModel: 'accounts/fireworks/models/llama-v3p3-70b-instruct',
  defaultEmbeddingModel: 'nomic-ai/nomic-embed-text-v1.5',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  features: new Set(['tools', 'images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p', 'top_k', 'n', 'logprobs', 'automatic_caching', 'prompt_cache_key']),
  thinking: (req) => {
    const effort = thinkingEffort(req);
    if (effort === 'minimal') throw unsupported('fireworks', 'thinking effort minimal', 'reasoning_effort is low, medium or high');
    return { reasoning_effort: effort };
  },
  webSearch: () => {
    throw unsupported('fireworks', 'webSearch', 'its API has no search');
  },
  finishBody,
};

export default {
  id: 'fireworks',
  ...hosted('FIREWORKS', 'https://api.fireworks.ai/inference/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['topK', 'n', 'logprobs'] }, embeddings: true, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(fireworksDialect, opts),
} satisfies ProviderDescriptor;
