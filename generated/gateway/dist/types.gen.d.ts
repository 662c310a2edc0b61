export type ClientOptions = {
    baseUrl: 'http://localhost:8080' | (string & {});
};
export type Webhooks = RelayConversationWebhookWebhookRequest | SendBudgetAlertWebhookWebhookRequest;
/**
 * Provider id (fixed order as listed by GET /api/llm/providers).
 */
export type ProviderId = 'gemini' | 'vertex' | 'openai' | 'anthropic' | 'xai' | 'mistral' | 'deepseek' | 'perplexity' | 'ollama' | 'elevenlabs' | 'local-audio' | 'localai' | 'local-video';
/**
 * The providers that offer text completions (GET /api/llm/providers order).
 * elevenlabs, local-audio and local-video are speech, sound and video
 * providers: their operations have endpoints of their own
 * (generate-audio, transcribe, generate-video, ...), so naming one here is
 * a validation error like any other unknown value.
 *
 */
export type CompletionProviderId = 'gemini' | 'vertex' | 'openai' | 'anthropic' | 'xai' | 'mistral' | 'deepseek' | 'perplexity' | 'ollama' | 'localai';
/**
 * Provider key of usage records, the 13 provider ids plus the web-detection engines (google-vision, tineye) and the local sidecars (local-vision for detection/training, local-ocr for text recognition/redaction).
 */
export type UsageProviderId = 'gemini' | 'vertex' | 'openai' | 'anthropic' | 'xai' | 'mistral' | 'deepseek' | 'perplexity' | 'ollama' | 'elevenlabs' | 'local-audio' | 'localai' | 'local-video' | 'google-vision' | 'tineye' | 'local-vision' | 'local-ocr';
/**
 * Providers added beside the thirteen of ProviderId, listed after them by
 * GET /api/llm/providers in this order. bedrock is Amazon Bedrock's
 * Converse API (SigV4-signed with the AWS credentials, in BEDROCK_REGION).
 * The others each speak their own dialect of the
 * OpenAI chat-completions protocol: groq (api.groq.com/openai/v1),
 * together (api.together.xyz/v1), fireworks (api.fireworks.ai/inference/v1),
 * cerebras (api.cerebras.ai/v1) and openrouter (openrouter.ai/api/v1),
 * each configured by <ID>_API_KEY and <ID>_BASE_URL. An option the
 * provider documents as refused or ignored (logprobs, logit_bias and n > 1
 * on groq; penalties, logit_bias and parallel tool calls on cerebras; n > 1
 * on openrouter) is refused with `unsupported_option`, never dropped.
 * openrouter calls carry the operator's OPENROUTER_PROVIDER_PREFERENCES
 * (OpenRouter's `provider` routing object) and are billed at the cost
 * OpenRouter reports in each answer's usage.
 * azure is Azure OpenAI on the operator's resource (AZURE_OPENAI_ENDPOINT,
 * https://<resource>.openai.azure.com): the v1 API (/openai/v1/..., the
 * deployment named in the body) unless AZURE_OPENAI_API_VERSION names a
 * dated version (then /openai/deployments/<deployment>/...?api-version=).
 * A model is served by the deployment AZURE_OPENAI_DEPLOYMENTS maps it to
 * (JSON, e.g. {"gpt-4o-mini":"chat-mini"}), else by a deployment of the
 * same name. Calls authenticate with AZURE_OPENAI_API_KEY (the api-key
 * header) or, without it, AZURE_OPENAI_AD_TOKEN (a Microsoft Entra ID
 * bearer token the operator obtains and renews). A prompt Azure's content
 * filter refuses answers 400 with code `content_filter` (the flagged
 * categories in the message); an answer it cuts short finishes with
 * `content_filter`.
 *
 */
export type MoreProviderId = 'bedrock' | 'groq' | 'together' | 'fireworks' | 'cerebras' | 'openrouter' | 'compatible' | 'cohere' | 'azure';
/**
 * A provider id, one of ProviderId or of MoreProviderId.
 */
export type AnyProviderId = ProviderId | MoreProviderId;
/**
 * A provider that completes text, one of CompletionProviderId or of MoreProviderId (all of which complete text).
 */
export type AnyCompletionProviderId = CompletionProviderId | MoreProviderId;
/**
 * Provider key of usage records, one of UsageProviderId or of MoreProviderId.
 */
export type AnyUsageProviderId = UsageProviderId | MoreProviderId;
/**
 * Usage label, reported with the usage records of the call.
 */
export type Tag = string;
/**
 * Image as bare base64 or a `data:image/...;base64,` URI: standard or URL-safe
 * alphabet, padding optional, no line breaks; the decoded bytes must be an
 * image (else 400 naming the reason). The pattern needs at least two
 * characters, so it refuses an empty string too.
 *
 */
export type Base64Image = string;
/**
 * Capability string. Known values: chat, tools, embeddings, video-input, web-search, image-generation, video-generation, text-to-speech, speech-to-text, sound-effect, music-generation, dialogue, conversational-agent.
 */
export type Capability = string;
/**
 * Queue task status. queued -> processing -> completed | error; queued or processing -> cancelled.
 */
export type TaskStatus = 'queued' | 'processing' | 'completed' | 'error' | 'cancelled';
export type ApplyTextNormalization = 'auto' | 'on' | 'off';
/**
 * elevenlabs output format `<codec>_<sampleRate>[_<bitrate>]`, e.g. mp3_44100_128 (default), mp3_44100_192, pcm_16000.
 */
export type OutputFormat = string;
/**
 * Pixel box, top-left origin, in the original (upright) image.
 */
export type BoundingBox = {
    x: number;
    y: number;
    width: number;
    height: number;
};
export type ImageSize = {
    width: number;
    height: number;
};
/**
 * Body of every native error response.
 */
export type ErrorResponse = {
    success: false;
    /**
     * Human-readable explanation.
     */
    message: string;
    /**
     * Machine-readable code: invalid_request, unsupported_option, TOO_MANY_REFERENCE_IMAGES, invalid_template, invalid_webhook_url, unknown_model, unauthorized, not_found, recording_not_available, conflict, recording_gone, result_already_read, task_failed, task_cancelled, task_finished, invalid_provider_key, provider_key_forbidden, payload_too_large, unsupported_media_type, headers_too_large, rate_limited, internal_error, not_implemented, upstream_error, provider_not_configured, unavailable; governance (keys, teams, limits): admin_only, key_expired, model_not_allowed, rate_limit_exceeded, budget_exceeded, unknown_team, invalid_policy, team_exists, team_in_use, cannot_revoke_self, cannot_rotate_bootstrap.
     */
    code: string;
    /**
     * Field-level problems (validation failures).
     */
    errors?: Array<FieldError>;
};
export type FieldError = {
    /**
     * Location such as `body.messages.0.role`, `query.provider`, `path.id`, `header.x-provider-key`.
     */
    path: string;
    message: string;
};
export type QueuedEnvelope = {
    success: true;
    data: QueuedTask;
    message?: string;
};
export type QueueStatusEnvelope = {
    success: true;
    data: QueueTask;
    message?: string;
};
export type QueueResultEnvelope = {
    success: true;
    data: QueueResultData;
    message?: string;
};
export type QueuePendingEnvelope = {
    success: true;
    data: QueuePendingData;
    message: string;
};
export type QueueCancelEnvelope = {
    success: true;
    data: QueueCancelData;
    message: string;
};
export type VideoUploadEnvelope = {
    success: true;
    data: VideoUpload;
    message?: string;
};
export type ConsoleSignInEnvelope = {
    success: true;
    data: {
        /**
         * `oidc` (through the identity provider) or `key` (an admin gateway key).
         */
        methods: Array<'oidc' | 'key'>;
    };
};
export type ConsoleKeySignInRequest = {
    /**
     * An admin gateway key (`gw_live_...`).
     */
    key: string;
};
export type ConsoleSession = {
    /**
     * The identity provider's `sub`, or `key:<key id>` for a key sign-in.
     */
    subject: string;
    email?: string;
    /**
     * The user's name, or the key's.
     */
    name?: string;
    /**
     * admin: everything; member: the playground and its own team; viewer: reads only (every unsafe request answers 403 `read_only_role`).
     */
    role: 'admin' | 'member' | 'viewer';
    via: 'oidc' | 'key';
    teamId?: string;
    /**
     * Send as `X-CSRF-Token` on every POST, PUT, PATCH and DELETE of the session (else 403 `csrf_failed`).
     */
    csrfToken: string;
    expiresAt: string;
};
export type ConsoleSessionEnvelope = {
    success: true;
    data: ConsoleSession;
};
export type ConsoleSignOutEnvelope = {
    success: true;
    data: {
        signedOut: true;
    };
};
export type ProviderStatus = {
    provider: AnyProviderId;
    configured: boolean;
    /**
     * A runtime on the operator's machines (no key).
     */
    local: boolean;
    variables: Array<{
        name: string;
        set: boolean;
    }>;
    /**
     * Variables to set to configure it.
     */
    missing: Array<string>;
    /**
     * `file`: switchyard.yaml gives its deployments (then `variables` only fill in what a deployment leaves out); `environment`: its variables alone.
     */
    configuredBy?: 'environment' | 'file';
    /**
     * Its deployments, in the file's order, when switchyard.yaml gives it some.
     */
    deployments?: Array<ProviderDeployment>;
};
/**
 * One deployment of a provider (switchyard.yaml); never its key or its address.
 */
export type ProviderDeployment = {
    name: string;
    /**
     * Its share of the calls against the provider's other deployments (0 only when they fail).
     */
    weight: number;
    /**
     * Calls it takes at once per gateway process.
     */
    concurrency: number;
    region?: string;
    /**
     * The only models it is called for, when it lists them.
     */
    models?: Array<string>;
    /**
     * Whether it has a key (from the file or the provider's key variable).
     */
    keySet: boolean;
};
export type ProviderStatusEnvelope = {
    success: true;
    data: Array<ProviderStatus>;
};
export type QueueTaskSummary = {
    queueId: string;
    /**
     * completion, embeddings, image, video, speech, ...
     */
    kind: string;
    provider: string;
    model?: string | null;
    status: 'queued' | 'processing' | 'completed' | 'error' | 'cancelled';
    /**
     * Only on a task that ended in error or was cancelled.
     */
    errorCode?: string;
    /**
     * Its message.
     */
    error?: string;
    /**
     * The key that submitted it.
     */
    keyName?: string;
    createdAt: string;
    startedAt?: string;
    finishedAt?: string;
};
export type QueueTaskListEnvelope = {
    success: true;
    data: Array<QueueTaskSummary>;
};
export type ProviderListEnvelope = {
    success: true;
    data: ProviderList;
    message?: string;
};
export type ModelListEnvelope = {
    success: true;
    data: ModelList;
    message?: string;
};
export type VoiceListEnvelope = {
    success: true;
    data: VoiceList;
    message?: string;
};
export type CapabilitiesEnvelope = {
    success: true;
    data: CapabilitiesMap;
    message?: string;
};
/**
 * How the gateway routes this call when its provider fails (the same object is
 * accepted as `routing` on the /v1 bodies). Unset members take the calling key's
 * default policy (`switchyard keys create --routing '<json>'`), then the built-in
 * default: 3 attempts per target, no fallbacks, the provider's timeout.
 *
 * Order of work: the call goes to the first target (`strategy: fallback`) or to one
 * drawn by weight (`loadbalance`); each target is tried up to `retry.attempts`
 * times on 429, 5xx, a connection error or a connect timeout, waiting an
 * exponential backoff with jitter, or the provider's `Retry-After` when it sends
 * one (at most `retry.maxBackoffMs`). A target that keeps failing (or whose circuit
 * is open, see GET /api/llm/circuits) hands the call to the next target in order.
 * A 4xx other than 429, an option the target cannot honour, or the caller's
 * cancel ends the call at once. Nothing is retried once any part of an answer has
 * reached the caller (a stream that broke off fails in-band), and a request sent
 * whose answer never started is not sent again to the same target (the provider
 * may be working on it); it falls through to the next target.
 *
 * Cost and usage: a provider bills only an answer, so only the target that
 * answered records a usage row; the result's `attempts` lists every target tried
 * and why each failed.
 *
 */
export type Routing = {
    retry?: {
        /**
         * Attempts per target, the first included (1 = no retry).
         */
        attempts?: number;
        /**
         * Backoff before the first retry; doubles per retry, with jitter (50-100 %).
         */
        initialBackoffMs?: number;
        /**
         * Upper bound of any wait, Retry-After included; a Retry-After longer than this fails the target at once.
         */
        maxBackoffMs?: number;
    };
    /**
     * Targets tried in order after the request's own provider and model.
     */
    fallbacks?: Array<RoutingTarget>;
    /**
     * `loadbalance` draws the first target by weight among the request's own target and the fallbacks; the others follow in weighted order.
     */
    strategy?: 'fallback' | 'loadbalance';
    /**
     * Weight of the request's own target under `loadbalance`.
     */
    weight?: number;
    timeout?: {
        /**
         * Longest wait for the provider's answer to start (and, streaming, between two chunks), per attempt. Default PROVIDER_TIMEOUT_MS (120 s). A deadline the caller chose, so when shorter than PROVIDER_TIMEOUT_MS its passing does not count against the provider's circuit.
         */
        firstByteMs?: number;
        /**
         * Longest time for the whole call, every attempt, backoff and fallback included; when it passes the call fails with `upstream_timeout`. A deadline the caller chose, so its passing never counts against the provider's circuit.
         */
        totalMs?: number;
    };
};
export type RoutingTarget = {
    provider: AnyProviderId;
    /**
     * The provider's default model when omitted.
     */
    model?: string;
    /**
     * Weight under `strategy: loadbalance`.
     */
    weight?: number;
};
export type RoutingAttempt = {
    provider: AnyProviderId;
    model: string;
    /**
     * `skipped`: its circuit was open, it was not called.
     */
    outcome: 'answered' | 'failed' | 'skipped';
    /**
     * Upstream requests sent to this target (retries included).
     */
    tries: number;
    /**
     * Why the target failed (the native error code, e.g. upstream_rate_limited, circuit_open).
     */
    errorCode?: string;
    /**
     * Which of the provider's deployments (switchyard.yaml) was tried, when it has them; each is a target of its own.
     */
    deployment?: string;
};
export type CircuitState = {
    provider: AnyProviderId;
    /**
     * `open`: calls skip this provider (to the next fallback, or 503 `circuit_open`) until `retryAt`; then one call probes it (`half_open`) and its outcome closes or reopens the circuit.
     */
    state: 'closed' | 'open' | 'half_open';
    consecutiveFailures: number;
    openedAt?: string;
    retryAt?: string;
    /**
     * Only for a provider with deployments (switchyard.yaml, see
     * docs/deployments.md): each deployment's own circuit. Calls skip a
     * deployment whose circuit is open and go to the provider's next
     * deployment. The provider's own fields then sum them up: `open` when
     * every deployment's circuit is open, `half_open` when none is closed,
     * else `closed`; `consecutiveFailures` is the fewest of theirs.
     *
     */
    deployments?: Array<DeploymentCircuit>;
};
export type DeploymentCircuit = {
    /**
     * The deployment's name in switchyard.yaml (or the one it was given).
     */
    name: string;
    state: 'closed' | 'open' | 'half_open';
    consecutiveFailures: number;
    openedAt?: string;
    retryAt?: string;
};
export type CircuitsEnvelope = {
    success: true;
    data: Array<CircuitState>;
    message?: string;
};
export type ConcurrencyEnvelope = {
    success: true;
    data: ConcurrencyMap;
    message?: string;
};
export type ProviderConcurrencyEnvelope = {
    success: true;
    data: ProviderConcurrency;
    message?: string;
};
export type UsageSummaryEnvelope = {
    success: true;
    data: UsageSummary;
    message?: string;
};
export type MonthlyUsageEnvelope = {
    success: true;
    data: Array<MonthlyUsageItem>;
    message?: string;
};
export type DailyUsageEnvelope = {
    success: true;
    data: Array<DailyUsageItem>;
    message?: string;
};
/**
 * One call as the request log stored it (bodies redacted; see `GET /api/llm/logs`).
 */
