// Loopback stand-in for an OpenAI Chat Completions upstream. The other
// OpenAI-protocol providers reuse it with their documented differences as
// quirks (see each provider's fake.ts).
import type { ServerResponse } from 'node:http';
import {
  argPieces,
  echoText,
  idMaker,
  pieces,
  sseHeaders,
  startFakeServer,
  tokens,
  wait,
  type CapturedRequest,
  type Fake,
  type Render,
  type Reply,
} from '../testing/fake.ts';
import { BatchStore, withBatches } from '../testing/batchFake.ts';
import { openaiBatchRoutes } from './batchFake.ts';

export interface Counts {
  prompt: number;
  completion: number;
  cached: number;
  reasoning: number;
}

export interface ChatFakeQuirks {
  /** Path prefix the provider's base URL ends with ('/v1' or ''). */
  prefix: string;
  embeddings?: boolean;
  models?: string[];
  toolCallId?: () => string;
  usage?(counts: Counts): Record<string, unknown>;
  /** Top-level fields of a completion and of the last stream chunk (citations, search results). */
  extras?(reply: Reply): Record<string, unknown>;
  /** 'option': usage only with stream_options.include_usage, in its own chunk; 'last': always in the last chunk. */
  streamUsage?: 'option' | 'last';
  /** Reasoning a model produces unasked (DeepSeek's reasoner always thinks). */
  reasoning?(body: any): string | undefined;
  /** Mistral sends each tool call whole in one chunk instead of streaming its arguments. */
  wholeToolCalls?: boolean;
  /** The provider's documented request rules; a broken one answers with this status and message. */
  reject?(body: any): { status: number; message: string } | undefined;
  /** The provider's error body for a refused request (OpenAI's `{error: {message, type}}` otherwise). */
  errorBody?(status: number, message: string): unknown;
  /** Where a streamed answer's usage goes in the last chunk (`{usage}` otherwise; Groq: `{x_groq: {usage}}`). */
  lastChunkUsage?(usage: Record<string, unknown>, id: string): Record<string, unknown>;
  /** A mid-stream failure as the provider sends it (`{error: {message, type}}` otherwise). */
  streamErrorChunk?(message: string, id: string, model: string): Record<string, unknown>;
  /** SSE comment lines the provider sends while it works (OpenRouter: `: OPENROUTER PROCESSING`). */
  keepAliveComment?: string;
  /** The message field reasoning comes in (`reasoning_content` otherwise; Groq, Cerebras, OpenRouter: `reasoning`). */
  reasoningField?: string;
  /** A chunk sent before the first choice chunk (Azure: the prompt's content-filter results, with no choices). */
  firstChunk?(body: any): Record<string, unknown>;
  /** Fields of every choice, in completions and chunks (Azure: content_filter_results). */
  choiceExtras?(): Record<string, unknown>;
}

/** Usage as providers without cache or reasoning details report it. */
export function plainUsage(c: Counts): Record<string, unknown> {
  return { prompt_tokens: c.prompt, completion_tokens: c.completion, total_tokens: c.prompt + c.completion };
}

export function openaiUsageShape(c: Counts): Record<string, unknown> {
  return {
    prompt_tokens: c.prompt,
    completion_tokens: c.completion,
    total_tokens: c.prompt + c.completion,
    prompt_tokens_details: { cached_tokens: c.cached },
    completion_tokens_details: { reasoning_tokens: c.reasoning },
  };
}

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: any) => p?.text ?? '').join('');
  return '';
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user' || m.role === 'tool');
  return last ? { role: last.role, text: messageText(last.content) } : undefined;
}

interface Answer {
  text: string;
  reasoning: string;
  calls: { id: string; name: string; arguments: string }[];
  finish: string;
  counts: Counts;
}

