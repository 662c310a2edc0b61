// Amazon Bedrock: chat through the Converse and ConverseStream APIs (one
// shape for every model family), embeddings through InvokeModel with the
// Titan and Cohere models' own bodies; every request SigV4-signed.
import { randomUUID } from 'node:crypto';
import type { CanonicalRequest, EmbeddingRequest, EmbeddingResult, StreamEvent, Usage } from '../../protocols/canonical.ts';
import { bodyError, joinUrl, send, type UpstreamResponse } from '../transport/http.ts';
import { malformed, ProviderError, unsupported, type AdapterOptions, type CallContext, type ChatAdapter, type Embedder, type ProviderDescriptor, type ProviderErrorCode } from '../types.ts';
import { baseModelId, checkProfileRegion, REGION, credentialsOf, eventStreamMessages, headerValue, regionOf, signedHeaders } from './aws.ts';
import { converseBody, finish, jsonTool, parseConverse, usageOf } from './converse.ts';

const EVENT_STREAM = 'application/vnd.amazon.eventstream';

/**
 * Bedrock names its errors (x-amzn-errortype); most map by their HTTP status,
 * these by what they mean: the model itself timing out or failing is the
 * provider's failure, not a refusal of the request, and an exhausted account
 * quota is a rate limit (AWS documents it as retryable later).
 */
const ERROR_CODES: Record<string, ProviderErrorCode> = {
  ModelTimeoutException: 'timeout',
  ModelErrorException: 'upstream_error',
  ServiceQuotaExceededException: 'rate_limited',
};

/** Exceptions inside a ConverseStream body (:exception-type), by what they mean. */
const STREAM_ERROR_CODES: Record<string, ProviderErrorCode> = {
  throttlingException: 'rate_limited',
  validationException: 'upstream_rejected',
  serviceUnavailableException: 'upstream_error',
  internalServerException: 'upstream_error',
  modelStreamErrorException: 'upstream_error',
};

function canonicalError(err: unknown): unknown {
  if (!(err instanceof ProviderError) || !err.upstreamType) return err;
  const code = ERROR_CODES[err.upstreamType];
  if (!code || code === err.code) return err;
  const { status, retryAfterMs, upstreamBody, upstreamType } = err;
  return new ProviderError('bedrock', code, err.message, { status, retryAfterMs, upstreamBody, upstreamType, cause: err });
}

const modelPath = (model: string, action: 'converse' | 'converse-stream' | 'invoke') => `model/${encodeURIComponent(model)}/${action}`;

/** One signed POST; retried by the transport with the same signature (valid for five minutes). */
async function post(ctx: CallContext, path: string, body: unknown, accept = 'application/json'): Promise<UpstreamResponse> {
  const url = joinUrl(ctx.settings.baseUrl, path);
  const text = JSON.stringify(body);
  const headers = await signedHeaders(url, text, credentialsOf(ctx), regionOf(ctx), accept);
  try {
    return await send('bedrock', ctx, { url, headers, body: text });
  } catch (err) {
    throw canonicalError(err);
  }
}

