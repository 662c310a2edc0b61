// The model listings of /v1/models in the two protocols' shapes: OpenAI's
// `{ object: "list", data: Model[] }` and Anthropic's paged `ModelInfo` list.
import type { IncomingHttpHeaders } from 'node:http';
import { invalid, type Json } from './compat.ts';

/** One model /v1 can call now, as `<provider>/<model>`. */
export interface CompatModel {
  /** `<provider>/<model>`. */
  id: string;
  provider: string;
  name: string;
  /** Unix seconds: the date the gateway's catalogue entry took effect, 0 when unknown (models a local runtime lists). */
  created: number;
  contextWindow: number | null;
  maxOutputTokens: number | null;
}

/**
 * Anthropic clients send `anthropic-version` on every call (and x-api-key);
 * OpenAI clients send neither. That decides the listing's shape and the error
 * shape of /v1/models.
 */
export function wantsAnthropicShape(headers: IncomingHttpHeaders): boolean {
  return headers['anthropic-version'] !== undefined || (headers['x-api-key'] !== undefined && headers.authorization === undefined);
}

export function toOpenAiModel(m: CompatModel): Json {
  return { id: m.id, object: 'model', created: m.created, owned_by: m.provider };
}

export function toAnthropicModel(m: CompatModel): Json {
  return {
    type: 'model',
    id: m.id,
    display_name: m.name,
    created_at: new Date(m.created * 1000).toISOString().replace('.000Z', 'Z'),
    max_input_tokens: m.contextWindow,
    max_tokens: m.maxOutputTokens,
    capabilities: null,
    lifecycle: 'active',
    deprecated_at: null,
    retires_at: null,
    line: null,
  };
}

export function toOpenAiModelList(models: CompatModel[]): Json {
  return { object: 'list', data: models.map(toOpenAiModel) };
}

export interface AnthropicPageQuery {
  limit?: number;
  after_id?: string;
  before_id?: string;
}

/** Anthropic's cursor paging: `limit` models after `after_id`, or (before_id alone) the `limit` just before `before_id`, in listing order. */
export function toAnthropicModelPage(models: CompatModel[], query: AnthropicPageQuery): Json {
  const limit = query.limit ?? 20;
  const from = query.after_id !== undefined ? cursor(models, query.after_id, 'after_id') + 1 : 0;
  const to = query.before_id !== undefined ? cursor(models, query.before_id, 'before_id') : models.length;
  const backwards = query.before_id !== undefined && query.after_id === undefined;
  const start = backwards ? Math.max(from, to - limit) : from;
  const end = backwards ? to : Math.min(to, from + limit);
  const page = models.slice(start, Math.max(start, end));
  return {
    data: page.map(toAnthropicModel),
    has_more: backwards ? start > from : end < to,
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
  };
}

function cursor(models: CompatModel[], id: string, param: string): number {
  const at = models.findIndex((m) => m.id === id);
  if (at === -1) throw invalid(param, `${param} "${id}" is not a listed model`);
  return at;
}
