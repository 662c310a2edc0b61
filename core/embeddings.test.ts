import { describe, expect, test } from 'vitest';
import { ApiError } from '../protocols/errors.ts';
import { prepareEmbeddings } from './embeddings.ts';

describe('prepareEmbeddings', () => {
  test('an input type reaches a provider that embeds per use, and is refused by the others before any call', () => {
    const asked = prepareEmbeddings({ provider: 'cohere', input: ['a'], inputType: 'search_query' }, { providerKey: 'k' });
    expect(asked.request).toMatchObject({ model: 'embed-v4.0', inputType: 'search_query' });
    let err: unknown;
    try {
      prepareEmbeddings({ provider: 'openai', input: ['a'], inputType: 'search_query' }, { providerKey: 'k' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'capability_not_supported', param: 'input_type' });
    expect(prepareEmbeddings({ provider: 'openai', input: ['a'] }, { providerKey: 'k' }).request.inputType).toBeUndefined();
  });
});