export type RequestLogEntry = {
    /**
     * The entry's id; entries are ordered by it, newest first.
     */
    id: string;
    createdAt: string;
    keyId: string | null;
    teamId: string | null;
    tags: Array<string>;
    /**
     * The `x-request-id` the call was answered with.
     */
    requestId: string;
    /**
     * The call's OpenTelemetry trace id (also answered in `x-trace-id`); null when traces were not exported.
     */
    traceId: string | null;
    /**
     * The operationId of the call.
     */
    operation: string | null;
    method: string;
    path: string;
    /**
     * The provider that answered.
     */
    provider: string | null;
    /**
     * The model that answered.
     */
    model: string | null;
    status: number;
    errorCode: string | null;
    /**
     * From the request's arrival to the end of its answer.
     */
    latencyMs: number;
    /**
     * Time spent waiting for providers.
     */
    upstreamMs: number | null;
    inputTokens: number | null;
    outputTokens: number | null;
    /**
     * What the call cost the key (USD).
     */
    cost: number | null;
    /**
     * The request body as stored (JSON text, redacted, media as references).
     */
    requestBody: string | null;
    /**
     * The answer as stored; a stream as the answer it assembled (`streamed: true`).
     */
    responseBody: string | null;
    /**
     * The request body was cut at the size cap.
     */
    requestTruncated: boolean;
    /**
     * The response body was cut at the size cap.
     */
    responseTruncated: boolean;
    /**
     * How many values of each kind were replaced.
     */
    redactions: {
        [key: string]: number;
    };
};
export type RequestLogPageEnvelope = {
    success: true;
    data: {
        entries: Array<RequestLogEntry>;
        /**
         * Pass as `cursor` for the next page; null on the last.
         */
        nextCursor: string | null;
    };
    message?: string;
};
export type PublicModelsEnvelope = {
    success: true;
    data: PublicModelCatalog;
    message?: string;
};
export type TrainingResponseEnvelope = {
    success: true;
    data: TrainingResponse;
    message?: string;
};
export type AutoLabelEnvelope = {
    success: true;
    data: AutoLabelResult;
    message?: string;
};
export type TrainingJobEnvelope = {
    success: true;
    data: TrainingJob;
    message?: string;
};
export type VisionModelListEnvelope = {
    success: true;
    data: {
        models: Array<VisionModel>;
    };
    message?: string;
};
export type VisionModelDeletedEnvelope = {
    success: true;
    data: {
        modelId: string;
        deleted: true;
    };
    message?: string;
};
export type OcrLanguagesEnvelope = {
    success: true;
    data: OcrLanguages;
    message?: string;
};
export type SignedUrlEnvelope = {
    success: true;
    data: SignedUrl;
    message?: string;
};
export type AgentTemplateCreatedEnvelope = {
    success: true;
    data: AgentTemplateCreated;
    message?: string;
};
export type AgentTemplateEnvelope = {
    success: true;
    data: AgentTemplate;
    message?: string;
};
export type AgentTemplateListEnvelope = {
    success: true;
    data: Array<AgentTemplate>;
    message?: string;
};
export type AgentTemplateDeletedEnvelope = {
    success: true;
    data: {
        id: number;
        deleted: true;
    };
    message?: string;
};
export type AgentSessionStartEnvelope = {
    success: true;
    data: AgentSessionStart;
    message?: string;
};
export type AgentSessionEnvelope = {
    success: true;
    data: AgentSession;
    message?: string;
};
export type AgentSessionListEnvelope = {
    success: true;
    data: Array<AgentSession>;
    message?: string;
};
export type WebhookContextEnvelope = {
    success: true;
    data: {
        sessionId: number;
        /**
         * The customer's JSON reply, forwarded to the agent; null when the template has no clientWebhookUrl.
         */
        context: unknown;
    };
    message?: string;
};
export type WebhookAckEnvelope = {
    success: true;
    data: {
        sessionId: number;
        status: AgentSessionStatus;
        /**
         * True when a relay to the clientWebhookUrl was started (fire-and-forget; delivery is not confirmed); false when the template has none.
         */
        relayed: boolean;
    };
    message?: string;
};
export type QueueIdRequest = {
    /**
     * The queueId returned at submission.
     */
    queueId: string;
};
export type QueuedTask = {
    queueId: string;
    status: 'queued';
    message: string;
};
/**
 * A queued task as reported by the status endpoint.
 */
export type QueueTask = {
    queueId: string;
    status: TaskStatus;
    /**
     * Place in the provider's queue, 1 = next to start; 0 while processing and once the task ended.
     */
    position: number;
    createdAt: string;
    /**
     * Set once processing began; null while queued (and for tasks cancelled before starting).
     */
    startedAt: string | null;
    /**
     * Set once the task ended (completed, error, cancelled).
     */
    finishedAt?: string | null;
    /**
     * Present when status is error; the reason, as the provider or the gateway gave it (e.g. `openai answered HTTP 404: ...`). The same text is the message of the result endpoint's 409 `task_failed`.
     */
    error?: string;
    /**
     * Present when status is error; the machine-readable reason in the native error vocabulary (`upstream_rejected`, `upstream_error`, `timeout`, `rate_limited`, `unreachable`, `worker_lost`, `internal_error`, `invalid_provider_key`, ...).
     */
    errorCode?: string;
    progress?: TaskProgress;
};
/**
 * Progress of a long media task (video, music, dialogue, speech), updated as
 * it runs; absent for tasks that report none (completions, embeddings).
 * Stages in order: `submitted` (the provider accepted the job; a video
 * task's provider job id is stored so that a restarted worker resumes
 * polling instead of submitting again), `generating` (polling the
 * provider), `downloading` (streaming the output to storage), `marking`
 * (embedding the AI-content marking), `completed`.
 *
 */
export type TaskProgress = {
    stage: 'submitted' | 'generating' | 'downloading' | 'marking' | 'completed';
    /**
     * The provider's own estimate where it gives one (local-video), else null.
     */
    percent?: number | null;
    /**
     * Status checks made so far.
     */
    polls?: number;
    updatedAt: string;
};
export type QueueResultData = {
    queueId: string;
    status: 'completed';
    result: TaskResult;
};
export type QueuePendingData = {
    queueId: string;
    status: 'queued' | 'processing';
};
export type QueueCancelData = {
    queueId: string;
    status: 'cancelled';
};
/**
 * Result of a completed task; its shape depends on the endpoint that queued it:
 * complete -> CompletionResult, generate-image -> ImageResult, generate-video ->
 * VideoResult, generate-audio -> AudioResult, generate-sound-effect ->
 * SoundEffectResult, generate-music -> MusicResult, generate-dialogue ->
 * DialogueResult, transcribe -> TranscriptionResult, embeddings ->
 * EmbeddingsResult, vision/detect and detect/zero-shot -> DetectionResult,
 * detect/faces -> FaceDetectionResult, detect/web -> WebDetectionResult,
 * ocr/recognize -> OcrResult, ocr/redact -> RedactionResult. Every variant has `cost`.
 *
 */
export type TaskResult = CompletionResult | ImageResult | VideoResult | AudioResult | SoundEffectResult | MusicResult | DialogueResult | TranscriptionResult | EmbeddingsResult | DetectionResult | FaceDetectionResult | WebDetectionResult | OcrResult | RedactionResult;
/**
 * Price of one call. `customerPrice` is 0 when billed to the caller's own provider key (byok) and when served from the completion cache.
 */
export type Cost = {
    /**
     * USD charged for the call.
     */
    customerPrice: number;
    currency: 'USD';
    /**
     * metered = billed by the gateway; byok = the request carried X-Provider-Key.
     */
    billing: 'metered' | 'byok';
    /**
     * Only present (true) when the result was served from the completion cache.
     */
    cached?: boolean;
    /**
     * Only present (true) when the model is missing from the gateway's price catalogue, so the call was billed 0 rather than at a guessed rate. The operator's log warns once per model (`model missing from the price catalogue`); add its prices to `pricing/catalogue.json`.
     */
    unpriced?: true;
};
export type VideoUploadRequest = {
    /**
     * The video file (max 100 MB).
     */
    video: Blob | File;
};
export type VideoUpload = {
    /**
     * Use in a video content part (`{ type: video, fileId, mimeType }`); valid 1 hour.
     */
    fileId: string;
    mimeType: VideoMimeType;
    sizeBytes: number;
    expiresAt: string;
};
export type VideoMimeType = 'video/mp4' | 'video/webm' | 'video/mov' | 'video/quicktime' | 'video/mpeg' | 'video/avi';
export type CompletionRequest = {
    provider: AnyCompletionProviderId;
    messages: Array<Message>;
    /**
     * Model id; the provider's default model when omitted.
     */
    model?: string;
    temperature?: number;
    /**
     * Maximum output tokens. With thinkingMode the thinking budget is added on top, capped at the model's limit.
     */
    maxTokens?: number;
    topP?: number;
    frequencyPenalty?: number;
    presencePenalty?: number;
    /**
     * Stop sequences.
     */
    stop?: Array<string>;
    /**
     * When true the worker streams from the provider; consume with /api/llm/queue/stream.
     */
    stream?: boolean;
    responseFormat?: 'text' | 'json' | 'json_schema';
    /**
     * Required when responseFormat is json_schema. Either the JSON Schema of the output itself, or a wrapper `{ name?, schema, strict? }` (recognised by an object-valued `schema` member; name defaults to "response").
     */
    jsonSchema?: {
        [key: string]: unknown;
    };
    thinkingMode?: ThinkingMode;
    /**
     * anthropic only. Puts cache breakpoints on the system prompt and the last message (5-minute TTL). Reads bill at the cached-input rate, writes at 1.25 times input.
     */
    promptCaching?: boolean;
    /**
     * openai only; stable cache-routing key.
     */
    promptCacheKey?: string;
    /**
     * openai only; stable end-user id, also used for cache routing.
     */
    safetyIdentifier?: string;
    webSearch?: WebSearch;
    /**
     * Free-form name of the calling service, recorded with the usage of the call (usage tracking only; no effect on routing).
     */
    service?: string;
    tag?: Tag;
    /**
     * Function tools; supported by anthropic, openai and ollama.
     */
    tools?: Array<Tool>;
    toolChoice?: ToolChoice;
    cache?: CompletionCache;
    routing?: Routing;
};
export type ThinkingMode = {
    enabled: boolean;
    /**
     * Thinking tokens; added to maxTokens, not subtracted.
     */
    budget?: number;
    /**
     * Reasoning effort, for providers that take an effort instead of a budget.
     */
    effort?: 'minimal' | 'low' | 'medium' | 'high';
};
export type WebSearch = {
    enabled: boolean;
    /**
     * Maximum searches the model may run.
     */
    maxUses?: number;
    allowedDomains?: Array<string>;
    blockedDomains?: Array<string>;
    /**
     * Only results published within this period.
     */
    recencyFilter?: 'hour' | 'day' | 'week' | 'month' | 'year';
};
/**
 * Gateway completion cache. When enabled, an identical earlier request of the
 * same API key (same provider, model, messages and generation options; service,
 * tag, stream and cache are not part of the key) that completed within `ttl`
 * seconds is answered from the cache without calling the provider; its cost has
 * `cached: true` and `customerPrice` 0.
 *
 */
export type CompletionCache = {
    enabled?: boolean;
    /**
     * Seconds a cached result stays usable.
     */
    ttl?: number;
};
/**
 * A chat message; `role` selects the variant.
 */
export type Message = ({
    role: 'system';
} & SystemMessage) | ({
    role: 'user';
} & UserMessage) | ({
    role: 'assistant';
} & AssistantMessage) | ({
    role: 'tool';
} & ToolMessage);
export type SystemMessage = {
    role: 'system';
    /**
     * Instructions.
     */
    content: string;
};
export type UserMessage = {
    role: 'user';
    /**
     * Text, or a multipart array of text and video parts.
     */
    content: string | Array<ContentPart>;
};
export type AssistantMessage = {
    role: 'assistant';
    /**
     * Text of the turn; empty string or null when the turn only called tools.
     */
    content: string | null;
    toolCalls?: Array<ToolCall>;
};
export type ToolMessage = {
    role: 'tool';
    /**
     * The function output.
     */
    content: string;
    /**
     * Must equal the id of the tool call being answered.
     */
    toolCallId: string;
};
/**
 * Multipart content item, `type` text or video.
 */
export type ContentPart = TextContentPart | VideoContentPart;
export type TextContentPart = {
    type: 'text';
    text: string;
};
/**
 * A video, either by `fileId` (from /api/llm/upload-video) or inline base64 `data`; exactly one of the two. Supported by gemini and vertex.
 */
export type VideoContentPart = VideoFileContentPart | VideoDataContentPart;
export type VideoFileContentPart = {
    type: 'video';
    /**
     * fileId from /api/llm/upload-video (same API key, not expired).
     */
    fileId: string;
    mimeType: VideoMimeType;
};
export type VideoDataContentPart = {
    type: 'video';
    /**
     * Inline base64 video (counts against the 50 MB JSON body limit).
     */
    data: string;
    mimeType: VideoMimeType;
};
export type ToolCall = {
    id: string;
    type: 'function';
    function: {
        name: string;
        /**
         * JSON-encoded arguments.
         */
        arguments: string;
    };
};
export type Tool = {
    type: 'function';
    function: {
        name: string;
        description?: string;
        /**
         * JSON Schema of the arguments.
         */
        parameters?: {
            [key: string]: unknown;
        };
    };
};
/**
 * auto, none, required, or a specific function.
 */
export type ToolChoice = 'auto' | 'none' | 'required' | {
    type: 'function';
    function: {
        name: string;
    };
};
export type Usage = {
    /**
     * All input tokens, cache reads and writes included.
     */
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    /**
     * Input tokens read from the provider's prompt cache.
     */
    cachedTokens: number;
    /**
     * Input tokens written to the prompt cache (anthropic).
     */
    cacheCreationTokens?: number;
    /**
     * Output tokens spent on reasoning, when the provider reports them.
     */
    reasoningTokens?: number;
    /**
     * What the upstream itself billed for the call in USD, when its answer says (openrouter's usage.cost); the call's cost is then this figure.
     */
    upstreamCostUsd?: number;
};
export type CompletionResult = {
    /**
     * Text of the answer; empty when the model called tools.
     */
    content: string;
    toolCalls?: Array<ToolCall>;
    finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter';
    /**
     * The stop sequence that ended generation, when the provider says which.
     */
    stopSequence?: string;
    usage: Usage;
    model: string;
    provider: AnyProviderId;
    /**
     * The provider's id for the call (or one minted by the gateway).
     */
    requestId: string;
    /**
     * Reasoning text, when the provider returns it.
     */
    reasoning?: string;
    /**
     * Source URLs (perplexity, web search).
     */
    citations?: Array<string>;
    cost: Cost;
    /**
     * Every target tried, in order, when the call was retried on another target or routed by `routing`; `provider` and `model` above name the one that answered.
     */
    attempts?: Array<RoutingAttempt>;
    /**
     * Which of the provider's deployments (switchyard.yaml, docs/deployments.md) answered, when it has them.
     */
    deployment?: string;
};
/**
 * One SSE event of /api/llm/queue/stream, parsed (`event` line and JSON of the `data` line).
 */
export type QueueStreamEvent = {
    event: 'start';
    data: QueueStreamStartData;
} | {
    event: 'chunk';
    data: QueueStreamChunkData;
} | {
    event: 'progress';
    data: TaskProgress;
} | {
    event: 'error';
    data: QueueStreamErrorData;
} | {
    event: 'done';
    data: QueueStreamDoneData;
};
export type QueueStreamStartData = {
    queueId: string;
};
export type QueueStreamChunkData = {
    /**
     * Text piece; empty for tool-call chunks and the final metadata chunk.
     */
    delta: string;
    finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;
    toolCallDeltas?: Array<ToolCallDelta>;
    metadata?: QueueStreamMetadata;
};
export type ToolCallDelta = {
    index: number;
    /**
     * First chunk of a call only.
     */
    id?: string;
    /**
     * First chunk of a call only.
     */
    type?: 'function';
    function: {
        /**
         * First chunk of a call only.
         */
        name?: string;
        /**
         * Piece of the JSON argument string.
         */
        arguments: string;
    };
};
/**
 * Carried by the final chunk only.
 */
export type QueueStreamMetadata = {
    usage: Usage;
    cost: Cost;
    model: string;
    provider: AnyProviderId;
    requestId?: string;
    citations?: Array<string>;
};
/**
 * Always `{}`.
 */
export type QueueStreamDoneData = {
    [key: string]: never;
};
/**
 * Data of the terminal `error` event.
 */
