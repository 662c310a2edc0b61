import { describe, expect, it } from 'vitest';
import { toAnthropicModel, toAnthropicModelPage, toOpenAiModelList, wantsAnthropicShape, type CompatModel } from './models.ts';
import { ApiError } from './errors.ts';

const models: CompatModel[] = ['a', 'b', 'c', 'd', 'e'].map((m) => ({ id: `openai/${m}`, provider: 'openai', name: m.toUpperCase(), created: 0, contextWindow: null, maxOutputTokens: null }));
const ids = (page: Record<string, unknown>) => (page.data as Array<{ id: string }>).map((m) => m.id.slice(7)).join('');

describe('model listings', () => {
  it('pages forwards with after_id and backwards with before_id, saying whether more remain', () => {
    expect(toAnthropicModelPage(models, { limit: 2 })).toMatchObject({ has_more: true, first_id: 'openai/a', last_id: 'openai/b' });
    expect(ids(toAnthropicModelPage(models, { limit: 2, after_id: 'openai/b' }))).toBe('cd');
    expect(toAnthropicModelPage(models, { limit: 2, after_id: 'openai/c' }).has_more).toBe(false);
    expect(ids(toAnthropicModelPage(models, { limit: 2, before_id: 'openai/e' }))).toBe('cd');
    expect(toAnthropicModelPage(models, { limit: 2, before_id: 'openai/c' }).has_more).toBe(false);
    expect(ids(toAnthropicModelPage(models, { after_id: 'openai/a', before_id: 'openai/d' }))).toBe('bc');
    expect(toAnthropicModelPage(models, { after_id: 'openai/e' })).toMatchObject({ data: [], has_more: false, first_id: null, last_id: null });
    expect(() => toAnthropicModelPage(models, { after_id: 'openai/zz' })).toThrow(ApiError);
  });

  it('speaks each protocol’s shape; anthropic-version (or a lone x-api-key) picks Anthropic’s', () => {
    expect(toOpenAiModelList(models.slice(0, 1))).toEqual({ object: 'list', data: [{ id: 'openai/a', object: 'model', created: 0, owned_by: 'openai' }] });
    expect(toAnthropicModel({ ...models[0]!, created: 1_759_104_000 })).toMatchObject({ type: 'model', id: 'openai/a', display_name: 'A', created_at: '2025-09-29T00:00:00Z' });
    expect(wantsAnthropicShape({ 'anthropic-version': '2023-06-01', authorization: 'Bearer x' })).toBe(true);
    expect(wantsAnthropicShape({ 'x-api-key': 'k' })).toBe(true);
    expect(wantsAnthropicShape({ authorization: 'Bearer x' })).toBe(false);
    expect(wantsAnthropicShape({ authorization: 'Bearer x', 'x-api-key': 'k' })).toBe(false);
  });
});
