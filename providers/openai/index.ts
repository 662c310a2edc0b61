// OpenAI Chat Completions and embeddings.
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { openaiMedia } from './media.ts';

// Chat Completions searches only with the dedicated search models, and its
// web_search_options take a context size and a user location, nothing else:
// domain filters, a recency window and a search budget exist only on the
// Responses API's web_search tool. So search is honoured on search models and
// every filter is refused rather than silently dropped.
function webSearch(req: CanonicalRequest): Record<string, unknown> {
  if (!req.model.includes('search')) {
    throw unsupported('openai', 'webSearch', `model ${req.model} cannot search; use a search model such as gpt-4o-search-preview`);
  }
  const ws = req.webSearch!;
  if (ws.allowedDomains?.length || ws.blockedDomains?.length) throw unsupported('openai', 'webSearch domain filters on chat completions');
  if (ws.recencyFilter) throw unsupported('openai', 'webSearch.recencyFilter');
  if (ws.maxUses !== undefined) throw unsupported('openai', 'webSearch.maxUses');
  return { web_search_options: {} };
}

export const openaiDialect: ChatDialect = {
  id: 'openai',
  defaultModel: 'gpt-4o-mini',
  defaultEmbeddingModel: 'text-embedding-3-small',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  keyRequired: true,
  // Reasoning tokens count against max_completion_tokens; max_tokens is deprecated and refused by o-series models.
  maxTokensField: 'max_completion_tokens',
  features: new Set([
    'tools',
    'parallel_tool_calls',
    'images',
    'json',
    'json_schema',
    'penalties',
    'stop',
    'temperature',
    'top_p',
    'automatic_caching',
    'prompt_cache_key',
    'safety_identifier',
    'stream_usage_option',
    'logprobs',
    'n',
    'seed',
    'verbosity',
    'logit_bias',
  ]),
  thinking: (req) => ({ reasoning_effort: thinkingEffort(req) }),
  webSearch,
};

export default {
  id: 'openai',
  ...hosted('OPENAI', 'https://api.openai.com/v1'),
  capabilities: {
    chat: { tools: true, json: true, cachedTokens: true, options: ['logprobs', 'n', 'seed', 'verbosity', 'logitBias'] },
    embeddings: true,
    liveModels: true,
    imageGeneration: true,
  },
  media: openaiMedia,
  createAdapter: (opts = {}) => createChatAdapter(openaiDialect, opts),
} satisfies ProviderDescriptor;