export type QueueStreamErrorData = {
    /**
     * The task's error, or why the stream ended.
     */
    message: string;
    /**
     * task_failed (message = the task's error), task_cancelled, or internal (the relay itself failed).
     */
    code: string;
};
export type ProviderList = {
    providers: Array<AnyProviderId>;
};
export type Model = {
    id: string;
    name: string;
    /**
     * Tokens; null when unknown (local runtimes, media models).
     */
    contextWindow: number | null;
    maxOutputTokens: number | null;
    /**
     * USD per 1000 input tokens (0 for local runtimes).
     */
    inputCostPer1k: number;
    /**
     * USD per 1000 output tokens.
     */
    outputCostPer1k: number;
    /**
     * USD per 1000 cached input tokens, where the provider has such a rate.
     */
    cachedInputCostPer1k?: number;
    capabilities: Array<Capability>;
};
export type ModelList = {
    provider: AnyProviderId;
    models: Array<Model>;
};
export type Voice = {
    voice_id: string;
    name: string;
    /**
     * e.g. premade, cloned, generated, professional; `local` for local-audio voices.
     */
    category: string;
    preview_url: string | null;
    /**
     * Descriptive labels such as accent, age, gender.
     */
    labels: {
        [key: string]: string;
    };
};
export type VoiceList = {
    provider: 'elevenlabs' | 'local-audio';
    voices: Array<Voice>;
};
export type Capabilities = {
    imageGeneration: boolean;
    videoGeneration: boolean;
    textToSpeech: boolean;
    speechToText: boolean;
    soundEffects?: boolean;
    musicGeneration?: boolean;
    /**
     * Present (true) for the provider that runs the conversational voice agents (elevenlabs).
     */
    conversationalAgents?: boolean;
    models?: Array<{
        id: string;
        name?: string;
        capabilities: Array<Capability>;
    }>;
};
/**
 * One entry per provider id.
 */
export type CapabilitiesMap = {
    gemini: Capabilities;
    vertex: Capabilities;
    openai: Capabilities;
    anthropic: Capabilities;
    xai: Capabilities;
    mistral: Capabilities;
    deepseek: Capabilities;
    perplexity: Capabilities;
    ollama: Capabilities;
    elevenlabs: Capabilities;
    'local-audio': Capabilities;
    localai: Capabilities;
    'local-video': Capabilities;
    bedrock?: Capabilities;
    groq?: Capabilities;
    together?: Capabilities;
    fireworks?: Capabilities;
    cerebras?: Capabilities;
    openrouter?: Capabilities;
    compatible?: Capabilities;
    cohere?: Capabilities;
    azure?: Capabilities;
};
export type ConcurrencyRecord = {
    /**
     * Tasks of this provider being processed now.
     */
    activeRequests: number;
    /**
     * Tasks of this provider waiting for a slot.
     */
    queuedRequests: number;
    /**
     * Maximum tasks processed at once (a provider with deployments, the sum of theirs).
     */
    limit: number;
    /**
     * Only for a provider with deployments (switchyard.yaml); the calls each holds in this gateway process.
     */
    deployments?: Array<DeploymentConcurrency>;
};
export type DeploymentConcurrency = {
    name: string;
    /**
     * Calls it is answering now, in this gateway process.
     */
    activeRequests: number;
    /**
     * Calls waiting for its slot, in this gateway process.
     */
    queuedRequests: number;
    /**
     * Its concurrency per process.
     */
    limit: number;
};
/**
 * One entry per provider id.
 */
export type ConcurrencyMap = {
    gemini: ConcurrencyRecord;
    vertex: ConcurrencyRecord;
    openai: ConcurrencyRecord;
    anthropic: ConcurrencyRecord;
    xai: ConcurrencyRecord;
    mistral: ConcurrencyRecord;
    deepseek: ConcurrencyRecord;
    perplexity: ConcurrencyRecord;
    ollama: ConcurrencyRecord;
    elevenlabs: ConcurrencyRecord;
    'local-audio': ConcurrencyRecord;
    localai: ConcurrencyRecord;
    'local-video': ConcurrencyRecord;
    bedrock?: ConcurrencyRecord;
    groq?: ConcurrencyRecord;
    together?: ConcurrencyRecord;
    fireworks?: ConcurrencyRecord;
    cerebras?: ConcurrencyRecord;
    openrouter?: ConcurrencyRecord;
    compatible?: ConcurrencyRecord;
    cohere?: ConcurrencyRecord;
    azure?: ConcurrencyRecord;
};
export type ProviderConcurrency = {
    provider: AnyProviderId;
    activeRequests: number;
    queuedRequests: number;
    limit: number;
    /**
     * Only for a provider with deployments (switchyard.yaml, docs/deployments.md); the calls each holds in this gateway process.
     */
    deployments?: Array<DeploymentConcurrency>;
};
export type PublicModelCatalog = {
    updatedAt: string;
    currency: 'USD';
    models: Array<PublicModel>;
};
export type PublicModel = {
    /**
     * A provider id, or an engine that bills per unit (local-ocr; local-vision, google-vision and tineye for /api/vision).
     */
    provider: AnyUsageProviderId;
    id: string;
    name: string;
    contextWindow: number | null;
    maxOutputTokens: number | null;
    capabilities: Array<Capability>;
    /**
     * Token prices for text and embedding models; a unit price for media models.
     */
    pricing: ModelPricing | UnitPricing;
};
/**
 * USD per unit of output, for media models (images, seconds of video, 1K characters of speech, minutes of audio).
 */
export type UnitPricing = {
    unit: 'image' | 'second' | 'minute' | 'hour' | '1k-characters' | 'generation';
    unitPrice: number;
    /**
     * Per-image price by quality, where it differs.
     */
    qualityPrices?: {
        standard?: number;
        hd?: number;
        ultra?: number;
    };
    /**
     * When this price took effect.
     */
    effectiveFrom: string;
};
/**
 * USD per million tokens.
 */
export type ModelPricing = {
    inputPer1M: number;
    outputPer1M: number;
    /**
     * Cache reads; null when the provider has no prompt cache rate.
     */
    cachedInputPer1M: number | null;
    /**
     * Cache writes (anthropic); null otherwise.
     */
    cacheWritePer1M: number | null;
    /**
     * Rates that apply to the whole call once its input exceeds thresholdTokens.
     */
    longContext?: {
        thresholdTokens: number;
        inputPer1M: number;
        outputPer1M: number;
        cachedInputPer1M: number | null;
    };
    /**
     * When this price took effect.
     */
    effectiveFrom: string;
};
export type Health = {
    status: 'healthy';
    service: 'switchyard-gateway';
    timestamp: string;
};
export type Readiness = {
    status: 'ready';
    service: 'switchyard-gateway';
    timestamp: string;
};
export type UsageSummary = {
    totalRequests: number;
    totalTokens: number;
    /**
     * USD.
     */
    cost: number;
    /**
     * Per provider key (see UsageProviderId) with usage this month.
     */
    providers: {
        [key in AnyUsageProviderId]?: ProviderUsage;
    };
};
export type ProviderUsage = {
    requests: number;
    tokens: number;
    cost: number;
};
export type MonthlyUsageItem = {
    year: number;
    month: number;
    provider: AnyUsageProviderId;
    totalRequests: number;
    totalTokens: number;
    cost: number;
};
export type DailyUsageItem = {
    date: string;
    provider: AnyUsageProviderId;
    totalRequests: number;
    totalTokens: number;
    cost: number;
};
export type TrafficEnvelope = {
    success: true;
    data: TrafficReport;
};
export type TrafficReport = {
    /**
     * Today (UTC), whatever the range.
     */
    today: {
        day: string;
    } & TrafficAmounts & TrafficErrorCodes;
    /**
     * This month (UTC) from its first day to today, whatever the range.
     */
    month: {
        from: string;
        to: string;
    } & TrafficAmounts & TrafficErrorCodes;
    from: string;
    to: string;
    currency: 'USD';
    totals: TrafficAmounts & TrafficErrorCodes;
    /**
     * One row per provider and model, highest spend first, then most requests.
     */
    byModel: Array<{
        /**
         * Null for failed calls refused before a provider was chosen.
         */
        provider: string | null;
        model: string | null;
    } & TrafficAmounts & TrafficErrorCodes>;
    /**
     * Every UTC day of the range, oldest first.
     */
    days: Array<{
        day: string;
    } & TrafficAmounts>;
};
export type TrafficErrorCodes = {
    /**
     * The errors per code, most frequent first.
     */
    errorsByCode: Array<{
        code: string;
        count: number;
    }>;
};
export type TrafficAmounts = {
    /**
     * /v1 calls answered and queued native tasks ended (not cancelled), failed ones included.
     */
    requests: number;
    /**
     * Those answered with an error.
     */
    errors: number;
    /**
     * Null without requests.
     */
    p50LatencyMs: number | null;
    p99LatencyMs: number | null;
    /**
     * Billed calls (usage rows), every surface.
     */
    calls: number;
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    /**
     * USD.
     */
    spend: number;
};
export type SpendEnvelope = {
    success: true;
    data: SpendReport;
};
export type SpendReport = {
    from: string;
    to: string;
    bucket: 'day' | 'month' | 'none';
    groupBy: Array<'key' | 'team' | 'tag' | 'model' | 'provider' | 'surface'>;
    currency: 'USD';
    rows: Array<SpendRow>;
    totals: SpendAmounts;
    /**
     * More groups matched than `limit`; `totals` still counts them all.
     */
    truncated: boolean;
};
export type SpendAmounts = {
    calls: number;
    inputTokens: number;
    outputTokens: number;
    totalTokens: number;
    /**
     * USD.
     */
    spend: number;
};
/**
 * One group; only the members of its period and of its `groupBy` dimensions are present.
 */
export type SpendRow = SpendAmounts & {
    /**
     * `YYYY-MM-DD` (bucket day) or `YYYY-MM` (bucket month).
     */
    period?: string;
    keyId?: string;
    /**
     * Null for a key no longer stored.
     */
    keyName?: string | null;
    /**
     * Null for calls by keys without a team.
     */
    teamId?: string | null;
    teamName?: string | null;
    /**
     * Null for the calls without any tag.
     */
    tag?: string | null;
    model?: string | null;
    provider?: AnyUsageProviderId;
    surface?: string;
};
export type ImageRequest = {
    provider: 'openai' | 'gemini' | 'vertex' | 'xai' | 'localai';
    /**
     * Image description (or edit instruction with referenceImages).
     */
    prompt: string;
    model: string;
    n?: number;
    /**
     * `<width>x<height>` (openai, xai, localai).
     */
    size?: string;
    /**
     * e.g. 16:9 (gemini, vertex).
     */
    aspectRatio?: string;
    /**
     * Each an http(s) URL, a data URI or bare base64. Routes to the image-edit path. Maximum per provider, checked by the handler (400 TOO_MANY_REFERENCE_IMAGES) - openai 16, gemini 14, vertex 4, xai 3, localai 0.
     */
    referenceImages?: Array<string>;
    quality?: 'standard' | 'hd' | 'ultra';
    tag?: Tag;
};
export type GeneratedImage = {
    data: string;
    /**
     * e.g. image/png, image/jpeg, image/webp.
     */
    mimeType: string;
};
export type AiContentMetadata = {
    /**
     * True when every returned file carries an embedded AI-content marking:
     * added by the gateway without re-encoding (XMP with IPTC digital source
     * type trainedAlgorithmicMedia in a PNG iTXt chunk or a JPEG APP1 segment;
     * an ID3v2 TXXX DigitalSourceType frame plus XMP in MP3; a RIFF `_PMX` XMP
     * chunk in WAV; an XMP `uuid` box in MP4), or already present from the
     * provider (its own XMP/ID3 marking or a C2PA manifest, passed through
     * byte for byte). False when at least one file's container has no
     * supported marking (e.g. raw PCM, WebP, Ogg).
     *
     */
    aiContentMarking: boolean;
    /**
     * One entry per returned file, in order - what was done and why.
     */
    aiContentMarkingDetails?: Array<{
        /**
         * added - the gateway embedded a marking; kept - a provider marking or C2PA manifest was there and the file was left byte for byte; none - no marking possible for this container.
         */
        action: 'added' | 'kept' | 'none';
        method?: 'xmp-png-itxt' | 'xmp-jpeg-app1' | 'id3v2' | 'xmp-riff-pmx' | 'xmp-mp4-uuid';
        reason: string;
    }>;
};
export type ImageResult = {
    images: Array<GeneratedImage>;
    model: string;
    provider: 'openai' | 'gemini' | 'vertex' | 'xai' | 'localai';
    metadata: AiContentMetadata;
    cost: Cost;
};
export type VideoRequest = {
    provider: 'gemini' | 'vertex' | 'xai' | 'local-video';
    prompt: string;
    /**
     * The provider's default video model when omitted.
     */
    model?: string;
    /**
     * gemini, vertex, xai - 16:9 or 9:16. local-video - any W:H (mapped to a 64-pixel grid).
     */
    aspectRatio?: string;
    durationSeconds?: number;
    numberOfVideos?: number;
    /**
     * gemini/vertex 720p or 1080p (1080p only with durationSeconds 8); xai 480p or 720p; local-video `<W>x<H>`, snapped to multiples of 64.
     */
    resolution?: string;
    /**
     * Start frame (image to video), http(s) URL or data URI; gemini, vertex, xai, local-video.
     */
    imageUrl?: string;
    /**
     * End frame; gemini/vertex video models that support it only.
     */
    lastFrameUrl?: string;
    tag?: Tag;
};
export type VideoResult = {
    videos: Array<{
        data: string;
        /**
         * e.g. video/mp4.
         */
        mimeType: string;
    }>;
    model: string;
    provider: 'gemini' | 'vertex' | 'xai' | 'local-video';
    /**
     * Seconds per video as requested or reported by the provider; null when neither says.
     */
    durationSeconds?: number | null;
    metadata?: AiContentMetadata;
    cost: Cost;
};
/**
 * elevenlabs voice settings.
 */
export type TtsVoiceSettings = {
    stability?: number;
    similarityBoost?: number;
    style?: number;
    useSpeakerBoost?: boolean;
};
/**
 * ISO 639 language code, e.g. en (optionally with a region, e.g. en-GB).
 */
export type LanguageCode = string;
export type AudioRequest = {
    provider: 'elevenlabs' | 'local-audio';
    text: string;
    /**
     * TTS model id; the provider's default when omitted.
     */
    model?: string;
    /**
     * elevenlabs voice id or local-audio voice name; the provider's default voice when omitted.
     */
    voiceId?: string;
    outputFormat?: OutputFormat;
    voiceSettings?: TtsVoiceSettings;
    languageCode?: LanguageCode;
    applyTextNormalization?: ApplyTextNormalization;
    /**
     * Request ids of preceding generations, for continuity (elevenlabs, at most 3).
     */
    previousRequestIds?: Array<string>;
    tag?: Tag;
};
export type AudioResult = {
    audio: string;
    /**
     * e.g. audio/mpeg, audio/wav, audio/pcm.
     */
    mimeType: string;
    model: string;
    /**
     * Characters synthesised (the billing unit).
     */
    characterCount: number;
    /**
     * Provider request id, usable in previousRequestIds.
     */
    requestId?: string;
    metadata?: AiContentMetadata;
    cost: Cost;
};
export type SoundEffectRequest = {
    /**
     * Optional; sound effects are elevenlabs only.
     */
    provider?: 'elevenlabs';
    text: string;
    /**
     * The fixed default sound-effect model when omitted.
     */
    model?: string;
    /**
     * The model picks a duration when omitted.
     */
    durationSeconds?: number;
    promptInfluence?: number;
    /**
     * Produce a seamlessly loopable effect.
     */
    loop?: boolean;
    tag?: Tag;
};
export type SoundEffectResult = {
    audio: string;
    mimeType: string;
    /**
     * Requested duration; null when the model chose it.
     */
    durationSeconds: number | null;
    model: string;
    metadata?: AiContentMetadata;
    cost: Cost;
};
export type MusicRequest = {
    /**
     * Optional; music is elevenlabs only.
     */
    provider?: 'elevenlabs';
    prompt: string;
    /**
     * The fixed default music model when omitted.
     */
    model?: string;
    /**
     * The model picks a length when omitted.
     */
    durationMs?: number;
    /**
     * No vocals.
     */
    forceInstrumental?: boolean;
    tag?: Tag;
};
export type MusicResult = {
    audio: string;
    mimeType: string;
    /**
     * Requested length; null when the model chose it.
     */
    durationMs: number | null;
    model: string;
    metadata?: AiContentMetadata;
    cost: Cost;
};
export type DialogueRequest = {
    /**
     * Optional; dialogue is elevenlabs only.
     */
    provider?: 'elevenlabs';
    /**
     * Lines in order; at most 10 distinct voiceIds (400 otherwise).
     */
    inputs: Array<{
        text: string;
        voiceId: string;
    }>;
    /**
     * Only one dialogue model is supported; it is the default (another answers 400 `unsupported_option`).
     */
    model?: string;
    outputFormat?: OutputFormat;
    languageCode?: LanguageCode;
    voiceSettings?: TtsVoiceSettings;
    seed?: number;
    applyTextNormalization?: ApplyTextNormalization;
    tag?: Tag;
};
export type DialogueResult = {
    audio: string;
    mimeType: string;
    model: string;
    /**
     * Distinct voice ids used, in order of first appearance.
     */
    voiceIds: Array<string>;
    metadata?: AiContentMetadata;
    cost: Cost;
};
export type TranscriptionRequest = {
    provider: 'elevenlabs' | 'local-audio';
    /**
     * Base64 audio (standard or URL-safe alphabet; line breaks allowed). Blank audio answers 400 `empty_audio`.
     */
    audio: string;
    /**
     * e.g. audio/mpeg, audio/wav.
     */
    mimeType: string;
    /**
     * STT model id; the provider's default when omitted.
     */
    model?: string;
    /**
     * Language of the audio; detected when omitted.
     */
    language?: LanguageCode;
    tag?: Tag;
    /**
     * elevenlabs only; label speakers.
     */
    diarize?: boolean;
    /**
     * elevenlabs only; expected number of speakers.
     */
    numSpeakers?: number;
    /**
     * elevenlabs only.
     */
    timestampsGranularity?: 'word' | 'character';
    /**
     * elevenlabs only; tags events such as (laughter).
     */
    tagAudioEvents?: boolean;
};
export type TranscriptionWord = {
    text: string;
    /**
     * Seconds.
     */
    start: number;
    /**
     * Seconds.
     */
    end: number;
    type: 'word' | 'spacing' | 'audio_event';
    /**
     * `speaker_<n>` when diarized.
     */
    speakerId?: string | null;
};
export type TranscriptionResult = {
    text: string;
    /**
     * Detected or given language; null when unknown.
     */
    language: string | null;
    model: string;
    provider?: 'elevenlabs' | 'local-audio';
    requestId?: string;
    /**
     * Empty when the provider gives no timestamps.
     */
    words: Array<TranscriptionWord>;
    cost: Cost;
};
export type EmbeddingsRequest = {
    provider?: 'ollama' | 'openai' | 'gemini' | 'vertex';
    /**
     * Embedding model id; the provider's default embedding model when omitted.
     */
    model?: string;
    /**
     * One string or up to 2048 strings.
     */
    input: string | Array<string>;
    /**
     * Truncate vectors (models that support it); at most 16384, above any embedding model's.
     */
    dimensions?: number;
    /**
     * base64 = little-endian float32 bytes, base64-encoded.
     */
    encodingFormat?: 'float' | 'base64';
    tag?: Tag;
};
export type EmbeddingsResult = {
    /**
     * One vector per input, in input order; base64 strings when encodingFormat is base64.
     */
    embeddings: Array<Array<number> | string>;
    model: string;
    provider: 'ollama' | 'openai' | 'gemini' | 'vertex';
    dimensions: number;
    usage: {
        inputTokens: number;
        totalTokens: number;
    };
    cost: Cost;
};
export type ObjectDetectionRequest = {
    image: Base64Image;
    /**
     * centernet (default; ships with the gateway), yolo11n, yolo11s, yolo11m (ONNX files the operator installs) or a custom model id (see /api/vision/models).
     */
    model?: string;
    confidence?: number;
};
export type ZeroShotDetectionRequest = {
    image: Base64Image;
    /**
     * Comma-separated class phrases (at least one, at most 50).
     */
    prompt: string;
    /**
     * OWL-ViT's sigmoid scores run lower than a closed-set detector's; 0.1 is its usual threshold.
     */
    confidence?: number;
};
export type FaceDetectionRequest = {
    image: Base64Image;
    model?: 'haarcascade' | 'mediapipe' | 'yolo-face';
    confidence?: number;
    /**
     * Return the image with the faces blurred in `blurredImage`.
     */
    blur?: boolean;
    blurStrength?: KernelSize;
};
/**
 * Odd Gaussian kernel size in pixels (default 51).
 */
