export type ClientOptions = {
    baseUrl: 'http://localhost:8080' | (string & {});
};
/**
 * OpenRouter's provider routing preferences for this call (its `provider`
 * object), sent upstream as they are on calls to `openrouter/...` models;
 * any other provider refuses the field with 400 `capability_not_supported`
 * (param `provider`), as it cannot honour it. The operator's
 * OPENROUTER_PROVIDER_PREFERENCES are the defaults: a field given here
 * replaces the operator's, except that the request can only narrow what
 * the operator restricted: `data_collection: deny`, `zdr: true` and
 * `enforce_distillable_text: true` stay set, `ignore` lists are joined,
 * `only` keeps the providers both lists name (none left is refused with
 * 400 `capability_not_supported`), and each `max_price` field keeps the lower price.
 * Example: `{"order": ["anthropic", "amazon-bedrock"], "allow_fallbacks": false, "sort": "price"}`.
 *
 */
export type OpenRouterProviderPreferences = {
    /**
     * Provider slugs to try in this order.
     */
    order?: Array<string>;
    /**
     * The only provider slugs allowed.
     */
    only?: Array<string>;
    /**
     * Provider slugs never used.
     */
    ignore?: Array<string>;
    /**
     * false keeps the call on the listed providers.
     */
    allow_fallbacks?: boolean;
    /**
     * Only providers that support every parameter of the request.
     */
    require_parameters?: boolean;
    data_collection?: 'allow' | 'deny';
    /**
     * Only zero-data-retention endpoints.
     */
    zdr?: boolean;
    enforce_distillable_text?: boolean;
    quantizations?: Array<'int4' | 'int8' | 'fp4' | 'fp6' | 'fp8' | 'fp16' | 'bf16' | 'fp32' | 'unknown'>;
    sort?: 'price' | 'throughput' | 'latency';
    /**
     * Highest price accepted, in USD per million tokens (prompt, completion) or per unit (image, audio, request).
     */
    max_price?: {
        prompt?: number;
        completion?: number;
        image?: number;
        audio?: number;
        request?: number;
    };
};
/**
 * Gateway extension (send it with the SDKs' extra body): retries, fallbacks,
 * load balancing and timeouts for this call, exactly as the native API's
 * `Routing` (see its description in the gateway spec), except that a target names
 * its model as `<provider>/<model>`. Example:
 * `{"retry": {"attempts": 2}, "fallbacks": [{"model": "anthropic/claude-sonnet-4-5"}], "timeout": {"totalMs": 60000}}`.
 * Its timeouts are the caller's own deadlines: their passing answers
 * `upstream_timeout` but never counts against the provider's circuit.
 * The target that answered is named in the `x-switchyard-target` header.
 * Fallback targets must speak the same operation (text); a stream fails over only
 * before its first byte.
 *
 */
export type Routing = {
    retry?: {
        attempts?: number;
        initialBackoffMs?: number;
        maxBackoffMs?: number;
    };
    fallbacks?: Array<{
        model: ModelRef;
        weight?: number;
    }>;
    strategy?: 'fallback' | 'loadbalance';
    weight?: number;
    timeout?: {
        firstByteMs?: number;
        totalMs?: number;
    };
};
/**
 * `<provider>/<model>`, split on the first slash only (the model part may
 * contain slashes). No control characters (U+0000 to U+001F, U+007F): the
 * id is recorded with the call's usage.
 *
 */
export type ModelRef = string;
/**
 * Gateway extension present on every non-streaming success body (and on the
 * last usage-carrying stream payload). Official clients ignore it.
 *
 */
export type Cost = {
    /**
     * USD charged for the call; 0 when billed to the caller's own provider key (byok).
     */
    customerPrice: number;
    currency: 'USD';
    /**
     * `byok` when an X-Provider-Key header was sent, else `metered`.
     */
    billing: 'metered' | 'byok';
    /**
     * Present (true) only when the answer came from the completion cache.
     */
    cached?: true;
    /**
     * Present (true) only when the model is missing from the gateway's price catalogue, so the call was billed 0 rather than at a guessed rate; the operator's log warns once per model.
     */
    unpriced?: true;
};
/**
 * Up to 16 string pairs; keys up to 64 characters, values up to 512.
 */
export type Metadata = {
    [key: string]: string;
};
/**
 * Error body of chat/completions, responses and embeddings (also sent in-band in a chat stream).
 */
export type ErrorResponse = {
    error: {
        message: string;
        type: 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error' | 'rate_limit_error' | 'api_error';
        /**
         * Offending request field (dotted path such as `messages[1].content`), or null.
         */
        param: string | null;
        /**
         * Machine-readable code: invalid_request, unknown_provider,
         * capability_not_supported, invalid_api_key, permission_denied,
         * model_not_found, method_not_allowed, request_too_large,
         * unsupported_media_type, headers_too_large, rate_limit_exceeded,
         * upstream_rate_limited, internal_error, not_implemented, upstream_error,
         * upstream_timeout, upstream_overloaded, provider_not_configured,
         * invalid_provider_key, provider_key_forbidden,
         * response_not_found, previous_response_not_found.
         *
         */
        code: string | null;
    };
};
/**
 * Error body of the messages endpoint (also the data of an `error` stream event).
 */
export type AnthropicErrorResponse = {
    type: 'error';
    error: {
        type: 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error' | 'request_too_large' | 'rate_limit_error' | 'api_error' | 'overloaded_error';
        /**
         * Starts with the gateway's code, e.g. `model_not_found:`.
         */
        message: string;
    };
    /**
     * The gateway's request id.
     */
    request_id?: string;
};
/**
 * A JSON Schema (passed through to the provider).
 */
export type JsonSchemaObject = {
    [key: string]: unknown;
};
/**
 * Chat-completions request. `logprobs` / `top_logprobs` (openai, gemini,
 * vertex, xai, deepseek), `n` > 1 (openai, xai, mistral, gemini, vertex), `seed` (openai,
 * gemini, vertex, xai, mistral, ollama, localai), `verbosity` and
 * `logit_bias` (openai) are forwarded where the provider
 * honours them and refused elsewhere. `user` is the older name of
 * `safety_identifier`. Refused for every provider: `store: true` (chat
 * completions are not stored), `modalities` other than `["text"]`,
 * `audio`, `prediction`, `functions` / `function_call` (use tools), and a
 * `service_tier` other than `auto` / `default`.
 *
 */
export type ChatCompletionRequest = {
    model: ModelRef;
    routing?: Routing;
    provider?: OpenRouterProviderPreferences;
    messages: Array<ChatMessage>;
    /**
     * true answers text/event-stream.
     */
    stream?: boolean | null;
    stream_options?: {
        /**
         * Send a final chunk with empty choices, usage and cost before `[DONE]`.
         */
        include_usage?: boolean;
        /**
         * Accepted without effect (the gateway sends no obfuscation padding).
         */
        include_obfuscation?: boolean;
        [key: string]: unknown;
    } | null;
    temperature?: number | null;
    top_p?: number | null;
    /**
     * Maximum output tokens.
     */
    max_tokens?: number | null;
    /**
     * Same as max_tokens; wins when both are sent.
     */
    max_completion_tokens?: number | null;
    /**
     * Answers to generate. More than 1 is forwarded to providers that
     * generate several (openai, xai, mistral; gemini and vertex as
     * `candidateCount`, at most 8) and refused by the others. Streamed, each
     * choice's chunks carry its `index`. Usage and cost cover every choice.
     *
     */
    n?: number | null;
    /**
     * Return each output token's log probability (openai, gemini, vertex, xai, deepseek; refused elsewhere).
     */
    logprobs?: boolean | null;
    /**
     * Most likely alternatives per token; needs `logprobs: true`. xai returns at most 8 and refuses more.
     */
    top_logprobs?: number | null;
    /**
     * Token id -> bias (-100 to 100); openai only, refused elsewhere.
     */
    logit_bias?: {
        [key: string]: number;
    } | null;
    /**
     * Answer length hint; openai only, refused elsewhere.
     */
    verbosity?: 'low' | 'medium' | 'high' | null;
    /**
     * `true` is refused: chat completions are not stored (POST /v1/responses stores responses).
     */
    store?: boolean | null;
    /**
     * Only `["text"]`; audio output is refused.
     */
    modalities?: Array<string> | null;
    /**
     * Refused (audio output).
     */
    audio?: unknown;
    /**
     * Refused (predicted outputs).
     */
    prediction?: unknown;
    /**
     * `auto` and `default` are accepted; other tiers are refused.
     */
    service_tier?: string | null;
    /**
     * Refused; use `tools`.
     */
    functions?: unknown;
    /**
     * Refused; use `tool_choice`.
     */
    function_call?: unknown;
    /**
     * Turns on web search (providers that search); `user_location` and `search_context_size` are refused.
     */
    web_search_options?: {
        [key: string]: unknown;
    } | null;
    /**
     * Up to 4 stop sequences.
     */
    stop?: string | Array<string> | null;
    frequency_penalty?: number | null;
    presence_penalty?: number | null;
    /**
     * Forwarded to openai, gemini, vertex, xai, mistral (as `random_seed`), ollama and localai; refused by other providers.
     */
    seed?: number | null;
    /**
     * Gateway extension, as OpenAI-compatible servers (vLLM, OpenRouter)
     * take it: sample from the k most likely tokens. Forwarded to
     * anthropic, gemini, vertex, ollama and localai; refused by the others
     * (openai among them).
     *
     */
    top_k?: number | null;
    /**
     * The end-user id; used as `safety_identifier` when that is not sent.
     */
    user?: string;
    /**
     * Accepted without effect (it tags stored completions, and chat completions are not stored).
     */
    metadata?: Metadata | null;
    /**
     * Function tools. Other tool types (custom) are rejected.
     */
    tools?: Array<ChatTool>;
    tool_choice?: ChatToolChoice;
    parallel_tool_calls?: boolean;
    response_format?: ChatResponseFormat;
    /**
     * Thinking effort. `none` disables thinking; `xhigh` and `max` are treated
     * as `high`. Providers without a thinking control refuse it.
     *
     */
    reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max' | null;
    /**
     * Stable cache-routing key (forwarded to openai; refused by providers without one).
     */
    prompt_cache_key?: string | null;
    /**
     * Stable end-user id (openai's safety_identifier, anthropic's metadata.user_id; refused by providers without one).
     */
    safety_identifier?: string | null;
    [key: string]: unknown;
};
/**
 * One conversation message, chosen by `role`.
 */
