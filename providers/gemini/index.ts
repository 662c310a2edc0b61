// Gemini API (generativelanguage.googleapis.com): the generateContent mapping
// lives in providers/wire/generateContent.ts, shared with vertex; this file holds the URL layout, the
// key header, and the two calls only this API has (batch embeddings, listing).
import type { ModelInfo } from '../../protocols/canonical.ts';
import { joinUrl, requireKey, sendJson } from '../transport/http.ts';
import { hosted, type AdapterOptions, type CallContext, type ChatAdapter, type Embedder, type ProviderDescriptor } from '../types.ts';
import { generateContentAdapter, inBatches } from '../wire/generateContent.ts';
import { geminiMedia } from './media.ts';

const id = 'gemini';

function modelUrl(ctx: CallContext, model: string, method: string): string {
  return joinUrl(ctx.settings.baseUrl, `v1beta/models/${encodeURIComponent(model)}:${method}`);
}

// The key travels in a header rather than ?key= so it never lands in URL logs.
function headers(ctx: CallContext): Record<string, string> {
  return { 'x-goog-api-key': requireKey(ctx) };
}

// batchEmbedContents takes at most 100 requests per call.
const EMBED_BATCH = 100;

interface ModelsPage {
  models?: Array<{
    name: string;
    displayName?: string;
    inputTokenLimit?: number;
    outputTokenLimit?: number;
    supportedGenerationMethods?: string[];
  }>;
  nextPageToken?: string;
}

export function createGeminiAdapter(opts: AdapterOptions = {}): ChatAdapter & Embedder {
  return {
    id,
    defaultModel: 'gemini-2.5-flash',
    defaultEmbeddingModel: 'gemini-embedding-001',
    // countTokens takes a whole GenerateContentRequest (with system and tools) under generateContentRequest.
    ...generateContentAdapter({ id, modelUrl, headers, countTokensBody: (model, request) => ({ generateContentRequest: { model: `models/${model}`, ...request } }) }, opts),

    async embed(req, ctx) {
      const model = `models/${req.model}`;
      const embeddings = await inBatches(req.input, EMBED_BATCH, 4, async (batch) => {
        const res = await sendJson<{ embeddings?: Array<{ values?: number[] }> }>(id, ctx, {
          url: modelUrl(ctx, req.model, 'batchEmbedContents'),
          headers: headers(ctx),
          body: {
            requests: batch.map((text) => ({
              model,
              content: { parts: [{ text }] },
              ...(req.dimensions !== undefined ? { outputDimensionality: req.dimensions } : {}),
            })),
          },
        });
        return (res.embeddings ?? []).map((e) => e.values ?? []);
      });
      // The Gemini API reports no token count for embeddings; four characters a
      // token is Google's own rule of thumb, good enough for usage records.
      const tokens = req.input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
      return {
        embeddings,
        model: req.model,
        provider: id,
        dimensions: embeddings[0]?.length ?? 0,
        usage: { inputTokens: tokens, totalTokens: tokens },
      };
    },

    async listModels(ctx) {
      const models: ModelInfo[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ pageSize: '1000', ...(pageToken ? { pageToken } : {}) });
        const page = await sendJson<ModelsPage>(id, ctx, {
          url: joinUrl(ctx.settings.baseUrl, `v1beta/models?${query}`),
          headers: headers(ctx),
        });
        for (const m of page.models ?? []) {
          const methods = m.supportedGenerationMethods ?? [];
          const capabilities = [
            ...(methods.includes('generateContent') ? ['chat'] : []),
            ...(methods.includes('embedContent') ? ['embeddings'] : []),
          ];
          if (!capabilities.length) continue;
          models.push({
            id: m.name.replace(/^models\//, ''),
            ...(m.displayName ? { name: m.displayName } : {}),
            capabilities,
            ...(m.inputTokenLimit ? { contextWindow: m.inputTokenLimit } : {}),
            ...(m.outputTokenLimit ? { maxOutputTokens: m.outputTokenLimit } : {}),
          });
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
      return models;
    },
  };
}

export default {
  id,
  ...hosted('GEMINI', 'https://generativelanguage.googleapis.com'),
  capabilities: {
    chat: { tools: true, json: true, cachedTokens: true, options: ['topK', 'logprobs', 'n', 'seed'], countTokens: true },
    embeddings: true,
    liveModels: true,
    imageGeneration: true,
    videoGeneration: true,
  },
  media: geminiMedia,
  createAdapter: createGeminiAdapter,
} satisfies ProviderDescriptor;