async function postJson(ctx: CallContext, path: string, body: unknown): Promise<{ json: any; res: UpstreamResponse }> {
  const res = await post(ctx, path, body);
  const text = await res.body.text().catch((err: unknown) => {
    throw bodyError('bedrock', ctx, err);
  });
  try {
    return { json: JSON.parse(text), res };
  } catch {
    throw malformed('bedrock', `a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

function header(res: UpstreamResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

type BlockKind = 'text' | 'tool' | 'json';

/** ConverseStream's events onto canonical ones. Text blocks have no start event; tool blocks do. */
class StreamMapper {
  private readonly blocks = new Map<number, { kind: BlockKind; tool?: number }>();
  private tools = 0;
  private stopReason: string | undefined;
  private usage: Usage | undefined;
  private readonly jsonName: string | undefined;

  constructor(jsonName: string | undefined) {
    this.jsonName = jsonName;
  }

  *map(type: string | undefined, event: any): Generator<StreamEvent> {
    switch (type) {
      case 'contentBlockStart': {
        const use = event.start?.toolUse;
        if (!use) return;
        if (use.name === this.jsonName) this.blocks.set(event.contentBlockIndex, { kind: 'json' });
        else {
          const tool = this.tools++;
          this.blocks.set(event.contentBlockIndex, { kind: 'tool', tool });
          yield { type: 'tool_call_start', index: tool, id: use.toolUseId, name: use.name };
        }
        return;
      }
      case 'contentBlockDelta': {
        const delta = event.delta ?? {};
        const block = this.blocks.get(event.contentBlockIndex) ?? { kind: 'text' };
        if (typeof delta.text === 'string' && delta.text) yield { type: 'text', delta: delta.text };
        else if (typeof delta.reasoningContent?.text === 'string' && delta.reasoningContent.text) yield { type: 'reasoning', delta: delta.reasoningContent.text };
        else if (typeof delta.toolUse?.input === 'string' && delta.toolUse.input) {
          if (block.kind === 'json') yield { type: 'text', delta: delta.toolUse.input };
          else if (block.kind === 'tool') yield { type: 'tool_call_args', index: block.tool!, delta: delta.toolUse.input };
        }
        return;
      }
      case 'messageStop':
        this.stopReason = event.stopReason ?? 'end_turn';
        return;
      case 'metadata':
        this.usage = usageOf(event.usage);
        return;
      // messageStart, contentBlockStop and later event types carry nothing to map.
    }
  }

  *end(): Generator<StreamEvent> {
    if (this.stopReason === undefined) throw malformed('bedrock', 'a stream that ended before messageStop');
    yield { type: 'finish', finishReason: finish(this.stopReason, this.jsonName !== undefined), usage: this.usage ?? usageOf(undefined) };
  }
}

function streamException(message: { headers: Record<string, { type: string; value: unknown }> }, payload: any): ProviderError {
  const type = headerValue(message as any, ':exception-type') ?? headerValue(message as any, ':error-code') ?? 'exception';
  const text = payload?.message ?? headerValue(message as any, ':error-message') ?? JSON.stringify(payload);
  return new ProviderError('bedrock', STREAM_ERROR_CODES[type] ?? 'upstream_error', `bedrock reported ${type} mid-stream: ${text}`, {
    upstreamBody: JSON.stringify(payload ?? {}).slice(0, 2000),
    upstreamType: type,
  });
}

function decodePayload(body: Uint8Array): any {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw malformed('bedrock', `a stream event that is not JSON: ${text.slice(0, 200)}`);
  }
}

// ---- embeddings (InvokeModel, each family's own body) ----

const EMBED_CONCURRENCY = 4;
const COHERE_BATCH = 96;

async function titanEmbed(req: EmbeddingRequest, ctx: CallContext): Promise<{ embeddings: number[][]; tokens: number }> {
  const v2 = baseModelId(req.model).startsWith('amazon.titan-embed-text-v2');
  if (req.dimensions !== undefined && !v2) throw unsupported('bedrock', 'dimensions', `${req.model} has a fixed size; amazon.titan-embed-text-v2:0 takes 256, 512 or 1024`, 'dimensions');
  // Titan embeds one text per call: a few calls at once, in input order.
  const embeddings: number[][] = new Array(req.input.length);
  let tokens = 0;
  let next = 0;
  const worker = async () => {
    while (next < req.input.length) {
      const i = next++;
      const { json } = await postJson(ctx, modelPath(req.model, 'invoke'), {
        inputText: req.input[i],
        ...(v2 ? { normalize: true, ...(req.dimensions !== undefined ? { dimensions: req.dimensions } : {}) } : {}),
      });
      if (!Array.isArray(json?.embedding)) throw malformed('bedrock', 'a Titan answer without embedding[]');
      embeddings[i] = json.embedding;
      tokens += json.inputTextTokenCount ?? 0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(EMBED_CONCURRENCY, req.input.length) }, worker));
  return { embeddings, tokens };
}

async function cohereEmbed(req: EmbeddingRequest, ctx: CallContext): Promise<{ embeddings: number[][]; tokens: number }> {
  const v4 = baseModelId(req.model).startsWith('cohere.embed-v4');
  if (req.dimensions !== undefined && !v4) throw unsupported('bedrock', 'dimensions', `${req.model} has a fixed size; cohere.embed-v4:0 takes 256, 512, 1024 or 1536`, 'dimensions');
  const embeddings: number[][] = [];
  let tokens = 0;
  for (let i = 0; i < req.input.length; i += COHERE_BATCH) {
    const texts = req.input.slice(i, i + COHERE_BATCH);
    const { json, res } = await postJson(ctx, modelPath(req.model, 'invoke'), {
      texts,
      // The gateway's embeddings have no input type; stored documents are the common case.
      input_type: 'search_document',
      embedding_types: ['float'],
      ...(req.dimensions !== undefined ? { output_dimension: req.dimensions } : {}),
    });
    const floats = Array.isArray(json?.embeddings) ? json.embeddings : json?.embeddings?.float;
    if (!Array.isArray(floats) || floats.length !== texts.length) throw malformed('bedrock', 'a Cohere answer without one float embedding per text');
    embeddings.push(...floats);
    tokens += Number(header(res, 'x-amzn-bedrock-input-token-count') ?? 0) || 0;
  }
  return { embeddings, tokens };
}

async function embed(req: EmbeddingRequest, ctx: CallContext): Promise<EmbeddingResult> {
  checkProfileRegion(req.model, regionOf(ctx));
  const base = baseModelId(req.model);
  const run = base.startsWith('amazon.titan-embed-text') ? titanEmbed : base.startsWith('cohere.embed') ? cohereEmbed : undefined;
  if (!run) throw unsupported('bedrock', `embeddings with ${req.model}`, 'Bedrock embeds text with the Titan (amazon.titan-embed-text-*) and Cohere (cohere.embed-*) models', 'model');
  const { embeddings, tokens } = await run(req, ctx);
  return { embeddings, model: req.model, provider: 'bedrock', dimensions: embeddings[0]?.length ?? 0, usage: { inputTokens: tokens, totalTokens: tokens } };
}

export function createBedrockAdapter(opts: AdapterOptions = {}): ChatAdapter & Embedder {
  const cap = (model: string) => opts.maxOutputTokens?.(baseModelId(model));
  const body = (req: CanonicalRequest, wire: unknown) => (wire as Record<string, unknown> | undefined) ?? converseBody(req, cap(req.model));
  return {
    id: 'bedrock',
    defaultModel: 'amazon.nova-lite-v1:0',
    defaultEmbeddingModel: 'amazon.titan-embed-text-v2:0',
    validate: (req) => converseBody(req, cap(req.model)),
    async complete(req, ctx, wire) {
      const sent = body(req, wire);
      checkProfileRegion(req.model, regionOf(ctx));
      const { json, res } = await postJson(ctx, modelPath(req.model, 'converse'), sent);
      return parseConverse(req, json, header(res, 'x-amzn-requestid') ?? randomUUID());
    },
    async *stream(req, ctx, wire) {
      const sent = body(req, wire);
      checkProfileRegion(req.model, regionOf(ctx));
      const res = await post(ctx, modelPath(req.model, 'converse-stream'), sent, EVENT_STREAM);
      const requestId = header(res, 'x-amzn-requestid');
      if (requestId) yield { type: 'meta', requestId };
      const mapper = new StreamMapper(jsonTool(req)?.name);
      try {
        for await (const message of eventStreamMessages(res.body)) {
          const kind = headerValue(message, ':message-type');
          const payload = decodePayload(message.body);
          if (kind === 'exception' || kind === 'error') throw streamException(message, payload);
          yield* mapper.map(headerValue(message, ':event-type'), payload);
        }
      } catch (err) {
        throw bodyError('bedrock', ctx, err);
      } finally {
        if (!res.body.destroyed) res.body.destroy();
      }
      yield* mapper.end();
    },
    embed,
  };
}

export default {
  id: 'bedrock',
  // The standard AWS variables, so the credentials an operator's AWS tooling uses work as they are.
  keyEnv: 'AWS_ACCESS_KEY_ID',
  baseUrlEnv: 'BEDROCK_BASE_URL',
  regionEnv: 'BEDROCK_REGION',
  defaultBaseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com',
  local: false,
  concurrency: 20,
  capabilities: { chat: { tools: true, json: true, cachedTokens: true, options: ['topK'] }, embeddings: true },
  // BEDROCK_REGION wins over AWS_REGION, so Bedrock can run in another region than the rest of an operator's AWS use.
  extraSettings(env) {
    const region = (env.BEDROCK_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1').trim();
    const extra = { region, accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '', sessionToken: env.AWS_SESSION_TOKEN ?? '' };
    return REGION.test(region) ? { extra, defaultBaseUrl: `https://bedrock-runtime.${region}.amazonaws.com` } : { extra };
  },
  createAdapter: createBedrockAdapter,
} satisfies ProviderDescriptor;
