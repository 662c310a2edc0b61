import type {
  DialogueRequest,
  ImageRequest,
  MusicRequest,
  SoundEffectRequest,
  SpeechRequest,
  StoredMedia,
  TaskProgress,
  Transcript,
  TranscriptionRequest,
  VideoRequest,
  Voice,
} from '../protocols/media.ts';
import type { MediaStore } from '../media/store.ts';
import type { AgentPart, AgentWiring, PostCallReport, SignedConversation, UpstreamAgent, VoiceAgentSpec } from '../protocols/agents.ts';
import type {
  OptionalChatOption,
  CanonicalRequest,
  CanonicalResult,
  EmbeddingRequest,
  EmbeddingResult,
  ModelInfo,
  ProviderId,
  StreamEvent,
} from '../protocols/canonical.ts';

/** Where and how to reach one provider, read from the environment by providers/settings.ts. */
export interface ProviderSettings {
  id: ProviderId;
  baseUrl: string;
  /** Undefined for local providers and for hosted ones whose key is not set. */
  apiKey?: string;
  /** Provider-specific extras (vertex project and location). */
  extra: Record<string, string>;
  /** Name of the environment variable holding the key, for error messages. */
  keyEnv?: string;
  baseUrlEnv: string;
  local: boolean;
  /** Deadline for the provider's answer and, streaming, between chunks (PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface CallContext {
  settings: ProviderSettings;
  /** Aborts the upstream call (cancel, client gone, timeout). */
  signal: AbortSignal;
  /** Upstream timeout for the whole call in ms; streams count time between chunks. */
  timeoutMs?: number;
  /** The caller's retry policy (core/routing.ts); the transport's defaults otherwise. */
  retry?: RetryPolicy;
  /** Told of every upstream request sent and every failed one (metrics, the routing result). */
  observer?: UpstreamObserver;
}

export interface RetryPolicy {
  /** Attempts in all, the first included. An upstream request's own `attempts` caps it. */
  attempts: number;
  initialBackoffMs: number;
  /** Upper bound of every wait; a longer Retry-After is not waited for. */
  maxBackoffMs: number;
}

export interface UpstreamObserver {
  /** An upstream request is about to be sent (0 = first try). */
  sending(provider: ProviderId, attempt: number): void;
  /** It failed; `retrying` says whether another attempt follows. */
  failed(provider: ProviderId, err: ProviderError, retrying: boolean): void;
}

/**
 * One provider's operations: each maps the canonical model to the provider's
 * wire format and back. A provider offers exactly the operations it defines;
 * its descriptor's capabilities say the same (a test holds them together).
 */
export interface ProviderAdapter {
  id: ProviderId;
  /** Model used when a request names none. */
  defaultModel?: string;
  defaultEmbeddingModel?: string;
  /**
   * Throws ProviderError('unsupported_option') for options this provider
   * cannot honour. It may return the wire request it built on the way, which
   * complete and stream then take back (`wire`) instead of building it again.
   */
  validate?(req: CanonicalRequest): unknown;
  complete?(req: CanonicalRequest, ctx: CallContext, wire?: unknown): Promise<CanonicalResult>;
  stream?(req: CanonicalRequest, ctx: CallContext, wire?: unknown): AsyncIterable<StreamEvent>;
  embed?(req: EmbeddingRequest, ctx: CallContext): Promise<EmbeddingResult>;
  /** Live model listing from the provider itself. */
  listModels?(ctx: CallContext): Promise<ModelInfo[]>;
  /** The exact input tokens of a request, from the provider's own counting endpoint. */
  countTokens?(req: CanonicalRequest, ctx: CallContext): Promise<number>;
}

/** An adapter that completes text: the three chat methods are there. */
export type ChatAdapter = ProviderAdapter & Required<Pick<ProviderAdapter, 'validate' | 'complete' | 'stream'>>;
export type Embedder = ProviderAdapter & Required<Pick<ProviderAdapter, 'embed'>>;

