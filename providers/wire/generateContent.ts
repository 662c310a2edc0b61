// The generateContent wire format, shared by the Gemini API and Vertex AI:
// both take the same request body and send the same responses; only the URL
// layout and auth differ, and those stay in each provider's own folder.
import { randomBytes } from 'node:crypto';
import type {
  CanonicalRequest,
  CanonicalResult,
  Choice,
  ContentPart,
  FinishReason,
  Message,
  ProviderId,
  StreamEvent,
  ThinkingEffort,
  ToolCall,
  TokenLogprob,
  Usage,
} from '../../protocols/canonical.ts';
import { send, sendJson, type UpstreamResponse } from '../transport/http.ts';
import { namedSchema, thinkingMaxTokens } from './requestOptions.ts';
import { parseEventJson, sseMessages } from '../transport/sse.ts';
import { ProviderError, unsupported, type CallContext, type ChatAdapter, type AdapterOptions } from '../types.ts';

interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType: string; fileUri: string };
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  functionResponse?: { name: string; response: Record<string, unknown>; id?: string };
}

interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

interface GeminiUsageMetadata {
  promptTokenCount?: number;
  cachedContentTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

interface GeminiTokenCandidate {
  token?: string;
  logProbability?: number;
}

interface GeminiLogprobsResult {
  topCandidates?: Array<{ candidates?: GeminiTokenCandidate[] }>;
  chosenCandidates?: GeminiTokenCandidate[];
}

/** The chosen token at each step, with that step's top candidates. */
function logprobsOf(result: GeminiLogprobsResult | undefined): TokenLogprob[] | undefined {
  const chosen = result?.chosenCandidates;
  if (!chosen) return undefined;
  return chosen.map((c, i) => ({
    token: c.token ?? '',
    logprob: c.logProbability ?? 0,
    top: (result!.topCandidates?.[i]?.candidates ?? []).map((t) => ({ token: t.token ?? '', logprob: t.logProbability ?? 0 })),
  }));
}

interface GeminiCandidate {
  /** Which of candidateCount answers this is (absent: the first). */
  index?: number;
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
  logprobsResult?: GeminiLogprobsResult;
  groundingMetadata?: { groundingChunks?: Array<{ web?: { uri?: string; title?: string } }> };
}

interface GenerateContentResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  error?: { code?: number; message?: string; status?: string };
}

// ---------------------------------------------------------------- tool-call ids
//
// Gemini names calls but (mostly) gives them no id, while every canonical
// consumer needs one to pair a tool result with its call. We mint ids, and we
// also fold the call's thoughtSignature into the id: Gemini 3 rejects a replayed
// functionCall without the signature it came with, and the id is the only thing
// clients reliably echo back (the same trick LiteLLM uses). An id Gemini did
// send is kept behind a marker, so that only Gemini's own ids go back upstream,
// never those of another provider's history.

const UPSTREAM_ID = 'gid_';
const SIGNATURE_SEPARATOR = '__ts_';
// Google's documented sentinel for replaying a call whose signature is lost
// (history from another provider, or a client that rebuilt the ids).
const SKIP_SIGNATURE = 'skip_thought_signature_validator';

