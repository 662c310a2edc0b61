// LocalAI: a local runtime speaking the OpenAI protocol under {base}/v1.
import { Agent } from 'undici';
import { createChatAdapter, type ChatDialect } from '../wire/chatCompletions.ts';
import { local, type ProviderDescriptor } from '../types.ts';
import { localaiMedia } from './media.ts';

// A runtime that is not running should fail in a second or two, naming its
// address, not after the default 10 s connect timeout per attempt.
const CONNECT_TIMEOUT_MS = 1_500;
const localPool = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, keepAliveTimeout: 30_000 });

export const localaiDialect: ChatDialect = {
  id: 'localai',
  defaultModel: 'llama-3.2-1b-instruct',
  defaultEmbeddingModel: 'text-embedding-ada-002',
  chatPath: 'v1/chat/completions',
  embeddingsPath: 'v1/embeddings',
  modelsPath: 'v1/models',
  keyRequired: false,
  maxTokensField: 'max_tokens',
  features: new Set(['tools', 'images', 'json', 'json_schema', 'penalties', 'stop', 'temperature', 'top_p', 'top_k', 'seed', 'stream_usage_option']),
  dispatcher: localPool,
};

export default {
  id: 'localai',
  ...local('LOCALAI', 'http://127.0.0.1:8090'),
  capabilities: { chat: { tools: true, json: true, cachedTokens: false, options: ['topK', 'seed'] }, embeddings: true, liveModels: true, imageGeneration: true },
  media: localaiMedia,
  createAdapter: (opts = {}) => createChatAdapter(localaiDialect, opts),
} satisfies ProviderDescriptor;
