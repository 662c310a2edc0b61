// Azure OpenAI: OpenAI's chat completions, embeddings and images served from
// an operator's resource, one deployment per model, behind an api-key header
// or a Microsoft Entra ID token. Requests that break Azure's content policy
// are refused with its own error body, which becomes the canonical
// content-filter refusal; an answer it cuts short ends with finish_reason
// content_filter, which the shared wire format already maps.
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { openaiDialect } from '../openai/index.ts';
import type { ChatAdapter, ProviderDescriptor } from '../types.ts';
import { withEntraToken } from './entra.ts';
import { contentFilterError } from './errors.ts';
import { azureMedia } from './media.ts';
import { authHeaders, azureExtra, ENDPOINT_ENV, entraConfigured, KEY_ENV, operationUrl } from './settings.ts';

export const azureDialect: ChatDialect = {
  ...openaiDialect,
  id: 'azure',
  // Deployments carry their own names; these are the models a deployment named after its model serves.
  defaultModel: 'gpt-4.1-mini',
  defaultEmbeddingModel: 'text-embedding-3-small',
  // A deployment list is the operator's (the portal's), not an API call away with the data-plane key.
  modelsPath: undefined,
  // Chat search runs on OpenAI's search models, which Azure does not deploy.
  webSearch: undefined,
  route(ctx, path, body) {
    const headers = authHeaders(ctx);
    const { url, model } = operationUrl(ctx.settings, path, String(body.model));
    return { url, headers, body: { ...body, model } };
  },
  rejection: contentFilterError,
};

/** Each call first takes a current Entra ID token when the client-credentials flow authenticates it. */
function withEntra(adapter: ChatAdapter): ChatAdapter {
  const { complete, stream, embed } = adapter;
  return {
    ...adapter,
    complete: async (req, ctx, wire) => complete(req, await withEntraToken(ctx), wire),
    async *stream(req, ctx, wire) {
      yield* stream(req, await withEntraToken(ctx), wire);
    },
    ...(embed ? { embed: async (req, ctx) => embed(req, await withEntraToken(ctx)) } : {}),
  };
}

export default {
  id: 'azure',
  keyEnv: KEY_ENV,
  baseUrlEnv: ENDPOINT_ENV,
  // There is no shared endpoint: each resource has its own (https://<resource>.openai.azure.com).
  defaultBaseUrl: '',
  local: false,
  concurrency: 20,
  extraSettings: (env) => ({ extra: azureExtra(env) }),
  otherCredential: entraConfigured,
  capabilities: {
    chat: { tools: true, json: true, cachedTokens: true, options: ['logprobs', 'n', 'seed', 'logitBias'] },
    embeddings: true,
    imageGeneration: true,
  },
  media: azureMedia,
  createAdapter: (opts = {}) => withEntra(createChatAdapter(azureDialect, opts)),
} satisfies ProviderDescriptor;