export type KernelSize = number;
export type Detection = {
    label: string;
    confidence: number;
    bbox: BoundingBox;
    /**
     * Number of detections with this label in the image.
     */
    count: number;
    /**
     * Present when the label is uncertain (centernet only) - its confidence is under 0.5, or another class scores at least half of it at the same place - naming the next most likely class at the detection's centre and that class's score there.
     */
    runnerUp?: {
        label: string;
        confidence: number;
    };
};
export type DetectionResult = {
    detections: Array<Detection>;
    /**
     * The model that ran (a custom model's id for custom models).
     */
    model: string;
    /**
     * Model time in the worker thread, decoding excluded.
     */
    inferenceTimeMs: number;
    imageSize: ImageSize;
    cost: Cost;
};
export type FaceDetectionResult = {
    detections: Array<Detection>;
    model: string;
    inferenceTimeMs: number;
    imageSize: ImageSize;
    /**
     * Base64 PNG with the detected faces blurred; present only when blur was true.
     */
    blurredImage?: string;
    cost: Cost;
};
export type WebDetectionRequest = {
    image: Base64Image;
    /**
     * Maximum matches per result list.
     */
    maxResults: number;
    engine?: 'google-vision' | 'tineye';
};
export type WebImageMatch = {
    url: string;
    score?: number;
    pageTitle?: string;
    /**
     * Host domain (tineye).
     */
    domain?: string;
    /**
     * When tineye crawled the copy.
     */
    crawlDate?: string;
};
export type WebDetectionResult = {
    likelyFromWeb: boolean;
    fullMatchingImages: Array<WebImageMatch>;
    partialMatchingImages: Array<WebImageMatch>;
    pagesWithMatchingImages: Array<WebImageMatch>;
    visuallySimilarImages: Array<WebImageMatch>;
    webEntities: Array<{
        description: string;
        score: number;
    }>;
    bestGuessLabels: Array<string>;
    model: string;
    provider: 'google-vision' | 'tineye';
    inferenceTimeMs: number;
    /**
     * tineye only.
     */
    totalResults?: number;
    /**
     * tineye only.
     */
    totalBacklinks?: number;
    cost: Cost;
};
/**
 * Pretrained model to fine-tune.
 */
export type BaseModel = 'yolo11n' | 'yolo11s' | 'yolo11m';
export type TrainingRequest = {
    /**
     * Base64 zip in YOLO layout (images/ and labels/ with train and val, or a flat set that is split 80/20).
     */
    datasetB64: string;
    baseModel: BaseModel;
    /**
     * Class names; label class id i is classes[i]. Distinct and not blank.
     */
    classes: Array<string>;
    /**
     * Training image size in pixels (640 is the usual choice).
     */
    imageSize: number;
    /**
     * Automatic (by dataset size) when omitted.
     */
    epochs?: number;
    /**
     * Display name of the resulting model.
     */
    name?: string;
};
export type DatasetStats = {
    train: number;
    val: number;
    total: number;
};
/**
 * pending (created) -> running -> completed | failed.
 */
export type TrainingJobStatus = 'pending' | 'running' | 'completed' | 'failed';
/**
 * Dataset-size bucket - small 10-49 images (or fewer), medium 50-199, large 200-999, xlarge 1000+.
 */
export type TrainingProfile = 'small' | 'medium' | 'large' | 'xlarge';
export type Augmentation = 'aggressive' | 'high' | 'standard';
export type TrainingResponse = {
    jobId: string;
    status: 'pending';
    datasetStats: DatasetStats;
    trainingProfile: TrainingProfile;
    augmentation: Augmentation;
    effectiveEpochs: number;
    warnings: Array<string>;
};
export type TrainingJob = {
    jobId: string;
    status: TrainingJobStatus;
    baseModel: BaseModel;
    classes: Array<string>;
    imageSize: number;
    /**
     * The side, in pixels, the detector actually trains and detects at (a fifth of imageSize, 64-192).
     */
    trainInputSize: number;
    datasetStats: DatasetStats;
    trainingProfile: TrainingProfile;
    augmentation: Augmentation;
    effectiveEpochs: number;
    /**
     * Epochs trained so far, of the planned effectiveEpochs (training may stop earlier, see stopReason).
     */
    progress: {
        epoch: number;
        totalEpochs: number;
    };
    /**
     * Validation metrics of the best epoch so far (mAP at IoU 0.5 and 0.5-0.95, precision and recall at the F1-best threshold); null until the first evaluation.
     */
    metrics: {
        mAP50: number;
        mAP50_95: number;
        precision: number;
        recall: number;
    } | null;
    /**
     * The epoch whose weights the model keeps (best validation fitness, 0.1 mAP@0.5 + 0.9 mAP@0.5:0.95).
     */
    bestEpoch: number | null;
    /**
     * Why training ended - all planned epochs ran, validation fitness stopped improving, or VISION_TRAIN_MAX_SECONDS ran out; null until completed.
     */
    stopReason: 'epochs' | 'early-stopping' | 'time-budget' | null;
    /**
     * The score threshold with the best F1 on the validation set (from the same evaluation as the mAP metrics), rounded down to 0.05 and kept within 0.05-0.9; pass it as `confidence`. Null until completed.
     */
    recommended_confidence: number | null;
    /**
     * Custom model id, set when completed.
     */
    modelId: string | null;
    warnings: Array<string>;
    /**
     * Reason, when failed.
     */
    error: string | null;
    createdAt: string;
    startedAt: string | null;
    completedAt: string | null;
};
export type AutoLabelRequest = {
    images: Array<Base64Image>;
    classes: Array<string>;
    /**
     * Minimum confidence of a detection to become a label.
     */
    confidence: number;
};
export type AutoLabelResult = {
    /**
     * Base64 zip in YOLO layout, ready for /api/vision/train.
     */
    datasetB64: string;
    format: 'yolo-zip';
    stats: {
        totalImages: number;
        trainImages: number;
        valImages: number;
        imagesWithDetections: number;
        imagesWithoutDetections: number;
        detectionsPerClass: {
            [key: string]: number;
        };
        totalDetections: number;
    };
    processingTimeMs: number;
};
export type AutoTrainRequest = {
    images: Array<Base64Image>;
    classes: Array<string>;
    baseModel: BaseModel;
    /**
     * Auto-labelling threshold.
     */
    confidence: number;
    name?: string;
};
export type VisionModel = {
    id: string;
    name: string;
    type: 'builtin' | 'custom';
    task: 'object-detection' | 'zero-shot-detection' | 'face-detection';
    /**
     * Class names the model detects (COCO's 80 for the object detectors, face for face detectors); null for the zero-shot model (any phrase).
     */
    classes: Array<string> | null;
    /**
     * Base model a custom model was trained from.
     */
    baseModel: string | null;
    jobId: string | null;
    createdAt: string | null;
    /**
     * Where the model comes from (the npm package and file, the file to put in VISION_MODEL_DIR, or the training job).
     */
    source: string;
    /**
     * Whether it can run now (a directory model's files are present).
     */
    installed: boolean;
    /**
     * A custom model's validation metrics.
     */
    metrics: {
        mAP50?: number;
        mAP50_95?: number;
        precision?: number;
        recall?: number;
    } | null;
    /**
     * The confidence to pass for the best balance of precision and recall - a custom model's from its validation set; centernet's (0.35) calibrated on labelled real photographs (docs/vision.md), above the request's 0.25 default; null where not measured.
     */
    recommended_confidence: number | null;
};
/**
 * BCP 47 tag of an installed language (GET /api/ocr/languages): en, es,
 * fr, de, it, pt, ca or zh-Hans. A region or script subtag is ignored
 * (en-US is en); Chinese is Simplified as zh, zh-Hans, zh-CN or zh-SG.
 *
 */
export type OcrLanguageTag = 'en' | 'es' | 'fr' | 'de' | 'it' | 'pt' | 'ca' | 'zh-Hans' | string | string;
export type OcrRequest = {
    image: Base64Image;
    recognitionLevel: 'fast' | 'accurate';
    /**
     * word adds `words` to each line.
     */
    granularity: 'line' | 'word';
    /**
     * Languages the text is in, the most likely first; automatic detection when omitted.
     */
    languages?: Array<OcrLanguageTag>;
    tag?: Tag;
};
export type OcrWord = {
    text: string;
    confidence: number;
    bbox: BoundingBox;
};
export type OcrLine = {
    text: string;
    confidence: number;
    bbox: BoundingBox;
    /**
     * Present with granularity word.
     */
    words?: Array<OcrWord>;
};
export type OcrResult = {
    /**
     * All lines joined with newlines, in reading order.
     */
    text: string;
    lines: Array<OcrLine>;
    /**
     * The fixed OCR model id, `tesseract-lstm`, whatever the level; the level read with is `recognitionLevel`.
     */
    model: string;
    /**
     * The level the image was read at (the request's `recognitionLevel`).
     */
    recognitionLevel: 'fast' | 'accurate';
    imageSize: ImageSize;
    inferenceTimeMs: number;
    /**
     * The languages the text was read with (BCP 47).
     */
    languages: Array<string>;
    /**
     * Present when `languages` was omitted. The language automatic detection chose (BCP 47), or `und` when no text was found.
     */
    detectedLanguage?: string;
    /**
     * Clockwise degrees the upright (EXIF-applied) image was turned to read it; boxes are in the upright image's pixels either way.
     */
    orientation: 0 | 90 | 180 | 270;
    cost: Cost;
};
export type RedactionPreset = 'email' | 'phone' | 'iban' | 'credit_card' | 'dni_nie';
/**
 * Explicit region to redact, in pixels of the upright original image, top-left origin. Clipped to the image; one entirely outside it is 400 `region_outside_image`.
 */
export type RedactionRegion = {
    x: number;
    y: number;
    width: number;
    height: number;
};
export type RedactionRequest = {
    image: Base64Image;
    presets?: Array<RedactionPreset>;
    /**
     * Regular expressions in RE2 syntax (no backreferences or lookaround), run in linear time and matched within each recognised line; case-sensitive unless they start with `(?i)`. One that does not compile is 400 `invalid_pattern`.
     */
    patterns?: Array<string>;
    regions?: Array<RedactionRegion>;
    style?: 'blur' | 'box' | 'pixelate';
    /**
     * blur - odd Gaussian kernel size (default 51); pixelate - block size in pixels (default 16); ignored for box.
     */
    blurStrength?: KernelSize;
    /**
     * Pixels added on every side of each redacted box.
     */
    padding?: number;
    /**
     * Recognition level used to find the text; accurate by default because a missed match stays readable.
     */
    recognitionLevel?: 'fast' | 'accurate';
    /**
     * Recognition languages; automatic detection when omitted.
     */
    languages?: Array<OcrLanguageTag>;
    tag?: Tag;
};
export type RedactionDetection = {
    /**
     * The matched text as recognised (empty for explicit regions).
     */
    text: string;
    /**
     * The preset name, the regular expression that matched, or `region` for explicit regions.
     */
    pattern: string;
    /**
     * The redacted box, padding included, clipped to the image.
     */
    bbox: BoundingBox;
    granularity: 'word' | 'line' | 'region';
};
export type RedactionResult = {
    /**
     * Base64 PNG at the original resolution, upright (EXIF orientation applied, no orientation tag), lossless, in the decoded image's channels and depth; every pixel outside the redacted boxes equals the decoded input's.
     */
    redactedImage: string;
    detections: Array<RedactionDetection>;
    /**
     * Boxes redacted (matches plus explicit regions).
     */
    regionsRedacted: number;
    /**
     * Matches per preset name (`pattern` for regular expressions, `region` for explicit regions); every requested preset is present, 0 when nothing matched.
     */
    counts: {
        [key: string]: number;
    };
    /**
     * The fixed OCR model id, `tesseract-lstm`, whatever the level.
     */
    model: string;
    /**
     * The level the text was read at to find matches (the request's `recognitionLevel`, `accurate` by default).
     */
    recognitionLevel: 'fast' | 'accurate';
    imageSize: ImageSize;
    /**
     * The languages the text was read with (BCP 47); empty when only regions were given (no recognition runs then).
     */
    languages?: Array<string>;
    inferenceTimeMs: number;
    cost: Cost;
};
export type OcrLevelModel = {
    /**
     * The fixed OCR model id, `tesseract-lstm`, the same at both levels (results name it in `model` and the level in `recognitionLevel`).
     */
    model: string;
    /**
     * The @tesseract.js-data variant the level loads.
     */
    data: string;
    description: string;
};
export type OcrLanguages = {
    fast: Array<string>;
    accurate: Array<string>;
    models: {
        fast: OcrLevelModel;
        accurate: OcrLevelModel;
    };
    autoDetection: {
        /**
         * Languages automatic detection can choose.
         */
        languages: Array<string>;
        /**
         * Whether orientation detection data (osd) is installed.
         */
        orientation: boolean;
    };
};
export type SignedUrlRequest = {
    /**
     * elevenlabs conversational agent id (a template's `agentId`, or an agent of the caller's own account with X-Provider-Key).
     */
    agentId: string;
};
export type SignedUrl = {
    signedUrl: string;
    /**
     * Seconds the URL stays valid.
     */
    expiresIn: 900;
    /**
     * The session started for a template's agent (operator account only).
     */
    sessionId?: number;
    dynamicVariables?: AgentDynamicVariables;
};
/**
 * elevenlabs dynamic variables to pass unchanged when connecting (`dynamic_variables` of the conversation initiation). The agent's tools send them back in every context and event webhook, and the post-call webhook carries them.
 */
export type AgentDynamicVariables = {
    session_id: number;
    template_id: number;
};
export type AgentType = 'interview' | 'conversation';
/**
 * Voice of the agent; a field left out keeps elevenlabs' default (stability 0.5, speed 1.0, similarityBoost 0.8).
 */