function mintId(prefix = 'call'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function toolCallId(call: NonNullable<GeminiPart['functionCall']>, signature: string | undefined): string {
  const base = call.id ? `${UPSTREAM_ID}${call.id}` : mintId();
  return signature ? `${base}${SIGNATURE_SEPARATOR}${Buffer.from(signature).toString('base64url')}` : base;
}

function splitCallId(id: string): { upstreamId?: string; signature?: string } {
  const at = id.indexOf(SIGNATURE_SEPARATOR);
  const base = at === -1 ? id : id.slice(0, at);
  const signature = at === -1 ? undefined : Buffer.from(id.slice(at + SIGNATURE_SEPARATOR.length), 'base64url').toString();
  return { upstreamId: base.startsWith(UPSTREAM_ID) ? base.slice(UPSTREAM_ID.length) : undefined, signature };
}

// ---------------------------------------------------------------- request

// The spec adds the thinking budget on top of maxTokens, capped at the model's
// output limit. The pricing catalogue knows each model's; for models it does
// not know, 65,536 is the limit of every Gemini 2.5 and 3 model.
const FALLBACK_MAX_OUTPUT = 65_536;
// Gemini takes a token budget, not an effort level. These sit inside every 2.5
// model's allowed range (Pro: 128 to 32,768; Flash: 0 to 24,576).
const EFFORT_BUDGET: Record<ThinkingEffort, number> = { minimal: 128, low: 1024, medium: 8192, high: 24_576 };

/** candidateCount's ceiling. */
const MAX_CANDIDATES = 8;

function validateGenerateContent(provider: ProviderId, req: CanonicalRequest): void {
  if (req.promptCaching) throw unsupported(provider, 'promptCaching', 'Gemini caches prompt prefixes implicitly, with no opt-in');
  if (req.promptCacheKey !== undefined) throw unsupported(provider, 'promptCacheKey');
  if (req.safetyIdentifier !== undefined) throw unsupported(provider, 'safetyIdentifier');
  if (req.parallelToolCalls === false) throw unsupported(provider, 'parallelToolCalls: false', 'Gemini cannot be limited to one call per turn');
  if ((req.n ?? 1) > MAX_CANDIDATES) throw unsupported(provider, `n = ${req.n}`, `Gemini generates at most ${MAX_CANDIDATES} candidates`);
  const web = req.webSearch;
  if (web?.enabled) {
    if (web.allowedDomains?.length || web.blockedDomains?.length) {
      throw unsupported(provider, 'webSearch domain filters', 'Google Search grounding takes no domain lists');
    }
    if (web.recencyFilter) throw unsupported(provider, 'webSearch.recencyFilter');
    if (web.maxUses !== undefined) throw unsupported(provider, 'webSearch.maxUses', 'Gemini decides how many searches to run');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseArgs(provider: ProviderId, call: ToolCall): Record<string, unknown> {
  let args: unknown;
  try {
    args = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
  } catch {
    args = undefined;
  }
  if (!isRecord(args)) {
    throw unsupported(provider, 'tool call arguments that are not a JSON object', `call ${call.id} (${call.function.name})`);
  }
  return args;
}

const DATA_URI = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

function guessImageType(url: string): string {
  const ext = new URL(url).pathname.split('.').pop()?.toLowerCase();
  return { png: 'image/png', gif: 'image/gif', webp: 'image/webp', heic: 'image/heic', heif: 'image/heif' }[ext ?? ''] ?? 'image/jpeg';
}

function userParts(provider: ProviderId, content: string | ContentPart[]): GeminiPart[] {
  if (typeof content === 'string') return [{ text: content }];
  return content.map((part): GeminiPart => {
    switch (part.type) {
      case 'text':
        return { text: part.text };
      case 'video':
        if (!part.data) throw unsupported(provider, 'video parts without inline data', 'the fileId was not resolved');
        return { inlineData: { mimeType: part.mimeType, data: part.data } };
      case 'image': {
        if (part.data) return { inlineData: { mimeType: part.mimeType ?? 'image/png', data: part.data } };
        const uri = DATA_URI.exec(part.url ?? '');
        if (uri) return { inlineData: { mimeType: uri[1]!, data: uri[2]! } };
        if (part.url) return { fileData: { mimeType: part.mimeType ?? guessImageType(part.url), fileUri: part.url } };
        throw unsupported(provider, 'image parts without data or url');
      }
    }
  });
}

function functionResponse(content: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(content);
    if (isRecord(parsed)) return parsed;
    return { output: parsed };
  } catch {
    // Google's convention for a plain result is the "output" key.
    return { output: content };
  }
}

/** Gemini needs each tool result's function name, which the canonical tool message only carries as an id. */
function resolveToolNames(provider: ProviderId, messages: Message[]): Map<Message, { name: string; id: string }> {
  const byId = new Map<string, string>();
  const resolved = new Map<Message, { name: string; id: string }>();
  let pending: ToolCall[] = [];
  let answered = 0;
  for (const m of messages) {
    if (m.role === 'assistant') {
      pending = m.toolCalls ?? [];
      answered = 0;
      for (const call of pending) byId.set(call.id, call.function.name);
    } else if (m.role === 'tool') {
      // A client that rewrote the ids still answers in order, so fall back to position.
      const name = byId.get(m.toolCallId) ?? pending[answered]?.function.name;
      if (!name) {
        throw unsupported(provider, 'a tool result that answers no earlier tool call', `toolCallId ${m.toolCallId}`);
      }
      const id = byId.has(m.toolCallId) ? m.toolCallId : (pending[answered]?.id ?? m.toolCallId);
      resolved.set(m, { name, id });
      answered++;
    }
  }
  return resolved;
}

function assistantParts(provider: ProviderId, model: string, m: Extract<Message, { role: 'assistant' }>): GeminiPart[] {
  const parts: GeminiPart[] = [];
  if (m.content) parts.push({ text: m.content });
  const calls = m.toolCalls ?? [];
  const split = calls.map((call) => splitCallId(call.id));
  // Only Gemini 3 enforces signatures, and only the first call of a parallel
  // batch carries one; older models may reject a signature they did not issue.
  const needsSentinel = /^gemini-3[.-]/.test(model) && calls.length > 0 && !split.some((s) => s.signature);
  calls.forEach((call, i) => {
    const { upstreamId, signature } = split[i]!;
    const part: GeminiPart = {
      functionCall: { name: call.function.name, args: parseArgs(provider, call), ...(upstreamId ? { id: upstreamId } : {}) },
    };
    const sig = signature ?? (needsSentinel && i === 0 ? SKIP_SIGNATURE : undefined);
    if (sig) part.thoughtSignature = sig;
    parts.push(part);
  });
  return parts;
}

function thinkingConfig(req: CanonicalRequest): { config?: Record<string, unknown>; budget: number } {
  const t = req.thinkingMode;
  if (!t) return { budget: 0 };
  if (!t.enabled) return { config: { thinkingBudget: 0 }, budget: 0 };
  // -1 is Gemini's "dynamic" budget: the model decides how long to think.
  const budget = t.budget ?? (t.effort ? EFFORT_BUDGET[t.effort] : -1);
  return { config: { thinkingBudget: budget, includeThoughts: true }, budget: Math.max(budget, 0) };
}

function toGenerateContentRequest(provider: ProviderId, req: CanonicalRequest, maxOutput: number): Record<string, unknown> {
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const toolNames = resolveToolNames(provider, req.messages);
  const push = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (!parts.length) return;
    const last = contents.at(-1);
    // Gemini wants turns to alternate, and all results of one model turn's calls in one user turn.
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const m of req.messages) {
    switch (m.role) {
      case 'system':
        system.push({ text: m.content });
        break;
      case 'user':
        push('user', userParts(provider, m.content));
        break;
      case 'assistant':
        push('model', assistantParts(provider, req.model, m));
        break;
      case 'tool': {
        const { name, id } = toolNames.get(m)!;
        const { upstreamId } = splitCallId(id);
        push('user', [{ functionResponse: { name, response: functionResponse(m.content), ...(upstreamId ? { id: upstreamId } : {}) } }]);
        break;
      }
    }
  }

  const generationConfig: Record<string, unknown> = {};
  if (req.temperature !== undefined) generationConfig.temperature = req.temperature;
  if (req.topP !== undefined) generationConfig.topP = req.topP;
  if (req.topK !== undefined) generationConfig.topK = req.topK;
  if (req.seed !== undefined) generationConfig.seed = req.seed;
  if (req.n !== undefined && req.n > 1) generationConfig.candidateCount = req.n;
  if (req.logprobs) {
    generationConfig.responseLogprobs = true;
    if (req.logprobs.top) generationConfig.logprobs = req.logprobs.top;
  }
  if (req.presencePenalty !== undefined) generationConfig.presencePenalty = req.presencePenalty;
  if (req.frequencyPenalty !== undefined) generationConfig.frequencyPenalty = req.frequencyPenalty;
  if (req.stop?.length) generationConfig.stopSequences = req.stop;
  const thinking = thinkingConfig(req);
  // Without maxTokens the model's own ceiling applies; a bare thinking budget must not become the cap.
  if (req.maxTokens !== undefined) generationConfig.maxOutputTokens = thinkingMaxTokens(req.maxTokens, thinking.budget, maxOutput);
  if (thinking.config) generationConfig.thinkingConfig = thinking.config;
  if (req.responseFormat === 'json' || req.responseFormat === 'json_schema') generationConfig.responseMimeType = 'application/json';
  // responseJsonSchema takes full JSON Schema; the older responseSchema only an OpenAPI subset.
  if (req.responseFormat === 'json_schema' && req.jsonSchema) generationConfig.responseJsonSchema = namedSchema(req).schema;

  const tools: Record<string, unknown>[] = [];
  if (req.tools?.length) {
    tools.push({
      functionDeclarations: req.tools.map((t) => ({
        name: t.function.name,
        ...(t.function.description ? { description: t.function.description } : {}),
        // parametersJsonSchema, unlike parameters, accepts what OpenAI-style clients send (additionalProperties, $defs...).
        ...(t.function.parameters ? { parametersJsonSchema: t.function.parameters } : {}),
      })),
    });
  }
  if (req.webSearch?.enabled) tools.push({ googleSearch: {} });

  const body: Record<string, unknown> = { contents };
  if (system.length) body.systemInstruction = { parts: system };
  if (tools.length) body.tools = tools;
  if (req.toolChoice && req.tools?.length) body.toolConfig = { functionCallingConfig: functionCallingConfig(req.toolChoice) };
  if (Object.keys(generationConfig).length) body.generationConfig = generationConfig;
  return body;
}

function functionCallingConfig(choice: NonNullable<CanonicalRequest['toolChoice']>): Record<string, unknown> {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.function.name] };
}

