import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import type { EmbeddingResult } from './canonical.ts';
import { encodeVector, fromEmbeddingsRequest, MAX_EMBEDDING_INPUTS, toEmbeddingsResponse } from './embeddings.ts';
import { cost, serveOnce } from './testing.ts';

function error(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

const result: EmbeddingResult = {
  embeddings: [
    [0.5, -1.25, 3],
    [0, 1e-3, -2.5],
  ],
  model: 'nomic-embed-text',
  provider: 'ollama',
  dimensions: 3,
  usage: { inputTokens: 7, totalTokens: 7 },
};

describe('fromEmbeddingsRequest', () => {
  it('input_type becomes the canonical inputType; a value no provider knows is invalid', () => {
    expect(fromEmbeddingsRequest({ model: 'cohere/embed-v4.0', input: 'q', input_type: 'search_query' }).request.inputType).toBe('search_query');
    expect(fromEmbeddingsRequest({ model: 'cohere/embed-v4.0', input: 'q' }).request.inputType).toBeUndefined();
    expect(() => fromEmbeddingsRequest({ model: 'cohere/embed-v4.0', input: 'q', input_type: 'image' })).toThrow(/input_type must be one of/);
  });

  it('maps a single string, dimensions and the model split', () => {
    expect(fromEmbeddingsRequest({ model: 'ollama/nomic-embed-text:v1.5', input: 'hello', dimensions: 256 })).toEqual({
      provider: 'ollama',
      model: 'nomic-embed-text:v1.5',
      request: { provider: 'ollama', model: 'nomic-embed-text:v1.5', input: ['hello'], dimensions: 256 },
      encodingFormat: 'float',
    });
  });

  it('maps a string array and base64', () => {
    const r = fromEmbeddingsRequest({ model: 'openai/text-embedding-3-small', input: ['a', 'b'], encoding_format: 'base64' });
    expect(r.request.input).toEqual(['a', 'b']);
    expect(r.encodingFormat).toBe('base64');
  });

  it('enforces the input rules', () => {
    const model = 'openai/text-embedding-3-small';
    expect(fromEmbeddingsRequest({ model, input: Array(MAX_EMBEDDING_INPUTS).fill('x') }).request.input).toHaveLength(2048);
    expect(error(() => fromEmbeddingsRequest({ model, input: Array(MAX_EMBEDDING_INPUTS + 1).fill('x') })).param).toBe('input');
    expect(error(() => fromEmbeddingsRequest({ model, input: [] })).param).toBe('input');
    expect(error(() => fromEmbeddingsRequest({ model, input: '' })).param).toBe('input');
    expect(error(() => fromEmbeddingsRequest({ model, input: ['a', [1, 2]] })).param).toBe('input[1]');
    expect(error(() => fromEmbeddingsRequest({ model, input: 'a', encoding_format: 'int8' })).param).toBe('encoding_format');
    expect(error(() => fromEmbeddingsRequest({ model, input: 'a', dimensions: 0 })).param).toBe('dimensions');
    expect(error(() => fromEmbeddingsRequest({ model: 'text-embedding-3-small', input: 'a' })).param).toBe('model');
    expect(error(() => fromEmbeddingsRequest({ model: 'acme/e', input: 'a' })).code).toBe('unknown_provider');
  });
});

describe('toEmbeddingsResponse', () => {
  it('renders float vectors with the requested model and usage', () => {
    expect(toEmbeddingsResponse(result, 'float', 'ollama/nomic-embed-text', cost)).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -1.25, 3] },
        { object: 'embedding', index: 1, embedding: [0, 1e-3, -2.5] },
      ],
      model: 'ollama/nomic-embed-text',
      usage: { prompt_tokens: 7, total_tokens: 7 },
      cost,
    });
  });

  it('encodes base64 as little-endian float32', () => {
    const bytes = Buffer.from(encodeVector([1, -2]), 'base64');
    expect([...bytes]).toEqual([0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0]);
    const body = toEmbeddingsResponse(result, 'base64', 'ollama/nomic-embed-text');
    expect(body).not.toHaveProperty('cost');
    expect((body.data as { embedding: unknown }[])[0]!.embedding).toBe(encodeVector([0.5, -1.25, 3]));
  });

  it('is decoded by the official SDK, which asks for base64 by default', async () => {
    const server = await serveOnce(JSON.stringify(toEmbeddingsResponse(result, 'base64', 'ollama/nomic-embed-text')), 'application/json');
    try {
      const client = new OpenAI({ apiKey: 'gw_live_test', baseURL: `${server.baseURL}/v1` });
      const response = await client.embeddings.create({ model: 'ollama/nomic-embed-text', input: ['a', 'b'] });
      expect((server.requests[0]!.body as { encoding_format: string }).encoding_format).toBe('base64');
      expect(response.data[0]!.embedding).toEqual([0.5, -1.25, 3]);
      expect(response.data[1]!.embedding.map((v) => Number(v.toFixed(6)))).toEqual([0, 0.001, -2.5]);
    } finally {
      await server.close();
    }
  });
});
