// Together AI's OpenAI-compatible chat completions and embeddings (api.together.xyz/v1).
import type { CanonicalRequest, EmbeddingRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

// Hybrid models (DeepSeek V3.1, Qwen3) switch reasoning on with
// reasoning.enabled; gpt-oss takes an effort level instead. Either way the
// reasoning comes back in the message's `reasoning` field.
function thinking(req: CanonicalRequest): Record<string, unknown> {
  if (req.model.includes('gpt-oss')) return { reasoning_effort: thinkingEffort(req) === 'minimal' ? 'low' : thinkingEffort(req) };
  if (req.thinkingMode?.effort || req.thinkingMode?.budget !== undefined) throw unsupported('together', 'a thinking effort or budget', `${req.model} only switches reasoning on`);
  return { reasoning: { enabled: true } };
}

// Together's embedding models have one fixed size each and no
// dimensions parameter: a wanted size is refused rather than ignored.
function embeddingBody(req: EmbeddingRequest): Record<string, unknown> {
  if (req.dimensions !== undefined) throw unsupported('together', 'dimensions', 'its embedding models have a fixed size');
  return { model: req.model, input: req.input };
}

export const togetherDialect: ChatDialect = {
  id: 'together',
  defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  defaultEmbeddingModel: 'intfloat/multilingual-e5-large-instruct',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  // logprobs is a count of top tokens on Together, with a shape of its own; it is not offered.
  features: new Set(['tools', 'images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p', 'top_k', 'n', 'seed']),
  thinking,
  webSearch: () => {
    throw unsupported('together', 'webSearch', 'its API has no search');
  },
  embeddingBody,
};

export default {
  id: 'together',
  ...hosted('TOGETHER', 'https://api.together.xyz/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: false, options: ['topK', 'n', 'seed'] }, embeddings: true, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(togetherDialect, opts),
} satisfies ProviderDescriptor;
