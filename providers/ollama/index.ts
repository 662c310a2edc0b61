// Ollama's native API (/api/chat, /api/embed, /api/tags) on a local server.
//
// Decisions, since Ollama has no counterpart for some canonical options:
// - toolChoice: Ollama cannot force or pick a tool. "auto" is its only
//   behaviour; "none" is honoured by not offering the tools at all; "required"
//   and a named function are refused as unsupported_option.
// - thinkingMode: sent as think true/false. Ollama has no budget, and effort
//   levels only work on a few models, so budget/effort are not forwarded.
// - Local means it should answer at once: a dead server fails after one quick
//   retry with an error naming the base URL, never after the long remote timeouts.
import { randomBytes } from 'node:crypto';
import { Agent } from 'undici';
import type {
  CanonicalRequest,
  CanonicalResult,
  ContentPart,
  FinishReason,
  Message,
  StreamEvent,
  ToolCall,
  Usage,
} from '../../protocols/canonical.ts';
import { bodyError, joinUrl, send, sendJson } from '../transport/http.ts';
import { parseNdjson } from '../transport/ndjson.ts';
import { namedSchema } from '../wire/requestOptions.ts';
import { local, ProviderError, unsupported, type CallContext, type ChatAdapter, type Embedder, type ProviderDescriptor } from '../types.ts';

const id = 'ollama';
const ATTEMPTS = 2;
// A local server answers a connect at once or not at all; undici's default
// 10 s connect timeout would make a wrong OLLAMA_BASE_URL look like a hang.
const dispatcher = new Agent({ connect: { timeout: 2_000 }, keepAliveTimeout: 30_000 });

interface OllamaToolCall {
  id?: string;
  function: { name: string; arguments: Record<string, unknown> };
}

interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  images?: string[];
  thinking?: string;
  tool_calls?: OllamaToolCall[];
  tool_name?: string;
}

interface ChatChunk {
  model?: string;
  message?: Partial<OllamaMessage>;
  done?: boolean;
  done_reason?: string;
  prompt_eval_count?: number;
  eval_count?: number;
  error?: string;
}

/** Restates a connection failure in terms an operator can act on. */
async function reach<T>(ctx: CallContext, fn: (local: { attempts: number; dispatcher: Agent }) => Promise<T>): Promise<T> {
  try {
    return await fn({ attempts: ATTEMPTS, dispatcher });
  } catch (err) {
    if (err instanceof ProviderError && err.code === 'unreachable') {
      throw new ProviderError(
        id,
        'unreachable',
        `ollama is unreachable at ${ctx.settings.baseUrl}: is the server running? (${ctx.settings.baseUrlEnv} sets the address; ${err.message})`,
        { cause: err },
      );
    }
    throw err;
  }
}

function mintId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function validate(req: CanonicalRequest): void {
  if (req.toolChoice === 'required' || typeof req.toolChoice === 'object') {
    throw unsupported(id, 'toolChoice other than auto or none', 'Ollama cannot force a tool call');
  }
  if (req.webSearch?.enabled) throw unsupported(id, 'webSearch');
  if (req.promptCaching) throw unsupported(id, 'promptCaching', 'Ollama reuses its local KV cache on its own');
  if (req.promptCacheKey !== undefined) throw unsupported(id, 'promptCacheKey');
  if (req.safetyIdentifier !== undefined) throw unsupported(id, 'safetyIdentifier');
  if (req.parallelToolCalls === false) throw unsupported(id, 'parallelToolCalls: false');
}