// ---------------------------------------------------------------- response

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

function finishReasonOf(raw: string | undefined, hasCalls: boolean, blocked: boolean): FinishReason {
  if (hasCalls) return 'tool_calls';
  if (blocked || (raw && FILTERED.has(raw))) return 'content_filter';
  if (raw === 'MAX_TOKENS') return 'length';
  return 'stop';
}

function usageOf(meta: GeminiUsageMetadata | undefined): Usage {
  // Grounding results are fed back to the model and billed as input.
  const input = (meta?.promptTokenCount ?? 0) + (meta?.toolUsePromptTokenCount ?? 0);
  const thoughts = meta?.thoughtsTokenCount ?? 0;
  const output = (meta?.candidatesTokenCount ?? 0) + thoughts;
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: meta?.totalTokenCount ?? input + output,
    cachedTokens: meta?.cachedContentTokenCount ?? 0,
    ...(thoughts ? { reasoningTokens: thoughts } : {}),
  };
}

function citationsOf(res: GenerateContentResponse): string[] {
  const chunks = res.candidates?.[0]?.groundingMetadata?.groundingChunks ?? [];
  return chunks.map((c) => c.web?.uri).filter((uri): uri is string => !!uri);
}

function upstreamFailure(provider: ProviderId, res: GenerateContentResponse): ProviderError {
  const e = res.error!;
  return new ProviderError(provider, 'upstream_error', `${provider} failed mid-stream: ${e.status ?? e.code ?? ''} ${e.message ?? ''}`.trim(), {
    status: e.code,
    upstreamBody: JSON.stringify(res).slice(0, 2000),
  });
}

