// The converters against the contracts: for openapi/compat.yaml every request
// example converts, every body validates against its 200 schema, and every
// streamed event against the schema `x-sse-events` names for it; the native
// stream's chunks validate against openapi/gateway.yaml.

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ResultAccumulator, type CanonicalResult, type StreamEvent } from './canonical.ts';
import { ChatCompletionStreamEncoder, fromChatRequest, toChatCompletion } from './chatCompletions.ts';
import { fromEmbeddingsRequest, toEmbeddingsResponse } from './embeddings.ts';
import { fromMessagesRequest, MessagesStreamEncoder, toMessage } from './messages.ts';
import { NativeStreamEncoder } from './nativeStream.ts';
import { fromResponsesRequest, ResponsesStreamEncoder, toResponse } from './responses.ts';
import { cost, parseSse, textTurn, toolTurn, usage } from './testing.ts';

type Operation = {
  requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };
  responses: { '200': { 'x-sse-events'?: Record<string, { $ref: string }>; content: { 'application/json': { schema: { $ref: string } } } } };
};

const load = (name: string) => parse(readFileSync(new URL(`../openapi/${name}`, import.meta.url), 'utf8'));
const doc = load('compat.yaml') as { paths: Record<string, { post: Operation }> };
const gateway = load('gateway.yaml') as { paths: Record<string, { post: Operation }> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
ajv.addSchema(doc, 'compat');
ajv.addSchema(gateway, 'gateway');

function check(ref: string, value: unknown, spec = 'compat'): string[] {
  const validate = ajv.getSchema(`${spec}${ref}`);
  if (!validate) return [`no schema ${ref}`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${ref} ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

const op = (path: string) => doc.paths[path]!.post;
const examples = (path: string) => Object.entries(op(path).requestBody.content['application/json'].examples);
const bodySchema = (path: string) => op(path).responses['200'].content['application/json'].schema.$ref;

/** Validates each SSE event's data against the schema the spec names for its event name. */
function checkStream(path: string, sse: string, eventName: (event: { event?: string; data: string }) => string | undefined): string[] {
  const events = op(path).responses['200']['x-sse-events']!;
  return parseSse(sse).flatMap((e) => {
    const name = eventName(e);
    if (!name) return [];
    const schema = events[name];
    return schema ? check(schema.$ref, JSON.parse(e.data)) : [`event ${name} is not in x-sse-events`];
  });
}

const turns: [string, StreamEvent[]][] = [
  ['tool turn', toolTurn],
  ['reasoning turn', textTurn],
  ['truncated turn', [{ type: 'text', delta: 'Hel' }, { type: 'finish', finishReason: 'length', usage }]],
  ['stop sequence', [{ type: 'text', delta: 'a' }, { type: 'finish', finishReason: 'stop', stopSequence: '###', usage }]],
  ['filtered turn', [{ type: 'finish', finishReason: 'content_filter', usage }]],
];

function resultOf(turn: StreamEvent[]): CanonicalResult {
  const acc = new ResultAccumulator('openai', 'gpt-4o', 'abc123');
  for (const e of turn) acc.push(e);
  return acc.result();
}

describe('chat completions against openapi/compat.yaml', () => {
  const path = '/v1/chat/completions';
  it.each(examples(path))('converts the request example %s', (_name, example) => {
    expect(fromChatRequest(example.value).request.messages.length).toBeGreaterThan(0);
  });

  it.each(turns)('renders a valid body and valid chunks for a %s', (_name, turn) => {
    expect(check(bodySchema(path), toChatCompletion(resultOf(turn), cost, { model: 'openai/gpt-4o' }))).toEqual([]);
    for (const includeUsage of [true, false]) {
      const encoder = new ChatCompletionStreamEncoder({ id: 'r1', model: 'openai/gpt-4o', includeUsage });
      const sse = turn.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
      expect(checkStream(path, sse, (e) => (e.data === '[DONE]' ? undefined : 'chunk'))).toEqual([]);
    }
  });
});

describe('messages against openapi/compat.yaml', () => {
  const path = '/v1/messages';
  it.each(examples(path))('converts the request example %s', (_name, example) => {
    expect(fromMessagesRequest(example.value).request.messages.length).toBeGreaterThan(0);
  });

  it.each(turns)('renders a valid body and valid events for a %s', (_name, turn) => {
    expect(check(bodySchema(path), toMessage(resultOf(turn), cost, { model: 'anthropic/claude-sonnet-4-5' }))).toEqual([]);
    const encoder = new MessagesStreamEncoder({ id: 'r1', model: 'anthropic/claude-sonnet-4-5' });
    const sse = turn.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
    expect(checkStream(path, sse, (e) => e.event)).toEqual([]);
  });
});

describe('responses against openapi/compat.yaml', () => {
  const path = '/v1/responses';
  it.each(examples(path))('converts the request example %s', (_name, example) => {
    expect(fromResponsesRequest(example.value).request.messages.length).toBeGreaterThan(0);
  });

  it.each(turns)('renders a valid body and valid events for a %s', (_name, turn) => {
    const { echo } = fromResponsesRequest({
      model: 'openai/gpt-4.1',
      input: 'hi',
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object' } }, { type: 'web_search' }],
      metadata: { ticket: 'T-1' },
    });
    expect(check(bodySchema(path), toResponse(resultOf(turn), cost, echo))).toEqual([]);
    const encoder = new ResponsesStreamEncoder({ id: 'r1', echo });
    const sse = turn.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
    expect(checkStream(path, sse, (e) => e.event)).toEqual([]);
  });
});

describe('embeddings against openapi/compat.yaml', () => {
  const path = '/v1/embeddings';
  it.each(examples(path))('converts the request example %s and renders a valid body', (_name, example) => {
    const { encodingFormat, request } = fromEmbeddingsRequest(example.value);
    const result = {
      embeddings: request.input.map(() => [0.1, -0.2, 0.3]),
      model: request.model,
      provider: request.provider,
      dimensions: 3,
      usage: { inputTokens: 4, totalTokens: 4 },
    };
    const model = (example.value as { model: string }).model;
    expect(check(bodySchema(path), toEmbeddingsResponse(result, encodingFormat, model, cost))).toEqual([]);
  });
});

describe('native queue stream against openapi/gateway.yaml', () => {
  it.each(turns)('sends valid chunk events for a %s', (_name, turn) => {
    const chunk = gateway.paths['/api/llm/queue/stream']!.post.responses['200']['x-sse-events']!.chunk!.$ref;
    const encoder = new NativeStreamEncoder({ provider: 'openai', model: 'gpt-4o' });
    const sse = turn.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
    const events = parseSse(sse);
    expect(events.every((e) => e.event === 'chunk')).toBe(true);
    expect(events.flatMap((e) => check(chunk, JSON.parse(e.data), 'gateway'))).toEqual([]);
  });
});