function parseArgs(call: ToolCall): Record<string, unknown> {
  try {
    const args: unknown = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
    if (typeof args === 'object' && args !== null && !Array.isArray(args)) return args as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw unsupported(id, 'tool call arguments that are not a JSON object', `call ${call.id} (${call.function.name})`);
}

function userMessage(content: string | ContentPart[]): OllamaMessage {
  if (typeof content === 'string') return { role: 'user', content };
  const text: string[] = [];
  const images: string[] = [];
  for (const part of content) {
    if (part.type === 'text') text.push(part.text);
    else if (part.type === 'video') throw unsupported(id, 'video input');
    else {
      const data = part.data ?? /^data:[^,]*;base64,(.*)$/s.exec(part.url ?? '')?.[1];
      // Ollama takes base64 only, and a local gateway should not fetch arbitrary URLs for it.
      if (!data) throw unsupported(id, 'image URLs', 'send the image as base64 data');
      images.push(data);
    }
  }
  return { role: 'user', content: text.join('\n'), ...(images.length ? { images } : {}) };
}

function toOllamaMessages(messages: Message[]): OllamaMessage[] {
  const names = new Map<string, string>();
  return messages.map((m): OllamaMessage => {
    switch (m.role) {
      case 'system':
        return { role: 'system', content: m.content };
      case 'user':
        return userMessage(m.content);
      case 'assistant': {
        for (const c of m.toolCalls ?? []) names.set(c.id, c.function.name);
        return {
          role: 'assistant',
          content: m.content ?? '',
          ...(m.reasoning ? { thinking: m.reasoning } : {}),
          ...(m.toolCalls?.length
            ? { tool_calls: m.toolCalls.map((c) => ({ function: { name: c.function.name, arguments: parseArgs(c) } })) }
            : {}),
        };
      }
      case 'tool': {
        const name = names.get(m.toolCallId);
        return { role: 'tool', content: m.content, ...(name ? { tool_name: name } : {}) };
      }
    }
  });
}

function toChatRequest(req: CanonicalRequest, stream: boolean): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (req.temperature !== undefined) options.temperature = req.temperature;
  if (req.topP !== undefined) options.top_p = req.topP;
  if (req.topK !== undefined) options.top_k = req.topK;
  if (req.seed !== undefined) options.seed = req.seed;
  if (req.maxTokens !== undefined) {
    // num_predict counts thinking tokens too, so the budget goes on top as the spec asks.
    options.num_predict = req.maxTokens + (req.thinkingMode?.enabled ? (req.thinkingMode.budget ?? 0) : 0);
  }
  if (req.stop?.length) options.stop = req.stop;
  if (req.frequencyPenalty !== undefined) options.frequency_penalty = req.frequencyPenalty;
  if (req.presencePenalty !== undefined) options.presence_penalty = req.presencePenalty;

  const body: Record<string, unknown> = { model: req.model, messages: toOllamaMessages(req.messages), stream };
  if (req.tools?.length && req.toolChoice !== 'none') body.tools = req.tools;
  if (req.responseFormat === 'json') body.format = 'json';
  if (req.responseFormat === 'json_schema' && req.jsonSchema) body.format = namedSchema(req).schema;
  if (req.thinkingMode) body.think = req.thinkingMode.enabled;
  if (Object.keys(options).length) body.options = options;
  return body;
}

function toToolCall(c: OllamaToolCall): ToolCall {
  return { id: c.id || mintId('call'), type: 'function', function: { name: c.function.name, arguments: JSON.stringify(c.function.arguments ?? {}) } };
}

function usageOf(chunk: ChatChunk): Usage {
  const input = chunk.prompt_eval_count ?? 0;
  const output = chunk.eval_count ?? 0;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: 0 };
}

function finishOf(chunk: ChatChunk, hasCalls: boolean): FinishReason {
  if (hasCalls) return 'tool_calls';
  return chunk.done_reason === 'length' ? 'length' : 'stop';
}

function failure(chunk: ChatChunk): ProviderError {
  return new ProviderError(id, 'upstream_error', `ollama failed mid-stream: ${chunk.error}`, { upstreamBody: chunk.error });
}

