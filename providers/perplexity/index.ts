// Perplexity Sonar: OpenAI-style chat completions that always search the web
// and answer with citations. No tool calling.
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { thinkingEffort } from '../wire/requestOptions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

const MAX_DOMAINS = 20;

function webSearch(req: CanonicalRequest): Record<string, unknown> {
  const ws = req.webSearch!;
  // Sonar searches as often as it sees fit; there is no per-request search budget.
  if (ws.maxUses !== undefined) throw unsupported('perplexity', 'webSearch.maxUses');
  // One list holds both: plain domains allow, '-domain' denies.
  const domains = [...(ws.allowedDomains ?? []), ...(ws.blockedDomains ?? []).map((d) => `-${d}`)];
  if (domains.length > MAX_DOMAINS) throw unsupported('perplexity', `more than ${MAX_DOMAINS} search domains`);
  return {
    ...(domains.length ? { search_domain_filter: domains } : {}),
    ...(ws.recencyFilter ? { search_recency_filter: ws.recencyFilter } : {}),
  };
}

function thinking(req: CanonicalRequest): Record<string, unknown> {
  if (req.model !== 'sonar-deep-research') {
    throw unsupported('perplexity', 'thinkingMode', 'only sonar-deep-research takes a reasoning effort; the sonar-reasoning models always reason');
  }
  const effort = thinkingEffort(req);
  return { reasoning_effort: effort === 'minimal' ? 'low' : effort };
}

function finishBody(req: CanonicalRequest, body: Record<string, unknown>): void {
  // Searching is the default; the only way to honour "no search" is to switch it off.
  if (req.webSearch && !req.webSearch.enabled) body.disable_search = true;
  // Structured output takes a schema only; "any JSON object" is the schema {type: object}.
  if (req.responseFormat === 'json') body.response_format = { type: 'json_schema', json_schema: { schema: { type: 'object' } } };
}

/** search_results carry title/url/date; the older citations list is the fallback. */
function citations(payload: any): string[] | undefined {
  if (Array.isArray(payload?.search_results) && payload.search_results.length) return payload.search_results.map((r: any) => String(r.url));
  return Array.isArray(payload?.citations) && payload.citations.length ? payload.citations.map(String) : undefined;
}

export const perplexityDialect: ChatDialect = {
  id: 'perplexity',
  defaultModel: 'sonar',
  chatPath: 'chat/completions',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  features: new Set(['images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p']),
  thinking,
  webSearch,
  finishBody,
  citations,
};

export default {
  id: 'perplexity',
  ...hosted('PERPLEXITY', 'https://api.perplexity.ai'),
  capabilities: { chat: { tools: false, json: true, cachedTokens: false } },
  createAdapter: (opts = {}) => createChatAdapter(perplexityDialect, opts),
} satisfies ProviderDescriptor;
