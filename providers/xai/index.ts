// xAI (Grok) over its OpenAI-compatible Chat Completions API.
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';
import { xaiMedia } from './media.ts';

/** Grok reasoning models answer HTTP 400 to presence/frequency penalties and stop sequences. */
export function isReasoningModel(model: string): boolean {
  return /^grok-(3-mini|4(?!.*non-reasoning)|code)/.test(model);
}

/** xAI returns at most 8 alternatives per token (OpenAI: 20). */
const MAX_TOP_LOGPROBS = 8;

function finishBody(req: CanonicalRequest): void {
  if ((req.logprobs?.top ?? 0) > MAX_TOP_LOGPROBS) throw unsupported('xai', `top_logprobs = ${req.logprobs!.top}`, `xAI returns at most ${MAX_TOP_LOGPROBS}`);
  if (!isReasoningModel(req.model)) return;
  if (req.frequencyPenalty !== undefined || req.presencePenalty !== undefined) {
    throw unsupported('xai', 'frequency/presence penalties', `reasoning model ${req.model} rejects them`);
  }
  if (req.stop?.length) throw unsupported('xai', 'stop sequences', `reasoning model ${req.model} rejects them`);
}

export const xaiDialect: ChatDialect = {
  id: 'xai',
  defaultModel: 'grok-4',
  chatPath: 'chat/completions',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
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
    'stream_usage_option',
    'logprobs',
    'n',
    'seed',
  ]),
  // Effort-taking models know low/medium/high (grok-3-mini only low/high; xAI answers 400 for the rest, naming the value).
  thinking: (req) => ({ reasoning_effort: thinkingEffort(req) === 'minimal' ? 'low' : thinkingEffort(req) }),
  // Live Search (search_parameters) on Chat Completions is deprecated; xAI now
  // searches only through the web_search tool of its Responses API.
  webSearch: () => {
    throw unsupported('xai', 'webSearch', 'xAI searches only through its Responses API, not Chat Completions');
  },
  finishBody,
};

export default {
  id: 'xai',
  ...hosted('XAI', 'https://api.x.ai/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['logprobs', 'n', 'seed'] }, liveModels: true, imageGeneration: true, videoGeneration: true },
  media: xaiMedia,
  createAdapter: (opts = {}) => createChatAdapter(xaiDialect, opts),
} satisfies ProviderDescriptor;