export type AgentVoiceSettings = {
    stability?: number;
    speed?: number;
    similarityBoost?: number;
};
export type AgentTool = {
    /**
     * An elevenlabs system tool. The transfer tools are created without destinations (the template has no field for them yet).
     */
    name: 'end_call' | 'language_detection' | 'transfer_to_agent' | 'transfer_to_number' | 'skip_turn' | 'play_keypad_touch_tone' | 'voicemail_detection';
    /**
     * When the agent should use the tool; elevenlabs' own description when omitted.
     */
    description?: string;
};
export type AgentQuestion = {
    question: string;
    isRequired?: boolean;
    /**
     * Hint for the agent (expected format, why it is asked).
     */
    context?: string;
};
/**
 * Where the agent's LLM runs, among the models elevenlabs agents can use: openai (gpt-*), anthropic (claude-*), gemini and vertex (gemini-*), xai (grok-*), or elevenlabs (its own hosted models). Other providers answer 400 `invalid_template`.
 */
export type AgentLlmProvider = ProviderId;
export type AgentTemplateInput = {
    name: string;
    type: AgentType;
    systemPrompt: string;
    firstMessage?: string;
    voiceId?: string;
    /**
     * elevenlabs conversational TTS model (e.g. eleven_flash_v2_5). Left out, eleven_flash_v2 for English and eleven_flash_v2_5 otherwise; the English-only eleven_flash_v2 and eleven_turbo_v2 are refused with another language.
     */
    voiceModel?: string;
    voiceSettings?: AgentVoiceSettings;
    language?: LanguageCode;
    llmProvider?: AgentLlmProvider;
    /**
     * Required together with llmProvider; an elevenlabs agent LLM id such as gpt-4o-mini, claude-sonnet-4-5 or gemini-2.5-flash. Left out (with llmProvider), elevenlabs' default LLM.
     */
    llmModel?: string;
    tag?: Tag;
    /**
     * Public http(s) URL (https recommended) receiving the relayed webhooks; checked by the SSRF guard at create, update and every send.
     */
    clientWebhookUrl?: string;
    /**
     * Sent as X-Webhook-Secret (printable ASCII, no spaces); generated when omitted and then returned once.
     */
    webhookSecret?: string;
    maxDurationSeconds?: number;
    tools?: Array<AgentTool>;
    /**
     * For type interview only (400 `invalid_template` on a conversation template).
     */
    questions?: Array<AgentQuestion>;
    /**
     * True - the agent announces at the start that it is an AI and never claims to be human. False moves the disclosure duty to the customer.
     */
    aiDisclosure?: boolean;
};
/**
 * Any subset of the template fields; omitted fields keep their values, null clears an optional one.
 */
export type AgentTemplateUpdate = {
    name?: string;
    type?: AgentType;
    systemPrompt?: string;
    firstMessage?: string | null;
    voiceId?: string | null;
    voiceModel?: string | null;
    voiceSettings?: AgentVoiceSettings | null;
    language?: LanguageCode;
    llmProvider?: AgentLlmProvider | null;
    llmModel?: string | null;
    tag?: Tag | null;
    clientWebhookUrl?: string | null;
    /**
     * Rotates the secret.
     */
    webhookSecret?: string;
    maxDurationSeconds?: number;
    tools?: Array<AgentTool>;
    questions?: Array<AgentQuestion>;
    aiDisclosure?: boolean;
};
/**
 * A stored template (never includes webhookSecret). Optional fields that were not set are null; defaults are filled in.
 */
export type AgentTemplate = {
    id: number;
    name: string;
    type: AgentType;
    systemPrompt: string;
    firstMessage: string | null;
    voiceId: string | null;
    voiceModel: string | null;
    voiceSettings: AgentVoiceSettings | null;
    language: string;
    llmProvider: ProviderId | null;
    llmModel: string | null;
    tag: string | null;
    clientWebhookUrl: string | null;
    maxDurationSeconds: number;
    tools: Array<AgentTool>;
    questions: Array<AgentQuestion>;
    aiDisclosure: boolean;
    /**
     * Id of the synchronised voice agent at elevenlabs (for POST /api/agents/signed-url).
     */
    agentId: string;
    createdAt: string;
    updatedAt: string;
    /**
     * When the webhook secret was set (create) or last rotated (update).
     */
    webhookSecretUpdatedAt: string;
};
/**
 * The created template plus its webhookSecret (returned only here).
 */
export type AgentTemplateCreated = AgentTemplate & {
    webhookSecret: string;
};
/**
 * pending (created) -> active (first context or event webhook) ->
 * completed, or failed when the complete webhook reports an unsuccessful
 * call (pending may go to completed or failed directly). pending or
 * active -> expired after 24 hours without any webhook (the signed URL
 * lives 15 minutes); a complete webhook for an expired session still
 * completes it.
 *
 */
export type AgentSessionStatus = 'pending' | 'active' | 'completed' | 'failed' | 'expired';
/**
 * Session metadata; no transcript or conversation content is stored.
 */
export type AgentSession = {
    id: number;
    /**
     * The template it was started from (kept after the template is deleted).
     */
    templateId: number;
    status: AgentSessionStatus;
    /**
     * The conversation id at elevenlabs, when it gave one.
     */
    conversationId: string | null;
    createdAt: string;
    updatedAt: string;
    endedAt: string | null;
    durationSeconds: number | null;
    /**
     * Price of the conversation (per started minute); null until it ended.
     */
    cost: Cost | null;
    /**
     * True while the recording can be fetched, once, from /audio.
     */
    recordingAvailable: boolean;
};
export type AgentSessionStartRequest = {
    /**
     * Template ids are PostgreSQL integers; a larger number is refused (400), never looked up.
     */
    templateId: number;
};
export type AgentSessionStart = {
    session: AgentSession;
    signedUrl: string;
    expiresIn: 900;
    dynamicVariables: AgentDynamicVariables;
};
/**
 * Conversation webhook payload (received from the agent, relayed to the customer).
 */
export type WebhookPayload = {
    event: 'event' | 'context' | 'complete';
    sessionId: number;
    templateId: number;
    templateName: string;
    timestamp: string;
    /**
     * Event-specific content.
     */
    data: {
        [key: string]: unknown;
    };
};
export type ContextWebhookPayload = WebhookPayload & {
    event: 'context';
};
export type EventWebhookPayload = WebhookPayload & {
    event: 'event';
};
export type CompleteWebhookPayload = WebhookPayload & {
    event: 'complete';
    data: CompleteWebhookData;
};
export type CompleteWebhookData = {
    /**
     * Conversation length; billed per started minute.
     */
    durationSeconds: number;
    /**
     * False marks the session failed.
     */
    callSuccessful?: boolean;
    /**
     * elevenlabs conversation id (set when translated from elevenlabs' post-call webhook).
     */
    conversationId?: string;
    /**
     * Relayed to the customer, never stored.
     */
    transcript?: Array<{
        role: 'agent' | 'user';
        message: string | null;
        timeInCallSecs?: number;
    }>;
    /**
     * Post-call analysis; relayed, never stored.
     */
    analysis?: {
        [key: string]: unknown;
    };
};
/**
 * The documented payload, or elevenlabs' post-call transcription webhook.
 */
export type CompleteWebhookRequest = CompleteWebhookPayload | ElevenLabsPostCallWebhook;
/**
 * elevenlabs' post-call transcription webhook (the fields the gateway reads; others are accepted and ignored).
 */
export type ElevenLabsPostCallWebhook = {
    type: 'post_call_transcription';
    /**
     * Unix seconds.
     */
    event_timestamp?: number;
    data: {
        agent_id: string;
        conversation_id: string;
        /**
         * done, or failed for a call that failed.
         */
        status?: string;
        transcript?: Array<{
            role: string;
            message?: string | null;
            time_in_call_secs?: number;
        }>;
        metadata: {
            start_time_unix_secs?: number;
            call_duration_secs: number;
        };
        analysis?: {
            call_successful?: 'success' | 'failure' | 'unknown';
            transcript_summary?: string;
        } | null;
        has_audio?: boolean;
        conversation_initiation_client_data?: {
            dynamic_variables?: {
                [key: string]: unknown;
            };
        } | null;
    };
};
/**
 * A free label on keys; spend is grouped and may be budgeted by it.
 */
export type KeyTag = string;
/**
 * `<provider>/<model>` where `*` matches any run of characters: `openai*` allows a provider, `anthropic/claude-*` a family, `openai/gpt-4o-mini` one model. Matched against the provider and model a call resolves to (each routing target on its own).
 */
export type ModelPattern = string;
/**
 * Rate limits, each over a fixed window in UTC (minute: from :00 of the
 * minute; day: from 00:00). Requests count every call admitted (queued
 * tasks when submitted). Tokens count a call's input (the gateway's
 * count_tokens estimate; an embeddings call's input at four characters
 * a token) plus its output at `maxTokens` (or the model's output cap)
 * when it is admitted, then the tokens the provider reports once it
 * ends; a call billed by units (media, engines) counts no tokens. Every
 * operation that bills (completions, embeddings, media, text
 * recognition, vision) counts against these limits. Processes sharing the database take these limits in
 * chunks (a twentieth of the limit at a time), so with N processes a
 * limit may admit up to N-1 chunks more than its value in one window,
 * never fewer than it when the demand is there: 600 per minute on two
 * processes admits between 600 and 660.
 *
 */
export type Limits = {
    requestsPerMinute?: number;
    requestsPerDay?: number;
    tokensPerMinute?: number;
    tokensPerDay?: number;
};
/**
 * Money, in USD at the gateway's customer price (`Cost.customerPrice`),
 * per UTC calendar period (`week` starts on Monday, `total` never
 * resets). Before a call the gateway reserves its worst-case price, a
 * price the call cannot pass: the input at an upper bound of its tokens
 * (a token per UTF-8 byte of text, since every provider's tokenizer
 * gives a token at least a byte, plus framing per message, 1,024 with
 * tools, 10,000 per image, the model's whole context window for a
 * video; never above that window), all of it at the dearer of the input
 * and cache-write rates, the output at `maxTokens` or the model's output
 * cap, for the dearest routing target; for a call billed by units, the
 * units its request asks for (images `n`, video seconds times videos,
 * characters of speech, the audio's seconds, one image analysed) or
 * their ceiling where it does not say (music: five minutes; audio of
 * unknown length: its bytes at 4 kbit/s), at the catalogue's unit price.
 * A queued task reserves at submit and gives back what it did not spend
 * when it ends, fails or is cancelled. The actual price replaces the
 * reservation in the same transaction that writes the call's usage row. A `hard` budget refuses (429
 * `budget_exceeded`) a call whose worst case it cannot cover, so spend
 * never passes it, however many calls or processes; a `soft` one only
 * alerts. Calls that cost nothing (a local model, the caller's own
 * provider key) are never refused by a budget. Alerts go out as
 * spend crosses 50, 80 and 100% (see `alertWebhookUrl`).
 *
 */
export type Budget = {
    period: 'day' | 'week' | 'month' | 'total';
    amountUsd: number;
    mode?: 'hard' | 'soft';
};
/**
 * Patterns a call's provider and model must match (any one); null or absent allows every model.
 */
export type AllowedModels = Array<ModelPattern> | null;
export type NullableLimits = Limits | null;
/**
 * At most one budget per period.
 */
export type Budgets = Array<Budget> | null;
/**
 * Where budget alerts are POSTed: one per budget, threshold (50, 80,
 * 100%) and period, as JSON (`BudgetAlert`), signed with
 * `X-Switchyard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` under GATEWAY_ALERT_SECRET, retried with backoff,
 * and fetched through the SSRF guard (public addresses only). Every
 * alert is also logged and counted in the
 * `switchyard_budget_alerts_total` metric, URL or not.
 *
 */
export type AlertWebhookUrl = string | null;
/**
 * Whether the request log (GET /api/llm/logs) stores this key's or
 * team's /v1 calls: true or false decides for it; null (the default)
 * leaves it to what comes next. A key's own setting comes first, then
 * its team's, then GATEWAY_REQUEST_LOG. Processes apply a change within
 * about a second.
 *
 */
export type RequestLogSetting = boolean | null;
/**
 * What a key, a team or a tag may do and spend. A call must pass every policy that applies to it (its key's, its team's, each of its tags') and counts against each.
 */
export type Governance = {
    allowedModels?: AllowedModels;
    limits?: NullableLimits;
    budgets?: Budgets;
    alertWebhookUrl?: AlertWebhookUrl;
};
export type KeyCreate = {
    requestLog?: RequestLogSetting;
    name: string;
    role?: 'admin' | 'member';
    teamId?: string | null;
    tags?: Array<KeyTag>;
    /**
     * When the key stops working (403 `key_expired` from then on); null never.
     */
    expiresAt?: string | null;
    allowedModels?: AllowedModels;
    limits?: NullableLimits;
    budgets?: Budgets;
    alertWebhookUrl?: AlertWebhookUrl;
};
export type KeyUpdate = {
    requestLog?: RequestLogSetting;
    name?: string;
    role?: 'admin' | 'member';
    teamId?: string | null;
    tags?: Array<KeyTag>;
    expiresAt?: string | null;
    allowedModels?: AllowedModels;
    limits?: NullableLimits;
    budgets?: Budgets;
    alertWebhookUrl?: AlertWebhookUrl;
};
export type KeyRotate = {
    /**
     * How long the replaced secret keeps working, at most 30 days.
     */
    graceSeconds?: number;
};
export type Key = {
    requestLog: RequestLogSetting;
    allowedModels: AllowedModels;
    limits: NullableLimits;
    budgets: Budgets;
    alertWebhookUrl: AlertWebhookUrl;
    id: string;
    name: string;
    /**
     * The key's first characters, as it is shown in lists (`bootstrap` for GATEWAY_BOOTSTRAP_KEY).
     */
    prefix: string;
    role: 'admin' | 'member';
    teamId: string | null;
    tags: Array<string>;
    expiresAt: string | null;
    createdAt: string;
    updatedAt: string;
    revokedAt: string | null;
    /**
     * Until when the secret replaced by the last rotation still works; null when none does.
     */
    previousKeyValidUntil: string | null;
};
export type KeyCreated = {
    key: Key;
    /**
     * The key itself (`gw_live_…`), shown this once; only its hash is stored.
     */
    secret: string;
};
/**
 * One limit or budget and its current window. `used` is what the
 * window has counted (spend in USD for `spend`, settled; calls or
 * tokens for the rate limits). `remaining` is the limit less what is
 * used and what is reserved: by calls under way, by queued tasks, and
 * by the chunks gateway processes hold (at most a twentieth of the
 * limit each, returned when a process is idle); it is what a new call
 * can count on. A soft budget's `remaining` may go below 0.
 *
 */
export type Meter = {
    scope: 'key' | 'team' | 'tag';
    /**
     * The key's or team's id, or the tag.
     */
    subject: string;
    metric: 'requests' | 'tokens' | 'spend';
    period: 'minute' | 'day' | 'week' | 'month' | 'total';
    limit: number;
    mode: 'hard' | 'soft';
    used: number;
    remaining: number;
    windowStart: string;
    /**
     * When the window ends; null for an all-time budget.
     */
    resetsAt: string | null;
};
export type OwnKey = {
    key: Key;
    meters: Array<Meter>;
};
export type TeamCreate = {
    requestLog?: RequestLogSetting;
    name: string;
    allowedModels?: AllowedModels;
    limits?: NullableLimits;
    budgets?: Budgets;
    alertWebhookUrl?: AlertWebhookUrl;
};
export type TeamUpdate = {
    requestLog?: RequestLogSetting;
    name?: string;
    allowedModels?: AllowedModels;
    limits?: NullableLimits;
    budgets?: Budgets;
    alertWebhookUrl?: AlertWebhookUrl;
};
export type Team = {
    requestLog: RequestLogSetting;
    allowedModels: AllowedModels;
    limits: NullableLimits;
    budgets: Budgets;
    alertWebhookUrl: AlertWebhookUrl;
    id: string;
    name: string;
    createdAt: string;
    updatedAt: string;
    meters: Array<Meter>;
};
export type TagPolicy = {
    allowedModels: AllowedModels;
    limits: NullableLimits;
    budgets: Budgets;
    alertWebhookUrl: AlertWebhookUrl;
    tag: string;
    updatedAt: string;
    meters: Array<Meter>;
};
export type AuditEvent = {
    id: number;
    at: string;
    /**
     * The admin key that acted; null for the CLI.
     */
    actorKeyId: string | null;
    /**
     * That key's name, or `cli`.
     */
    actor: string;
    action: 'key.create' | 'key.update' | 'key.rotate' | 'key.revoke' | 'team.create' | 'team.update' | 'team.delete' | 'tag.set' | 'tag.delete';
    targetType: 'key' | 'team' | 'tag';
    targetId: string;
    /**
     * The fields set (for a key or team created or changed), the grace period of a rotation; never a secret.
     */
    changes: {
        [key: string]: unknown;
    };
};
/**
 * The body of a budget alert webhook.
 */
