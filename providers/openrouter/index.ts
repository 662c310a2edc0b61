// OpenRouter's OpenAI-compatible chat completions (openrouter.ai/api/v1):
// one key in front of many upstreams, with its own routing preferences and a
// usage object that carries the call's cost.
import type { CanonicalRequest, Usage } from '../../protocols/canonical.ts';
import { createChatAdapter, openaiUsage, type ChatDialect } from '../wire/chatCompletions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';
import { checkRequestPreferences, joinPreferences, routingPreferences } from './preferences.ts';

// A token budget goes as max_tokens, an effort as effort; OpenRouter turns
// either into what the routed model takes.
function thinking(req: CanonicalRequest): Record<string, unknown> {
  const t = req.thinkingMode!;
  if (t.budget !== undefined && !t.effort) return { reasoning: { max_tokens: t.budget } };
  return { reasoning: { effort: t.effort ?? 'medium' } };
}

// Every answer's usage says what it cost in credits (USD). With OpenRouter's
// own bring-your-own-key, `cost` is only its fee and the upstream's charge is
// in cost_details.upstream_inference_cost: the call cost both.
function usage(raw: any): Usage {
  const base = openaiUsage(raw);
  const writes = raw?.prompt_tokens_details?.cache_write_tokens;
  if (writes) base.cacheCreationTokens = writes;
  if (typeof raw?.cost === 'number') {
    const upstream = raw.is_byok ? Number(raw?.cost_details?.upstream_inference_cost ?? 0) : 0;
    base.upstreamCostUsd = raw.cost + (Number.isFinite(upstream) ? upstream : 0);
  }
  return base;
}

export const openrouterDialect: ChatDialect = {
  id: 'openrouter',
  defaultModel: 'openai/gpt-4o-mini',
  defaultEmbeddingModel: 'openai/text-embedding-3-small',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  // n > 1 is not offered; usage arrives in the last chunk unasked (stream_options has no effect).
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
    'top_k',
    'logprobs',
    'seed',
    'logit_bias',
    'automatic_caching',
  ]),
  thinking,
  // Search is OpenRouter's web plugin (what a model's :online variant turns
  // on); it takes a result count, so maxUses becomes max_results, and no
  // domain or recency filters.
  webSearch: (req) => {
    const ws = req.webSearch!;
    if (ws.allowedDomains?.length || ws.blockedDomains?.length) throw unsupported('openrouter', 'webSearch domain filters');
    if (ws.recencyFilter) throw unsupported('openrouter', 'webSearch.recencyFilter');
    return { plugins: [{ id: 'web', ...(ws.maxUses !== undefined ? { max_results: ws.maxUses } : {}) }] };
  },
  usage,
  // The request's preferences are checked before any call; joined with the operator's at the call.
  finishBody: (req) => {
    if (req.providerPreferences) checkRequestPreferences(req.providerPreferences);
  },
  settingsFields: (settings, req) => {
    const provider = joinPreferences(routingPreferences(settings.extra.providerPreferences), req.providerPreferences);
    return provider ? { provider } : {};
  },
  // Citations of the web plugin come as url_citation annotations on the message.
  citations: (payload) => {
    const notes = payload?.choices?.[0]?.message?.annotations ?? payload?.choices?.[0]?.delta?.annotations;
    if (!Array.isArray(notes)) return undefined;
    const urls = notes.filter((n: any) => n?.type === 'url_citation' && typeof n.url_citation?.url === 'string').map((n: any) => n.url_citation.url as string);
    return urls.length ? urls : undefined;
  },
};

export default {
  id: 'openrouter',
  ...hosted('OPENROUTER', 'https://openrouter.ai/api/v1'),
  extraSettings: (env) => {
    const extra: Record<string, string> = {};
    if (env.OPENROUTER_PROVIDER_PREFERENCES) extra.providerPreferences = env.OPENROUTER_PROVIDER_PREFERENCES;
    return { extra };
  },
  capabilities: {
    chat: { tools: true, json: true, cachedTokens: true, options: ['topK', 'logprobs', 'seed', 'logitBias', 'providerPreferences'] },
    embeddings: true,
    liveModels: true,
  },
  createAdapter: (opts = {}) => createChatAdapter(openrouterDialect, opts),
} satisfies ProviderDescriptor;
