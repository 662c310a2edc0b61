// The native /api/llm/complete body is the canonical request plus queue-only
// options (stream, cache, service, tag); the spec has already validated types
// and ranges, so this only separates the two.
import type { CanonicalRequest, Message } from './canonical.ts';

export interface NativeCompletionBody extends Omit<CanonicalRequest, 'model' | 'messages' | 'jsonSchema'> {
  model?: string;
  messages: Message[];
  jsonSchema?: Record<string, unknown>;
  stream?: boolean;
  service?: string;
  tag?: string;
  cache?: { enabled?: boolean; ttl?: number };
}

export interface NativeCompletion {
  request: Omit<CanonicalRequest, 'model'> & { model?: string };
  stream: boolean;
  cache?: { enabled?: boolean; ttl?: number };
  service?: string;
  tag?: string;
}

const CANONICAL_FIELDS = [
  'provider',
  'model',
  'messages',
  'temperature',
  'maxTokens',
  'topP',
  'frequencyPenalty',
  'presencePenalty',
  'stop',
  'responseFormat',
  'jsonSchema',
  'thinkingMode',
  'promptCaching',
  'promptCacheKey',
  'safetyIdentifier',
  'webSearch',
  'tools',
  'toolChoice',
] as const;

export function fromNativeRequest(body: NativeCompletionBody): NativeCompletion {
  const request: Record<string, unknown> = {};
  for (const field of CANONICAL_FIELDS) if (body[field] !== undefined) request[field] = body[field];
  return {
    request: request as NativeCompletion['request'],
    stream: body.stream === true,
    cache: body.cache,
    service: body.service,
    tag: body.tag,
  };
}
