// Any OpenAI-compatible server an operator runs (vLLM, llama.cpp's server, LM
// Studio, TGI), without code: each is a name, a base URL, an optional key and
// an optional model list (providers/compatible/servers.ts). A model id names
// its server first: compatible/vllm/meta-llama/Llama-3.1-8B-Instruct is the
// model meta-llama/Llama-3.1-8B-Instruct on the server named vllm.
import type { CanonicalRequest, EmbeddingRequest, ModelInfo, Usage } from '../../protocols/canonical.ts';
import { createChatAdapter, openaiUsage, type ChatDialect } from '../wire/chatCompletions.ts';
import { local, type CallContext, type ChatAdapter, type Embedder, type ProviderDescriptor } from '../types.ts';
import { serverFor, serversOf } from './servers.ts';

export const compatibleDialect: ChatDialect = {
  id: 'compatible',
  // Sent to the default server, whose runtime may serve one model whatever it is called (llama.cpp, LM Studio).
  defaultModel: 'default/default',
  defaultEmbeddingModel: 'default/default',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  // Servers started without a key take none; one with a key gets it as a bearer token.
  keyRequired: false,
  maxTokensField: 'max_tokens',
  // What vLLM, llama.cpp's server and LM Studio take; a server lacking one answers 400, which the caller sees.
  features: new Set(['tools', 'parallel_tool_calls', 'images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p', 'top_k', 'seed', 'logprobs', 'n', 'stream_usage_option']),
  // The operator runs these servers: a call costs nothing (the catalogue cannot know their models).
  usage: (raw: unknown): Usage => ({ ...openaiUsage(raw), upstreamCostUsd: 0 }),
};

/** The call as the named server takes it: its base URL and key, the model as it knows it. */
function onServer<R extends { model: string }>(req: R, ctx: CallContext): [R, CallContext] {
  const { server, model } = serverFor(req.model, ctx.settings);
  const settings = { ...ctx.settings, baseUrl: server.baseUrl, apiKey: server.apiKey };
  return [{ ...req, model }, { ...ctx, settings }];
}

function stripServer(req: CanonicalRequest): CanonicalRequest {
  const cut = req.model.indexOf('/');
  return cut > 0 ? { ...req, model: req.model.slice(cut + 1) } : req;
}

function createAdapter(opts: Parameters<typeof createChatAdapter>[1] = {}): ChatAdapter & Embedder {
  const inner = createChatAdapter(compatibleDialect, opts);
  return {
    id: 'compatible',
    defaultModel: compatibleDialect.defaultModel,
    defaultEmbeddingModel: compatibleDialect.defaultEmbeddingModel,
    validate: (req) => inner.validate(stripServer(req)),
    async complete(req, ctx) {
      const [call, onIt] = onServer(req, ctx);
      const result = await inner.complete(call, onIt);
      return { ...result, model: req.model };
    },
    async *stream(req, ctx) {
      const [call, onIt] = onServer(req, ctx);
      for await (const event of inner.stream(call, onIt)) yield event.type === 'meta' ? { ...event, model: req.model } : event;
    },
    async embed(req: EmbeddingRequest, ctx) {
      const [call, onIt] = onServer(req, ctx);
      return { ...(await inner.embed!(call, onIt)), model: req.model };
    },
    // Each server's own list (or the list the operator gave it), as <server>/<model>.
    async listModels(ctx) {
      const lists = await Promise.all(
        serversOf(ctx.settings).map(async (server): Promise<ModelInfo[]> => {
          const ids = server.models ?? (await inner.listModels!({ ...ctx, settings: { ...ctx.settings, baseUrl: server.baseUrl, apiKey: server.apiKey } })).map((m) => m.id);
          return ids.map((id) => ({ id: `${server.name}/${id}`, capabilities: ['chat'] }));
        }),
      );
      return lists.flat();
    },
  };
}

export default {
  id: 'compatible',
  ...local('OPENAI_COMPATIBLE', 'http://127.0.0.1:8000/v1', 4),
  extraSettings: (env) => {
    const extra: Record<string, string> = {};
    if (env.OPENAI_COMPATIBLE_SERVERS) extra.servers = env.OPENAI_COMPATIBLE_SERVERS;
    if (env.OPENAI_COMPATIBLE_API_KEY) extra.defaultKey = env.OPENAI_COMPATIBLE_API_KEY;
    return { extra };
  },
  capabilities: { chat: { tools: true, json: true, cachedTokens: false, options: ['topK', 'seed', 'logprobs', 'n'] }, embeddings: true, liveModels: true },
  createAdapter,
} satisfies ProviderDescriptor;