export type BudgetAlert = {
    type: 'budget.threshold';
    scope: 'key' | 'team' | 'tag';
    subject: string;
    period: 'day' | 'week' | 'month' | 'total';
    mode: 'hard' | 'soft';
    threshold: 50 | 80 | 100;
    amountUsd: number;
    spentUsd: number;
    windowStart: string;
    at: string;
};
export type OwnKeyEnvelope = {
    success: true;
    data: OwnKey;
};
export type KeyEnvelope = {
    success: true;
    data: Key;
    message?: string;
};
export type KeyCreatedEnvelope = {
    success: true;
    data: KeyCreated;
    message?: string;
};
export type KeyListEnvelope = {
    success: true;
    data: Array<Key>;
};
export type TeamEnvelope = {
    success: true;
    data: Team;
    message?: string;
};
export type TeamListEnvelope = {
    success: true;
    data: Array<Team>;
};
export type TagPolicyEnvelope = {
    success: true;
    data: TagPolicy;
    message?: string;
};
export type TagPolicyListEnvelope = {
    success: true;
    data: Array<TagPolicy>;
};
export type AuditEventListEnvelope = {
    success: true;
    data: Array<AuditEvent>;
};
/**
 * Bring your own key. When present it is used as the upstream provider's API
 * key instead of the operator's, and the call is billed `byok` with
 * `customerPrice` 0 (usage is still recorded). It is never logged. While a
 * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
 * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
 * process that runs the task, and erased when the task completes, fails or
 * is cancelled.
 * A provider's error that quotes a key the gateway sent (this one, the
 * operator's, any token of the upstream request) reaches no answer, log
 * line or stored task error: the key is cut out by value (it reads `…`, or
 * its well-known prefix and `…`, e.g. `sk-…`).
 * For keyless local providers (ollama, local-audio, localai, local-video, the
 * local vision sidecar and OCR) it is ignored and billing is unchanged.
 * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
 * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
 * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
 * never counts against the provider's circuit.
 *
 */
export type ProviderKey = string;
/**
 * Template id.
 */
export type TemplateId = number;
/**
 * Session id.
 */
export type SessionId = number;
/**
 * The key's id (as `listKeys` shows it).
 */
export type KeyId = string;
/**
 * A team's id.
 */
export type TeamId = string;
/**
 * The tag.
 */
export type TagName = KeyTag;
/**
 * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
 */