const adapter: ChatAdapter & Embedder = {
  id,
  defaultModel: 'llama3.2',
  defaultEmbeddingModel: 'nomic-embed-text',
  validate,

  async complete(req, ctx): Promise<CanonicalResult> {
    validate(req);
    const url = joinUrl(ctx.settings.baseUrl, 'api/chat');
    const res = await reach(ctx, (local) => sendJson<ChatChunk>(id, ctx, { url, body: toChatRequest(req, false), ...local }));
    if (res.error) throw failure(res);
    const toolCalls = (res.message?.tool_calls ?? []).map(toToolCall);
    return {
      content: res.message?.content ?? '',
      ...(toolCalls.length ? { toolCalls } : {}),
      finishReason: finishOf(res, toolCalls.length > 0),
      usage: usageOf(res),
      model: res.model ?? req.model,
      provider: id,
      requestId: mintId('req'),
      ...(res.message?.thinking ? { reasoning: res.message.thinking } : {}),
    };
  },

  async *stream(req, ctx): AsyncGenerator<StreamEvent> {
    validate(req);
    const url = joinUrl(ctx.settings.baseUrl, 'api/chat');
    const res = await reach(ctx, (local) => send(id, ctx, { url, body: toChatRequest(req, true), ...local }));
    let index = 0;
    let started = false;
    try {
      for await (const chunk of parseNdjson<ChatChunk>(id, res.body)) {
        if (chunk.error) throw failure(chunk);
        if (!started) {
          started = true;
          yield { type: 'meta', model: chunk.model, requestId: mintId('req') };
        }
        const m = chunk.message;
        if (m?.thinking) yield { type: 'reasoning', delta: m.thinking };
        if (m?.content) yield { type: 'text', delta: m.content };
        for (const c of m?.tool_calls ?? []) {
          const tc = toToolCall(c);
          yield { type: 'tool_call_start', index, id: tc.id, name: tc.function.name };
          yield { type: 'tool_call_args', index, delta: tc.function.arguments };
          index++;
        }
        if (chunk.done) {
          yield { type: 'finish', finishReason: finishOf(chunk, index > 0), usage: usageOf(chunk) };
          return;
        }
      }
    } catch (err) {
      throw bodyError(id, ctx, err);
    } finally {
      // A consumer that stops early must not leave the model generating into a dead socket.
      if (!res.body.destroyed) res.body.destroy();
    }
    throw new ProviderError(id, 'upstream_error', 'ollama ended the stream before its final (done) line');
  },

  async embed(req, ctx) {
    const body = { model: req.model, input: req.input, truncate: true, ...(req.dimensions !== undefined ? { dimensions: req.dimensions } : {}) };
    const url = joinUrl(ctx.settings.baseUrl, 'api/embed');
    const res = await reach(ctx, (local) =>
      sendJson<{ embeddings?: number[][]; prompt_eval_count?: number }>(id, ctx, { url, body, ...local }),
    );
    const embeddings = res.embeddings ?? [];
    const tokens = res.prompt_eval_count ?? 0;
    return {
      embeddings,
      model: req.model,
      provider: id,
      dimensions: embeddings[0]?.length ?? 0,
      usage: { inputTokens: tokens, totalTokens: tokens },
    };
  },

  async listModels(ctx) {
    const url = joinUrl(ctx.settings.baseUrl, 'api/tags');
    const res = await reach(ctx, (local) =>
      sendJson<{ models?: Array<{ name: string; details?: { family?: string; families?: string[] | null } }> }>(id, ctx, { url, ...local }),
    );
    return (res.models ?? []).map((m) => {
      // /api/tags does not say what a model can do; BERT-family models are the embedding ones.
      const families = [m.details?.family, ...(m.details?.families ?? [])].filter(Boolean).join(' ');
      const embedding = /bert/i.test(families) || /embed/i.test(m.name);
      return { id: m.name, name: m.name, capabilities: [embedding ? 'embeddings' : 'chat'] };
    });
  },
};

export default {
  id,
  ...local('OLLAMA', 'http://127.0.0.1:11434'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: false, options: ['topK', 'seed'] }, embeddings: true, liveModels: true },
  createAdapter: () => adapter,
} satisfies ProviderDescriptor;