function choiceOf(candidate: GeminiCandidate | undefined, blocked: boolean): Choice & { reasoning: string } {
  const parts = candidate?.content?.parts ?? [];
  const toolCalls: ToolCall[] = parts
    .filter((p) => p.functionCall)
    .map((p) => ({
      id: toolCallId(p.functionCall!, p.thoughtSignature),
      type: 'function',
      function: { name: p.functionCall!.name, arguments: JSON.stringify(p.functionCall!.args ?? {}) },
    }));
  const logprobs = logprobsOf(candidate?.logprobsResult);
  return {
    content: parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join(''),
    ...(toolCalls.length ? { toolCalls } : {}),
    finishReason: finishReasonOf(candidate?.finishReason, toolCalls.length > 0, blocked),
    ...(logprobs ? { logprobs } : {}),
    reasoning: parts.filter((p) => p.thought && p.text).map((p) => p.text).join(''),
  };
}

function fromGenerateContentResponse(provider: ProviderId, req: CanonicalRequest, res: GenerateContentResponse): CanonicalResult {
  // candidateCount > 1: the first candidate is the answer, the others its extra choices.
  const candidates = [...(res.candidates ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const { reasoning, ...first } = choiceOf(candidates[0], !candidates.length && !!res.promptFeedback?.blockReason);
  const more = candidates.slice(1).map((c) => {
    const { reasoning: _, ...choice } = choiceOf(c, false);
    return choice;
  });
  const citations = [...new Set(citationsOf(res))];
  return {
    ...first,
    usage: usageOf(res.usageMetadata),
    model: res.modelVersion ?? req.model,
    provider,
    requestId: res.responseId ?? mintId('req'),
    ...(reasoning ? { reasoning } : {}),
    ...(citations.length ? { citations } : {}),
    ...(more.length ? { choices: more } : {}),
  };
}

/** Each SSE event of streamGenerateContent?alt=sse is a whole GenerateContentResponse. */
async function* streamEventsOf(provider: ProviderId, ctx: CallContext, res: UpstreamResponse): AsyncGenerator<StreamEvent> {
  // Per candidate (candidateCount > 1 streams several, each under its index): tool calls so far and finish reason.
  const calls: number[] = [0];
  const finishes: Array<string | undefined> = [undefined];
  let started = false;
  let blocked = false;
  let usage: GeminiUsageMetadata | undefined;
  const citations = new Set<string>();
  for await (const message of sseMessages(provider, ctx, res)) {
    const chunk = parseEventJson<GenerateContentResponse>(provider, message.data);
    if (chunk.error) throw upstreamFailure(provider, chunk);
    if (!started) {
      started = true;
      yield { type: 'meta', model: chunk.modelVersion, requestId: chunk.responseId };
    }
    for (const candidate of chunk.candidates ?? []) {
      const at = candidate.index ?? 0;
      const which = at ? { choice: at } : {};
      calls[at] ??= 0;
      // A chunk's logprobs cover its answer text: they ride on its first text event.
      let logprobs = logprobsOf(candidate.logprobsResult);
      for (const part of candidate.content?.parts ?? []) {
        if (part.functionCall) {
          const index = calls[at]++;
          const id = toolCallId(part.functionCall, part.thoughtSignature);
          yield { type: 'tool_call_start', index, id, name: part.functionCall.name, ...which };
          yield { type: 'tool_call_args', index, delta: JSON.stringify(part.functionCall.args ?? {}), ...which };
        } else if (part.text && part.thought) {
          yield { type: 'reasoning', delta: part.text, ...which };
        } else if (part.text) {
          yield { type: 'text', delta: part.text, ...(logprobs?.length ? { logprobs } : {}), ...which };
          logprobs = undefined;
        }
      }
      if (logprobs?.length) yield { type: 'text', delta: '', logprobs, ...which };
      if (candidate.finishReason) finishes[at] = candidate.finishReason;
    }
    for (const uri of citationsOf(chunk)) citations.add(uri);
    if (!chunk.candidates?.length && chunk.promptFeedback?.blockReason) blocked = true;
    if (chunk.usageMetadata) usage = chunk.usageMetadata;
  }
  if (!finishes[0] && !blocked) {
    throw new ProviderError(provider, 'upstream_error', `${provider} ended the stream before a finish reason`);
  }
  if (citations.size) yield { type: 'citations', urls: [...citations] };
  const reasonOf = (at: number) => finishReasonOf(finishes[at], (calls[at] ?? 0) > 0, at === 0 && blocked);
  const more = Array.from({ length: Math.max(calls.length, finishes.length) - 1 }, (_, i) => reasonOf(i + 1));
  yield { type: 'finish', finishReason: reasonOf(0), usage: usageOf(usage), ...(more.length ? { moreFinishReasons: more } : {}) };
}

// ---------------------------------------------------------------- adapter core

/** Runs fn over items in batches of `size`, at most `concurrency` batches at a time, keeping order. */
export async function inBatches<T, R>(items: T[], size: number, concurrency: number, fn: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  const results: R[][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const i = next++;
      results[i] = await fn(batches[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  return results.flat();
}

/** Where a generateContent-speaking provider lives and how it authenticates. */
export interface GenerateContentEndpoint {
  id: ProviderId;
  /** URL of a model method such as generateContent; throws missing_config when settings are incomplete. */
  modelUrl(ctx: CallContext, model: string, method: string): string;
  headers(ctx: CallContext): Record<string, string>;
  /** The :countTokens body for a generateContent request body (the two APIs wrap it differently). */
  countTokensBody(model: string, request: Record<string, unknown>): Record<string, unknown>;
}

export function generateContentAdapter(
  endpoint: GenerateContentEndpoint,
  opts: AdapterOptions,
): Pick<ChatAdapter, 'validate' | 'complete' | 'stream'> & Required<Pick<ChatAdapter, 'countTokens'>> {
  const { id } = endpoint;
  const validate = (req: CanonicalRequest) => validateGenerateContent(id, req);
  const build = (req: CanonicalRequest) => toGenerateContentRequest(id, req, opts.maxOutputTokens?.(req.model) ?? FALLBACK_MAX_OUTPUT);
  return {
    validate,
    async complete(req, ctx) {
      validate(req);
      const body = build(req);
      const res = await sendJson<GenerateContentResponse>(id, ctx, {
        url: endpoint.modelUrl(ctx, req.model, 'generateContent'),
        headers: endpoint.headers(ctx),
        body,
      });
      return fromGenerateContentResponse(id, req, res);
    },
    async *stream(req, ctx) {
      validate(req);
      const body = build(req);
      const res = await send(id, ctx, {
        url: `${endpoint.modelUrl(ctx, req.model, 'streamGenerateContent')}?alt=sse`,
        headers: endpoint.headers(ctx),
        body,
      });
      yield* streamEventsOf(id, ctx, res);
    },
    async countTokens(req, ctx) {
      validate(req);
      const res = await sendJson<{ totalTokens?: unknown }>(id, ctx, {
        url: endpoint.modelUrl(ctx, req.model, 'countTokens'),
        headers: endpoint.headers(ctx),
        body: endpoint.countTokensBody(req.model, build(req)),
      });
      if (typeof res.totalTokens !== 'number') throw new ProviderError(id, 'upstream_error', `${id} sent a token count without totalTokens`);
      return res.totalTokens;
    },
  };
}