/** What the chat operation of a provider honours, beyond plain text and streaming. */
export interface ChatCapabilities {
  tools: boolean;
  /** responseFormat json (and json_schema where the provider has it). */
  json: boolean;
  /** Reports prompt-cache reads in its usage. */
  cachedTokens: boolean;
  /** The optional request options it honours; core/completion.ts refuses the others before the adapter runs. */
  options?: readonly OptionalChatOption[];
  /** Counts a request's input tokens with the provider's own counting endpoint (countTokens). */
  countTokens?: boolean;
}

/** The operations a provider serves today; discovery reports these and nothing more. */
export interface ProviderCapabilities {
  chat?: ChatCapabilities;
  embeddings?: boolean;
  /** Embeds differently per use (EmbeddingRequest.inputType); the others refuse an input type. */
  embeddingInputTypes?: boolean;
  /** Lists its models itself (GET /models or the like). */
  liveModels?: boolean;
  imageGeneration?: boolean;
  videoGeneration?: boolean;
  textToSpeech?: boolean;
  speechToText?: boolean;
  soundEffects?: boolean;
  musicGeneration?: boolean;
  dialogue?: boolean;
  /** Runs conversational voice agents (templates, sessions, recordings). */
  conversationalAgents?: boolean;
}

export interface AdapterOptions {
  /** Caps maxTokens plus a thinking budget; the pricing catalogue provides it. */
  maxOutputTokens?: MaxOutputLookup;
}

/** Looks up a model's maximum output tokens. */
export type MaxOutputLookup = (model: string) => number | undefined;

/**
 * Everything the gateway knows of one provider, exported by
 * providers/<id>/index.ts: where it is, whether it is local, how many calls it
 * takes at once, what it can do, and how to build its adapter. The registry,
 * settings, concurrency defaults, discovery and the conformance suite all read
 * this one record.
 */
export interface ProviderDescriptor {
  id: ProviderId;
  /** The environment variable holding the key; local runtimes have none. */
  keyEnv?: string;
  baseUrlEnv: string;
  /** The variable naming its region, when it has regions (a deployment's `region` in switchyard.yaml sets it). */
  regionEnv?: string;
  /** Where the provider answers unless baseUrlEnv says otherwise. */
  defaultBaseUrl: string;
  local: boolean;
  /** Calls it may run at once across every process, unless PROVIDER_CONCURRENCY_<ID> says otherwise. */
  concurrency: number;
  capabilities: ProviderCapabilities;
  /** Settings beyond the key and base URL (vertex's project and region, which also pick its host). */
  extraSettings?(env: NodeJS.ProcessEnv): { extra: Record<string, string>; defaultBaseUrl?: string };
  /** A credential other than the key is configured (in `extraSettings`' extra), so the key is not needed: Azure's Microsoft Entra ID. */
  otherCredential?(extra: Record<string, string>): boolean;
  /** Absent while the provider has no operation built. */
  createAdapter?(opts?: AdapterOptions): ProviderAdapter;
  /** Its media operations (images, video, speech, sound, music, dialogue, transcription, voices). */
  media?: MediaAdapter;
  /** Its conversational voice agents. */
  agents?: AgentsAdapter;
}

/** A hosted provider's settings: <PREFIX>_API_KEY and <PREFIX>_BASE_URL, 20 calls at once. */
export function hosted(prefix: string, defaultBaseUrl: string): Pick<ProviderDescriptor, 'keyEnv' | 'baseUrlEnv' | 'defaultBaseUrl' | 'local' | 'concurrency'> {
  return { keyEnv: `${prefix}_API_KEY`, baseUrlEnv: `${prefix}_BASE_URL`, defaultBaseUrl, local: false, concurrency: 20 };
}

