// Perplexity's Sonar chat completions: OpenAI shapes at /chat/completions,
// citations and search_results on the answer (and on the last stream chunk),
// search usage fields, structured output by json_schema only, no tools.
import { startChatFake, type Counts } from '../openai/fake.ts';
import type { Fake, Reply } from '../testing/fake.ts';

const RECENCY = new Set(['hour', 'day', 'week', 'month', 'year']);

function usage(c: Counts): Record<string, unknown> {
  return {
    prompt_tokens: c.prompt,
    completion_tokens: c.completion,
    total_tokens: c.prompt + c.completion,
    search_context_size: 'low',
    citation_tokens: 0,
    num_search_queries: 1,
  };
}

function extras(reply: Reply): Record<string, unknown> {
  const urls = reply.citations ?? ['https://example.com/one', 'https://example.org/two'];
  return {
    citations: urls,
    search_results: urls.map((url, i) => ({ title: `Result ${i + 1}`, url, date: '2025-01-01' })),
  };
}

function reject(body: any) {
  if (body?.tools || body?.tool_choice) return { status: 400, message: 'Tool calling is not supported' };
  if (body?.response_format && body.response_format.type !== 'json_schema' && body.response_format.type !== 'regex') {
    return { status: 400, message: 'response_format type must be json_schema or regex' };
  }
  if (body?.search_recency_filter !== undefined && !RECENCY.has(body.search_recency_filter)) {
    return { status: 400, message: 'invalid search_recency_filter' };
  }
  if ((body?.search_domain_filter?.length ?? 0) > 20) return { status: 400, message: 'search_domain_filter holds at most 20 domains' };
  return undefined;
}

export function startFake(): Promise<Fake> {
  return startChatFake({ prefix: '', streamUsage: 'last', usage, extras, reject });
}