function answer(q: ChatFakeQuirks, body: any, reply: Reply, newId: () => string): Answer {
  const json = body?.response_format?.type === 'json_object' || body?.response_format?.type === 'json_schema';
  const calls = (reply.toolCalls ?? []).map((c) => ({ id: c.id ?? (q.toolCallId ?? newId)(), name: c.name, arguments: c.arguments }));
  const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), json));
  const reasoning = reply.reasoning ?? q.reasoning?.(body) ?? '';
  const prompt = tokens((body?.messages ?? []).map((m: any) => messageText(m.content)).join('\n'));
  const completion = tokens(text + calls.map((c) => c.name + c.arguments).join('')) + tokens(reasoning);
  return {
    text,
    reasoning,
    calls,
    finish: reply.finishReason ?? (calls.length ? 'tool_calls' : 'stop'),
    counts: { prompt, completion, cached: Math.min(reply.cachedTokens ?? 0, prompt), reasoning: tokens(reasoning) },
  };
}

/** logprobs.content for a text, as OpenAI sends it when logprobs is true: one entry per piece, top_logprobs alternatives each. */
function logprobsOf(text: string, top: number): Record<string, unknown> {
  return {
    content: pieces(text).map((token, i) => ({
      token,
      logprob: -0.25 - i / 100,
      bytes: [...Buffer.from(token)],
      top_logprobs: Array.from({ length: top }, (_, j) => {
        const alt = j ? `${token}~${j}` : token;
        return { token: alt, logprob: -0.25 - i / 100 - j, bytes: [...Buffer.from(alt)] };
      }),
    })),
    refusal: null,
  };
}

function completion(q: ChatFakeQuirks, body: any, reply: Reply, a: Answer, id: string): Record<string, unknown> {
  const message = (text: string) => ({
    role: 'assistant',
    content: a.calls.length && !text ? null : text,
    ...(a.reasoning ? { [q.reasoningField ?? 'reasoning_content']: a.reasoning } : {}),
    ...(a.calls.length ? { tool_calls: a.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
  });
  // n choices: the first is the answer, the others say which choice they are.
  const texts = Array.from({ length: body.n ?? 1 }, (_, i) => (i ? `${a.text} (choice ${i})` : a.text));
  return {
    id,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: body.model,
    choices: texts.map((text, index) => ({
      index,
      message: message(text),
      logprobs: body.logprobs ? logprobsOf(text, body.top_logprobs ?? 0) : null,
      finish_reason: a.finish,
      ...q.choiceExtras?.(),
    })),
    usage: (q.usage ?? openaiUsageShape)(a.counts),
    ...q.extras?.(reply),
  };
}

function* streamDeltas(q: ChatFakeQuirks, a: Answer): Generator<Record<string, unknown>> {
  yield { role: 'assistant', content: '' };
  for (const p of pieces(a.reasoning)) yield { [q.reasoningField ?? 'reasoning_content']: p };
  for (const p of pieces(a.text)) yield { content: p };
  for (const [index, c] of a.calls.entries()) {
    if (q.wholeToolCalls) {
      yield { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }] };
      continue;
    }
    yield { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] };
    for (const p of argPieces(c.arguments)) yield { tool_calls: [{ index, function: { arguments: p } }] };
  }
}