export type QueueIdBody = QueueIdRequest;
export type SubmitCompletionData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. Inline images, audio and video count: a larger video goes through `POST /api/llm/upload-video` and is referred to by `fileId`.
     */
    body: CompletionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/complete';
};
export type SubmitCompletionErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type SubmitCompletionError = SubmitCompletionErrors[keyof SubmitCompletionErrors];
export type SubmitCompletionResponses = {
    /**
     * Queued.
     */
    200: QueuedEnvelope;
};
export type SubmitCompletionResponse = SubmitCompletionResponses[keyof SubmitCompletionResponses];
export type GetQueueStatusData = {
    /**
     * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: QueueIdBody;
    path?: never;
    query?: never;
    url: '/api/llm/queue/status';
};
export type GetQueueStatusErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetQueueStatusError = GetQueueStatusErrors[keyof GetQueueStatusErrors];
export type GetQueueStatusResponses = {
    /**
     * Current status.
     */
    200: QueueStatusEnvelope;
};
export type GetQueueStatusResponse = GetQueueStatusResponses[keyof GetQueueStatusResponses];
export type GetQueueResultData = {
    /**
     * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: QueueIdBody;
    path?: never;
    query?: never;
    url: '/api/llm/queue/result';
};
export type GetQueueResultErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The task ended without a result. Code `task_failed` (message = the task's error) or `task_cancelled`.
     */
    409: ErrorResponse;
    /**
     * An embeddings task's vectors were already returned by an earlier read (code `result_already_read`); they are not retained.
     */
    410: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetQueueResultError = GetQueueResultErrors[keyof GetQueueResultErrors];
export type GetQueueResultResponses = {
    /**
     * Completed; the result is in `data.result`.
     */
    200: QueueResultEnvelope;
    /**
     * Not finished yet (`queued` or `processing`).
     */
    202: QueuePendingEnvelope;
};
export type GetQueueResultResponse = GetQueueResultResponses[keyof GetQueueResultResponses];
export type StreamQueueTaskData = {
    /**
     * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: QueueIdBody;
    path?: never;
    query?: never;
    url: '/api/llm/queue/stream';
};
export type StreamQueueTaskErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type StreamQueueTaskError = StreamQueueTaskErrors[keyof StreamQueueTaskErrors];
export type StreamQueueTaskResponses = {
    /**
     * SSE events `start`, `chunk`..., then `done` (or `error`); see the operation description. `contentSchema` describes the stream parsed into its events.
     */
    200: string;
};
export type StreamQueueTaskResponse = StreamQueueTaskResponses[keyof StreamQueueTaskResponses];
export type CancelQueueTaskData = {
    /**
     * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: QueueIdBody;
    path?: never;
    query?: never;
    url: '/api/llm/queue/cancel';
};
export type CancelQueueTaskErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The task already ended (completed, error or cancelled) and cannot be cancelled (code `task_finished`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type CancelQueueTaskError = CancelQueueTaskErrors[keyof CancelQueueTaskErrors];
export type CancelQueueTaskResponses = {
    /**
     * Cancelled.
     */
    200: QueueCancelEnvelope;
};
export type CancelQueueTaskResponse = CancelQueueTaskResponses[keyof CancelQueueTaskResponses];
export type UploadVideoData = {
    /**
     * At most 100 MB plus 64 KB of multipart framing (104923136 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The video itself is limited to 100 MB: a video of exactly 104857600 bytes is accepted, one byte more stops the upload with 413 and nothing is kept. An empty file answers 400.
     */
    body: VideoUploadRequest;
    path?: never;
    query?: never;
    url: '/api/llm/upload-video';
};
export type UploadVideoErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type UploadVideoError = UploadVideoErrors[keyof UploadVideoErrors];
export type UploadVideoResponses = {
    /**
     * Stored.
     */
    200: VideoUploadEnvelope;
};
export type UploadVideoResponse = UploadVideoResponses[keyof UploadVideoResponses];
export type ListProvidersData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/providers';
};
export type ListProvidersErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListProvidersError = ListProvidersErrors[keyof ListProvidersErrors];
export type ListProvidersResponses = {
    /**
     * Provider ids.
     */
    200: ProviderListEnvelope;
};
export type ListProvidersResponse = ListProvidersResponses[keyof ListProvidersResponses];
export type ListModelsData = {
    body?: never;
    path?: never;
    query: {
        /**
         * Provider id.
         */
        provider: AnyProviderId;
    };
    url: '/api/llm/models';
};
export type ListModelsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
};
export type ListModelsError = ListModelsErrors[keyof ListModelsErrors];
export type ListModelsResponses = {
    /**
     * Models of the provider.
     */
    200: ModelListEnvelope;
};
export type ListModelsResponse = ListModelsResponses[keyof ListModelsResponses];
export type ListVoicesData = {
    body?: never;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query: {
        /**
         * Speech provider id.
         */
        provider: 'elevenlabs' | 'local-audio';
    };
    url: '/api/llm/voices';
};
export type ListVoicesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The upstream provider keeps rate-limiting (code `rate_limited`).
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type ListVoicesError = ListVoicesErrors[keyof ListVoicesErrors];
export type ListVoicesResponses = {
    /**
     * Voices.
     */
    200: VoiceListEnvelope;
};
export type ListVoicesResponse = ListVoicesResponses[keyof ListVoicesResponses];
export type GetCapabilitiesData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/capabilities';
};
export type GetCapabilitiesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetCapabilitiesError = GetCapabilitiesErrors[keyof GetCapabilitiesErrors];
export type GetCapabilitiesResponses = {
    /**
     * Capabilities per provider.
     */
    200: CapabilitiesEnvelope;
};
export type GetCapabilitiesResponse = GetCapabilitiesResponses[keyof GetCapabilitiesResponses];
export type GetConcurrencyData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/concurrency';
};
export type GetConcurrencyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetConcurrencyError = GetConcurrencyErrors[keyof GetConcurrencyErrors];
export type GetConcurrencyResponses = {
    /**
     * Concurrency per provider.
     */
    200: ConcurrencyEnvelope;
};
export type GetConcurrencyResponse = GetConcurrencyResponses[keyof GetConcurrencyResponses];
export type GetCircuitsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/circuits';
};
export type GetCircuitsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetCircuitsError = GetCircuitsErrors[keyof GetCircuitsErrors];
export type GetCircuitsResponses = {
    /**
     * Circuit state per provider.
     */
    200: CircuitsEnvelope;
};
export type GetCircuitsResponse = GetCircuitsResponses[keyof GetCircuitsResponses];
export type GetProviderConcurrencyData = {
    body?: never;
    path: {
        /**
         * Provider id.
         */
        provider: AnyProviderId;
    };
    query?: never;
    url: '/api/llm/concurrency/{provider}';
};
export type GetProviderConcurrencyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetProviderConcurrencyError = GetProviderConcurrencyErrors[keyof GetProviderConcurrencyErrors];
export type GetProviderConcurrencyResponses = {
    /**
     * Concurrency of the provider.
     */
    200: ProviderConcurrencyEnvelope;
};
export type GetProviderConcurrencyResponse = GetProviderConcurrencyResponses[keyof GetProviderConcurrencyResponses];
export type GetUsageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/usage';
};
export type GetUsageErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetUsageError = GetUsageErrors[keyof GetUsageErrors];
export type GetUsageResponses = {
    /**
     * Current-month summary.
     */
    200: UsageSummaryEnvelope;
};
export type GetUsageResponse = GetUsageResponses[keyof GetUsageResponses];
export type GetMonthlyUsageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/usage/monthly';
};
export type GetMonthlyUsageErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetMonthlyUsageError = GetMonthlyUsageErrors[keyof GetMonthlyUsageErrors];
export type GetMonthlyUsageResponses = {
    /**
     * Monthly items.
     */
    200: MonthlyUsageEnvelope;
};
export type GetMonthlyUsageResponse = GetMonthlyUsageResponses[keyof GetMonthlyUsageResponses];
export type GetDailyUsageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/usage/daily';
};
export type GetDailyUsageErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetDailyUsageError = GetDailyUsageErrors[keyof GetDailyUsageErrors];
export type GetDailyUsageResponses = {
    /**
     * Daily items.
     */
    200: DailyUsageEnvelope;
};
export type GetDailyUsageResponse = GetDailyUsageResponses[keyof GetDailyUsageResponses];
export type ListRequestLogsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Entries of this key.
         */
        keyId?: string;
        /**
         * Entries of keys of this team.
         */
        teamId?: string;
        /**
         * Entries of keys carrying this tag.
         */
        tag?: string;
        /**
         * The model that answered.
         */
        model?: string;
        /**
         * The provider that answered.
         */
        provider?: string;
        /**
         * The HTTP status answered.
         */
        status?: number;
        /**
         * The error code answered (or sent in a stream).
         */
        errorCode?: string;
        /**
         * Entries written at or after this time.
         */
        from?: string;
        /**
         * Entries written before this time.
         */
        to?: string;
        /**
         * Entries whose call took at least this long.
         */
        minLatencyMs?: number;
        /**
         * Entries whose call cost at least this much (USD).
         */
        minCost?: number;
        /**
         * Text found in the request or response body.
         */
        q?: string;
        /**
         * Entries per page.
         */
        limit?: number;
        /**
         * The `nextCursor` of the previous page.
         */
        cursor?: string;
    };
    url: '/api/llm/logs';
};
export type ListRequestLogsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListRequestLogsError = ListRequestLogsErrors[keyof ListRequestLogsErrors];
export type ListRequestLogsResponses = {
    /**
     * One page of entries.
     */
    200: RequestLogPageEnvelope;
};
export type ListRequestLogsResponse = ListRequestLogsResponses[keyof ListRequestLogsResponses];
export type GetPortalDailyUsageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/portal/usage/daily';
};
export type GetPortalDailyUsageErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetPortalDailyUsageError = GetPortalDailyUsageErrors[keyof GetPortalDailyUsageErrors];
export type GetPortalDailyUsageResponses = {
    /**
     * Daily items.
     */
    200: DailyUsageEnvelope;
};
export type GetPortalDailyUsageResponse = GetPortalDailyUsageResponses[keyof GetPortalDailyUsageResponses];
export type GetSpendData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * First UTC day included (default `to` minus 29 days).
         */
        from?: string;
        /**
         * Last UTC day included (default today, UTC).
         */
        to?: string;
        /**
         * Comma-separated dimensions, each at most once; any of key, team, tag, model, provider, surface.
         */
        groupBy?: string;
        /**
         * `day` (period `YYYY-MM-DD`), `month` (period `YYYY-MM`) or `none` (no period).
         */
        bucket?: 'day' | 'month' | 'none';
        keyId?: string;
        teamId?: string;
        tag?: string;
        model?: string;
        provider?: AnyUsageProviderId;
        limit?: number;
        /**
         * `json` (default) or `csv`; without it, `Accept: text/csv` asks for CSV.
         */
        format?: 'json' | 'csv';
    };
    url: '/api/llm/spend';
};
export type GetSpendErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * A key that is not an admin asked for another key's spend.
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetSpendError = GetSpendErrors[keyof GetSpendErrors];
export type GetSpendResponses = {
    /**
     * The groups.
     */
    200: SpendEnvelope;
};
export type GetSpendResponse = GetSpendResponses[keyof GetSpendResponses];
export type GetTrafficData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * First UTC day included (default `to` minus 29 days).
         */
        from?: string;
        /**
         * Last UTC day included (default today, UTC).
         */
        to?: string;
    };
    url: '/api/llm/traffic';
};
export type GetTrafficErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetTrafficError = GetTrafficErrors[keyof GetTrafficErrors];
export type GetTrafficResponses = {
    /**
     * The range's figures.
     */
    200: TrafficEnvelope;
};
export type GetTrafficResponse = GetTrafficResponses[keyof GetTrafficResponses];
export type GetHealthData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/health';
};
export type GetHealthErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GetHealthError = GetHealthErrors[keyof GetHealthErrors];
export type GetHealthResponses = {
    /**
     * Healthy.
     */
    200: Health;
};
export type GetHealthResponse = GetHealthResponses[keyof GetHealthResponses];
export type GetConsoleData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * The page keeps its state (the page shown) in its own query string; the server ignores it.
         */
        view?: {
            [key: string]: unknown;
        };
    };
    url: '/console';
};
export type GetConsoleErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
};
export type GetConsoleError = GetConsoleErrors[keyof GetConsoleErrors];
export type GetConsoleResponses = {
    /**
     * The page.
     */
    200: string;
};
export type GetConsoleResponse = GetConsoleResponses[keyof GetConsoleResponses];
export type GetConsoleSignInData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/console/sign-in';
};
export type GetConsoleSignInErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
};
export type GetConsoleSignInError = GetConsoleSignInErrors[keyof GetConsoleSignInErrors];
export type GetConsoleSignInResponses = {
    /**
     * The sign-in methods.
     */
    200: ConsoleSignInEnvelope;
};
export type GetConsoleSignInResponse = GetConsoleSignInResponses[keyof GetConsoleSignInResponses];
export type StartConsoleSignInData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/console/sign-in/oidc';
};
export type StartConsoleSignInErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type StartConsoleSignInError = StartConsoleSignInErrors[keyof StartConsoleSignInErrors];
export type FinishConsoleSignInData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * The identity provider's authorization response (`code`, `state`, `iss`, or `error` and `error_description`), as RFC 6749 and OpenID Connect define it.
         */
        response?: {
            [key: string]: string;
        };
    };
    url: '/api/console/sign-in/oidc/callback';
};
export type FinishConsoleSignInErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type FinishConsoleSignInError = FinishConsoleSignInErrors[keyof FinishConsoleSignInErrors];
export type SignInConsoleWithKeyData = {
    /**
     * At most 16 KB (16384 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: ConsoleKeySignInRequest;
    path?: never;
    query?: never;
    url: '/api/console/sign-in/key';
};
export type SignInConsoleWithKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The credentials are good but may not do this: `read_only_role` (a viewer's unsafe request), `csrf_failed` (a console session's unsafe request without its `X-CSRF-Token`), `admin_key_required`, `oidc_required`.
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
};
export type SignInConsoleWithKeyError = SignInConsoleWithKeyErrors[keyof SignInConsoleWithKeyErrors];
export type SignInConsoleWithKeyResponses = {
    /**
     * Signed in.
     */
    200: ConsoleSessionEnvelope;
};
export type SignInConsoleWithKeyResponse = SignInConsoleWithKeyResponses[keyof SignInConsoleWithKeyResponses];
export type GetConsoleSessionData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/console/session';
};
export type GetConsoleSessionErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
};
export type GetConsoleSessionError = GetConsoleSessionErrors[keyof GetConsoleSessionErrors];
export type GetConsoleSessionResponses = {
    /**
     * The session.
     */
    200: ConsoleSessionEnvelope;
};
export type GetConsoleSessionResponse = GetConsoleSessionResponses[keyof GetConsoleSessionResponses];
export type SignOutConsoleData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/console/sign-out';
};
export type SignOutConsoleErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The credentials are good but may not do this: `read_only_role` (a viewer's unsafe request), `csrf_failed` (a console session's unsafe request without its `X-CSRF-Token`), `admin_key_required`, `oidc_required`.
     */
    403: ErrorResponse;
};
export type SignOutConsoleError = SignOutConsoleErrors[keyof SignOutConsoleErrors];
export type SignOutConsoleResponses = {
    /**
     * Signed out.
     */
    200: ConsoleSignOutEnvelope;
};
export type SignOutConsoleResponse = SignOutConsoleResponses[keyof SignOutConsoleResponses];
export type ListProviderStatusData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/providers/status';
};
export type ListProviderStatusErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
};
export type ListProviderStatusError = ListProviderStatusErrors[keyof ListProviderStatusErrors];
export type ListProviderStatusResponses = {
    /**
     * Configuration per provider.
     */
    200: ProviderStatusEnvelope;
};
export type ListProviderStatusResponse = ListProviderStatusResponses[keyof ListProviderStatusResponses];
export type ListQueueTasksData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Only tasks in this status.
         */
        status?: 'queued' | 'processing' | 'completed' | 'error' | 'cancelled';
        /**
         * Only tasks of this provider.
         */
        provider?: AnyProviderId;
        /**
         * At most this many tasks (default 50).
         */
        limit?: number;
    };
    url: '/api/llm/queue/tasks';
};
export type ListQueueTasksErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
};
export type ListQueueTasksError = ListQueueTasksErrors[keyof ListQueueTasksErrors];
export type ListQueueTasksResponses = {
    /**
     * The tasks.
     */
    200: QueueTaskListEnvelope;
};
export type ListQueueTasksResponse = ListQueueTasksResponses[keyof ListQueueTasksResponses];
export type GetReadinessData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/ready';
};
export type GetReadinessErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GetReadinessError = GetReadinessErrors[keyof GetReadinessErrors];
export type GetReadinessResponses = {
    /**
     * Ready for traffic.
     */
    200: Readiness;
};
export type GetReadinessResponse = GetReadinessResponses[keyof GetReadinessResponses];
export type ListPublicModelsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Only the models of this provider.
         */
        provider?: AnyProviderId;
    };
    url: '/api/public/models';
};
export type ListPublicModelsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListPublicModelsError = ListPublicModelsErrors[keyof ListPublicModelsErrors];
export type ListPublicModelsResponses = {
    /**
     * Price list.
     */
    200: PublicModelsEnvelope;
};
export type ListPublicModelsResponse = ListPublicModelsResponses[keyof ListPublicModelsResponses];
export type GenerateImageData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. Reference images count.
     */
    body: ImageRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-image';
};
export type GenerateImageErrors = {
    /**
     * The request is invalid: `invalid_request`, `unsupported_option`, or
     * `TOO_MANY_REFERENCE_IMAGES` when `referenceImages` exceeds the provider's
     * maximum (openai 16, gemini 14, vertex 4, xai 3, localai 0).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateImageError = GenerateImageErrors[keyof GenerateImageErrors];
export type GenerateImageResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateImageResponse = GenerateImageResponses[keyof GenerateImageResponses];
export type GenerateVideoData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. A start frame sent inline counts; a URL does not.
     */
    body: VideoRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-video';
};
export type GenerateVideoErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateVideoError = GenerateVideoErrors[keyof GenerateVideoErrors];
export type GenerateVideoResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateVideoResponse = GenerateVideoResponses[keyof GenerateVideoResponses];
export type GenerateAudioData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: AudioRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-audio';
};
export type GenerateAudioErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateAudioError = GenerateAudioErrors[keyof GenerateAudioErrors];
export type GenerateAudioResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateAudioResponse = GenerateAudioResponses[keyof GenerateAudioResponses];
export type GenerateSoundEffectData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: SoundEffectRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-sound-effect';
};
export type GenerateSoundEffectErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateSoundEffectError = GenerateSoundEffectErrors[keyof GenerateSoundEffectErrors];
export type GenerateSoundEffectResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateSoundEffectResponse = GenerateSoundEffectResponses[keyof GenerateSoundEffectResponses];
export type GenerateMusicData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: MusicRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-music';
};
export type GenerateMusicErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateMusicError = GenerateMusicErrors[keyof GenerateMusicErrors];
export type GenerateMusicResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateMusicResponse = GenerateMusicResponses[keyof GenerateMusicResponses];
export type GenerateDialogueData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: DialogueRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/generate-dialogue';
};
export type GenerateDialogueErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GenerateDialogueError = GenerateDialogueErrors[keyof GenerateDialogueErrors];
export type GenerateDialogueResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type GenerateDialogueResponse = GenerateDialogueResponses[keyof GenerateDialogueResponses];
export type TranscribeData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 audio counts.
     */
    body: TranscriptionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/transcribe';
};
export type TranscribeErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type TranscribeError = TranscribeErrors[keyof TranscribeErrors];
export type TranscribeResponses = {
    /**
     * Queued media task; fetch the outcome with `/api/llm/queue/result`, follow its progress with `/api/llm/queue/stream` (or status, cancel).
     */
    200: QueuedEnvelope;
};
export type TranscribeResponse = TranscribeResponses[keyof TranscribeResponses];
export type SubmitEmbeddingsData = {
    /**
     * At most 16 MB (16777216 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: EmbeddingsRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/llm/embeddings';
};
export type SubmitEmbeddingsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type SubmitEmbeddingsError = SubmitEmbeddingsErrors[keyof SubmitEmbeddingsErrors];
export type SubmitEmbeddingsResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type SubmitEmbeddingsResponse = SubmitEmbeddingsResponses[keyof SubmitEmbeddingsResponses];
export type DetectObjectsData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: ObjectDetectionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/vision/detect';
};
export type DetectObjectsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DetectObjectsError = DetectObjectsErrors[keyof DetectObjectsErrors];
export type DetectObjectsResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type DetectObjectsResponse = DetectObjectsResponses[keyof DetectObjectsResponses];
export type DetectZeroShotData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: ZeroShotDetectionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/vision/detect/zero-shot';
};
export type DetectZeroShotErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DetectZeroShotError = DetectZeroShotErrors[keyof DetectZeroShotErrors];
export type DetectZeroShotResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type DetectZeroShotResponse = DetectZeroShotResponses[keyof DetectZeroShotResponses];
export type DetectFacesData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: FaceDetectionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/vision/detect/faces';
};
export type DetectFacesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DetectFacesError = DetectFacesErrors[keyof DetectFacesErrors];
export type DetectFacesResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type DetectFacesResponse = DetectFacesResponses[keyof DetectFacesResponses];
export type DetectWebData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: WebDetectionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/vision/detect/web';
};
export type DetectWebErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DetectWebError = DetectWebErrors[keyof DetectWebErrors];
export type DetectWebResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type DetectWebResponse = DetectWebResponses[keyof DetectWebResponses];
export type TrainVisionModelData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 dataset counts.
     */
    body: TrainingRequest;
    path?: never;
    query?: never;
    url: '/api/vision/train';
};
export type TrainVisionModelErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type TrainVisionModelError = TrainVisionModelErrors[keyof TrainVisionModelErrors];
export type TrainVisionModelResponses = {
    /**
     * Training job created.
     */
    200: TrainingResponseEnvelope;
};
export type TrainVisionModelResponse = TrainVisionModelResponses[keyof TrainVisionModelResponses];
export type AutoLabelData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 images count.
     */
    body: AutoLabelRequest;
    path?: never;
    query?: never;
    url: '/api/vision/auto-label';
};
export type AutoLabelErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type AutoLabelError = AutoLabelErrors[keyof AutoLabelErrors];
export type AutoLabelResponses = {
    /**
     * The labelled dataset.
     */
    200: AutoLabelEnvelope;
};
export type AutoLabelResponse = AutoLabelResponses[keyof AutoLabelResponses];
export type AutoTrainData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 images count.
     */
    body: AutoTrainRequest;
    path?: never;
    query?: never;
    url: '/api/vision/auto-train';
};
export type AutoTrainErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type AutoTrainError = AutoTrainErrors[keyof AutoTrainErrors];
export type AutoTrainResponses = {
    /**
     * Training job created from the auto-labelled dataset.
     */
    200: TrainingResponseEnvelope;
};
export type AutoTrainResponse = AutoTrainResponses[keyof AutoTrainResponses];
export type GetTrainingJobData = {
    body?: never;
    path: {
        /**
         * Job id returned by train or auto-train.
         */
        jobId: string;
    };
    query?: never;
    url: '/api/vision/train/{jobId}';
};
export type GetTrainingJobErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GetTrainingJobError = GetTrainingJobErrors[keyof GetTrainingJobErrors];
export type GetTrainingJobResponses = {
    /**
     * The job.
     */
    200: TrainingJobEnvelope;
};
export type GetTrainingJobResponse = GetTrainingJobResponses[keyof GetTrainingJobResponses];
export type ListVisionModelsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/vision/models';
};
export type ListVisionModelsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type ListVisionModelsError = ListVisionModelsErrors[keyof ListVisionModelsErrors];
export type ListVisionModelsResponses = {
    /**
     * Models.
     */
    200: VisionModelListEnvelope;
};
export type ListVisionModelsResponse = ListVisionModelsResponses[keyof ListVisionModelsResponses];
export type DeleteVisionModelData = {
    body?: never;
    path: {
        /**
         * Custom model id.
         */
        modelId: string;
    };
    query?: never;
    url: '/api/vision/models/{modelId}';
};
export type DeleteVisionModelErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DeleteVisionModelError = DeleteVisionModelErrors[keyof DeleteVisionModelErrors];
export type DeleteVisionModelResponses = {
    /**
     * Deleted.
     */
    200: VisionModelDeletedEnvelope;
};
export type DeleteVisionModelResponse = DeleteVisionModelResponses[keyof DeleteVisionModelResponses];
export type RecognizeTextData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: OcrRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/ocr/recognize';
};
export type RecognizeTextErrors = {
    /**
     * The request is invalid: `invalid_request` (schema or a documented rule),
     * `unsupported_image_format` (not PNG, JPEG, HEIC, TIFF or WebP),
     * `invalid_image` (corrupt or truncated), `image_too_large` (over 100
     * megapixels), `invalid_pattern` (a regular expression RE2 cannot compile)
     * or `region_outside_image`. A language that is not installed fails the
     * schema (`invalid_request`, naming the value).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type RecognizeTextError = RecognizeTextErrors[keyof RecognizeTextErrors];
export type RecognizeTextResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type RecognizeTextResponse = RecognizeTextResponses[keyof RecognizeTextResponses];
export type RedactImageData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. The base64 image counts.
     */
    body: RedactionRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/ocr/redact';
};
export type RedactImageErrors = {
    /**
     * The request is invalid: `invalid_request` (schema or a documented rule),
     * `unsupported_image_format` (not PNG, JPEG, HEIC, TIFF or WebP),
     * `invalid_image` (corrupt or truncated), `image_too_large` (over 100
     * megapixels), `invalid_pattern` (a regular expression RE2 cannot compile)
     * or `region_outside_image`. A language that is not installed fails the
     * schema (`invalid_request`, naming the value).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type RedactImageError = RedactImageErrors[keyof RedactImageErrors];
export type RedactImageResponses = {
    /**
     * Queued; fetch the outcome with `/api/llm/queue/result` (or status, cancel; only completions stream).
     */
    200: QueuedEnvelope;
};
export type RedactImageResponse = RedactImageResponses[keyof RedactImageResponses];
export type ListOcrLanguagesData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/ocr/languages';
};
export type ListOcrLanguagesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListOcrLanguagesError = ListOcrLanguagesErrors[keyof ListOcrLanguagesErrors];
export type ListOcrLanguagesResponses = {
    /**
     * Languages.
     */
    200: OcrLanguagesEnvelope;
};
export type ListOcrLanguagesResponse = ListOcrLanguagesResponses[keyof ListOcrLanguagesResponses];
export type CreateAgentSignedUrlData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: SignedUrlRequest;
    headers?: {
        /**
         * Bring your own key. When present it is used as the upstream provider's API
         * key instead of the operator's, and the call is billed `byok` with
         * `customerPrice` 0 (usage is still recorded). It is never logged. While a
         * queued task waits or runs, the key is stored only sealed (AES-256-GCM under
         * SWITCHYARD_SECRET_KEY, which is not in the database), opened only by the
         * process that runs the task, and erased when the task completes, fails or
         * is cancelled.
         * A provider's error that quotes a key the gateway sent (this one, the
         * operator's, any token of the upstream request) reaches no answer, log
         * line or stored task error: the key is cut out by value (it reads `…`, or
         * its well-known prefix and `…`, e.g. `sk-…`).
         * For keyless local providers (ollama, local-audio, localai, local-video, the
         * local vision sidecar and OCR) it is ignored and billing is unchanged.
         * A key the provider refuses is the caller's error: 401 `invalid_provider_key`
         * (403 `provider_key_forbidden` for the provider's 403), or a queued task ending
         * in `error` with that `errorCode`, the message naming `X-Provider-Key`; it
         * never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/api/agents/signed-url';
};
export type CreateAgentSignedUrlErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type CreateAgentSignedUrlError = CreateAgentSignedUrlErrors[keyof CreateAgentSignedUrlErrors];
export type CreateAgentSignedUrlResponses = {
    /**
     * Signed URL.
     */
    200: SignedUrlEnvelope;
};
export type CreateAgentSignedUrlResponse = CreateAgentSignedUrlResponses[keyof CreateAgentSignedUrlResponses];
export type ListAgentTemplatesData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Maximum number of templates returned.
         */
        limit?: number;
    };
    url: '/api/convagents/templates';
};
export type ListAgentTemplatesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListAgentTemplatesError = ListAgentTemplatesErrors[keyof ListAgentTemplatesErrors];
export type ListAgentTemplatesResponses = {
    /**
     * Templates.
     */
    200: AgentTemplateListEnvelope;
};
export type ListAgentTemplatesResponse = ListAgentTemplatesResponses[keyof ListAgentTemplatesResponses];
export type CreateAgentTemplateData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: AgentTemplateInput;
    path?: never;
    query?: never;
    url: '/api/convagents/templates';
};
export type CreateAgentTemplateErrors = {
    /**
     * The template is invalid: `invalid_request` (schema: ranges, lengths, a
     * tool outside the list, llmProvider without llmModel; `errors` lists the
     * fields), `invalid_template` (a rule across fields), `invalid_webhook_url`
     * (clientWebhookUrl refused by the SSRF guard) or `unknown_model`
     * (elevenlabs does not know llmModel, voiceModel or voiceId).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type CreateAgentTemplateError = CreateAgentTemplateErrors[keyof CreateAgentTemplateErrors];
export type CreateAgentTemplateResponses = {
    /**
     * Created; the only response that contains `webhookSecret`.
     */
    201: AgentTemplateCreatedEnvelope;
};
export type CreateAgentTemplateResponse = CreateAgentTemplateResponses[keyof CreateAgentTemplateResponses];
export type DeleteAgentTemplateData = {
    body?: never;
    path: {
        /**
         * Template id.
         */
        id: number;
    };
    query?: never;
    url: '/api/convagents/templates/{id}';
};
export type DeleteAgentTemplateErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type DeleteAgentTemplateError = DeleteAgentTemplateErrors[keyof DeleteAgentTemplateErrors];
export type DeleteAgentTemplateResponses = {
    /**
     * Deleted.
     */
    200: AgentTemplateDeletedEnvelope;
};
export type DeleteAgentTemplateResponse = DeleteAgentTemplateResponses[keyof DeleteAgentTemplateResponses];
export type GetAgentTemplateData = {
    body?: never;
    path: {
        /**
         * Template id.
         */
        id: number;
    };
    query?: never;
    url: '/api/convagents/templates/{id}';
};
export type GetAgentTemplateErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetAgentTemplateError = GetAgentTemplateErrors[keyof GetAgentTemplateErrors];
export type GetAgentTemplateResponses = {
    /**
     * The template.
     */
    200: AgentTemplateEnvelope;
};
export type GetAgentTemplateResponse = GetAgentTemplateResponses[keyof GetAgentTemplateResponses];
export type UpdateAgentTemplateData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: AgentTemplateUpdate;
    path: {
        /**
         * Template id.
         */
        id: number;
    };
    query?: never;
    url: '/api/convagents/templates/{id}';
};
export type UpdateAgentTemplateErrors = {
    /**
     * The template is invalid: `invalid_request` (schema: ranges, lengths, a
     * tool outside the list, llmProvider without llmModel; `errors` lists the
     * fields), `invalid_template` (a rule across fields), `invalid_webhook_url`
     * (clientWebhookUrl refused by the SSRF guard) or `unknown_model`
     * (elevenlabs does not know llmModel, voiceModel or voiceId).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type UpdateAgentTemplateError = UpdateAgentTemplateErrors[keyof UpdateAgentTemplateErrors];
export type UpdateAgentTemplateResponses = {
    /**
     * The updated template.
     */
    200: AgentTemplateEnvelope;
};
export type UpdateAgentTemplateResponse = UpdateAgentTemplateResponses[keyof UpdateAgentTemplateResponses];
export type ListAgentSessionsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Only sessions of this template.
         */
        templateId?: number;
        /**
         * Only sessions in this status.
         */
        status?: AgentSessionStatus;
        /**
         * Maximum number of sessions returned.
         */
        limit?: number;
    };
    url: '/api/convagents/sessions';
};
export type ListAgentSessionsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListAgentSessionsError = ListAgentSessionsErrors[keyof ListAgentSessionsErrors];
export type ListAgentSessionsResponses = {
    /**
     * Sessions.
     */
    200: AgentSessionListEnvelope;
};
export type ListAgentSessionsResponse = ListAgentSessionsResponses[keyof ListAgentSessionsResponses];
export type StartAgentSessionData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: AgentSessionStartRequest;
    path?: never;
    query?: never;
    url: '/api/convagents/sessions';
};
export type StartAgentSessionErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * A limit or budget of the key, its team or one of its tags refused the
     * call before anything was sent upstream (nothing billed):
     * `rate_limit_exceeded` (requests or tokens per minute or day) or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price). The message names which (scope, metric, period) and what
     * remains; `Retry-After` says when the window resets when waiting
     * helps (not for an all-time budget). The upstream provider's own 429
     * (`rate_limited`) has the same shape.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type StartAgentSessionError = StartAgentSessionErrors[keyof StartAgentSessionErrors];