export type ChatMessage = ChatSystemMessage | ChatDeveloperMessage | ChatUserMessage | ChatAssistantMessage | ChatToolMessage;
/**
 * A string or text parts (concatenated).
 */
export type ChatTextContent = string | Array<ChatTextPart>;
export type ChatSystemMessage = {
    role: 'system';
    content: ChatTextContent;
    name?: string;
    [key: string]: unknown;
};
/**
 * Treated as a system message.
 */
export type ChatDeveloperMessage = {
    role: 'developer';
    content: ChatTextContent;
    name?: string;
    [key: string]: unknown;
};
export type ChatUserMessage = {
    role: 'user';
    content: string | Array<ChatUserContentPart>;
    name?: string;
    [key: string]: unknown;
};
/**
 * Text or image part. input_audio and file parts are not supported (rejected).
 */
export type ChatUserContentPart = ChatTextPart | ChatImagePart;
export type ChatTextPart = {
    type: 'text';
    text: string;
    [key: string]: unknown;
};
export type ChatImagePart = {
    type: 'image_url';
    image_url: {
        /**
         * An http(s) URL or a `data:<mime>;base64,...` URI.
         */
        url: string;
        detail?: 'auto' | 'low' | 'high' | 'original';
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
export type ChatRefusalPart = {
    type: 'refusal';
    refusal: string;
    [key: string]: unknown;
};
/**
 * A previous assistant turn. `content` may be null or absent when `tool_calls` is set.
 */
export type ChatAssistantMessage = {
    role: 'assistant';
    content?: string | Array<ChatTextPart | ChatRefusalPart> | null;
    refusal?: string | null;
    name?: string;
    tool_calls?: Array<ChatToolCall>;
    [key: string]: unknown;
};
/**
 * The output of a tool call; tool_call_id must equal the id of the call it answers.
 */
export type ChatToolMessage = {
    role: 'tool';
    content: ChatTextContent;
    tool_call_id: string;
    [key: string]: unknown;
};
/**
 * A function call. `id` is the upstream's tool-call id when it gives one
 * (e.g. `toolu_...` from anthropic), else minted as `call_<24 chars>`.
 *
 */
export type ChatToolCall = {
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
export type FunctionDefinition = {
    name: string;
    description?: string;
    parameters?: JsonSchemaObject;
    strict?: boolean | null;
    [key: string]: unknown;
};
export type ChatTool = {
    type: 'function';
    function: FunctionDefinition;
    [key: string]: unknown;
};
/**
 * none, auto, required, or a named function.
 */
export type ChatToolChoice = 'none' | 'auto' | 'required' | {
    type: 'function';
    function: {
        name: string;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * text, json_object, or json_schema.
 */
export type ChatResponseFormat = {
    type: 'text';
    [key: string]: unknown;
} | {
    type: 'json_object';
    [key: string]: unknown;
} | {
    type: 'json_schema';
    json_schema: {
        name: string;
        description?: string;
        /**
         * Optional, as in the protocol; without it the output is any JSON object (as with `json_object`).
         */
        schema?: JsonSchemaObject;
        strict?: boolean | null;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
/**
 * Non-streaming chat-completions body plus `cost`.
 */
export type ChatCompletion = {
    /**
     * Minted by the gateway.
     */
    id: string;
    object: 'chat.completion';
    /**
     * Unix seconds.
     */
    created: number;
    /**
     * The request's `<provider>/<model>`, exactly as sent.
     */
    model: string;
    /**
     * One choice, or `n` of them (indexes 0 to n-1).
     */
    choices: Array<ChatChoice>;
    usage: ChatUsage;
    citations?: Citations;
    cost: Cost;
};
/**
 * Source URLs of search providers (perplexity), as that provider's own
 * chat-completions protocol sends them; absent for other providers.
 *
 */
export type Citations = Array<string>;
export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';
export type ChatChoice = {
    index: number;
    message: ChatResponseMessage;
    finish_reason: ChatFinishReason;
    logprobs: ChatLogprobs | null;
};
/**
 * Present when the request asked for logprobs.
 */
export type ChatLogprobs = {
    content: Array<TokenLogprob>;
    refusal: null;
};
export type TokenLogprob = {
    token: string;
    logprob: number;
    bytes: Array<number> | null;
    top_logprobs: Array<{
        token: string;
        logprob: number;
        bytes: Array<number> | null;
    }>;
};
export type ChatResponseMessage = {
    role: 'assistant';
    /**
     * The text; null when the model only called tools.
     */
    content: string | null;
    refusal: string | null;
    /**
     * Present only when the model called tools (finish_reason tool_calls).
     */
    tool_calls?: Array<ChatToolCall>;
    /**
     * URL citations from search providers (perplexity); absent otherwise.
     */
    annotations?: Array<ChatUrlCitation>;
};
export type ChatUrlCitation = {
    type: 'url_citation';
    url_citation: {
        start_index: number;
        end_index: number;
        title: string;
        url: string;
    };
};
export type ChatUsage = {
    /**
     * All input tokens, including cache reads and cache writes.
     */
    prompt_tokens: number;
    /**
     * All output tokens, including reasoning tokens.
     */
    completion_tokens: number;
    total_tokens: number;
    prompt_tokens_details: {
        /**
         * Input tokens read from the provider's prompt cache (subset of prompt_tokens).
         */
        cached_tokens: number;
        /**
         * Input tokens written to the prompt cache (anthropic); absent when unknown.
         */
        cache_write_tokens?: number;
    };
    completion_tokens_details: {
        reasoning_tokens: number;
    };
};
/**
 * One `data:` payload of a chat-completions stream. With include_usage on,
 * `usage` is null on every chunk except the final one (choices empty), which
 * carries `usage` and `cost`. With include_usage off `usage` is absent and
 * `cost` is on the chunk with `finish_reason`. Only the last chunk has `cost`.
 *
 */
export type ChatCompletionChunk = {
    id: string;
    object: 'chat.completion.chunk';
    created: number;
    model: string;
    choices: Array<ChatChunkChoice>;
    usage?: ChatUsage | null;
    citations?: Citations;
    cost?: Cost;
};
export type ChatChunkChoice = {
    /**
     * 0, or with `n` > 1 the choice this piece belongs to (each choice starts with its own role chunk and ends with its own finish_reason).
     */
    index: number;
    delta: {
        role?: 'assistant';
        content?: string | null;
        refusal?: string | null;
        tool_calls?: Array<ChatToolCallDelta>;
    };
    finish_reason: ChatFinishReason | null;
    logprobs?: ChatLogprobs | null;
};
/**
 * A piece of a tool call; id, type and function.name only in the first piece.
 */
export type ChatToolCallDelta = {
    index: number;
    id?: string;
    type?: 'function';
    function?: {
        name?: string;
        arguments?: string;
    };
};
/**
 * Messages request (MessagesParams with `max_tokens` required).
 */
export type MessagesRequest = MessagesParams & {
    [key: string]: unknown;
};
export type MessageTokensCount = {
    input_tokens: number;
    /**
     * Gateway extension. false when the provider counted; true for the gateway's documented estimate.
     */
    estimated: boolean;
};
/**
 * The fields of a messages request (count_tokens takes them without
 * `max_tokens`). `top_k` is forwarded to providers that sample by it
 * (anthropic, gemini, vertex, ollama, localai) and refused by the others.
 * `output_config.format` (and the beta's top-level `output_format`) asks
 * for JSON matching a schema: the same request as chat
 * `response_format: json_schema` and responses `text.format`, so it works
 * on every provider that does structured output (anthropic through a
 * forced tool, whose input comes back as the text block).
 * `metadata.user_id` is the end-user id (forwarded as anthropic's
 * metadata.user_id and openai's safety_identifier; refused by providers
 * without one). Refused for every provider: `container`, `inference_geo`,
 * `mcp_servers`, `context_management`, `speed`, `fallbacks`,
 * `output_config.effort`, and a `service_tier` other than `auto`.
 *
 */
export type MessagesParams = {
    model: ModelRef;
    routing?: Routing;
    /**
     * At least one user or assistant turn (system turns alone are instructions, not a conversation).
     */
    messages: Array<AnthropicMessageParam>;
    /**
     * Required. Maximum output tokens (thinking included, as in the public protocol).
     */
    max_tokens?: number;
    /**
     * System prompt, a string or text blocks (cache_control allowed).
     */
    system?: string | Array<AnthropicTextBlockParam>;
    stream?: boolean;
    temperature?: number;
    top_p?: number;
    /**
     * Forwarded to anthropic, gemini, vertex, ollama and localai; refused by other providers.
     */
    top_k?: number;
    output_config?: {
        format?: AnthropicJsonOutputFormat | null;
        /**
         * Refused when set (use `thinking`).
         */
        effort?: string | null;
        [key: string]: unknown;
    } | null;
    /**
     * The structured-outputs beta's name for output_config.format.
     */
    output_format?: AnthropicJsonOutputFormat | null;
    /**
     * `auto` (the default) is accepted; other tiers are refused.
     */
    service_tier?: string | null;
    /**
     * Refused (code-execution containers).
     */
    container?: unknown;
    /**
     * Refused (the region is the provider configuration's).
     */
    inference_geo?: unknown;
    /**
     * Refused (MCP connectors).
     */
    mcp_servers?: unknown;
    /**
     * Refused (server-side context editing).
     */
    context_management?: unknown;
    stop_sequences?: Array<string>;
    /**
     * Custom (client) tools. Server tools (web_search_*, bash_*, ...) are rejected.
     */
    tools?: Array<AnthropicTool>;
    tool_choice?: AnthropicToolChoice;
    thinking?: AnthropicThinkingConfig;
    cache_control?: AnthropicCacheControl | null;
    metadata?: {
        /**
         * The end-user id; see the description above.
         */
        user_id?: string | null;
        [key: string]: unknown;
    };
    [key: string]: unknown;
};
export type AnthropicJsonOutputFormat = {
    type: 'json_schema';
    schema: JsonSchemaObject;
    [key: string]: unknown;
};
export type AnthropicCacheControl = {
    type: 'ephemeral';
    ttl?: '5m' | '1h';
    [key: string]: unknown;
};
/**
 * A turn. A `system` role turn is treated as an extra system instruction.
 * Which blocks a turn may hold depends on its role, as in the protocol:
 * `tool_use` only in assistant turns (the model's calls), `tool_result` and
 * `image` only in user turns, text only in system turns, thinking blocks
 * only in assistant turns.
 *
 */
export type AnthropicMessageParam = unknown & {
    role: 'user' | 'assistant' | 'system';
    content: string | Array<AnthropicContentBlockParam>;
    [key: string]: unknown;
};
/**
 * The blocks of a user turn (thinking is the model's, so it belongs in assistant turns).
 */
export type AnthropicUserContentBlockParam = AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicToolResultBlockParam;
/**
 * The blocks of an assistant turn.
 */
export type AnthropicAssistantContentBlockParam = AnthropicTextBlockParam | AnthropicToolUseBlockParam | AnthropicThinkingBlockParam | AnthropicRedactedThinkingBlockParam;
/**
 * text, image, tool_use, tool_result, thinking, redacted_thinking. Thinking
 * blocks are tolerated (passed back to the anthropic provider, dropped for
 * others). Other block types (document, search_result, server tool blocks) are
 * rejected.
 *
 */
export type AnthropicContentBlockParam = AnthropicTextBlockParam | AnthropicImageBlockParam | AnthropicToolUseBlockParam | AnthropicToolResultBlockParam | AnthropicThinkingBlockParam | AnthropicRedactedThinkingBlockParam;
export type AnthropicTextBlockParam = {
    type: 'text';
    text: string;
    cache_control?: AnthropicCacheControl | null;
    /**
     * Accepted without effect (an earlier answer's citations; see the top of this document).
     */
    citations?: Array<unknown> | null;
    [key: string]: unknown;
};
export type AnthropicImageBlockParam = {
    type: 'image';
    /**
     * base64 data or a URL. File sources are not supported.
     */
    source: {
        type: 'base64';
        media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
        data: string;
        [key: string]: unknown;
    } | {
        type: 'url';
        /**
         * An http(s) URL or a `data:<mime>;base64,...` URI.
         */
        url: string;
        [key: string]: unknown;
    };
    cache_control?: AnthropicCacheControl | null;
    [key: string]: unknown;
};
export type AnthropicToolUseBlockParam = {
    type: 'tool_use';
    id: string;
    name: string;
    input: {
        [key: string]: unknown;
    };
    cache_control?: AnthropicCacheControl | null;
    [key: string]: unknown;
};
export type AnthropicToolResultBlockParam = {
    type: 'tool_result';
    tool_use_id: string;
    content?: string | Array<AnthropicTextBlockParam | AnthropicImageBlockParam>;
    is_error?: boolean;
    cache_control?: AnthropicCacheControl | null;
    [key: string]: unknown;
};
export type AnthropicThinkingBlockParam = {
    type: 'thinking';
    thinking: string;
    signature: string;
    [key: string]: unknown;
};
export type AnthropicRedactedThinkingBlockParam = {
    type: 'redacted_thinking';
    data: string;
    [key: string]: unknown;
};
export type AnthropicTool = {
    type?: 'custom' | null;
    name: string;
    description?: string;
    input_schema: {
        type: 'object';
        [key: string]: unknown;
    };
    cache_control?: AnthropicCacheControl | null;
    [key: string]: unknown;
};
/**
 * auto, any (a tool must be called), tool (this tool), none.
 */
export type AnthropicToolChoice = {
    type: 'auto';
    disable_parallel_tool_use?: boolean;
    [key: string]: unknown;
} | {
    type: 'any';
    disable_parallel_tool_use?: boolean;
    [key: string]: unknown;
} | {
    type: 'tool';
    name: string;
    disable_parallel_tool_use?: boolean;
    [key: string]: unknown;
} | {
    type: 'none';
    [key: string]: unknown;
};
/**
 * Extended thinking; mapped to the gateway's thinking mode.
 */
export type AnthropicThinkingConfig = {
    type: 'enabled';
    budget_tokens: number;
    [key: string]: unknown;
} | {
    type: 'disabled';
    [key: string]: unknown;
} | {
    type: 'adaptive';
    [key: string]: unknown;
};
/**
 * A messages-protocol message. In `message_start` its `content` is empty,
 * `stop_reason` null and `usage.output_tokens` the count so far.
 *
 */
export type Message = {
    /**
     * Minted by the gateway.
     */
    id: string;
    type: 'message';
    role: 'assistant';
    content: Array<AnthropicContentBlock>;
    /**
     * The request's `<provider>/<model>`, exactly as sent.
     */
    model: string;
    stop_reason: AnthropicStopReason | null;
    stop_sequence: string | null;
    usage: AnthropicUsage;
    container?: null;
    stop_details?: null;
    cost?: Cost;
};
/**
 * Non-streaming messages body plus `cost`.
 */
export type MessageWithCost = Message & {
    cost: Cost;
};
export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';
export type AnthropicUsage = {
    /**
     * Input tokens excluding cache reads and cache writes.
     */
    input_tokens: number;
    output_tokens: number;
    /**
     * Input tokens written to the prompt cache (0 when none).
     */
    cache_creation_input_tokens: number | null;
    /**
     * Input tokens read from the prompt cache (0 when none).
     */
    cache_read_input_tokens: number | null;
    output_tokens_details?: {
        thinking_tokens: number;
    } | null;
};
export type AnthropicContentBlock = AnthropicTextBlock | AnthropicToolUseBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock;
export type AnthropicTextBlock = {
    type: 'text';
    text: string;
    citations?: null;
};
/**
 * `id` is the upstream's tool-call id when it gives one, else minted as
 * `toolu_<24 chars>`. In content_block_start `input` is `{}`; the arguments
 * follow as input_json_delta pieces.
 *
 */
export type AnthropicToolUseBlock = {
    type: 'tool_use';
    id: string;
    name: string;
    input: {
        [key: string]: unknown;
    };
};
export type AnthropicThinkingBlock = {
    type: 'thinking';
    thinking: string;
    /**
     * The anthropic provider's signature; empty string for other providers.
     */
    signature: string;
};
export type AnthropicRedactedThinkingBlock = {
    type: 'redacted_thinking';
    data: string;
};
export type MessageStartEvent = {
    type: 'message_start';
    message: Message;
};
export type ContentBlockStartEvent = {
    type: 'content_block_start';
    index: number;
    content_block: AnthropicContentBlock;
};
export type ContentBlockDeltaEvent = {
    type: 'content_block_delta';
    index: number;
    delta: {
        type: 'text_delta';
        text: string;
    } | {
        type: 'input_json_delta';
        partial_json: string;
    } | {
        type: 'thinking_delta';
        thinking: string;
    } | {
        type: 'signature_delta';
        signature: string;
    };
};
export type ContentBlockStopEvent = {
    type: 'content_block_stop';
    index: number;
};
/**
 * Final stop reason and cumulative usage; carries the gateway's `cost`.
 */
export type MessageDeltaEvent = {
    type: 'message_delta';
    delta: {
        stop_reason: AnthropicStopReason | null;
        stop_sequence: string | null;
        container?: null;
        stop_details?: null;
    };
    /**
     * Cumulative usage; output_tokens is the final output count.
     */
    usage: {
        output_tokens: number;
        input_tokens?: number | null;
        cache_creation_input_tokens?: number | null;
        cache_read_input_tokens?: number | null;
        output_tokens_details?: {
            thinking_tokens: number;
        } | null;
    };
    cost?: Cost;
};
export type MessageStopEvent = {
    type: 'message_stop';
};
export type PingEvent = {
    type: 'ping';
};
/**
 * Images request. Every field of the protocol is listed: the ones the
 * gateway maps are typed and forwarded; the others are refused with 400
 * `capability_not_supported` when present and not null (fields outside
 * the protocol are ignored, as on the other operations).
 *
 */
export type ImageGenerationRequest = {
    model: ModelRef;
    prompt: string;
    /**
     * Images to make (the provider's own limit may be lower).
     */
    n?: number | null;
    /**
     * `<width>x<height>` or `auto` (openai, xai, localai).
     */
    size?: string | null;
    /**
     * `standard`/`medium` and `hd`/`high` map to the standard and hd levels; `auto` is the provider default; `low`, `xhigh`, `max` are refused.
     */
    quality?: 'auto' | 'standard' | 'medium' | 'hd' | 'high' | 'low' | 'xhigh' | 'max' | null;
    /**
     * `b64_json` only; `url` is refused.
     */
    response_format?: 'b64_json' | 'url' | null;
    /**
     * Refused; the answer's `output_format` says what the provider made.
     */
    output_format?: string | null;
    /**
     * Refused.
     */
    output_compression?: number | null;
    /**
     * Refused.
     */
    background?: string | null;
    /**
     * Refused.
     */
    moderation?: string | null;
    /**
     * Refused.
     */
    style?: string | null;
    /**
     * `true` is refused (no provider streams partial images through the gateway).
     */
    stream?: boolean | null;
    /**
     * Refused (streaming only).
     */
    partial_images?: number | null;
    /**
     * Refused (no end-user id reaches the providers).
     */
    user?: string | null;
    /**
     * Refused (no end-user id reaches the providers).
     */
    safety_identifier?: string | null;
    /**
     * Refused.
     */
    complexity?: string | null;
    /**
     * Refused (GIF output).
     */
    frame_count?: number | null;
    /**
     * Refused (GIF output).
     */
    frame_duration_ms?: number | null;
    /**
     * Refused (SVG output).
     */
    svg?: {
        [key: string]: unknown;
    } | null;
};
/**
 * Image-edit form. `image` (or `image[]`) and `mask` are file parts; the
 * other fields are text parts. Fields as in ImageGenerationRequest, plus
 * `input_fidelity` and `markup` (refused).
 *
 */
export type ImageEditRequest = {
    /**
     * The images to edit, as `image` or repeated `image[]` parts (at least one).
     */
    image?: Array<Blob | File>;
    /**
     * PNG whose transparent pixels mark where the first image is edited (openai only).
     */
    mask?: Blob | File;
    /**
     * `<provider>/<model>`, as everywhere else.
     */
    model: string;
    prompt: string;
    n?: number;
    size?: string;
    quality?: 'auto' | 'standard' | 'medium' | 'hd' | 'high' | 'low' | 'xhigh' | 'max';
    response_format?: 'b64_json' | 'url';
    /**
     * Refused.
     */
    output_format?: string;
    /**
     * Refused.
     */
    output_compression?: number;
    /**
     * Refused.
     */
    background?: string;
    /**
     * Refused.
     */
    input_fidelity?: string;
    /**
     * Refused.
     */
    markup?: Blob | File;
    /**
     * `true` is refused.
     */
    stream?: boolean;
    /**
     * Refused.
     */
    partial_images?: number;
    /**
     * Refused.
     */
    user?: string;
    /**
     * Refused.
     */
    safety_identifier?: string;
    /**
     * Refused.
     */
    complexity?: string;
    /**
     * Refused.
     */
    frame_count?: number;
    /**
     * Refused.
     */
    frame_duration_ms?: number;
    /**
     * Refused (sent as `svg[model]` parts).
     */
    svg?: {
        [key: string]: unknown;
    };
};
export type ImagesResponse = {
    /**
     * Unix seconds when the images were done.
     */
    created: number;
    data: Array<{
        /**
         * The image file, with AI-content metadata added (PNG iTXt XMP, JPEG APP1 XMP) as on the native operation.
         */
        b64_json: string;
    }>;
    /**
     * The format of the images (of the first, when a provider mixes them); absent for other formats.
     */
    output_format?: 'png' | 'jpeg' | 'webp' | 'gif';
    cost: Cost;
};
/**
 * Speech request. Fields as described on createSpeech.
 */
export type SpeechRequest = {
    model: ModelRef;
    input: string;
    /**
     * A voice name or id (the provider's), or `{id}` as newer openai clients send it.
     */
    voice: string | {
        id: string;
    };
    response_format?: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm' | null;
    speed?: number | null;
    /**
     * Refused.
     */
    instructions?: string | null;
    /**
     * `sse` is refused.
     */
    stream_format?: 'sse' | 'audio' | null;
};
/**
 * Transcription form. Fields as described on createTranscription.
 */
export type TranscriptionRequest = {
    file: Blob | File;
    /**
     * `<provider>/<model>`, as everywhere else.
     */
    model: string;
    /**
     * ISO 639 code of the spoken language; detected when absent.
     */
    language?: string;
    /**
     * local-audio only.
     */
    prompt?: string;
    /**
     * `srt`, `vtt` and `diarized_json` are refused.
     */
    response_format?: 'json' | 'text' | 'verbose_json' | 'srt' | 'vtt' | 'diarized_json';
    /**
     * `word` adds `words` to verbose_json; `segment` is refused.
     */
    timestamp_granularities?: Array<'word' | 'segment'>;
    /**
     * Only 0 (the default) is accepted.
     */
    temperature?: number;
    /**
     * `true` is refused.
     */
    stream?: boolean;
    /**
     * Refused.
     */
    include?: Array<string>;
    /**
     * Refused (`auto`, or `chunking_strategy[type]` parts).
     */
    chunking_strategy?: string | {
        [key: string]: unknown;
    };
    /**
     * Refused.
     */
    keywords?: Array<string>;
    /**
     * Refused.
     */
    languages?: Array<string>;
    /**
     * Refused.
     */
    known_speaker_names?: Array<string>;
    /**
     * Refused.
     */
    known_speaker_references?: Array<string>;
};
export type TranscriptionUsage = {
    type: 'duration';
    /**
     * The billed length of the audio.
     */
    seconds: number;
};
export type Transcription = {
    text: string;
    usage: TranscriptionUsage;
    cost: Cost;
};
export type TranscriptionVerbose = {
    task: 'transcribe';
    /**
     * The language code the provider reported or the request named; `unknown` when neither did.
     */
    language: string;
    duration: number;
    text: string;
    words?: Array<{
        word: string;
        start: number;
        end: number;
    }>;
    usage: TranscriptionUsage;
    cost: Cost;
};
/**
 * Responses request. Responses are stored unless `store` is false, and
 * `previous_response_id` continues a stored one. `top_logprobs` (or
 * `include: ["message.output_text.logprobs"]`) turns on logprobs (openai,
 * gemini, vertex, xai, deepseek; refused elsewhere); `text.verbosity` is openai only.
 * `user` is the older name of `safety_identifier`. Refused for every
 * provider: `background: true`, `truncation: "auto"`, `conversation`,
 * `prompt`, and a `service_tier` other than `auto` / `default`.
 *
 */
export type ResponsesRequest = {
    model: ModelRef;
    routing?: Routing;
    /**
     * A user message as a string, or a list of input items. A list holds at
     * least one user or assistant message or function call or output
     * (system and developer messages alone are instructions, reasoning
     * items are dropped).
     *
     */
    input: string | Array<ResponsesInputItem>;
    /**
     * System instructions.
     */
    instructions?: string | null;
    stream?: boolean | null;
    /**
     * `include_obfuscation` is accepted without effect: the gateway sends no obfuscation padding.
     */
    stream_options?: {
        [key: string]: unknown;
    } | null;
    temperature?: number | null;
    top_p?: number | null;
    max_output_tokens?: number | null;
    tools?: Array<ResponsesTool>;
    tool_choice?: ResponsesToolChoice;
    parallel_tool_calls?: boolean | null;
    /**
     * Echoed in the response; not stored.
     */
    metadata?: Metadata | null;
    /**
     * Continue a stored response of the same key: its input and output come
     * before this request's `input` (its `instructions` do not carry over,
     * as in the public protocol). Unknown, expired, deleted or another
     * key's: POST /v1/responses accepts it, answers from `input` alone and
     * names it in the response's `ignored` (document 1: accepted, passes
     * through); POST /v1/responses/input_tokens, which only counts, answers
     * 404 `previous_response_not_found`.
     *
     */
    previous_response_id?: string | null;
    /**
     * Default true: the response is kept RESPONSES_RETENTION_DAYS (30) days
     * for GET /v1/responses/{id} and previous_response_id. `false` keeps nothing.
     *
     */
    store?: boolean | null;
    /**
     * The end-user id; used as `safety_identifier` when that is not sent.
     */
    user?: string;
    /**
     * Most likely alternatives per output token; turns logprobs on.
     */
    top_logprobs?: number | null;
    /**
     * `message.output_text.logprobs` turns logprobs on; the other values are
     * accepted without effect (output of built-in tools that do not run,
     * encrypted reasoning the gateway never returns).
     *
     */
    include?: Array<string> | null;
    /**
     * `disabled` (the default) only; `auto` is refused, the gateway never drops input.
     */
    truncation?: 'auto' | 'disabled' | null;
    /**
     * `true` is refused (use `stream`, or the native queue).
     */
    background?: boolean | null;
    /**
     * Refused (continue with previous_response_id).
     */
    conversation?: unknown;
    /**
     * Refused (stored prompt templates).
     */
    prompt?: unknown;
    /**
     * `auto` and `default` are accepted; other tiers are refused.
     */
    service_tier?: string | null;
    /**
     * Accepted without effect (it caps built-in tool calls, which never run).
     */
    max_tool_calls?: number | null;
    text?: ResponsesTextConfig;
    reasoning?: {
        /**
         * `none` disables thinking; `xhigh` and `max` are treated as `high`.
         */
        effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max' | null;
        /**
         * Accepted without effect; the reasoning text is returned whole instead of a summary.
         */
        summary?: 'auto' | 'concise' | 'detailed' | null;
        [key: string]: unknown;
    } | null;
    prompt_cache_key?: string | null;
    safety_identifier?: string | null;
    [key: string]: unknown;
};
/**
 * message (type optional), function_call, function_call_output, reasoning
 * (tolerated, dropped). Other item types are rejected. `anyOf` because a
 * message item may omit `type`; the branches are still disjoint.
 *
 */
export type ResponsesInputItem = ResponsesInputMessage | ResponsesFunctionCallInput | ResponsesFunctionCallOutputInput | ResponsesReasoningInput;
/**
 * A message. `developer` and `system` become system instructions. Assistant
 * messages from earlier output (with output_text / refusal parts) are accepted.
 * Which parts a message may hold depends on its role, as in the protocol:
 * user messages input_text and input_image; system and developer messages
 * input_text and output_text; assistant messages output_text, refusal and
 * input_text. A refusal is the model's, so it appears in assistant messages only.
 *
 */
export type ResponsesInputMessage = {
    type?: 'message';
    role: 'user' | 'assistant' | 'system' | 'developer';
    content: string | Array<ResponsesInputContent>;
    id?: string;
    status?: 'in_progress' | 'completed' | 'incomplete';
    [key: string]: unknown;
};
/**
 * input_text, input_image, output_text, refusal. input_file and input_audio are rejected.
 */
export type ResponsesInputContent = {
    type: 'input_text';
    text: string;
    [key: string]: unknown;
} | {
    type: 'input_image';
    /**
     * An http(s) URL or a `data:<mime>;base64,...` URI. file_id images are not supported.
     */
    image_url: string;
    detail?: 'low' | 'high' | 'auto' | 'original';
    [key: string]: unknown;
} | {
    type: 'output_text';
    text: string;
    [key: string]: unknown;
} | {
    type: 'refusal';
    refusal: string;
    [key: string]: unknown;
};
export type ResponsesFunctionCallInput = {
    type: 'function_call';
    id?: string;
    call_id: string;
    name: string;
    arguments: string;
    status?: 'in_progress' | 'completed' | 'incomplete';
    [key: string]: unknown;
};
export type ResponsesFunctionCallOutputInput = {
    type: 'function_call_output';
    call_id: string;
    /**
     * The function's result; text parts (input_text, output_text) are concatenated. Image and file parts are not supported.
     */
    output: string | Array<ResponsesInputContent & {
        type: 'input_text' | 'output_text';
        [key: string]: unknown;
    }>;
    id?: string | null;
    [key: string]: unknown;
};
/**
 * Tolerated and dropped, as document 1 requires (reasoning belongs to the upstream that produced it).
 */
export type ResponsesReasoningInput = {
    type: 'reasoning';
    [key: string]: unknown;
};
/**
 * Function tools are used. The web search tools turn on the provider's web
 * search (`filters.allowed_domains` forwarded; `user_location` and
 * `search_context_size` refused). The other built-in tools are accepted
 * without effect, as document 1 requires (not executed; echoed in the
 * response's `tools`).
 *
 */
export type ResponsesTool = ResponsesFunctionTool | {
    type: 'web_search' | 'web_search_2025_08_26' | 'web_search_preview' | 'web_search_preview_2025_03_11' | 'file_search' | 'computer_use_preview' | 'image_generation' | 'code_interpreter' | 'mcp';
    [key: string]: unknown;
};
export type ResponsesFunctionTool = {
    type: 'function';
    name: string;
    description?: string | null;
    parameters?: JsonSchemaObject | null;
    strict?: boolean | null;
    [key: string]: unknown;
};
/**
 * none, auto, required, or a named function.
 */
export type ResponsesToolChoice = 'none' | 'auto' | 'required' | {
    type: 'function';
    name: string;
    [key: string]: unknown;
};
export type ResponsesTextConfig = {
    format?: {
        type: 'text';
        [key: string]: unknown;
    } | {
        type: 'json_object';
        [key: string]: unknown;
    } | {
        type: 'json_schema';
        name: string;
        description?: string;
        schema: JsonSchemaObject;
        strict?: boolean | null;
        [key: string]: unknown;
    };
    /**
     * Answer length hint; openai only, refused elsewhere.
     */
    verbosity?: 'low' | 'medium' | 'high' | null;
    [key: string]: unknown;
};
/**
 * A responses-protocol response object. In response.created and
 * response.in_progress `status` is in_progress, `output` is empty and `usage`
 * null.
 *
 */
export type Response = {
    /**
     * Minted by the gateway.
     */
    id: string;
    object: 'response';
    /**
     * Unix seconds.
     */
    created_at: number;
    status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
    error: null | {
        code: string;
        message: string;
    };
    incomplete_details: null | {
        reason: 'max_output_tokens' | 'content_filter';
    };
    instructions: string | null;
    max_output_tokens: number | null;
    /**
     * The request's `<provider>/<model>`, exactly as sent.
     */
    model: string;
    output: Array<ResponsesOutputItem>;
    parallel_tool_calls: boolean;
    /**
     * Echo of the request value.
     */
    previous_response_id: string | null;
    /**
     * Whether the response is stored (the request's `store`, default true).
     */
    store?: boolean;
    temperature: number | null;
    top_p: number | null;
    text?: ResponsesTextConfig;
    /**
     * Echo of the request's reasoning settings.
     */
    reasoning?: {
        effort?: string | null;
        summary?: string | null;
    } | null;
    tool_choice: ResponsesToolChoice;
    /**
     * The request's tools as sent (built-in tools included, though only function tools run).
     */
    tools: Array<ResponsesTool>;
    metadata: Metadata;
    /**
     * What the request asked for that was accepted and not acted on: built-in
     * tools the gateway does not execute, web search on a target that cannot
     * search, a `previous_response_id` with no stored response of this key.
     * Absent when nothing was ignored. Not part of the upstream protocol;
     * SDKs keep it as an extra field.
     *
     */
    ignored?: Array<{
        /**
         * The request field, e.g. `tools[1]` or `previous_response_id`.
         */
        param: string;
        reason: string;
    }>;
    usage: ResponsesUsage | null;
    cost?: Cost;
};
/**
 * Non-streaming responses body plus `cost` (usage is never null here).
 */
export type ResponseWithCost = Response & {
    usage?: ResponsesUsage;
    cost: Cost;
};
export type ResponsesUsage = {
    /**
     * All input tokens, including cache reads and writes.
     */
    input_tokens: number;
    input_tokens_details: {
        /**
         * Input tokens read from the provider's prompt cache.
         */
        cached_tokens: number;
        /**
         * Input tokens written to the provider's prompt cache (anthropic reports them; 0 elsewhere).
         */
        cache_write_tokens: number;
    };
    output_tokens: number;
    output_tokens_details: {
        reasoning_tokens: number;
    };
    total_tokens: number;
};
export type ResponsesOutputItem = ResponsesOutputMessage | ResponsesFunctionCall | ResponsesReasoningItem;
export type ResponsesOutputMessage = {
    id: string;
    type: 'message';
    status: 'in_progress' | 'completed' | 'incomplete';
    role: 'assistant';
    content: Array<ResponsesOutputContent>;
};
export type ResponsesOutputContent = ResponsesOutputText | ResponsesOutputRefusal;
export type ResponsesOutputText = {
    type: 'output_text';
    text: string;
    /**
     * url_citation annotations from search providers; empty otherwise.
     */
    annotations: Array<{
        type: 'url_citation';
        start_index: number;
        end_index: number;
        title: string;
        url: string;
    }>;
    /**
     * Per output token when logprobs were asked for; empty otherwise.
     */
    logprobs?: Array<TokenLogprob>;
};
export type ResponsesOutputRefusal = {
    type: 'refusal';
    refusal: string;
};
export type ResponsesFunctionCall = {
    id: string;
    type: 'function_call';
    status: 'in_progress' | 'completed' | 'incomplete';
    /**
     * The upstream's tool-call id, or `call_<24 chars>` when it gives none.
     */
    call_id: string;
    name: string;
    /**
     * JSON-encoded arguments ('' in output_item.added).
     */
    arguments: string;
};
/**
 * Reasoning of providers that expose thinking (`content` holds the text, `summary` is empty).
 */
export type ResponsesReasoningItem = {
    id: string;
    type: 'reasoning';
    summary: Array<{
        type: 'summary_text';
        text: string;
    }>;
    /**
     * The reasoning text (streamed as response.reasoning_text.delta).
     */
    content?: Array<ResponsesReasoningText>;
    status?: 'in_progress' | 'completed' | 'incomplete';
};
export type ResponsesReasoningText = {
    type: 'reasoning_text';
    text: string;
};
/**
 * Part of content_part.added / content_part.done; reasoning_text parts belong to reasoning items.
 */
export type ResponsesContentPart = ResponsesOutputText | ResponsesOutputRefusal | ResponsesReasoningText;
/**
 * 0 for the first event of a stream, then +1 per event.
 */
export type SequenceNumber = number;
export type ResponseCreatedEvent = {
    type: 'response.created';
    sequence_number: SequenceNumber;
    response: Response;
};
export type ResponseInProgressEvent = {
    type: 'response.in_progress';
    sequence_number: SequenceNumber;
    response: Response;
};
export type ResponseOutputItemAddedEvent = {
    type: 'response.output_item.added';
    sequence_number: SequenceNumber;
    output_index: number;
    item: ResponsesOutputItem;
};
export type ResponseContentPartAddedEvent = {
    type: 'response.content_part.added';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    part: ResponsesContentPart;
};
export type ResponseOutputTextDeltaEvent = {
    type: 'response.output_text.delta';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    delta: string;
    /**
     * Per output token when logprobs were asked for; empty otherwise.
     */
    logprobs: Array<TokenLogprob>;
};
export type ResponseOutputTextDoneEvent = {
    type: 'response.output_text.done';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    text: string;
    /**
     * Per output token when logprobs were asked for; empty otherwise.
     */
    logprobs: Array<TokenLogprob>;
};
export type ResponseContentPartDoneEvent = {
    type: 'response.content_part.done';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    part: ResponsesContentPart;
};
export type ResponseReasoningTextDeltaEvent = {
    type: 'response.reasoning_text.delta';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    delta: string;
};
export type ResponseReasoningTextDoneEvent = {
    type: 'response.reasoning_text.done';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    content_index: number;
    text: string;
};
export type ResponseFunctionCallArgumentsDeltaEvent = {
    type: 'response.function_call_arguments.delta';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    delta: string;
};
export type ResponseFunctionCallArgumentsDoneEvent = {
    type: 'response.function_call_arguments.done';
    sequence_number: SequenceNumber;
    item_id: string;
    output_index: number;
    name?: string;
    arguments: string;
};
export type ResponseOutputItemDoneEvent = {
    type: 'response.output_item.done';
    sequence_number: SequenceNumber;
    output_index: number;
    item: ResponsesOutputItem;
};
/**
 * Terminal event; its response has status completed, usage and cost.
 */
export type ResponseCompletedEvent = {
    type: 'response.completed';
    sequence_number: SequenceNumber;
    response: ResponseWithCost;
};
/**
 * Terminal event instead of response.completed when the output was cut off;
 * status incomplete, incomplete_details.reason max_output_tokens, usage and cost.
 *
 */
export type ResponseIncompleteEvent = {
    type: 'response.incomplete';
    sequence_number: SequenceNumber;
    response: ResponseWithCost;
};
/**
 * In-band failure after the stream started; the stream then closes.
 */
export type ResponseErrorEvent = {
    type: 'error';
    sequence_number: SequenceNumber;
    /**
     * Same codes as ErrorResponse.error.code.
     */
    code: string | null;
    message: string;
    param: string | null;
};
/**
 * The JSON of one `data:` line of a chat-completions stream (the terminator
 * `data: [DONE]` is not JSON and not covered): a chunk, or an in-band error.
 *
 */
export type ChatCompletionStreamPayload = ChatCompletionChunk | ErrorResponse;
/**
 * The `data` JSON of one messages-stream event; its `type` equals the SSE event name.
 */
export type MessageStreamEvent = MessageStartEvent | ContentBlockStartEvent | ContentBlockDeltaEvent | ContentBlockStopEvent | MessageDeltaEvent | MessageStopEvent | PingEvent | AnthropicErrorResponse;
/**
 * The `data` JSON of one responses-stream event; its `type` equals the SSE event name.
 */
export type ResponseStreamEvent = ResponseCreatedEvent | ResponseInProgressEvent | ResponseOutputItemAddedEvent | ResponseContentPartAddedEvent | ResponseOutputTextDeltaEvent | ResponseOutputTextDoneEvent | ResponseReasoningTextDeltaEvent | ResponseReasoningTextDoneEvent | ResponseContentPartDoneEvent | ResponseFunctionCallArgumentsDeltaEvent | ResponseFunctionCallArgumentsDoneEvent | ResponseOutputItemDoneEvent | ResponseCompletedEvent | ResponseIncompleteEvent | ResponseErrorEvent;
/**
 * Embeddings request. `user` is refused (no provider's embeddings call takes an end-user id).
 */
export type EmbeddingRequest = {
    model: ModelRef;
    /**
     * One string, or 1 to 2048 strings. Token arrays are not supported.
     */
    input: string | Array<string>;
    /**
     * Output dimensions (models that support it); at most 16384, above any embedding model's.
     */
    dimensions?: number;
    encoding_format?: 'float' | 'base64';
    /**
     * What the vectors are for, for providers that embed differently per
     * use (cohere, which takes search_document when none is given). Any
     * other provider refuses it with 400 `capability_not_supported`.
     *
     */
    input_type?: 'search_document' | 'search_query' | 'classification' | 'clustering';
    /**
     * Refused.
     */
    user?: string;
    [key: string]: unknown;
};
export type EmbeddingResponse = {
    object: 'list';
    data: Array<Embedding>;
    /**
     * The request's `<provider>/<model>`, exactly as sent.
     */
    model: string;
    usage: {
        prompt_tokens: number;
        total_tokens: number;
    };
    cost: Cost;
};
export type Embedding = {
    object: 'embedding';
    index: number;
    /**
     * number[] for encoding_format float; base64 of little-endian float32 for base64.
     */
    embedding: Array<number> | string;
};
export type ResponseInputTokens = {
    object: 'response.input_tokens';
    input_tokens: number;
    /**
     * Gateway extension. false when the provider counted; true for the gateway's documented estimate.
     */
    estimated: boolean;
};
export type ResponseInputItemList = {
    object: 'list';
    data: Array<ResponseStoredItem>;
    first_id: string | null;
    last_id: string | null;
    has_more: boolean;
};
/**
 * An input item as stored: a message, a function call or a function call's output.
 */
export type ResponseStoredItem = ResponseStoredMessage | ResponsesFunctionCall | ResponseStoredFunctionCallOutput;
export type ResponseStoredMessage = {
    id: string;
    type: 'message';
    status: 'completed';
    role: 'user' | 'system' | 'assistant';
    content: Array<{
        type: 'input_text';
        text: string;
    } | {
        type: 'input_image';
        image_url: string;
        detail: 'auto';
    } | {
        type: 'output_text';
        text: string;
        annotations: Array<unknown>;
    }>;
};
export type ResponseStoredFunctionCallOutput = {
    id: string;
    type: 'function_call_output';
    status: 'completed';
    call_id: string;
    output: string;
};
export type ResponseDeleted = {
    id: string;
    object: 'response';
    deleted: true;
};
/**
 * /v1/models errors come in the shape of the client asking.
 */
export type EitherErrorResponse = ErrorResponse | AnthropicErrorResponse;
export type OpenAiModel = {
    /**
     * `<provider>/<model>`, to send as `model`.
     */
    id: string;
    object: 'model';
    /**
     * Unix seconds the gateway's catalogue entry took effect; 0 when unknown.
     */
    created: number;
    /**
     * The provider id.
     */
    owned_by: string;
};
export type OpenAiModelList = {
    object: 'list';
    data: Array<OpenAiModel>;
};
export type AnthropicModel = {
    type: 'model';
    /**
     * `<provider>/<model>`, to send as `model`.
     */
    id: string;
    display_name: string;
    /**
     * When the gateway's catalogue entry took effect; 1970-01-01 when unknown.
     */
    created_at: string;
    max_input_tokens: number | null;
    max_tokens: number | null;
    capabilities: null;
    lifecycle: 'active';
    deprecated_at: null;
    retires_at: null;
    line: null;
};
export type AnthropicModelPage = {
    data: Array<AnthropicModel>;
    has_more: boolean;
    first_id: string | null;
    last_id: string | null;
};
export type FileUploadRequest = {
    /**
     * The JSONL input of a batch.
     */
    file: Blob | File;
    /**
     * Only `batch` is taken (others answer 400 `unsupported_purpose`).
     */
    purpose: string;
    /**
     * Accepted and ignored; files are kept until deleted.
     */
    expires_after?: unknown;
};
export type FileObject = {
    id: string;
    object: 'file';
    bytes: number;
    /**
     * Unix seconds.
     */
    created_at: number;
    expires_at?: number | null;
    filename: string;
    purpose: 'batch' | 'batch_output';
    status: 'processed';
    status_details?: string | null;
};
export type FileDeleted = {
    id: string;
    object: 'file';
    deleted: boolean;
};
export type BatchCreateRequest = {
    input_file_id: string;
    endpoint: '/v1/chat/completions';
    completion_window: '24h';
    metadata?: {
        [key: string]: string;
    } | null;
    /**
     * Accepted and ignored; output files are kept until deleted.
     */
    output_expires_after?: unknown;
    /**
     * Gateway extension: true requires the provider's own batch API
     * (refused with `native_batch_unavailable` when the batch cannot use
     * it), false keeps the batch on the gateway's queue. Absent: the
     * provider's API when the operator enabled it and the batch can use it
     * (see createBatch).
     *
     */
    native?: boolean;
};
export type BatchError = {
    code: string;
    message: string;
    param?: string | null;
    line?: number | null;
};
export type Batch = {
    id: string;
    object: 'batch';
    endpoint: string;
    errors?: {
        object: 'list';
        data: Array<BatchError>;
    } | null;
    input_file_id: string;
    completion_window: string;
    status: 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled';
    output_file_id?: string | null;
    error_file_id?: string | null;
    created_at: number;
    in_progress_at?: number | null;
    expires_at?: number | null;
    finalizing_at?: number | null;
    completed_at?: number | null;
    failed_at?: number | null;
    expired_at?: number | null;
    cancelling_at?: number | null;
    cancelled_at?: number | null;
    request_counts: {
        total: number;
        completed: number;
        failed: number;
    };
    metadata?: {
        [key: string]: string;
    } | null;
};
export type BatchList = {
    object: 'list';
    data: Array<Batch>;
    first_id?: string | null;
    last_id?: string | null;
    has_more: boolean;
};
/**
 * Bring your own key: the caller's own key for the provider named in `model`.
 * It is used for this call only and never logged; the call is billed `byok` with
 * `customerPrice` 0. A call run as a task (media) keeps it only sealed
 * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
 * error quoting a key the gateway sent (this one, the operator's) is passed on
 * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
 * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
 * the provider's 403) in the operation's error shape, the message naming
 * `X-Provider-Key`; it never counts against the provider's circuit.
 *
 */
export type ProviderKey = string;
/**
 * Messages protocol version date (the anthropic client sends `2023-06-01`).
 * Optional. On /v1/models its presence picks the messages protocol's
 * shape; elsewhere any value is accepted (the gateway speaks 2023-06-01).
 *
 */
export type AnthropicVersion = string;
/**
 * Comma-separated beta flags of the messages protocol. Accepted without effect (flags only unlock fields, and the fields themselves are honoured or refused).
 */
export type AnthropicBeta = string;
export type CreateChatCompletionData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. Inline (data URI) images count.
     */
    body: ChatCompletionRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/chat/completions';
};
export type CreateChatCompletionErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateChatCompletionError = CreateChatCompletionErrors[keyof CreateChatCompletionErrors];
export type CreateChatCompletionResponses = {
    /**
     * `application/json` when `stream` is absent or false; `text/event-stream`
     * when `stream` is true. Stream payloads are described by `x-sse-events`:
     * `chunk` is every `data:` line except the terminator `data: [DONE]`;
     * `error` is an in-band failure after the stream started.
     *
     */
    200: ChatCompletion;
};
export type CreateChatCompletionResponse = CreateChatCompletionResponses[keyof CreateChatCompletionResponses];
export type CreateImageData = {
    /**
     * At most 1 MB (1048576 bytes): a prompt and options; a larger body answers 413 before it is parsed.
     */
    body: ImageGenerationRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/images/generations';
};
export type CreateImageErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateImageError = CreateImageErrors[keyof CreateImageErrors];
export type CreateImageResponses = {
    /**
     * The images, base64, in the order the provider made them.
     */
    200: ImagesResponse;
};
export type CreateImageResponse = CreateImageResponses[keyof CreateImageResponses];
export type CreateImageEditData = {
    /**
     * At most 84 MB plus 64 KB of multipart framing (88145920 bytes): up to 16 images of at most 20 MB each and 64 MB in all, a mask of at most 20 MB, and the text fields; past a limit the upload stops with 413 naming it.
     */
    body: ImageEditRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/images/edits';
};
export type CreateImageEditErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body is not multipart/form-data (the operation takes files).
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateImageEditError = CreateImageEditErrors[keyof CreateImageEditErrors];
export type CreateImageEditResponses = {
    /**
     * The edited images, base64.
     */
    200: ImagesResponse;
};
export type CreateImageEditResponse = CreateImageEditResponses[keyof CreateImageEditResponses];
export type CreateSpeechData = {
    /**
     * At most 1 MB (1048576 bytes): the text and options; a larger body answers 413 before it is parsed.
     */
    body: SpeechRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/audio/speech';
};
export type CreateSpeechErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateSpeechError = CreateSpeechErrors[keyof CreateSpeechErrors];
export type CreateSpeechResponses = {
    /**
     * The audio. AI-content metadata is added to MP3 (ID3) and WAV (RIFF) output, as on the native operation.
     */
    200: Blob | File;
};
export type CreateSpeechResponse = CreateSpeechResponses[keyof CreateSpeechResponses];
export type CreateTranscriptionData = {
    /**
     * At most 40 MB plus 64 KB of multipart framing (42008576 bytes): one audio file of at most 40 MB and the text fields; past a limit the upload stops with 413 naming it.
     */
    body: TranscriptionRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/audio/transcriptions';
};
export type CreateTranscriptionErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body is not multipart/form-data (the operation takes files).
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateTranscriptionError = CreateTranscriptionErrors[keyof CreateTranscriptionErrors];
export type CreateTranscriptionResponses = {
    /**
     * The transcript in the asked format.
     */
    200: Transcription | TranscriptionVerbose;
};
export type CreateTranscriptionResponse = CreateTranscriptionResponses[keyof CreateTranscriptionResponses];
export type CreateMessageData = {
    /**
     * At most 32 MB (33554432 bytes); a larger body answers 413 `payload_too_large` before it is parsed. As the messages protocol itself; inline (base64) images count.
     */
    body: MessagesRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
        /**
         * Messages protocol version date (the anthropic client sends `2023-06-01`).
         * Optional. On /v1/models its presence picks the messages protocol's
         * shape; elsewhere any value is accepted (the gateway speaks 2023-06-01).
         *
         */
        'anthropic-version'?: string;
        /**
         * Comma-separated beta flags of the messages protocol. Accepted without effect (flags only unlock fields, and the fields themselves are honoured or refused).
         */
        'anthropic-beta'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/messages';
};
export type CreateMessageErrors = {
    /**
     * Invalid request (validation failure such as missing max_tokens, unknown provider, unsupported capability).
     */
    400: AnthropicErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key: ...`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key: ...`, naming the header).
     */
    401: AnthropicErrorResponse;
    /**
     * The key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: AnthropicErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: AnthropicErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: AnthropicErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: AnthropicErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429.
     */
    429: AnthropicErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: AnthropicErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: AnthropicErrorResponse;
    /**
     * The provider failed (5xx, unreadable answer, network error or timeout).
     */
    502: AnthropicErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: AnthropicErrorResponse;
    /**
     * The provider reported it is overloaded (its 529, or 503 overloaded).
     */
    529: AnthropicErrorResponse;
};
export type CreateMessageError = CreateMessageErrors[keyof CreateMessageErrors];
export type CreateMessageResponses = {
    /**
     * `application/json` when `stream` is absent or false; `text/event-stream`
     * when `stream` is true. The `data` of each named event is described by
     * `x-sse-events` under the event name.
     *
     */
    200: MessageWithCost;
};
export type CreateMessageResponse = CreateMessageResponses[keyof CreateMessageResponses];
export type CountMessageTokensData = {
    /**
     * At most 32 MB (33554432 bytes), as `/v1/messages` itself; a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: MessagesParams;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
        /**
         * Messages protocol version date (the anthropic client sends `2023-06-01`).
         * Optional. On /v1/models its presence picks the messages protocol's
         * shape; elsewhere any value is accepted (the gateway speaks 2023-06-01).
         *
         */
        'anthropic-version'?: string;
        /**
         * Comma-separated beta flags of the messages protocol. Accepted without effect (flags only unlock fields, and the fields themselves are honoured or refused).
         */
        'anthropic-beta'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/messages/count_tokens';
};
export type CountMessageTokensErrors = {
    /**
     * Invalid request (validation failure such as missing max_tokens, unknown provider, unsupported capability).
     */
    400: AnthropicErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key: ...`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key: ...`, naming the header).
     */
    401: AnthropicErrorResponse;
    /**
     * The key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: AnthropicErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: AnthropicErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: AnthropicErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: AnthropicErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429.
     */
    429: AnthropicErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: AnthropicErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: AnthropicErrorResponse;
    /**
     * The provider failed (5xx, unreadable answer, network error or timeout).
     */
    502: AnthropicErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: AnthropicErrorResponse;
    /**
     * The provider reported it is overloaded (its 529, or 503 overloaded).
     */
    529: AnthropicErrorResponse;
};
export type CountMessageTokensError = CountMessageTokensErrors[keyof CountMessageTokensErrors];
export type CountMessageTokensResponses = {
    /**
     * The input tokens, and whether the provider counted them.
     */
    200: MessageTokensCount;
};
export type CountMessageTokensResponse = CountMessageTokensResponses[keyof CountMessageTokensResponses];
export type CreateResponseData = {
    /**
     * At most 50 MB (52428800 bytes); a larger body answers 413 `payload_too_large` before it is parsed. Inline (data URI) images count.
     */
    body: ResponsesRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/responses';
};
export type CreateResponseErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateResponseError = CreateResponseErrors[keyof CreateResponseErrors];
export type CreateResponseResponses = {
    /**
     * `application/json` when `stream` is absent or false; `text/event-stream`
     * when `stream` is true. The `data` of each named event is described by
     * `x-sse-events` under the event name.
     *
     */
    200: ResponseWithCost;
};
export type CreateResponseResponse = CreateResponseResponses[keyof CreateResponseResponses];
export type CountResponseInputTokensData = {
    /**
     * At most 50 MB (52428800 bytes), as `/v1/responses` itself; a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: ResponsesRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/responses/input_tokens';
};
export type CountResponseInputTokensErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CountResponseInputTokensError = CountResponseInputTokensErrors[keyof CountResponseInputTokensErrors];
export type CountResponseInputTokensResponses = {
    /**
     * The input tokens, and whether the provider counted them.
     */
    200: ResponseInputTokens;
};
export type CountResponseInputTokensResponse = CountResponseInputTokensResponses[keyof CountResponseInputTokensResponses];
export type ListResponseInputItemsData = {
    body?: never;
    path: {
        /**
         * A stored response's id (`resp_...`).
         */
        response_id: string;
    };
    query?: {
        /**
         * An item id; the page starts after it (in the chosen order).
         */
        after?: string;
        limit?: number;
        /**
         * `desc` (the default, as OpenAI) lists the newest item first.
         */
        order?: 'asc' | 'desc';
    };
    url: '/v1/responses/{response_id}/input_items';
};
export type ListResponseInputItemsErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type ListResponseInputItemsError = ListResponseInputItemsErrors[keyof ListResponseInputItemsErrors];
export type ListResponseInputItemsResponses = {
    /**
     * A page of input items.
     */
    200: ResponseInputItemList;
};
export type ListResponseInputItemsResponse = ListResponseInputItemsResponses[keyof ListResponseInputItemsResponses];
export type DeleteResponseData = {
    body?: never;
    path: {
        /**
         * A stored response's id (`resp_...`).
         */
        response_id: string;
    };
    query?: never;
    url: '/v1/responses/{response_id}';
};
export type DeleteResponseErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type DeleteResponseError = DeleteResponseErrors[keyof DeleteResponseErrors];
export type DeleteResponseResponses = {
    /**
     * Deleted.
     */
    200: ResponseDeleted;
};
export type DeleteResponseResponse = DeleteResponseResponses[keyof DeleteResponseResponses];
export type GetResponseData = {
    body?: never;
    path: {
        /**
         * A stored response's id (`resp_...`).
         */
        response_id: string;
    };
    query?: never;
    url: '/v1/responses/{response_id}';
};
export type GetResponseErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type GetResponseError = GetResponseErrors[keyof GetResponseErrors];
export type GetResponseResponses = {
    /**
     * The stored response.
     */
    200: ResponseWithCost;
};
export type GetResponseResponse = GetResponseResponses[keyof GetResponseResponses];
export type CreateEmbeddingData = {
    /**
     * At most 16 MB (16777216 bytes); a larger body answers 413 `payload_too_large` before it is parsed.
     */
    body: EmbeddingRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/embeddings';
};
export type CreateEmbeddingErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
    /**
     * Operation or feature not implemented yet.
     */
    501: ErrorResponse;
    /**
     * The provider failed (5xx, overloaded, unreadable answer, network error or timeout).
     */
    502: ErrorResponse;
    /**
     * The provider is not configured (missing key or base URL, local runtime unreachable).
     */
    503: ErrorResponse;
};
export type CreateEmbeddingError = CreateEmbeddingErrors[keyof CreateEmbeddingErrors];
export type CreateEmbeddingResponses = {
    /**
     * The embeddings, in input order.
     */
    200: EmbeddingResponse;
};
export type CreateEmbeddingResponse = CreateEmbeddingResponses[keyof CreateEmbeddingResponses];
export type CreateFileData = {
    /**
     * At most 50 MB plus 64 KB of multipart framing (52494336 bytes).
     */
    body: FileUploadRequest;
    path?: never;
    query?: never;
    url: '/v1/files';
};
export type CreateFileErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body is not multipart/form-data (the operation takes files).
     */
    415: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type CreateFileError = CreateFileErrors[keyof CreateFileErrors];
export type CreateFileResponses = {
    /**
     * The stored file.
     */
    200: FileObject;
};
export type CreateFileResponse = CreateFileResponses[keyof CreateFileResponses];
export type DeleteFileData = {
    body?: never;
    path: {
        file_id: string;
    };
    query?: never;
    url: '/v1/files/{file_id}';
};
export type DeleteFileErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type DeleteFileError = DeleteFileErrors[keyof DeleteFileErrors];
export type DeleteFileResponses = {
    /**
     * Deleted.
     */
    200: FileDeleted;
};
export type DeleteFileResponse = DeleteFileResponses[keyof DeleteFileResponses];
export type GetFileData = {
    body?: never;
    path: {
        file_id: string;
    };
    query?: never;
    url: '/v1/files/{file_id}';
};
export type GetFileErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type GetFileError = GetFileErrors[keyof GetFileErrors];
export type GetFileResponses = {
    /**
     * The file's record.
     */
    200: FileObject;
};
export type GetFileResponse = GetFileResponses[keyof GetFileResponses];
export type GetFileContentData = {
    body?: never;
    path: {
        file_id: string;
    };
    query?: never;
    url: '/v1/files/{file_id}/content';
};
export type GetFileContentErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type GetFileContentError = GetFileContentErrors[keyof GetFileContentErrors];
export type GetFileContentResponses = {
    /**
     * The bytes.
     */
    200: Blob | File;
};
export type GetFileContentResponse = GetFileContentResponses[keyof GetFileContentResponses];
export type ListBatchesData = {
    body?: never;
    path?: never;
    query?: {
        after?: string;
        limit?: number;
    };
    url: '/v1/batches';
};
export type ListBatchesErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type ListBatchesError = ListBatchesErrors[keyof ListBatchesErrors];
export type ListBatchesResponses = {
    /**
     * One page.
     */
    200: BatchList;
};
export type ListBatchesResponse = ListBatchesResponses[keyof ListBatchesResponses];
export type CreateBatchData = {
    /**
     * At most 64 KB (65536 bytes).
     */
    body: BatchCreateRequest;
    headers?: {
        /**
         * Bring your own key: the caller's own key for the provider named in `model`.
         * It is used for this call only and never logged; the call is billed `byok` with
         * `customerPrice` 0. A call run as a task (media) keeps it only sealed
         * (AES-256-GCM under SWITCHYARD_SECRET_KEY) until the task ends. A provider's
         * error quoting a key the gateway sent (this one, the operator's) is passed on
         * with the key cut out (`…`, or a well-known prefix and `…`). A key the provider
         * refuses answers 401 `invalid_provider_key` (403 `provider_key_forbidden` for
         * the provider's 403) in the operation's error shape, the message naming
         * `X-Provider-Key`; it never counts against the provider's circuit.
         *
         */
        'X-Provider-Key'?: string;
    };
    path?: never;
    query?: never;
    url: '/v1/batches';
};
export type CreateBatchErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The gateway key is past its expiry or a rotated secret past its grace period (`key_expired`), the model is outside the allow-list of the key, its team or a tag (`model_not_allowed`; openapi/gateway.yaml `Governance`), the key may not use this provider or endpoint (`permission_denied`), or the provider refused the caller's own key sent in `X-Provider-Key` with its 403 (`provider_key_forbidden`, the message naming the header).
     */
    403: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Request body larger than the gateway accepts.
     */
    413: ErrorResponse;
    /**
     * The body was sent without `Content-Type`, as another media type than
     * `application/json`, or with a `Content-Encoding` other than `identity`.
     *
     */
    415: ErrorResponse;
    /**
     * Gateway limit reached, or the provider answered 429. A limit or budget
     * of the key, its team or a tag answers `rate_limit_exceeded` or
     * `budget_exceeded` (a hard budget cannot cover the call's worst-case
     * price), the message naming which and what remains, before anything is
     * sent upstream (nothing billed); `Retry-After` says when its window
     * resets (absent for an all-time budget). Successful answers carry
     * OpenAI's `x-ratelimit-limit-requests`, `x-ratelimit-remaining-requests`,
     * `x-ratelimit-reset-requests` and the same three for `-tokens`, from the
     * tightest per-minute or per-day limit that applies to the key, so the
     * official SDKs back off by themselves.
     *
     */
    429: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type CreateBatchError = CreateBatchErrors[keyof CreateBatchErrors];
export type CreateBatchResponses = {
    /**
     * The batch, as created.
     */
    200: Batch;
};
export type CreateBatchResponse = CreateBatchResponses[keyof CreateBatchResponses];
export type GetBatchData = {
    body?: never;
    path: {
        batch_id: string;
    };
    query?: never;
    url: '/v1/batches/{batch_id}';
};
export type GetBatchErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type GetBatchError = GetBatchErrors[keyof GetBatchErrors];
export type GetBatchResponses = {
    /**
     * The batch.
     */
    200: Batch;
};
export type GetBatchResponse = GetBatchResponses[keyof GetBatchResponses];
export type CancelBatchData = {
    body?: never;
    path: {
        batch_id: string;
    };
    query?: never;
    url: '/v1/batches/{batch_id}/cancel';
};
export type CancelBatchErrors = {
    /**
     * Invalid request (validation failure, unknown provider, unsupported capability).
     */
    400: ErrorResponse;
    /**
     * Missing or invalid gateway key (`invalid_api_key`), or the provider refused the caller's own key sent in `X-Provider-Key` (`invalid_provider_key`, the message naming the header).
     */
    401: ErrorResponse;
    /**
     * The provider does not know the model.
     */
    404: ErrorResponse;
    /**
     * Unexpected gateway failure.
     */
    500: ErrorResponse;
};
export type CancelBatchError = CancelBatchErrors[keyof CancelBatchErrors];
export type CancelBatchResponses = {
    /**
     * The batch.
     */
    200: Batch;
};
export type CancelBatchResponse = CancelBatchResponses[keyof CancelBatchResponses];
export type ListModelsData = {
    body?: never;
    headers?: {
        /**
         * Messages protocol version date (the anthropic client sends `2023-06-01`).
         * Optional. On /v1/models its presence picks the messages protocol's
         * shape; elsewhere any value is accepted (the gateway speaks 2023-06-01).
         *
         */
        'anthropic-version'?: string;
    };
    path?: never;
    query?: {
        /**
         * Anthropic shape only. Models per page.
         */
        limit?: number;
        /**
         * Anthropic shape only. The page after this model id.
         */
        after_id?: string;
        /**
         * Anthropic shape only. The page before this model id.
         */
        before_id?: string;
    };
    url: '/v1/models';
};
export type ListModelsErrors = {
    /**
     * A paging cursor that names no listed model, or a malformed or unknown parameter (either error shape, as the listing's).
     */
    400: EitherErrorResponse;
    /**
     * Missing or invalid gateway key (either error shape, as the listing's).
     */
    401: EitherErrorResponse;
    /**
     * Unexpected gateway failure (either error shape, as the listing's).
     */
    500: EitherErrorResponse;
};
export type ListModelsError = ListModelsErrors[keyof ListModelsErrors];
export type ListModelsResponses = {
    /**
     * The models, in the caller's protocol shape.
     */
    200: OpenAiModelList | AnthropicModelPage;
};
export type ListModelsResponse = ListModelsResponses[keyof ListModelsResponses];
export type RetrieveModelData = {
    body?: never;
    headers?: {
        /**
         * Messages protocol version date (the anthropic client sends `2023-06-01`).
         * Optional. On /v1/models its presence picks the messages protocol's
         * shape; elsewhere any value is accepted (the gateway speaks 2023-06-01).
         *
         */
        'anthropic-version'?: string;
    };
    path: {
        model_id: string;
    };
    query?: never;
    url: '/v1/models/{model_id}';
};
export type RetrieveModelErrors = {
    /**
     * A paging cursor that names no listed model, or a malformed or unknown parameter (either error shape, as the listing's).
     */
    400: EitherErrorResponse;
    /**
     * Missing or invalid gateway key (either error shape, as the listing's).
     */
    401: EitherErrorResponse;
    /**
     * Not a model GET /v1/models lists (either error shape, as the listing's).
     */
    404: EitherErrorResponse;
    /**
     * Unexpected gateway failure (either error shape, as the listing's).
     */
    500: EitherErrorResponse;
};
export type RetrieveModelError = RetrieveModelErrors[keyof RetrieveModelErrors];
export type RetrieveModelResponses = {
    /**
     * The model, in the caller's protocol shape.
     */
    200: OpenAiModel | AnthropicModel;
};
export type RetrieveModelResponse = RetrieveModelResponses[keyof RetrieveModelResponses];