async function stream(q: ChatFakeQuirks, res: ServerResponse, body: any, reply: Reply, a: Answer, id: string, signal: AbortSignal) {
  sseHeaders(res);
  if (q.keepAliveComment) res.write(`: ${q.keepAliveComment}\n\n`);
  if (q.firstChunk) res.write(`data: ${JSON.stringify(q.firstChunk(body))}\n\n`);
  const chunk = (delta: any, finish: string | null, extra: Record<string, unknown> = {}, index = 0) => {
    const logprobs = body.logprobs && typeof delta.content === 'string' && delta.content ? logprobsOf(delta.content, body.top_logprobs ?? 0) : undefined;
    return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model: body.model, choices: [{ index, delta, ...(logprobs ? { logprobs } : {}), finish_reason: finish, ...q.choiceExtras?.() }], ...extra })}\n\n`;
  };
  // n choices stream one after the other, each under its own index, as in the non-streamed answer.
  const choices = Array.from({ length: body.n ?? 1 }, (_, i) => (i ? `${a.text} (choice ${i})` : a.text));
  for (const [index, text] of choices.entries()) {
    for (const delta of streamDeltas(q, { ...a, text })) {
      if (signal.aborted) return;
      res.write(chunk(delta, null, {}, index));
      await wait(reply.chunkDelayMs, signal);
    }
  }
  if (reply.streamError) {
    const failure = q.streamErrorChunk?.(reply.streamError, id, body.model) ?? { error: { message: reply.streamError, type: 'server_error' } };
    res.end(`data: ${JSON.stringify(failure)}\n\n`);
    return;
  }
  const usage = (q.usage ?? openaiUsageShape)(a.counts);
  const last = q.streamUsage === 'last';
  for (let index = 1; index < choices.length; index++) res.write(chunk({}, a.finish, {}, index));
  res.write(chunk({}, a.finish, { ...(last ? (q.lastChunkUsage?.(usage, id) ?? { usage }) : {}), ...q.extras?.(reply) }));
  if (!last && body.stream_options?.include_usage) {
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [], usage })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

export function chatRoute(q: ChatFakeQuirks): Render {
  const newId = idMaker('call_');
  const newRequestId = idMaker('chatcmpl-');
  return async (req: CapturedRequest, reply, res, signal) => {
    const broken = q.reject?.(req.body);
    if (broken) {
      res.writeHead(broken.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(q.errorBody?.(broken.status, broken.message) ?? { error: { message: broken.message, type: 'invalid_request_error' } }));
      return;
    }
    const a = answer(q, req.body, reply, newId);
    const id = newRequestId();
    if (req.body?.stream) return stream(q, res, req.body, reply, a, id, signal);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(completion(q, req.body, reply, a, id)));
  };
}

/** Deterministic embedding: a few numbers derived from the text, so equal inputs embed equally. */
function embedding(text: string, dims: number): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.charCodeAt(i % Math.max(text.length, 1)) || 0) % 97) / 97);
}

export const embeddingsRoute: Render = (req, _reply, res) => {
  const inputs: string[] = Array.isArray(req.body?.input) ? req.body.input : [req.body?.input ?? ''];
  const dims = req.body?.dimensions ?? req.body?.output_dimension ?? 8;
  const used = tokens(inputs.join(''));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text, dims) })),
      model: req.body?.model,
      usage: { prompt_tokens: used, total_tokens: used },
    }),
  );
};

export function startChatFake(q: ChatFakeQuirks, more?: { routes: Record<string, Render>; match: (method: string, path: string) => Render | undefined }): Promise<Fake> {
  const routes: Record<string, Render> = { 'POST /chat/completions': chatRoute(q), ...more?.routes };
  if (q.embeddings) routes['POST /embeddings'] = embeddingsRoute;
  if (q.models) {
    const list = q.models;
    routes['GET /models'] = (_req, _reply, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: list.map((id) => ({ id, object: 'model', owned_by: 'fake' })) }));
    };
  }
  return startFakeServer({ prefix: q.prefix, routes, ...(more ? { match: more.match } : {}) });
}

/** OpenAI's chat completions, embeddings and models, with its Batch API and files (providers/openai/batchFake.ts). */
export async function startFake(): Promise<Fake> {
  const store = new BatchStore('batch_fake', '/chat/completions');
  const fake = await startChatFake({ prefix: '/v1', embeddings: true, models: ['gpt-4o-mini', 'text-embedding-3-small'], streamUsage: 'option' }, openaiBatchRoutes(store));
  store.url = fake.url;
  return withBatches(fake, store, { authorization: 'Bearer sk-fake-batch' });
}
