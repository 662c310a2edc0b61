// Mistral La Plateforme chat completions and embeddings.
import { createHash } from 'node:crypto';
import type { EmbeddingRequest } from '../../protocols/canonical.ts';
import { createChatAdapter, type ChatDialect, type ToolIdMap } from '../wire/chatCompletions.ts';
import { hosted, unsupported, type ProviderDescriptor } from '../types.ts';

const VALID_ID = /^[a-zA-Z0-9]{9}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Mistral refuses tool-call ids that are not exactly 9 letters or digits, but
 * a conversation may carry ids minted by other providers. Each foreign id gets
 * a stable 9-character stand-in (a hash, so the assistant turn and its tool
 * result agree), and the stand-ins are translated back in the answer.
 */
export function mistralToolIds(): ToolIdMap {
  const back = new Map<string, string>();
  return {
    toWire(id) {
      if (VALID_ID.test(id)) return id;
      const digest = createHash('sha256').update(id).digest();
      const wire = Array.from(digest.subarray(0, 9), (b) => ALPHABET[b % ALPHABET.length]).join('');
      back.set(wire, id);
      return wire;
    },
    fromWire: (id) => back.get(id) ?? id,
  };
}

// Mistral's embeddings API names the size output_dimension and has no encoding_format.
function embeddingBody(req: EmbeddingRequest): Record<string, unknown> {
  return { model: req.model, input: req.input, ...(req.dimensions !== undefined ? { output_dimension: req.dimensions } : {}) };
}

export const mistralDialect: ChatDialect = {
  id: 'mistral',
  defaultModel: 'mistral-large-latest',
  defaultEmbeddingModel: 'mistral-embed',
  chatPath: 'chat/completions',
  embeddingsPath: 'embeddings',
  modelsPath: 'models',
  keyRequired: true,
  maxTokensField: 'max_tokens',
  requiredToolChoice: 'any',
  // No stream_options: Mistral rejects unknown fields (HTTP 422) and puts usage in its last chunk anyway.
  features: new Set(['tools', 'parallel_tool_calls', 'images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p', 'seed', 'n']),
  seedField: 'random_seed',
  // Magistral models always reason (their thinking arrives as typed content chunks); there is no switch or budget.
  thinking: () => {
    throw unsupported('mistral', 'thinkingMode', 'choose a magistral model, which always reasons');
  },
  webSearch: () => {
    throw unsupported('mistral', 'webSearch', 'Mistral searches only through its Agents API');
  },
  toolIds: mistralToolIds,
  embeddingBody,
};

export default {
  id: 'mistral',
  ...hosted('MISTRAL', 'https://api.mistral.ai/v1'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: false, options: ['seed', 'n'] }, embeddings: true, liveModels: true },
  createAdapter: (opts = {}) => createChatAdapter(mistralDialect, opts),
} satisfies ProviderDescriptor;
