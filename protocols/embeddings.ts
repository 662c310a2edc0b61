// OpenAI Embeddings <-> canonical embeddings, for POST /v1/embeddings.

import type { Cost, EmbeddingRequest, EmbeddingResult, ProviderId } from './canonical.ts';
import { array, invalid, object, optInteger, optString, parseModelRef, refused, type Json } from './compat.ts';

export const MAX_EMBEDDING_INPUTS = 2048;

export type EncodingFormat = 'float' | 'base64';

export interface EmbeddingsRequest {
  provider: ProviderId;
  model: string;
  request: EmbeddingRequest;
  encodingFormat: EncodingFormat;
}

const INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'] as const;

export function fromEmbeddingsRequest(input: unknown): EmbeddingsRequest {
  const body = object(input, 'body');
  const { provider, model } = parseModelRef(body.model);
  const texts = typeof body.input === 'string' ? [body.input] : array(body.input, 'input');
  if (!texts.length) throw invalid('input', 'input must not be empty');
  if (texts.length > MAX_EMBEDDING_INPUTS) throw invalid('input', `input may hold at most ${MAX_EMBEDDING_INPUTS} strings`);
  const strings = texts.map((t, i) => {
    const at = typeof body.input === 'string' ? 'input' : `input[${i}]`;
    // Token-id arrays are tokenizer-specific; only OpenAI could read them, and no endpoint may special-case a provider.
    if (typeof t !== 'string') throw invalid(at, `${at} must be a string; token arrays are not supported`);
    if (!t) throw invalid(at, `${at} must not be empty`);
    return t;
  });
  const encodingFormat = optString(body.encoding_format, 'encoding_format') ?? 'float';
  if (encodingFormat !== 'float' && encodingFormat !== 'base64') {
    throw invalid('encoding_format', 'encoding_format must be float or base64');
  }
  const dimensions = optInteger(body.dimensions, 'dimensions');
  const inputType = optString(body.input_type, 'input_type');
  if (inputType !== undefined && !(INPUT_TYPES as readonly string[]).includes(inputType)) {
    throw invalid('input_type', `input_type must be one of ${INPUT_TYPES.join(', ')}`);
  }
  // No provider's embeddings call takes an end-user id the gateway could forward.
  if (body.user != null) throw refused('user', 'user is not supported on embeddings: no provider takes an end-user id there');
  return {
    provider,
    model,
    request: {
      provider,
      model,
      input: strings,
      ...(dimensions !== undefined ? { dimensions } : {}),
      ...(inputType !== undefined ? { inputType: inputType as NonNullable<EmbeddingRequest['inputType']> } : {}),
    },
    encodingFormat,
  };
}

/** base64 of the vector as little-endian float32, the layout OpenAI clients decode. */
export function encodeVector(vector: number[]): string {
  const view = new DataView(new ArrayBuffer(vector.length * 4));
  vector.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return Buffer.from(view.buffer).toString('base64');
}

export function toEmbeddingsResponse(
  result: EmbeddingResult,
  encodingFormat: EncodingFormat,
  /** `<provider>/<model>` exactly as the client asked for it. */
  requestedModel: string,
  cost?: Cost,
): Json {
  return {
    object: 'list',
    data: result.embeddings.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: encodingFormat === 'base64' ? encodeVector(vector) : vector,
    })),
    model: requestedModel,
    usage: { prompt_tokens: result.usage.inputTokens, total_tokens: result.usage.totalTokens },
    ...(cost ? { cost } : {}),
  };
}
