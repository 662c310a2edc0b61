// Cerebras Inference's OpenAI-compatible chat completions (api.cerebras.ai/v1).
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

// Cerebras answers 400 to frequency_penalty, presence_penalty, logit_bias and
// parallel_tool_calls, so the feature set leaves them out and they are refused
// before any call. Reasoning models (gpt-oss) take reasoning_effort and return
// their reasoning in `reasoning`.
export const cerebrasDialect: ChatDialect = {
  id: 'cerebras',
  defaultModel: 'llama-3.3-70b',
  chatPath: 'chat/completions',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_completion_tokens',
  features: new Set(['tools', 'json', 'json_schema', 'stop', 'temperature', 'top_p', 'seed', 'logprobs', 'automatic_caching']),
  thinking: (req) => {
    if (!req.model.includes('gpt-oss')) throw unsupported('cerebras', 'thinkingMode', `model ${req.model} takes no reasoning effort; use gpt-oss-120b`);
    const effort = thinkingEffort(req);
    return { reasoning_effort: effort === 'minimal' ? 'low' : effort };
  },
  webSearch: () => {
    throw unsupported('cerebras', 'webSearch', 'its API has no search');
  },
};

export default {
  id: 'cerebras',
  ...hosted('CEREBRAS', 'https://api.cerebras.ai/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['seed', 'logprobs'] }, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(cerebrasDialect, opts),
} satisfies ProviderDescriptor;