/** A local runtime's settings: <PREFIX>_BASE_URL only; it serves one machine's worth of compute. */
export function local(prefix: string, defaultBaseUrl: string, concurrency = 2): Pick<ProviderDescriptor, 'baseUrlEnv' | 'defaultBaseUrl' | 'local' | 'concurrency'> {
  return { baseUrlEnv: `${prefix}_BASE_URL`, defaultBaseUrl, local: true, concurrency };
}

export type ProviderErrorCode =
  | 'missing_config' // key or base URL not set
  | 'unreachable' // connection refused, DNS, reset before any answer
  | 'timeout'
  | 'rate_limited' // upstream 429 after retries
  | 'upstream_error' // upstream 5xx after retries, or a malformed answer
  | 'upstream_rejected' // upstream 4xx other than 429
  | 'unsupported_option' // the request asks for something this provider cannot do
  | 'cancelled';

export class ProviderError extends Error {
  readonly provider: ProviderId;
  readonly code: ProviderErrorCode;
  /** Upstream HTTP status, when there was one. */
  readonly status?: number;
  readonly retryAfterMs?: number;
  /** Part of the upstream body, for the task error message. */
  readonly upstreamBody?: string;
  /** The request field a refusal is about (a media request's own name for it), when it is one field. */
  readonly param?: string;
  /** The upstream's own name for the error, where its protocol gives one apart from the body (AWS's x-amzn-errortype). */
  readonly upstreamType?: string;