export type StartAgentSessionResponses = {
    /**
     * Session started.
     */
    201: AgentSessionStartEnvelope;
};
export type StartAgentSessionResponse = StartAgentSessionResponses[keyof StartAgentSessionResponses];
export type GetAgentSessionData = {
    body?: never;
    path: {
        /**
         * Session id.
         */
        id: number;
    };
    query?: never;
    url: '/api/convagents/sessions/{id}';
};
export type GetAgentSessionErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetAgentSessionError = GetAgentSessionErrors[keyof GetAgentSessionErrors];
export type GetAgentSessionResponses = {
    /**
     * The session.
     */
    200: AgentSessionEnvelope;
};
export type GetAgentSessionResponse = GetAgentSessionResponses[keyof GetAgentSessionResponses];
export type GetAgentSessionAudioData = {
    body?: never;
    path: {
        /**
         * Session id.
         */
        id: number;
    };
    query?: never;
    url: '/api/convagents/sessions/{id}/audio';
};
export type GetAgentSessionAudioErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The resource existed but is gone for good (code `recording_gone`, the single-use recording was already sent or has been purged).
     */
    410: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
    /**
     * Code `provider_not_configured`: the provider's key (or base URL) is not set;
     * the message names the missing environment variable. Code `unavailable`: a
     * required service is switched off or down (VISION_SERVICE_ENABLED not true,
     * database unreachable).
     *
     */
    503: ErrorResponse;
};
export type GetAgentSessionAudioError = GetAgentSessionAudioErrors[keyof GetAgentSessionAudioErrors];
export type GetAgentSessionAudioResponses = {
    /**
     * The recording.
     */
    200: Blob | File;
};
export type GetAgentSessionAudioResponse = GetAgentSessionAudioResponses[keyof GetAgentSessionAudioResponses];
export type AgentWebhookContextData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: ContextWebhookPayload;
    path?: never;
    query?: never;
    url: '/api/convagents/webhook/context';
};
export type AgentWebhookContextErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
    /**
     * The upstream provider (or the customer's webhook endpoint) failed or answered malformed data (code `upstream_error`), or could not be reached at all (code `unreachable`).
     */
    502: ErrorResponse;
};
export type AgentWebhookContextError = AgentWebhookContextErrors[keyof AgentWebhookContextErrors];
export type AgentWebhookContextResponses = {
    /**
     * The customer's reply.
     */
    200: WebhookContextEnvelope;
};
export type AgentWebhookContextResponse = AgentWebhookContextResponses[keyof AgentWebhookContextResponses];
export type AgentWebhookEventData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: EventWebhookPayload;
    path?: never;
    query?: never;
    url: '/api/convagents/webhook/event';
};
export type AgentWebhookEventErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type AgentWebhookEventError = AgentWebhookEventErrors[keyof AgentWebhookEventErrors];
export type AgentWebhookEventResponses = {
    /**
     * Accepted.
     */
    200: WebhookAckEnvelope;
};
export type AgentWebhookEventResponse = AgentWebhookEventResponses[keyof AgentWebhookEventResponses];
export type AgentWebhookCompleteData = {
    /**
     * At most 1 MB (1048576 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: CompleteWebhookRequest;
    path?: never;
    query?: never;
    url: '/api/convagents/webhook/complete';
};
export type AgentWebhookCompleteErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type AgentWebhookCompleteError = AgentWebhookCompleteErrors[keyof AgentWebhookCompleteErrors];
export type AgentWebhookCompleteResponses = {
    /**
     * Session updated.
     */
    200: WebhookAckEnvelope;
};
export type AgentWebhookCompleteResponse = AgentWebhookCompleteResponses[keyof AgentWebhookCompleteResponses];
export type GetOwnKeyData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/key';
};
export type GetOwnKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetOwnKeyError = GetOwnKeyErrors[keyof GetOwnKeyErrors];
export type GetOwnKeyResponses = {
    /**
     * The calling key.
     */
    200: OwnKeyEnvelope;
};
export type GetOwnKeyResponse = GetOwnKeyResponses[keyof GetOwnKeyResponses];
export type ListKeysData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Only the keys of this team.
         */
        teamId?: string;
        /**
         * Only the keys carrying this tag.
         */
        tag?: KeyTag;
    };
    url: '/api/llm/admin/keys';
};
export type ListKeysErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListKeysError = ListKeysErrors[keyof ListKeysErrors];
export type ListKeysResponses = {
    /**
     * The keys.
     */
    200: KeyListEnvelope;
};
export type ListKeysResponse = ListKeysResponses[keyof ListKeysResponses];
export type CreateKeyData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: KeyCreate;
    path?: never;
    query?: never;
    url: '/api/llm/admin/keys';
};
export type CreateKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type CreateKeyError = CreateKeyErrors[keyof CreateKeyErrors];
export type CreateKeyResponses = {
    /**
     * Created; `secret` is shown this once.
     */
    201: KeyCreatedEnvelope;
};
export type CreateKeyResponse = CreateKeyResponses[keyof CreateKeyResponses];
export type RevokeKeyData = {
    body?: never;
    path: {
        /**
         * The key's id (as `listKeys` shows it).
         */
        keyId: string;
    };
    query?: never;
    url: '/api/llm/admin/keys/{keyId}';
};
export type RevokeKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type RevokeKeyError = RevokeKeyErrors[keyof RevokeKeyErrors];
export type RevokeKeyResponses = {
    /**
     * Revoked.
     */
    200: KeyEnvelope;
};
export type RevokeKeyResponse = RevokeKeyResponses[keyof RevokeKeyResponses];
export type GetKeyData = {
    body?: never;
    path: {
        /**
         * The key's id (as `listKeys` shows it).
         */
        keyId: string;
    };
    query?: never;
    url: '/api/llm/admin/keys/{keyId}';
};
export type GetKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetKeyError = GetKeyErrors[keyof GetKeyErrors];
export type GetKeyResponses = {
    /**
     * The key.
     */
    200: OwnKeyEnvelope;
};
export type GetKeyResponse = GetKeyResponses[keyof GetKeyResponses];
export type UpdateKeyData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: KeyUpdate;
    path: {
        /**
         * The key's id (as `listKeys` shows it).
         */
        keyId: string;
    };
    query?: never;
    url: '/api/llm/admin/keys/{keyId}';
};
export type UpdateKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type UpdateKeyError = UpdateKeyErrors[keyof UpdateKeyErrors];
export type UpdateKeyResponses = {
    /**
     * The changed key.
     */
    200: KeyEnvelope;
};
export type UpdateKeyResponse = UpdateKeyResponses[keyof UpdateKeyResponses];
export type RotateKeyData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body?: KeyRotate;
    path: {
        /**
         * The key's id (as `listKeys` shows it).
         */
        keyId: string;
    };
    query?: never;
    url: '/api/llm/admin/keys/{keyId}/rotate';
};
export type RotateKeyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type RotateKeyError = RotateKeyErrors[keyof RotateKeyErrors];
export type RotateKeyResponses = {
    /**
     * The new secret, shown this once.
     */
    200: KeyCreatedEnvelope;
};
export type RotateKeyResponse = RotateKeyResponses[keyof RotateKeyResponses];
export type ListTeamsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/admin/teams';
};
export type ListTeamsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListTeamsError = ListTeamsErrors[keyof ListTeamsErrors];
export type ListTeamsResponses = {
    /**
     * The teams.
     */
    200: TeamListEnvelope;
};
export type ListTeamsResponse = ListTeamsResponses[keyof ListTeamsResponses];
export type CreateTeamData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: TeamCreate;
    path?: never;
    query?: never;
    url: '/api/llm/admin/teams';
};
export type CreateTeamErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type CreateTeamError = CreateTeamErrors[keyof CreateTeamErrors];
export type CreateTeamResponses = {
    /**
     * Created.
     */
    201: TeamEnvelope;
};
export type CreateTeamResponse = CreateTeamResponses[keyof CreateTeamResponses];
export type DeleteTeamData = {
    body?: never;
    path: {
        /**
         * A team's id.
         */
        teamId: string;
    };
    query?: never;
    url: '/api/llm/admin/teams/{teamId}';
};
export type DeleteTeamErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type DeleteTeamError = DeleteTeamErrors[keyof DeleteTeamErrors];
export type DeleteTeamResponses = {
    /**
     * Deleted.
     */
    200: TeamEnvelope;
};
export type DeleteTeamResponse = DeleteTeamResponses[keyof DeleteTeamResponses];
export type GetTeamData = {
    body?: never;
    path: {
        /**
         * A team's id.
         */
        teamId: string;
    };
    query?: never;
    url: '/api/llm/admin/teams/{teamId}';
};
export type GetTeamErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetTeamError = GetTeamErrors[keyof GetTeamErrors];
export type GetTeamResponses = {
    /**
     * A team.
     */
    200: TeamEnvelope;
};
export type GetTeamResponse = GetTeamResponses[keyof GetTeamResponses];
export type UpdateTeamData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: TeamUpdate;
    path: {
        /**
         * A team's id.
         */
        teamId: string;
    };
    query?: never;
    url: '/api/llm/admin/teams/{teamId}';
};
export type UpdateTeamErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * The resource is not in a state that allows this request (code `conflict`).
     */
    409: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type UpdateTeamError = UpdateTeamErrors[keyof UpdateTeamErrors];
export type UpdateTeamResponses = {
    /**
     * The changed team.
     */
    200: TeamEnvelope;
};
export type UpdateTeamResponse = UpdateTeamResponses[keyof UpdateTeamResponses];
export type ListTagPoliciesData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/api/llm/admin/tags';
};
export type ListTagPoliciesErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListTagPoliciesError = ListTagPoliciesErrors[keyof ListTagPoliciesErrors];
export type ListTagPoliciesResponses = {
    /**
     * The tag policies.
     */
    200: TagPolicyListEnvelope;
};
export type ListTagPoliciesResponse = ListTagPoliciesResponses[keyof ListTagPoliciesResponses];
export type DeleteTagPolicyData = {
    body?: never;
    path: {
        /**
         * The tag.
         */
        tag: KeyTag;
    };
    query?: never;
    url: '/api/llm/admin/tags/{tag}';
};
export type DeleteTagPolicyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type DeleteTagPolicyError = DeleteTagPolicyErrors[keyof DeleteTagPolicyErrors];
export type DeleteTagPolicyResponses = {
    /**
     * Removed.
     */
    200: TagPolicyEnvelope;
};
export type DeleteTagPolicyResponse = DeleteTagPolicyResponses[keyof DeleteTagPolicyResponses];
export type GetTagPolicyData = {
    body?: never;
    path: {
        /**
         * The tag.
         */
        tag: KeyTag;
    };
    query?: never;
    url: '/api/llm/admin/tags/{tag}';
};
export type GetTagPolicyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Not found, or owned by another API key (code `not_found`).
     */
    404: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type GetTagPolicyError = GetTagPolicyErrors[keyof GetTagPolicyErrors];
export type GetTagPolicyResponses = {
    /**
     * The tag policy.
     */
    200: TagPolicyEnvelope;
};
export type GetTagPolicyResponse = GetTagPolicyResponses[keyof GetTagPolicyResponses];
export type SetTagPolicyData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: Governance;
    path: {
        /**
         * The tag.
         */
        tag: KeyTag;
    };
    query?: never;
    url: '/api/llm/admin/tags/{tag}';
};
export type SetTagPolicyErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * The body is larger than the operation's limit (code `payload_too_large`); each operation states its limit in its `requestBody`.
     */
    413: ErrorResponse;
    /**
     * The body (or the uploaded file) has a content type the operation does not
     * accept, no `Content-Type`, or a `Content-Encoding` other than `identity`
     * (code `unsupported_media_type`).
     *
     */
    415: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type SetTagPolicyError = SetTagPolicyErrors[keyof SetTagPolicyErrors];
export type SetTagPolicyResponses = {
    /**
     * The tag policy.
     */
    200: TagPolicyEnvelope;
};
export type SetTagPolicyResponse = SetTagPolicyResponses[keyof SetTagPolicyResponses];
export type ListAuditEventsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Only events older than this id.
         */
        before?: number;
        limit?: number;
    };
    url: '/api/llm/admin/audit';
};
export type ListAuditEventsErrors = {
    /**
     * The request is invalid. Codes: `invalid_request` (schema validation or a
     * documented rule; `errors` lists the fields), `unsupported_option` (the
     * chosen provider cannot honour an option), and on media operations
     * `invalid_reference` (a reference image or frame URL was refused by the SSRF
     * guard, failed, was too large or too slow, or is not an image),
     * `mime_mismatch` (the declared `mimeType` contradicts the bytes),
     * `empty_audio` (no audio bytes to transcribe),
     * and on the queue stream `not_streamable` (the task is neither a
     * completion nor a media task).
     *
     */
    400: ErrorResponse;
    /**
     * Missing or invalid credentials (code `unauthorized`); on webhook endpoints a missing or wrong `X-Webhook-Secret`.
     */
    401: ErrorResponse;
    /**
     * The key may not do this: an admin operation called with a member's key
     * (`admin_only`), a key past its `expiresAt` or a rotated secret past its
     * grace period (`key_expired`), or a model outside the allow-list of the
     * key, its team or one of its tags (`model_not_allowed`, the message
     * naming whose list refused it). Nothing was sent upstream or billed.
     *
     */
    403: ErrorResponse;
    /**
     * Unexpected server error (code `internal`).
     */
    500: ErrorResponse;
    /**
     * The operation is described but not implemented yet (code `not_implemented`).
     */
    501: ErrorResponse;
};
export type ListAuditEventsError = ListAuditEventsErrors[keyof ListAuditEventsErrors];
export type ListAuditEventsResponses = {
    /**
     * The events.
     */
    200: AuditEventListEnvelope;
};
export type ListAuditEventsResponse = ListAuditEventsResponses[keyof ListAuditEventsResponses];
export type RelayConversationWebhookWebhookPayload = WebhookPayload;
export type RelayConversationWebhookWebhookRequest = {
    body: RelayConversationWebhookWebhookPayload;
    key: 'conversationRelay';
    path?: never;
    query?: never;
};
export type SendBudgetAlertWebhookWebhookPayload = BudgetAlert;
export type SendBudgetAlertWebhookWebhookRequest = {
    body: SendBudgetAlertWebhookWebhookPayload;
    key: 'budgetAlert';
    path?: never;
    query?: never;
};
