// Vertex AI Gemini, pinned to one EU region: the generateContent payloads are
// the Gemini API's (providers/wire/generateContent.ts); this folder holds only the
// regional URL layout, auth, and the :predict embeddings call.
//
// Auth. Vertex accepts a Google Cloud API key (express mode, or a standard key
// bound to a service account) in the x-goog-api-key header, and OAuth access
// tokens of service accounts as a Bearer token. VERTEX_API_KEY may hold either:
// access tokens always start with "ya29.", so those go as Bearer and anything
// else as an API key. We deliberately keep the regional, project-scoped URL
// even with an express-mode key: express mode's own global endpoint
// (aiplatform.googleapis.com/v1/publishers/...) would drop the EU pinning this
// provider exists for. VERTEX_BASE_URL overrides the host (tests, proxies).
import { hosted, type AdapterOptions, type ChatAdapter, type Embedder, type ProviderDescriptor } from '../types.ts';
import { sendJson } from '../transport/http.ts';
import { generateContentAdapter, inBatches } from '../wire/generateContent.ts';
import { vertexMedia } from './media.ts';
import { headers, modelUrl } from './endpoints.ts';

const id = 'vertex';

interface PredictResponse {
  predictions?: Array<{ embeddings?: { values?: number[]; statistics?: { token_count?: number } } }>;
}

// Text-embedding models take up to 250 instances a call; gemini-embedding
// models only one.
const batchSize = (model: string) => (model.startsWith('gemini-embedding') ? 1 : 250);

export function createVertexAdapter(opts: AdapterOptions = {}): ChatAdapter & Embedder {
  return {
    id,
    defaultModel: 'gemini-2.5-flash',
    defaultEmbeddingModel: 'gemini-embedding-001',
    // Vertex's CountTokensRequest takes contents, systemInstruction, tools and generationConfig at the top level, and nothing else.
    ...generateContentAdapter(
      {
        id,
        modelUrl,
        headers,
        countTokensBody: (_model, { contents, systemInstruction, tools, generationConfig }) => ({ contents, systemInstruction, tools, generationConfig }),
      },
      opts,
    ),

    async embed(req, ctx) {
      const rows = await inBatches(req.input, batchSize(req.model), 8, async (batch) => {
        const res = await sendJson<PredictResponse>(id, ctx, {
          url: modelUrl(ctx, req.model, 'predict'),
          headers: headers(ctx),
          body: {
            instances: batch.map((content) => ({ content })),
            ...(req.dimensions !== undefined ? { parameters: { outputDimensionality: req.dimensions } } : {}),
          },
        });
        return (res.predictions ?? []).map((p) => ({
          values: p.embeddings?.values ?? [],
          tokens: p.embeddings?.statistics?.token_count ?? 0,
        }));
      });
      const tokens = rows.reduce((sum, r) => sum + r.tokens, 0);
      return {
        embeddings: rows.map((r) => r.values),
        model: req.model,
        provider: id,
        dimensions: rows[0]?.values.length ?? 0,
        usage: { inputTokens: tokens, totalTokens: tokens },
      };
    },
  };
}

export default {
  id,
  // No fixed default host: the region is part of it (see extraSettings).
  ...hosted('VERTEX', ''),
  regionEnv: 'VERTEX_LOCATION',
  capabilities: {
    chat: { tools: true, json: true, cachedTokens: true, options: ['topK', 'logprobs', 'n', 'seed'], countTokens: true },
    embeddings: true,
    imageGeneration: true,
    videoGeneration: true,
  },
  media: vertexMedia,
  extraSettings(env) {
    const location = env.VERTEX_LOCATION || 'europe-west4';
    return { extra: { project: env.VERTEX_PROJECT ?? '', location }, defaultBaseUrl: `https://${location}-aiplatform.googleapis.com` };
  },
  createAdapter: createVertexAdapter,
} satisfies ProviderDescriptor;