  constructor(
    provider: ProviderId,
    code: ProviderErrorCode,
    message: string,
    opts: { status?: number; retryAfterMs?: number; upstreamBody?: string; param?: string; upstreamType?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.code = code;
    this.status = opts.status;
    this.retryAfterMs = opts.retryAfterMs;
    this.upstreamBody = opts.upstreamBody;
    this.param = opts.param;
    this.upstreamType = opts.upstreamType;
  }
}

/**
 * A 404 whose body names no model: a path the upstream does not serve (a base
 * URL missing its /v1, a proxy's prefix), not a model it lacks. Without a body
 * to tell (an error built by hand) it stays what a 404 always meant.
 */
export function isMissingRoute(status: number | undefined, body: string | undefined): boolean {
  return status === 404 && body !== undefined && !/model/i.test(body);
}

export function unsupported(provider: ProviderId, option: string, detail = '', param?: string): ProviderError {
  return new ProviderError(
    provider,
    'unsupported_option',
    `${provider} does not support ${option}${detail ? `: ${detail}` : ''}`,
    param ? { param } : {},
  );
}

/** An upstream answer that breaks the provider's own protocol. */
export function malformed(provider: ProviderId, what: string): ProviderError {
  return new ProviderError(provider, 'upstream_error', `${provider} sent ${what}`);
}

// ---- media: what a provider offers per media operation ----
// An adapter refuses options it cannot honour at submission (prepare), then
// runs the call writing its outputs straight to the task's storage.

/** A request that breaks a documented rule of the provider (400 invalid_request), as opposed to an unsupported option. */
export class MediaRuleError extends Error {
  readonly param?: string;
  constructor(message: string, param?: string) {
    super(message);
    this.name = 'MediaRuleError';
    this.param = param;
  }
}

export interface PollSettings {
  initialMs: number;
  maxMs: number;
  timeoutMs: number;
}

export interface MediaCallContext extends CallContext {
  taskId: string;
  store: MediaStore;
  /** Reads a stored input whole (reference images, frames, audio: capped at submission). */
  read(media: StoredMedia): Promise<Buffer>;
  progress(p: Omit<TaskProgress, 'updatedAt'>): void;
  poll: PollSettings;
}

/** A provider's long-running job, stored with the task so a restarted worker resumes it. */
export interface VideoJob {
  id: string;
  [extra: string]: unknown;
}

export type VideoPoll =
  | { state: 'running'; percent?: number }
  | { state: 'failed'; message: string }
  | { state: 'done'; files: StoredMedia[]; durationSeconds?: number; model?: string };

export interface MediaAdapter {
  id: ProviderId;
  image?: {
    /** Reference images accepted per request; 0 when references are not supported. */
    maxReferences: number;
    /** Takes a mask with its references (ImageRequest.mask); refused before the adapter is asked otherwise. */
    masks?: boolean;
    prepare(req: ImageRequest): void;
    generate(req: ImageRequest, ctx: MediaCallContext): Promise<{ files: StoredMedia[]; model?: string }>;
  };
  video?: {
    /** Checks the rules and fills the provider's defaults. */
    prepare(req: Omit<VideoRequest, 'durationSeconds'> & { durationSeconds?: number }): VideoRequest;
    submit(req: VideoRequest, ctx: MediaCallContext): Promise<VideoJob>;
    poll(job: VideoJob, req: VideoRequest, ctx: MediaCallContext): Promise<VideoPoll>;
  };
  speech?: {
    prepare(req: SpeechRequest): void;
    synthesize(req: SpeechRequest, ctx: MediaCallContext): Promise<{ file: StoredMedia; characterCount?: number; requestId?: string }>;
  };
  soundEffect?: { generate(req: SoundEffectRequest, ctx: MediaCallContext): Promise<{ file: StoredMedia }> };
  music?: { generate(req: MusicRequest, ctx: MediaCallContext): Promise<{ file: StoredMedia }> };
  dialogue?: { generate(req: DialogueRequest, ctx: MediaCallContext): Promise<{ file: StoredMedia; characterCount?: number }> };
  transcription?: {
    prepare(req: TranscriptionRequest): void;
    transcribe(req: TranscriptionRequest, ctx: MediaCallContext): Promise<Transcript>;
  };
  voices?(ctx: CallContext): Promise<Voice[]>;
}


// ---- conversational agents ----
// A template is a few upstream parts (tools, a post-call webhook, the agent);
// core creates, updates and deletes them one at a time so it can undo what a
// failed step leaves behind. Configurations are plain JSON so core can tell
// which parts an update changes.

/** A call that may carry secrets in what it sends: any error message is scrubbed of them. */
export interface AgentCallContext extends CallContext {
  redact?: string[];
}

export interface AgentsAdapter {
  id: ProviderId;
  /** The wire configuration of one part; `ids` holds the parts created before it. */
  configure(part: AgentPart, spec: VoiceAgentSpec, wiring: AgentWiring, ids: Partial<UpstreamAgent>): unknown;
  /** True when a changed part cannot be updated in place and must be created anew (then the old one deleted). */
  mustReplace(part: AgentPart, before: unknown, after: unknown): boolean;
  createPart(part: AgentPart, config: unknown, ctx: AgentCallContext): Promise<string>;
  updatePart(part: AgentPart, id: string, config: unknown, ctx: AgentCallContext): Promise<void>;
  /** 'missing' when the provider no longer has it (which is what deleting wants). */
  deletePart(part: AgentPart, id: string, ctx: AgentCallContext): Promise<'deleted' | 'missing'>;
  /** What the provider's agents cannot do with these settings, per template field (checked before any call). */
  checkTemplate(t: { language: string; voiceModel: string | null; llmProvider: ProviderId | null; llmModel: string | null }): Array<{ field: string; message: string }>;
  /** Which template field a refused configuration names, when the provider says. */
  rejectedField(err: ProviderError): 'llmModel' | 'voiceModel' | 'voiceId' | undefined;
  signedUrl(agentId: string, ctx: CallContext): Promise<SignedConversation>;
  /** The recording, streamed; the caller reads the body to the end or destroys it. */
  conversationAudio(conversationId: string, ctx: CallContext): Promise<{ body: AsyncIterable<Buffer> & { destroy(reason?: unknown): void }; contentType?: string; length?: number }>;
  deleteConversation(conversationId: string, ctx: CallContext): Promise<'deleted' | 'missing'>;
  /** The provider's own post-call webhook body, or undefined when the body is not one. */
  parsePostCall(body: unknown): PostCallReport | undefined;
}
