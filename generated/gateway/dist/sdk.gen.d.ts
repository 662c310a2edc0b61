import { type Client, type ClientMeta, type Options as Options2, type RequestResult, type ServerSentEventsResult, type TDataShape } from './client/index.js';
import type { AgentWebhookCompleteData, AgentWebhookCompleteErrors, AgentWebhookCompleteResponses, AgentWebhookContextData, AgentWebhookContextErrors, AgentWebhookContextResponses, AgentWebhookEventData, AgentWebhookEventErrors, AgentWebhookEventResponses, AutoLabelData, AutoLabelErrors, AutoLabelResponses, AutoTrainData, AutoTrainErrors, AutoTrainResponses, CancelQueueTaskData, CancelQueueTaskErrors, CancelQueueTaskResponses, CreateAgentSignedUrlData, CreateAgentSignedUrlErrors, CreateAgentSignedUrlResponses, CreateAgentTemplateData, CreateAgentTemplateErrors, CreateAgentTemplateResponses, CreateKeyData, CreateKeyErrors, CreateKeyResponses, CreateTeamData, CreateTeamErrors, CreateTeamResponses, DeleteAgentTemplateData, DeleteAgentTemplateErrors, DeleteAgentTemplateResponses, DeleteTagPolicyData, DeleteTagPolicyErrors, DeleteTagPolicyResponses, DeleteTeamData, DeleteTeamErrors, DeleteTeamResponses, DeleteVisionModelData, DeleteVisionModelErrors, DeleteVisionModelResponses, DetectFacesData, DetectFacesErrors, DetectFacesResponses, DetectObjectsData, DetectObjectsErrors, DetectObjectsResponses, DetectWebData, DetectWebErrors, DetectWebResponses, DetectZeroShotData, DetectZeroShotErrors, DetectZeroShotResponses, FinishConsoleSignInData, FinishConsoleSignInErrors, GenerateAudioData, GenerateAudioErrors, GenerateAudioResponses, GenerateDialogueData, GenerateDialogueErrors, GenerateDialogueResponses, GenerateImageData, GenerateImageErrors, GenerateImageResponses, GenerateMusicData, GenerateMusicErrors, GenerateMusicResponses, GenerateSoundEffectData, GenerateSoundEffectErrors, GenerateSoundEffectResponses, GenerateVideoData, GenerateVideoErrors, GenerateVideoResponses, GetAgentSessionAudioData, GetAgentSessionAudioErrors, GetAgentSessionAudioResponses, GetAgentSessionData, GetAgentSessionErrors, GetAgentSessionResponses, GetAgentTemplateData, GetAgentTemplateErrors, GetAgentTemplateResponses, GetCapabilitiesData, GetCapabilitiesErrors, GetCapabilitiesResponses, GetCircuitsData, GetCircuitsErrors, GetCircuitsResponses, GetConcurrencyData, GetConcurrencyErrors, GetConcurrencyResponses, GetConsoleData, GetConsoleErrors, GetConsoleResponses, GetConsoleSessionData, GetConsoleSessionErrors, GetConsoleSessionResponses, GetConsoleSignInData, GetConsoleSignInErrors, GetConsoleSignInResponses, GetDailyUsageData, GetDailyUsageErrors, GetDailyUsageResponses, GetHealthData, GetHealthErrors, GetHealthResponses, GetKeyData, GetKeyErrors, GetKeyResponses, GetMonthlyUsageData, GetMonthlyUsageErrors, GetMonthlyUsageResponses, GetOwnKeyData, GetOwnKeyErrors, GetOwnKeyResponses, GetPortalDailyUsageData, GetPortalDailyUsageErrors, GetPortalDailyUsageResponses, GetProviderConcurrencyData, GetProviderConcurrencyErrors, GetProviderConcurrencyResponses, GetQueueResultData, GetQueueResultErrors, GetQueueResultResponses, GetQueueStatusData, GetQueueStatusErrors, GetQueueStatusResponses, GetReadinessData, GetReadinessErrors, GetReadinessResponses, GetSpendData, GetSpendErrors, GetSpendResponses, GetTagPolicyData, GetTagPolicyErrors, GetTagPolicyResponses, GetTeamData, GetTeamErrors, GetTeamResponses, GetTrafficData, GetTrafficErrors, GetTrafficResponses, GetTrainingJobData, GetTrainingJobErrors, GetTrainingJobResponses, GetUsageData, GetUsageErrors, GetUsageResponses, ListAgentSessionsData, ListAgentSessionsErrors, ListAgentSessionsResponses, ListAgentTemplatesData, ListAgentTemplatesErrors, ListAgentTemplatesResponses, ListAuditEventsData, ListAuditEventsErrors, ListAuditEventsResponses, ListKeysData, ListKeysErrors, ListKeysResponses, ListModelsData, ListModelsErrors, ListModelsResponses, ListOcrLanguagesData, ListOcrLanguagesErrors, ListOcrLanguagesResponses, ListProvidersData, ListProvidersErrors, ListProvidersResponses, ListProviderStatusData, ListProviderStatusErrors, ListProviderStatusResponses, ListPublicModelsData, ListPublicModelsErrors, ListPublicModelsResponses, ListQueueTasksData, ListQueueTasksErrors, ListQueueTasksResponses, ListRequestLogsData, ListRequestLogsErrors, ListRequestLogsResponses, ListTagPoliciesData, ListTagPoliciesErrors, ListTagPoliciesResponses, ListTeamsData, ListTeamsErrors, ListTeamsResponses, ListVisionModelsData, ListVisionModelsErrors, ListVisionModelsResponses, ListVoicesData, ListVoicesErrors, ListVoicesResponses, RecognizeTextData, RecognizeTextErrors, RecognizeTextResponses, RedactImageData, RedactImageErrors, RedactImageResponses, RevokeKeyData, RevokeKeyErrors, RevokeKeyResponses, RotateKeyData, RotateKeyErrors, RotateKeyResponses, SetTagPolicyData, SetTagPolicyErrors, SetTagPolicyResponses, SignInConsoleWithKeyData, SignInConsoleWithKeyErrors, SignInConsoleWithKeyResponses, SignOutConsoleData, SignOutConsoleErrors, SignOutConsoleResponses, StartAgentSessionData, StartAgentSessionErrors, StartAgentSessionResponses, StartConsoleSignInData, StartConsoleSignInErrors, StreamQueueTaskData, StreamQueueTaskResponse, StreamQueueTaskResponses, SubmitCompletionData, SubmitCompletionErrors, SubmitCompletionResponses, SubmitEmbeddingsData, SubmitEmbeddingsErrors, SubmitEmbeddingsResponses, TrainVisionModelData, TrainVisionModelErrors, TrainVisionModelResponses, TranscribeData, TranscribeErrors, TranscribeResponses, UpdateAgentTemplateData, UpdateAgentTemplateErrors, UpdateAgentTemplateResponses, UpdateKeyData, UpdateKeyErrors, UpdateKeyResponses, UpdateTeamData, UpdateTeamErrors, UpdateTeamResponses, UploadVideoData, UploadVideoErrors, UploadVideoResponses } from './types.gen.js';
export type Options<TData extends TDataShape = TDataShape, ThrowOnError extends boolean = boolean, TResponse = unknown> = Options2<TData, ThrowOnError, TResponse> & {
    /**
     * You can provide a client instance returned by `createClient()` instead of
     * individual options. This might be also useful if you want to implement a
     * custom client.
     */
    client?: Client;
    /**
     * You can pass arbitrary values through the `meta` object. This can be
     * used to access values that aren't defined as part of the SDK function.
     */
    meta?: keyof ClientMeta extends never ? Record<string, unknown> : ClientMeta;
};
/**
 * Queue a text completion
 *
 * Validates the request and queues it; answers at once with the `queueId`.
 * The answer always says `queued`, but when the provider has a free slot the
 * task is claimed in the same transaction that stores it and is already
 * `processing` (position 0) by the time the answer arrives; otherwise it waits,
 * first come first served per provider: a new task never overtakes one that is
 * already waiting for the same provider.
 * Fetch the `CompletionResult` with `POST /api/llm/queue/result`, or stream it with
 * `POST /api/llm/queue/stream` (any completion task can be streamed; with
 * `stream: true` the worker uses the provider's streaming API and chunks are
 * relayed as they arrive, otherwise the stream delivers the finished result).
 *
 * Multi-turn tool calling: when a result has `finishReason: tool_calls`, run the
 * function(s) and submit a new completion whose messages end with the assistant
 * message carrying `toolCalls`, followed by one `tool` message per call with the
 * matching `toolCallId` and the function output as `content`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unsupported_option`: the provider (or a fallback's) cannot honour an option the request sets; the message names both.
 * - `unsupported_provider`: the provider offers no text completions.
 *
 */
export declare const submitCompletion: <ThrowOnError extends boolean = false>(options: Options<SubmitCompletionData, ThrowOnError>) => RequestResult<SubmitCompletionResponses, SubmitCompletionErrors, ThrowOnError>;
/**
 * Status of a queued task
 *
 * Works for every kind of queued task (completion, media, vision, OCR, embeddings).
 */
export declare const getQueueStatus: <ThrowOnError extends boolean = false>(options: Options<GetQueueStatusData, ThrowOnError>) => RequestResult<GetQueueStatusResponses, GetQueueStatusErrors, ThrowOnError>;
/**
 * Result of a queued task
 *
 * * 200: the task completed; `data.result` holds the result of the task's kind
 * (see `TaskResult`), always with `cost`.
 * * 202: the task is still `queued` or `processing`; poll again.
 * * 409 `task_failed` (message = the task's error) or `task_cancelled`: the task
 * ended without a result.
 * * 404: unknown `queueId`, a task of another API key, or a task past retention.
 * * 410 `result_already_read`: an embeddings task's vectors are returned once
 * and not retained; an earlier read returned them.
 *
 */
export declare const getQueueResult: <ThrowOnError extends boolean = false>(options: Options<GetQueueResultData, ThrowOnError>) => RequestResult<GetQueueResultResponses, GetQueueResultErrors, ThrowOnError>;
/**
 * Stream a queued completion as Server-Sent Events
 *
 * Opens an SSE stream (`text/event-stream`) for a **completion** task, or
 * a **media** task (generate-image, -video, -audio, -sound-effect, -music,
 * -dialogue, transcribe): a media stream sends `start`, one `progress`
 * event per stage or poll (`TaskProgress`), then `done` once the result is
 * ready to fetch with `POST /api/llm/queue/result` (the files themselves
 * are not sent as events), or `error`. Embeddings tasks answer 400
 * `not_streamable` (the request is well formed; the task is not one that
 * streams); unknown tasks and tasks of another API key answer 404
 * before any stream is opened.
 *
 * **Framing.** Each event is the line `event: <name>`, then the line
 * `data: <JSON on one line>`, then a blank line. Lines starting with `:` are
 * keep-alive comments (sent every 15 seconds while nothing else is sent) and
 * must be ignored. The events, in order:
 *
 * 1. `start` (`QueueStreamStartData`): once, first.
 * 2. `chunk` (`QueueStreamChunkData`), repeated:
 * * text chunks carry `delta` text and `finishReason: null`; the last
 * content chunk has `finishReason: stop` (or `length` /
 * `content_filter`);
 * * tool-call chunks carry `delta: ""` and `toolCallDeltas`; `id`, `type`
 * and `function.name` appear only in the first chunk of a call, and the
 * `function.arguments` pieces concatenate to the JSON argument string;
 * the last tool-call chunk has `finishReason: tool_calls` and no
 * `toolCallDeltas`;
 * * then exactly one extra chunk with `delta: ""`, the same final
 * `finishReason`, and `metadata: { usage, cost, model, provider }`.
 * 3. `done` (`{}`): once, last; the server then closes the response.
 *
 * **Errors.** If the task fails or is cancelled (before or after the stream
 * opened), the stream sends `start`, the chunks persisted so far, then one
 * `error` event (`QueueStreamErrorData`; code `task_failed`, `task_cancelled`,
 * or `internal` when the relay itself failed) and closes the response; no
 * `done` follows. Failures are never answered with an HTTP error status once
 * the task was found.
 *
 * Every stream of a task delivers the whole sequence from the beginning, so a
 * client that reconnects (or streams an already completed task, or a task
 * submitted without `stream: true`) receives all chunks again. Closing the
 * connection does not cancel the task; use `/api/llm/queue/cancel`.
 *
 * The vendor extension `x-sse-events` of the 200 response maps each event
 * name to the schema of its `data`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `not_streamable`: the task is neither a completion nor a media task (read its result from POST /api/llm/queue/result).
 *
 */
export declare const streamQueueTask: <ThrowOnError extends boolean = false>(options: Options<StreamQueueTaskData, ThrowOnError, StreamQueueTaskResponse>) => Promise<ServerSentEventsResult<StreamQueueTaskResponses>>;
/**
 * Cancel a queued or running task
 *
 * Moves a `queued` or `processing` task to `cancelled`; a running provider
 * request is aborted. A task that already ended (`completed`, `error`,
 * `cancelled`) answers 409 `task_finished`. Cancelled tasks are not billed.
 * A bearer key cancels its own tasks; a console admin's session any task, a
 * member's session the tasks of its team's keys (its own without a team),
 * as `GET /api/llm/queue/tasks` lists them; any other task answers 404.
 *
 */
export declare const cancelQueueTask: <ThrowOnError extends boolean = false>(options: Options<CancelQueueTaskData, ThrowOnError>) => RequestResult<CancelQueueTaskResponses, CancelQueueTaskErrors, ThrowOnError>;
/**
 * Upload a video for use in completions
 *
 * `multipart/form-data` with one file field `video`. Accepted types:
 * video/mp4, video/webm, video/mov, video/quicktime, video/mpeg, video/avi
 * (the part's Content-Type decides; others answer 415). Maximum 100 MB (413).
 * The returned `fileId` is valid for 1 hour (`expiresAt`) and only for the
 * uploading API key; use it in a `video` content part of a completion for
 * gemini or vertex.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_request`: the `video` part is empty.
 * - `unsupported_media_type` (415): the file is none of the accepted types.
 *
 */
export declare const uploadVideo: <ThrowOnError extends boolean = false>(options: Options<UploadVideoData, ThrowOnError>) => RequestResult<UploadVideoResponses, UploadVideoErrors, ThrowOnError>;
/**
 * List provider ids
 *
 * All 13 provider ids in their fixed order, whether configured or not. The web-detection engines (google-vision, tineye) are not model providers and are not listed.
 */
export declare const listProviders: <ThrowOnError extends boolean = false>(options?: Options<ListProvidersData, ThrowOnError>) => RequestResult<ListProvidersResponses, ListProvidersErrors, ThrowOnError>;
/**
 * List the models of a provider
 *
 * Hosted providers answer from the gateway's price catalog. Local runtimes
 * (ollama, local-audio, localai, local-video) are asked for their installed
 * models; their prices are 0 and unknown limits are null. An unreachable local
 * runtime answers 502 `upstream_error`.
 *
 */
export declare const listModels: <ThrowOnError extends boolean = false>(options: Options<ListModelsData, ThrowOnError>) => RequestResult<ListModelsResponses, ListModelsErrors, ThrowOnError>;
/**
 * List the voices of a speech provider
 *
 * Only elevenlabs and local-audio have voices. elevenlabs is asked live (needs ELEVENLABS_API_KEY or `X-Provider-Key`); local-audio answers the voice names of the local runtime.
 */
export declare const listVoices: <ThrowOnError extends boolean = false>(options: Options<ListVoicesData, ThrowOnError>) => RequestResult<ListVoicesResponses, ListVoicesErrors, ThrowOnError>;
/**
 * Capabilities of every provider
 *
 * A map with one entry per provider id (all 13).
 */
export declare const getCapabilities: <ThrowOnError extends boolean = false>(options?: Options<GetCapabilitiesData, ThrowOnError>) => RequestResult<GetCapabilitiesResponses, GetCapabilitiesErrors, ThrowOnError>;
/**
 * Concurrency of every provider
 *
 * A map with one `ConcurrencyRecord` per provider id (all 13), counted over all API keys.
 */
export declare const getConcurrency: <ThrowOnError extends boolean = false>(options?: Options<GetConcurrencyData, ThrowOnError>) => RequestResult<GetConcurrencyResponses, GetConcurrencyErrors, ThrowOnError>;
/**
 * Circuit breaker state of every provider
 *
 * One record per provider. A provider's circuit opens after
 * CIRCUIT_FAILURE_THRESHOLD (default 5) consecutive failed calls (5xx, 429 on
 * the operator's key, refused or reset connections, PROVIDER_TIMEOUT_MS
 * passing) and stays open for
 * CIRCUIT_COOLDOWN_MS (default 30000); then one call probes it. The state is
 * kept per gateway process (each process learns a failing provider from its own
 * calls), as in LiteLLM's in-memory cooldowns. What a caller chose never
 * counts, so one caller cannot open a circuit for the others: its
 * `routing.timeout` deadlines (`totalMs`, and a `firstByteMs` shorter than
 * PROVIDER_TIMEOUT_MS), a cancel, a 4xx the provider answers to its request,
 * and the provider refusing (401, 403) or rate limiting (429) the caller's
 * own `X-Provider-Key`.
 *
 */
export declare const getCircuits: <ThrowOnError extends boolean = false>(options?: Options<GetCircuitsData, ThrowOnError>) => RequestResult<GetCircuitsResponses, GetCircuitsErrors, ThrowOnError>;
/**
 * Concurrency of one provider
 *
 * An unknown provider id fails validation (400).
 */
export declare const getProviderConcurrency: <ThrowOnError extends boolean = false>(options: Options<GetProviderConcurrencyData, ThrowOnError>) => RequestResult<GetProviderConcurrencyResponses, GetProviderConcurrencyErrors, ThrowOnError>;
/**
 * Usage of the current month
 *
 * Usage and cost of the calling API key in the current calendar month (UTC), all task kinds and agent sessions included. Only completed work counts.
 */
export declare const getUsage: <ThrowOnError extends boolean = false>(options?: Options<GetUsageData, ThrowOnError>) => RequestResult<GetUsageResponses, GetUsageErrors, ThrowOnError>;
/**
 * Usage per month and provider, last 12 months
 *
 * One item per (month, provider) with usage, for the current month and the 11 before it (UTC); months without usage are absent. Ordered by year and month ascending, then provider id.
 */
export declare const getMonthlyUsage: <ThrowOnError extends boolean = false>(options?: Options<GetMonthlyUsageData, ThrowOnError>) => RequestResult<GetMonthlyUsageResponses, GetMonthlyUsageErrors, ThrowOnError>;
/**
 * Usage per day and provider, last 30 days
 *
 * One item per (day, provider) with usage, for today and the 29 days before it (UTC); days without usage are absent. Ordered by date ascending, then provider id.
 */
export declare const getDailyUsage: <ThrowOnError extends boolean = false>(options?: Options<GetDailyUsageData, ThrowOnError>) => RequestResult<GetDailyUsageResponses, GetDailyUsageErrors, ThrowOnError>;
/**
 * Search the request log
 *
 * Entries of the request log, newest first. The log is off by default:
 * `GATEWAY_REQUEST_LOG=on` turns it on for every key, a key's or its
 * team's `request_log` setting for that key (the key's own first). Each
 * entry is one `/v1` call as stored: its request and response bodies
 * after redaction (email addresses, phone numbers, Luhn-checked card
 * numbers, IBANs and API-key-like secrets replaced by typed placeholders
 * such as `[EMAIL]`, per `GATEWAY_REQUEST_LOG_REDACT`), media as
 * references (type, size, digest), a stream as the answer it assembled,
 * each body cut at `GATEWAY_REQUEST_LOG_MAX_BODY_BYTES`; its status,
 * error code, timings, tokens, cost, key, team, tags and `traceId` (the
 * OpenTelemetry trace of the call, when traces are exported). Entries
 * are kept `GATEWAY_REQUEST_LOG_RETENTION_DAYS` days.
 *
 * An admin key reads every entry; any other key only its own, whatever
 * the filters say (a filter on another key finds nothing). Filters
 * combine with AND; `q` finds text in either body (case-insensitive;
 * placeholders, not redacted values, are what it can find). Paging:
 * pass `nextCursor` of a page as `cursor` for the next; `null` when
 * there is no more.
 *
 */
export declare const listRequestLogs: <ThrowOnError extends boolean = false>(options?: Options<ListRequestLogsData, ThrowOnError>) => RequestResult<ListRequestLogsResponses, ListRequestLogsErrors, ThrowOnError>;
/**
 * Daily usage for the customer portal
 *
 * Same data, rules and shape as `GET /api/llm/usage/daily` (agent-session minutes included).
 */
export declare const getPortalDailyUsage: <ThrowOnError extends boolean = false>(options?: Options<GetPortalDailyUsageData, ThrowOnError>) => RequestResult<GetPortalDailyUsageResponses, GetPortalDailyUsageErrors, ThrowOnError>;
/**
 * Spend by key, team, tag, model, provider and surface
 *
 * Spend (USD, the customer price of each usage row), tokens and calls of the
 * usage rows in a range of UTC days, grouped by any of `key`, `team`, `tag`,
 * `model`, `provider`, `surface` (`groupBy`, comma-separated; none: one row
 * for the whole range) and bucketed by `day`, `month` or `none`. Filters
 * (`keyId`, `teamId`, `tag`, `model`, `provider`) narrow the rows first.
 *
 * Who sees what: an admin key (and a console admin's or viewer's session)
 * sees every key's rows. A member's console session sees its team's rows
 * (the rows attributed to its team, whichever of that team's keys made
 * them; without a team, its own key's); asking for another `teamId` is
 * refused with 403. Any other key (a member's bearer key, team or not)
 * sees only its own rows: a key is held by whoever runs it, so it does
 * not reveal what the rest of its team spends. Within its scope a caller
 * may group and filter freely; asking for another key's `keyId` is
 * refused with 403.
 *
 * Attribution: a usage row carries its key's team and tags as they were when the
 * call was made (a queued task: when it ended); moving a key to another
 * team later does not move its past spend. Rows written before keys had
 * teams and tags have neither.
 *
 * Tags: a call counts once under each distinct tag its key had. Grouped by
 * `tag`, a call with two tags appears in both groups (so the groups' sum
 * can exceed the total) and calls without tags form the group `tag: null`.
 * In every grouping without `tag`, and in `totals`, each call counts once.
 * Filtered by `tag`, only the calls carrying that tag count.
 *
 * `totals` covers every matching call once, whatever the grouping or
 * `limit`. Rows are ordered by period, then spend (highest first), then
 * the group's values; at most `limit` rows, and `truncated` says whether
 * more groups matched. Periods and groups without usage are absent.
 *
 * CSV: `format=csv`, or `Accept: text/csv` without `format`, answers
 * `text/csv` (RFC 4180, a header line, `\r\n` line ends): the columns are
 * `period` (with a bucket), then per group `keyId,keyName`, `teamId,teamName`,
 * `tag`, `model`, `provider`, `surface` in `groupBy`'s order, then
 * `calls,inputTokens,outputTokens,totalTokens,spend`. A value holding a
 * comma, quote or line break is quoted, quotes doubled; a text value that a
 * spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, tab
 * or carriage return) is prefixed with `'`. An empty value is null. With
 * more rows than `limit`, the header `X-Spend-Truncated: true` is set.
 *
 * Answered from a daily rollup kept in the same transaction as the usage
 * rows, so it is exact and fast at any number of rows.
 *
 * Refusals (400 unless said):
 * - `invalid_range`: `from` is after `to`.
 * - `range_too_large`: more than 366 days with `bucket=day`, more than 3660 otherwise.
 * - `forbidden`: (403) a key that is not an admin asked for another key's `keyId`.
 *
 */
export declare const getSpend: <ThrowOnError extends boolean = false>(options?: Options<GetSpendData, ThrowOnError>) => RequestResult<GetSpendResponses, GetSpendErrors, ThrowOnError>;
/**
 * Calls, errors, latency, tokens and spend of a range of days
 *
 * What the console's Overview shows, for the UTC days `from` to `to`
 * (both included; default the 30 days up to today): totals, one row per
 * provider and model, and one per day (every day of the range, empty
 * ones included, for charts); and, whatever the range, the totals of
 * today and of this month to date (UTC), so the page needs one call.
 *
 * Refused although the schema accepts it:
 * - `invalid_range`: `from` is after `to` (400).
 * - `range_too_large`: the range spans more than 366 days (400).
 *
 * Two sources, each counted where it is exact:
 * - `requests`, `errors`, `errorsByCode`, `p50LatencyMs`, `p99LatencyMs`:
 * the calls on the OpenAI- and Anthropic-compatible `/v1` routes that a
 * key got through (a call refused for a missing or wrong key belongs to
 * nobody), failed ones included. A failed call bills nothing and so
 * writes no usage row: each gateway process counts its calls in memory
 * and adds them to PostgreSQL every 5 seconds (and when it stops), so
 * another process's latest calls show within 5 seconds, and a process
 * that crashes loses at most those seconds of these counts (never
 * usage or spend). An error is an answer with an error code (the
 * code of the protocol's error body, e.g. `budget_exceeded`,
 * `model_not_allowed`, `provider_error`; `http_<status>` for a 4xx or
 * 5xx without one). A failed call's provider is null when it failed
 * before one was chosen, and its model is the one asked for.
 * Latency is from the request's arrival to the answer's last byte;
 * p50 and p99 are read from a histogram whose buckets grow by 25%,
 * interpolated within the bucket, so they are within 25% of the exact
 * value.
 * The native API's queued tasks (`/api/llm/complete`, embeddings, the
 * media routes, each task of a batch) count here too, once each, when
 * they end: a completed task as an answer, a failed one as an error
 * under its `errorCode` (as `GET /api/llm/queue/tasks?status=error`
 * shows it); a cancelled task is not counted (nobody waited for its
 * answer), nor one whose worker process died (`worker_lost`: no
 * process saw it run to its end; it is on the Queue page with that
 * code). A task's latency is from its submit to its end (what its
 * caller waited, queueing included); its provider and model are the
 * task's; it counts under its key's team as the key's row names it
 * when the count is written (within 5 seconds of the end). A task a
 * `/v1` call submitted and waits on (the OpenAI-compatible media
 * routes) is counted once, as that `/v1` call. The native routes'
 * submits and polls themselves are not counted.
 * - `calls`, `inputTokens`, `outputTokens`, `totalTokens`, `spend`: the
 * usage rows of every surface (queued tasks and agent sessions too),
 * from the daily rollup that `GET /api/llm/spend` reads, so they equal
 * its figures for the same range and scope.
 *
 * Who sees what: an admin key, and an admin's or viewer's console
 * session, every key's calls; a member's console session its team's
 * (its own without a team); any other key its own.
 *
 * Refusals (400): `invalid_range` (`from` after `to`), `range_too_large`
 * (more than 366 days).
 *
 */
export declare const getTraffic: <ThrowOnError extends boolean = false>(options?: Options<GetTrafficData, ThrowOnError>) => RequestResult<GetTrafficResponses, GetTrafficErrors, ThrowOnError>;
/**
 * Liveness
 *
 * No authentication, no envelope. Liveness: 200 while the process runs and
 * answers, the database reachable or not (a liveness check that restarted
 * processes during a database outage would not bring the database back).
 * Whether to send this process traffic is `GET /api/llm/ready`.
 *
 */
export declare const getHealth: <ThrowOnError extends boolean = false>(options?: Options<GetHealthData, ThrowOnError>) => RequestResult<GetHealthResponses, GetHealthErrors, ThrowOnError>;
/**
 * The console (HTML)
 *
 * The gateway's console, served by the gateway (one HTML page with its style
 * and script inline; no build server): Providers, Queue and Playground. It
 * signs in through the identity provider (`GET /api/console/sign-in/oidc`),
 * or with an admin gateway key when none is configured, and then calls the
 * documented routes of this API with its session cookie (`consoleSession`);
 * every number it shows comes from them. Its Content-Security-Policy allows
 * its own inline script and style (by hash) and requests to this origin only.
 *
 */
export declare const getConsole: <ThrowOnError extends boolean = false>(options?: Options<GetConsoleData, ThrowOnError>) => RequestResult<GetConsoleResponses, GetConsoleErrors, ThrowOnError>;
/**
 * How the console signs in
 *
 * `oidc` when an identity provider is configured (CONSOLE_OIDC_ISSUER, with
 * CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET): the only way in;
 * else `key`: an admin gateway key (`POST /api/console/sign-in/key`).
 *
 */
export declare const getConsoleSignIn: <ThrowOnError extends boolean = false>(options?: Options<GetConsoleSignInData, ThrowOnError>) => RequestResult<GetConsoleSignInResponses, GetConsoleSignInErrors, ThrowOnError>;
/**
 * Sign in through the identity provider
 *
 * Redirects (302) the browser to the identity provider's authorization
 * endpoint, found by OpenID Connect discovery on CONSOLE_OIDC_ISSUER:
 * authorization code flow with PKCE (S256), a fresh `state` and `nonce`,
 * scopes CONSOLE_OIDC_SCOPES (default `openid email profile`), and the
 * redirect URI `{CONSOLE_PUBLIC_URL or this request's origin}/api/console/sign-in/oidc/callback`,
 * which must be registered with the identity provider. The state is kept
 * in an HttpOnly, SameSite=Lax cookie (`switchyard_console_sign_in`) for
 * 10 minutes; the PKCE verifier and nonce stay on the server.
 * Without an identity provider it answers 404 `oidc_not_configured`; an
 * identity provider that cannot be reached answers 503
 * `identity_provider_unavailable`.
 *
 */
export declare const startConsoleSignIn: <ThrowOnError extends boolean = false>(options?: Options<StartConsoleSignInData, ThrowOnError>) => RequestResult<unknown, StartConsoleSignInErrors, ThrowOnError>;
/**
 * Where the identity provider sends the browser back
 *
 * Completes the sign-in: the `state` must equal this browser's sign-in
 * cookie and is used once; the code is exchanged with the PKCE verifier,
 * and the ID token's signature, issuer, audience, expiry and nonce are
 * checked (openid-client). The console role comes from the claim
 * CONSOLE_OIDC_ROLE_CLAIM (default `groups`; read from the ID token, else
 * from userinfo) through CONSOLE_OIDC_ROLES, `role=value` pairs such as
 * `admin=platform-admins,member=engineering,viewer=finance` (default
 * `admin=admin,member=member,viewer=viewer`); the highest role granted
 * wins, and a user granted none is refused. A member's team is the gateway
 * team named by the claim CONSOLE_OIDC_TEAM_CLAIM, when set. Role and team
 * are read at sign-in and hold for the session.
 *
 * Each identity-provider user acts through a gateway key of their own
 * (named `console: <email>`, made on first sign-in, with no secret anyone
 * holds): their playground calls are recorded, billed and budgeted under
 * it, and revoking it shuts the user out.
 *
 * On success: 302 to `/console` with the session cookie set. On failure:
 * 302 to `/console#sign-in-error=<code>` (`sign_in_expired`: no matching
 * sign-in in this browser, or older than 10 minutes; `sign_in_refused`:
 * the identity provider answered an error; `sign_in_failed`: its answer
 * did not verify; `no_console_role`; `console_user_revoked`), so the page
 * can say why.
 *
 */
export declare const finishConsoleSignIn: <ThrowOnError extends boolean = false>(options?: Options<FinishConsoleSignInData, ThrowOnError>) => RequestResult<unknown, FinishConsoleSignInErrors, ThrowOnError>;
/**
 * Sign in to the console with an admin gateway key
 *
 * Only when no identity provider is configured. The key must be a live,
 * unexpired gateway key with role `admin`; the session acts through it.
 * Answers the session (as `GET /api/console/session` does) and sets the
 * session cookie (see `finishConsoleSignIn`). The key itself is not kept
 * in the browser.
 *
 * Refused although the schema accepts the request:
 * - `admin_key_required`: 403, the key is a member's.
 * - `oidc_required`: 403, an identity provider is configured; sign in through it.
 *
 */
export declare const signInConsoleWithKey: <ThrowOnError extends boolean = false>(options: Options<SignInConsoleWithKeyData, ThrowOnError>) => RequestResult<SignInConsoleWithKeyResponses, SignInConsoleWithKeyErrors, ThrowOnError>;
/**
 * Who is signed in
 *
 * The console session of the cookie: who (the identity provider's subject,
 * email and name, or the key), its role and team, when it expires, and the
 * CSRF token every unsafe request of the session must send as
 * `X-CSRF-Token`. 401 when the session expired, was signed out, or its key
 * was revoked.
 *
 */
export declare const getConsoleSession: <ThrowOnError extends boolean = false>(options?: Options<GetConsoleSessionData, ThrowOnError>) => RequestResult<GetConsoleSessionResponses, GetConsoleSessionErrors, ThrowOnError>;
/**
 * Sign out of the console
 *
 * Ends the session on the server (its cookie opens nothing any more, on
 * any gateway process) and clears the cookie. Needs the session's
 * `X-CSRF-Token`; open to every role, a viewer included.
 *
 */
export declare const signOutConsole: <ThrowOnError extends boolean = false>(options?: Options<SignOutConsoleData, ThrowOnError>) => RequestResult<SignOutConsoleResponses, SignOutConsoleErrors, ThrowOnError>;
/**
 * Whether each provider is configured, and by which variables
 *
 * One record per provider id (all 13, in their fixed order): whether it is
 * configured, and the environment variables that configure it with
 * whether each is set (never their values). A hosted provider is
 * configured when its key variable is set; a local runtime always is (it
 * has a default address; whether it answers is found when it is called).
 * `missing` names the variables to set. Circuit state is
 * `GET /api/llm/circuits`, concurrency `GET /api/llm/concurrency`.
 *
 */
export declare const listProviderStatus: <ThrowOnError extends boolean = false>(options?: Options<ListProviderStatusData, ThrowOnError>) => RequestResult<ListProviderStatusResponses, ListProviderStatusErrors, ThrowOnError>;
/**
 * Recent tasks, newest first
 *
 * The tasks the caller may see, newest first, optionally of one status and
 * provider: a bearer key sees its own tasks; a console session of an admin
 * or a viewer every task; a member's session those of its team's keys (its
 * own when it has no team). A failed task carries its `errorCode` and
 * message. Tasks are kept as the queue keeps them (see `Conventions`).
 *
 */
export declare const listQueueTasks: <ThrowOnError extends boolean = false>(options?: Options<ListQueueTasksData, ThrowOnError>) => RequestResult<ListQueueTasksResponses, ListQueueTasksErrors, ThrowOnError>;
/**
 * Readiness
 *
 * No authentication, no envelope: for load balancers and orchestrators,
 * beside the liveness route `GET /api/llm/health`. 200 once the process has
 * warmed up (database pool open, the busiest operations' request
 * validators compiled, the key lookup run, and a few hundred /v1 calls sent
 * through its own pipeline to a loopback upstream under a key that exists
 * only in its memory, which no usage, traffic, request log or metric
 * counts) and while its database answers; 503
 * (ErrorResponse, code `unavailable`, with `Retry-After`) otherwise, the
 * message saying why: warming up, shutting down (in-flight requests are
 * finishing), or the database unreachable. The database check is shared
 * by concurrent probes and its answer reused for 250 ms.
 *
 */
export declare const getReadiness: <ThrowOnError extends boolean = false>(options?: Options<GetReadinessData, ThrowOnError>) => RequestResult<GetReadinessResponses, GetReadinessErrors, ThrowOnError>;
/**
 * Public price list
 *
 * No authentication. The live, authoritative prices of every catalogued
 * model, with the date each price took effect: chat and embedding models in
 * USD per million tokens (`cachedInputPer1M` / `cacheWritePer1M` are null where
 * the provider has no such rate; `longContext` gives the higher tier some
 * models charge for the whole call past a prompt size), media models as a
 * unit price (per image, second, minute or 1K characters). `contextWindow` and
 * `maxOutputTokens` are null for media models. `updatedAt` is the time of the
 * latest price change.
 *
 */
export declare const listPublicModels: <ThrowOnError extends boolean = false>(options?: Options<ListPublicModelsData, ThrowOnError>) => RequestResult<ListPublicModelsResponses, ListPublicModelsErrors, ThrowOnError>;
/**
 * Queue image generation
 *
 * Providers: openai, gemini, vertex, xai, localai. With `referenceImages` the
 * request goes to the provider's image-edit path. Maximum reference images:
 * openai 16, gemini 14, vertex 4, xai 3, localai 0 (not supported); more answers
 * 400 `TOO_MANY_REFERENCE_IMAGES` (the schema therefore sets no maxItems).
 * Queue result: `ImageResult`. PNG and JPEG outputs receive XMP metadata with
 * the IPTC digital source type trainedAlgorithmicMedia
 * (`metadata.aiContentMarking`); markings applied by the provider pass through.
 *
 * Mapping per provider (an option a provider cannot honour answers 400
 * `unsupported_option`):
 * * openai: `images/generations` (JSON, `b64_json`), or with references
 * `images/edits` (multipart, one `image[]` part per reference). `size` as
 * given; `quality` standard/hd map to gpt-image `medium`/`high` (dall-e-3:
 * `standard`/`hd`), ultra is refused; `aspectRatio` is refused (use size).
 * * gemini, vertex: `generateContent` with `responseModalities: [IMAGE]`,
 * references as inline image parts, `aspectRatio` as
 * `imageConfig.aspectRatio`, quality standard/hd/ultra as
 * `imageConfig.imageSize` 1K/2K/4K, one call per image (`n` calls, run
 * together). Imagen models (`imagen-*`) use `:predict` with `sampleCount`
 * (n at most 4) and take no references. `size` is refused.
 * * xai: `images/generations` (or `images/edits` with references), `n`,
 * `aspect_ratio`; `size` and `quality` are refused.
 * * localai: OpenAI `images/generations` with `size` and `n`; references,
 * `aspectRatio` and `quality` are refused.
 * References (URL, data URI or bare base64) are fetched and checked at
 * submission (see Customer-given URLs): 400 `invalid_reference` otherwise.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `TOO_MANY_REFERENCE_IMAGES`: more `referenceImages` than the provider takes (openai 16, gemini 14, vertex 4, xai 3, localai none).
 * - `invalid_reference`: a reference is not fetched (see Customer-given URLs), is empty, over 20 MB, not a PNG, JPEG, WebP, GIF or HEIC by its bytes, not base64, a data: URI that is not base64; or the references add up to more than 64 MB.
 * - `mime_mismatch`: a data: URI declares a type its bytes are not.
 * - `unsupported_option`: an option the provider cannot honour (the mapping above).
 *
 */
export declare const generateImage: <ThrowOnError extends boolean = false>(options: Options<GenerateImageData, ThrowOnError>) => RequestResult<GenerateImageResponses, GenerateImageErrors, ThrowOnError>;
/**
 * Queue video generation
 *
 * Providers: gemini, vertex, xai, local-video. Rules checked at submission
 * (400 `unsupported_option`, naming the option: values the schema allows that
 * the chosen provider or model cannot honour): gemini/vertex/xai accept aspectRatio 16:9 or 9:16 only;
 * gemini/vertex resolution 720p or 1080p, and 1080p only with durationSeconds 8;
 * xai resolution 480p or 720p; local-video resolution `<W>x<H>` (each side is
 * snapped to a multiple of 64) and any W:H aspect ratio (mapped to a 64-pixel
 * grid: 16:9 gives 768x448, 9:16 gives 448x768) unless resolution is set;
 * `lastFrameUrl` only for gemini/vertex; `numberOfVideos` above 1 only for
 * gemini/vertex (xai and local-video make one video per job).
 * Duration: gemini/vertex Veo 3 4, 6 or 8 seconds (Veo 2: 5 to 8; 1080p
 * only with 8, and not on Veo 2); `lastFrameUrl` needs `imageUrl` and a
 * Veo 3.1 model; xai 1 to 15; local-video 1 to 60. When omitted: 8 (Veo), 6
 * (xai), 4 (local-video).
 *
 * How it runs: the provider job is submitted once (Veo `predictLongRunning`;
 * xai `videos/generations` then `videos/{request_id}`, whose `failed` or
 * `expired` status inside an HTTP 200 ends the task in error; local-video
 * OpenAI videos protocol `POST /v1/videos`, `GET /v1/videos/{id}`, `GET
 * /v1/videos/{id}/content`), its job id is stored with the task, then the
 * gateway polls with backoff (2 s doubling to 15 s, for at most 20 minutes)
 * and streams the finished video to storage. A worker that dies while
 * polling is replaced and the task resumes polling the same job, never
 * submitting (and billing) it twice. Cancel stops the polling at once.
 * Progress is in the status endpoint and the SSE stream. Queue result:
 * `VideoResult`; MP4 outputs receive an XMP `uuid` box.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unsupported_option`: the provider or model cannot honour a value the schema allows (the rules above); the message names it.
 * - `invalid_reference`: `imageUrl` or `lastFrameUrl` is not fetched (see Customer-given URLs), empty, over 20 MB or no PNG, JPEG, WebP, GIF or HEIC by its bytes.
 * - `mime_mismatch`: a data: URI declares a type its bytes are not.
 *
 */
export declare const generateVideo: <ThrowOnError extends boolean = false>(options: Options<GenerateVideoData, ThrowOnError>) => RequestResult<GenerateVideoResponses, GenerateVideoErrors, ThrowOnError>;
/**
 * Queue text-to-speech
 *
 * Providers: elevenlabs and local-audio. `outputFormat`, `voiceSettings`,
 * `applyTextNormalization` and `previousRequestIds` are elevenlabs only (400
 * `unsupported_option` on local-audio). Queue result: `AudioResult`; MP3 and WAV
 * output receive ID3 / RIFF AI-content metadata.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unsupported_option`: an option the provider cannot honour; the message names it.
 *
 */
export declare const generateAudio: <ThrowOnError extends boolean = false>(options: Options<GenerateAudioData, ThrowOnError>) => RequestResult<GenerateAudioResponses, GenerateAudioErrors, ThrowOnError>;
/**
 * Queue sound-effect generation
 *
 * elevenlabs only. Queue result `SoundEffectResult`.
 */
export declare const generateSoundEffect: <ThrowOnError extends boolean = false>(options: Options<GenerateSoundEffectData, ThrowOnError>) => RequestResult<GenerateSoundEffectResponses, GenerateSoundEffectErrors, ThrowOnError>;
/**
 * Queue music generation
 *
 * elevenlabs only. Queue result `MusicResult`.
 */
export declare const generateMusic: <ThrowOnError extends boolean = false>(options: Options<GenerateMusicData, ThrowOnError>) => RequestResult<GenerateMusicResponses, GenerateMusicErrors, ThrowOnError>;
/**
 * Queue multi-speaker dialogue
 *
 * elevenlabs only. Decision (the documents do not show the response): queued
 * like the other media endpoints; the submission answers the queued envelope
 * and the queue result is `DialogueResult` `{ audio, mimeType, model, voiceIds, cost }`.
 * More than 10 distinct voiceIds answers 400 `invalid_request`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_request`: the inputs use more than 10 distinct `voiceId`s.
 * - `unsupported_option`: a `model` other than the provider's one dialogue model.
 *
 */
export declare const generateDialogue: <ThrowOnError extends boolean = false>(options: Options<GenerateDialogueData, ThrowOnError>) => RequestResult<GenerateDialogueResponses, GenerateDialogueErrors, ThrowOnError>;
/**
 * Queue a transcription
 *
 * Providers: elevenlabs and local-audio. `diarize`, `numSpeakers`,
 * `timestampsGranularity` and `tagAudioEvents` are elevenlabs only (400
 * `unsupported_option` on local-audio). Queue result: `TranscriptionResult`.
 * local-audio's models: `moonshine-tiny` (Moonshine tiny, English; what
 * `whisper-1`, the default, and the other OpenAI names mean) has no word
 * timings, so `words` is empty; `pocketsphinx` gives word timings but
 * hears far less (word error rates of both in docs/audio.md).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `empty_audio`: `audio` decodes to no bytes (blank).
 * - `invalid_request`: `audio` is not base64.
 * - `unsupported_audio`: the bytes are of no known audio or video format (WAV, MP3, Ogg/Opus, FLAC, AAC, M4A/MP4, WebM) and `mimeType` names no audio or video type.
 * - `mime_mismatch`: the bytes are of a known format other than `mimeType`.
 * - `unsupported_option`: an option the provider cannot honour (above).
 * - `payload_too_large` (413): the audio is over 40 MB.
 *
 */
export declare const transcribe: <ThrowOnError extends boolean = false>(options: Options<TranscribeData, ThrowOnError>) => RequestResult<TranscribeResponses, TranscribeErrors, ThrowOnError>;
/**
 * Queue an embeddings request
 *
 * Providers: ollama (default; EU premises, no transfer, no sub-processor),
 * vertex (EU region), openai (US), gemini (global, not EU-pinned). Input is
 * processed in memory only: while the task waits for a worker (which may be
 * another process), its input is held only sealed (AES-256-GCM under
 * `SWITCHYARD_SECRET_KEY`), and the sealed copy is erased when the task
 * ends, fails or is cancelled. The vectors are kept only until the first
 * `POST /api/llm/queue/result` that answers 200 returns them; a later read
 * answers 410 `result_already_read` (cost and usage stay recorded).
 * Queue result: `EmbeddingsResult`.
 *
 */
export declare const submitEmbeddings: <ThrowOnError extends boolean = false>(options: Options<SubmitEmbeddingsData, ThrowOnError>) => RequestResult<SubmitEmbeddingsResponses, SubmitEmbeddingsErrors, ThrowOnError>;
/**
 * Queue object detection
 *
 * Local vision engine (503 `vision_disabled` unless VISION_SERVICE_ENABLED=true).
 * Decision: the submission answers the queued envelope like every queued
 * endpoint; the queue result is `DetectionResult`. The image is checked before
 * anything is queued: not an image, truncated, or over VISION_MAX_PIXELS
 * (default 40 megapixels) is 400 `invalid_image` / `image_too_large`. A yolo11
 * model whose ONNX file the operator has not installed is 503
 * `model_not_installed`, naming the file and directory; an unknown model or a
 * custom model of another key is 400 `invalid_model`.
 *
 */
export declare const detectObjects: <ThrowOnError extends boolean = false>(options: Options<DetectObjectsData, ThrowOnError>) => RequestResult<DetectObjectsResponses, DetectObjectsErrors, ThrowOnError>;
/**
 * Queue zero-shot detection
 *
 * Detects the classes named in `prompt` (comma-separated phrases, at most 50) with the zero-shot model, OWL-ViT, which the operator installs as `owlvit/model.onnx` and `owlvit/tokenizer.json` in VISION_MODEL_DIR (else 503 `model_not_installed` naming the files). Needs VISION_SERVICE_ENABLED=true. A prompt with no phrase in it (only commas and spaces) fails the schema's pattern. Queue result `DetectionResult` (labels are the phrases).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_request`: `prompt` names more than 50 phrases.
 *
 */
export declare const detectZeroShot: <ThrowOnError extends boolean = false>(options: Options<DetectZeroShotData, ThrowOnError>) => RequestResult<DetectZeroShotResponses, DetectZeroShotErrors, ThrowOnError>;
/**
 * Queue face detection (optionally blurring the faces)
 *
 * Local vision engine (needs VISION_SERVICE_ENABLED=true). haarcascade (default; OpenCV's frontal-face cascade, plus the faces only mediapipe finds, in profile, partly hidden or small) and mediapipe (BlazeFace, each face checked by MediaPipe's face mesh so that an animal's face is not taken for a person's) ship with the gateway; yolo-face loads `yolo-face.onnx` from VISION_MODEL_DIR. Queue result `FaceDetectionResult`; with `blur` true each face box gets a Gaussian blur with kernel `blurStrength` (odd; an even value is 400) and the whole image is returned in `blurredImage` (base64 PNG, same size as the upright input).
 */
export declare const detectFaces: <ThrowOnError extends boolean = false>(options: Options<DetectFacesData, ThrowOnError>) => RequestResult<DetectFacesResponses, DetectFacesErrors, ThrowOnError>;
/**
 * Queue web detection (where else is this image on the web)
 *
 * Engines: google-vision (default; entities, best-guess labels, similar images;
 * billed per analysis) and tineye (exact and edited-copy matches with host
 * domain and crawl date; processed in Canada). Does not use the local sidecar.
 * Needs GOOGLE_VISION_API_KEY / TINEYE_API_KEY (or `X-Provider-Key`), else 503
 * `provider_not_configured`. Queue result `WebDetectionResult`.
 *
 */
export declare const detectWeb: <ThrowOnError extends boolean = false>(options: Options<DetectWebData, ThrowOnError>) => RequestResult<DetectWebResponses, DetectWebErrors, ThrowOnError>;
/**
 * Start training a custom detection model
 *
 * Not queued: answers at once with the created job (status `pending`); follow
 * it with `GET /api/vision/train/{jobId}`. Without `epochs` the epochs and the
 * augmentation follow the dataset size: 10-49 images 500 epochs, aggressive;
 * 50-199 300, high; 200-999 150, standard; 1000+ 100, standard. Fewer than 10
 * images is accepted with a warning recommending zero-shot detection. Needs
 * VISION_SERVICE_ENABLED=true (else 503 `vision_disabled`).
 *
 * The zip is checked before the job is created, each failure a 400
 * `invalid_dataset` naming the file (and line): not a zip, an entry whose path
 * leaves the archive (`..`, absolute), more than 1 GiB inflated or an entry
 * inflating over 200 times its size (zip bomb), an image without a label file
 * (an empty .txt marks a background image), a malformed label line, a class id
 * outside `classes`, an image that does not decode.
 *
 * What trains (decision): a compact single-shot grid detector trained from
 * scratch with TensorFlow.js on CPU, at a fifth of `imageSize` (640 -> 128
 * pixels, 64-192); `baseModel` picks its width (n, s, m). The table's epochs are
 * the maximum: training stops earlier when validation fitness (Ultralytics':
 * 0.1 mAP@0.5 + 0.9 mAP@0.5:0.95) has not improved for max(30, 20% of the
 * epochs) epochs, or at VISION_TRAIN_MAX_SECONDS
 * (default 3600) of training; the job's `stopReason` says which. The job runs
 * on the pg-boss queue `vision-training`, writes a checkpoint after every chunk
 * of training, and resumes from it after a restart.
 *
 */
export declare const trainVisionModel: <ThrowOnError extends boolean = false>(options: Options<TrainVisionModelData, ThrowOnError>) => RequestResult<TrainVisionModelResponses, TrainVisionModelErrors, ThrowOnError>;
/**
 * Auto-label images into a YOLO dataset
 *
 * Not queued. Labels the images with the object detector when every class is a COCO class (CenterNet, shipped) and with the zero-shot model otherwise (503 `model_not_installed` when it is not installed), keeping detections at or above `confidence`, and returns a YOLO dataset zip (images/ and labels/ split into train and val, every fifth image in val, plus data.yaml). Needs VISION_SERVICE_ENABLED=true.
 */
export declare const autoLabel: <ThrowOnError extends boolean = false>(options: Options<AutoLabelData, ThrowOnError>) => RequestResult<AutoLabelResponses, AutoLabelErrors, ThrowOnError>;
/**
 * Auto-label and train in one step
 *
 * Not queued. Labels the images like auto-label, then starts a training job like train (automatic epochs, imageSize 640). At least 10 images (fewer is 400). Needs VISION_SERVICE_ENABLED=true.
 */
export declare const autoTrain: <ThrowOnError extends boolean = false>(options: Options<AutoTrainData, ThrowOnError>) => RequestResult<AutoTrainResponses, AutoTrainErrors, ThrowOnError>;
/**
 * Training job status and metrics
 *
 * Jobs of other API keys answer 404. `modelId` is set once the job completed; use it as `model` of `/api/vision/detect`.
 */
export declare const getTrainingJob: <ThrowOnError extends boolean = false>(options: Options<GetTrainingJobData, ThrowOnError>) => RequestResult<GetTrainingJobResponses, GetTrainingJobErrors, ThrowOnError>;
/**
 * List detection models
 *
 * The built-in models (object, zero-shot and face detection) with their classes, where they come from and whether they are installed, and the custom models trained by the calling API key. centernet, haarcascade and mediapipe ship inside npm packages; yolo11n/s/m, yolo-face and owlvit are files the operator puts in VISION_MODEL_DIR.
 */
export declare const listVisionModels: <ThrowOnError extends boolean = false>(options?: Options<ListVisionModelsData, ThrowOnError>) => RequestResult<ListVisionModelsResponses, ListVisionModelsErrors, ThrowOnError>;
/**
 * Delete a custom model
 *
 * Built-in models cannot be deleted (400 `builtin_model`); unknown models and models of other API keys answer 404. Tasks already queued with the model fail with `model_not_found`.
 */
export declare const deleteVisionModel: <ThrowOnError extends boolean = false>(options: Options<DeleteVisionModelData, ThrowOnError>) => RequestResult<DeleteVisionModelResponses, DeleteVisionModelErrors, ThrowOnError>;
/**
 * Queue text recognition
 *
 * Runs on the gateway itself (Tesseract 5 LSTM through tesseract.js, language
 * data installed from npm, nothing downloaded at run time) in a pool of worker
 * threads sized by PROVIDER_CONCURRENCY_OCR (default 2). Queue result
 * `OcrResult`; usage is recorded under provider `local-ocr` at the catalogue's
 * per-image price (0 unless the operator sets one).
 *
 * Decision on the model id: results name one fixed OCR model id,
 * `tesseract-lstm`, at both levels (usage rows and the catalogue's price use
 * it too), and report the level read at beside it in `recognitionLevel`.
 *
 * Accepts PNG, JPEG, HEIC, TIFF and WebP, recognised from the bytes (a name or
 * data-URI type is not trusted); anything else is 400 `unsupported_image_format`,
 * an image that does not decode is 400 `invalid_image`, over 100 megapixels 400
 * `image_too_large`. EXIF orientation is applied first, so boxes and image share
 * one upright pixel space (top-left origin). Images over 24 megapixels are
 * downscaled for recognition; boxes are always reported in the original
 * resolution.
 *
 * Levels: `fast` reads the image once at its own scale. `accurate` also
 * stretches contrast, measures the text height in a layout pass and rescales the
 * image so text reaches the size the recogniser reads best (small print is
 * upscaled up to 4x, within the 24-megapixel budget), and corrects pages turned
 * by 90, 180 or 270 degrees (orientation detection); it costs about 1.5-4x the
 * time of `fast`. Both levels use the same LSTM models (see
 * GET /api/ocr/languages).
 *
 * Omitting `languages` turns on automatic detection: orientation and script
 * detection, a first reading, then the language of that text (franc trigram
 * detector, limited to the installed languages); when it is not the language
 * read first, the image is read again with it. `detectedLanguage` reports the
 * result (`und` when no text was found). `languages` lists the installed
 * languages (OcrLanguageTag); any other tag fails the schema (400
 * `invalid_request` naming it). An image without text is a success with empty
 * `text` and `lines`. A failure while recognising ends the task as `error`
 * with the reason.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unsupported_image_format`: the bytes are not PNG, JPEG, HEIC, TIFF or WebP.
 * - `invalid_image`: the image does not decode (corrupt or truncated).
 * - `image_too_large`: the image is over 100 megapixels.
 * - `invalid_request`: `image` is not base64 nor a base64 data: URI.
 *
 */
export declare const recognizeText: <ThrowOnError extends boolean = false>(options: Options<RecognizeTextData, ThrowOnError>) => RequestResult<RecognizeTextResponses, RecognizeTextErrors, ThrowOnError>;
/**
 * Queue redaction of personal data in an image
 *
 * Recognises the text (as POST /api/ocr/recognize, level `accurate` unless
 * `recognitionLevel` says otherwise), finds personal data, and paints over it.
 * Images are accepted and rejected as for recognition. At least one of
 * `presets`, `patterns`, `regions` must be non-empty (400 `invalid_request`).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_request`: `presets`, `patterns` and `regions` are all empty or absent, or `image` is not base64 nor a base64 data: URI.
 * - `invalid_pattern`: a pattern does not compile under RE2 (below).
 * - `unsupported_image_format`: the bytes are not PNG, JPEG, HEIC, TIFF or WebP.
 * - `invalid_image`: the image does not decode (corrupt or truncated).
 * - `image_too_large`: the image is over 100 megapixels.
 * - `region_outside_image`: a region lies entirely outside the image.
 *
 * Presets validate what they match, so a random digit string is not redacted:
 * `email` (local part, dotted domain, letter TLD), `phone` (international `+`/`00`
 * numbers of 8-15 digits, national numbers of 9-12 digits in groups),
 * `iban` (country code, the country's length, ISO 7064 mod-97 check),
 * `credit_card` (13-19 digits, a known issuer prefix and the Luhn check),
 * `dni_nie` (Spanish DNI `12345678Z` or NIE `X1234567L` with the right check
 * letter).
 *
 * Decision on regular expressions: `patterns` use RE2 syntax (JavaScript syntax
 * without backreferences and lookaround) and run on a linear-time engine, so no
 * pattern can backtrack catastrophically; a pattern that does not compile, or
 * uses a construct RE2 lacks, is rejected at submit with 400 `invalid_pattern`
 * naming it. Matching is case-sensitive unless the pattern starts with `(?i)`.
 * Patterns and presets match within one recognised line.
 *
 * Boxes: a match is redacted with the boxes of the words it touches
 * (granularity `word`); when any of those words was read with confidence below
 * 0.6, or the line has no word boxes, the whole line is redacted instead
 * (granularity `line`): over-redact rather than under-redact. Decision on
 * explicit regions: `regions` are `RedactionRegion` objects `{ x, y, width,
 * height }` in pixels of the upright original image, top-left origin; a region
 * reaching past the image is clipped to it, one entirely outside is 400
 * `region_outside_image`. Every box grows by `padding` pixels per side.
 *
 * Styles: `box` paints solid black and is the safe choice; `blur` (Gaussian,
 * `blurStrength` is the odd kernel size, sigma as OpenCV derives it) and
 * `pixelate` (`blurStrength` is the block size) can sometimes be reversed. The
 * output is a PNG at the original resolution, upright. Nothing found is a
 * success (`detections: []`, the image is returned unchanged apart from
 * regions). Queue result `RedactionResult`.
 *
 * Decision on the output's pixels: the PNG is lossless and keeps the decoded
 * image's layout: grey stays grey, an alpha channel is kept, 16 bits per
 * sample stay 16; a palette PNG, JPEG, HEIC, TIFF or WebP is written as its
 * decoded RGB(A) pixels (CMYK converted to sRGB). The image is the upright one:
 * EXIF orientation is applied to the pixels and the PNG carries no orientation
 * tag, so an EXIF-rotated JPEG comes back turned upright. Every pixel outside
 * the redacted boxes equals the decoded (upright) input's; inside a `box`-style
 * box every pixel is opaque black.
 *
 */
export declare const redactImage: <ThrowOnError extends boolean = false>(options: Options<RedactImageData, ThrowOnError>) => RequestResult<RedactImageResponses, RedactImageErrors, ThrowOnError>;
/**
 * Languages installed per recognition level
 *
 * BCP 47 tags accepted in `languages` of recognize and redact, per recognition
 * level, read from the language data actually installed (the
 * @tesseract.js-data npm packages), plus the model each level runs and the
 * languages automatic detection can choose. A region subtag in a request is
 * accepted and ignored (`en-US` reads as `en`); `zh`, `zh-CN` and `zh-SG` read
 * as `zh-Hans`.
 *
 */
export declare const listOcrLanguages: <ThrowOnError extends boolean = false>(options?: Options<ListOcrLanguagesData, ThrowOnError>) => RequestResult<ListOcrLanguagesResponses, ListOcrLanguagesErrors, ThrowOnError>;
/**
 * Signed URL for a conversational agent
 *
 * A signed conversation URL (WebSocket) for an elevenlabs conversational
 * agent; it lives 900 seconds.
 *
 * * **With `X-Provider-Key`** the agent belongs to the caller's own
 * elevenlabs account: the URL is passed through, nothing is stored and
 * nothing is billed. An agent that account does not have answers 404.
 * * **Without it** the operator's account is used, so `agentId` must be the
 * `agentId` of one of the calling key's templates; any other agent
 * answers 404 exactly as a missing one, so other keys' agents are never
 * reachable. The gateway then starts a session for that template as
 * `POST /api/convagents/sessions` does, and the answer adds `sessionId`
 * and the `dynamicVariables` to pass when connecting; that session is
 * completed and billed per minute like any other.
 * The session is admitted by the key's allow-lists, limits and budgets as
 * on `POST /api/convagents/sessions` (403, 429). A URL passed through for
 * the caller's own account is billed nothing: it passes the allow-lists
 * and request limits only.
 *
 */
export declare const createAgentSignedUrl: <ThrowOnError extends boolean = false>(options: Options<CreateAgentSignedUrlData, ThrowOnError>) => RequestResult<CreateAgentSignedUrlResponses, CreateAgentSignedUrlErrors, ThrowOnError>;
/**
 * List agent templates
 *
 * Templates of the calling API key, newest first. Each is the stored
 * template with its defaults filled in (unset optional fields null) plus
 * `id`, `agentId` (the voice agent at elevenlabs, usable with
 * `POST /api/agents/signed-url`), `createdAt`, `updatedAt` and
 * `webhookSecretUpdatedAt`. `webhookSecret` is never included.
 *
 */
export declare const listAgentTemplates: <ThrowOnError extends boolean = false>(options?: Options<ListAgentTemplatesData, ThrowOnError>) => RequestResult<ListAgentTemplatesResponses, ListAgentTemplatesErrors, ThrowOnError>;
/**
 * Create an agent template
 *
 * Stores the template and creates, at elevenlabs (operator account;
 * `X-Provider-Key` is not accepted on template and session operations),
 * the voice agent it stands for: a `get_context` and a `report_event`
 * webhook tool calling this gateway's context and event webhooks, a
 * post-call webhook calling its complete webhook (all three carry
 * `X-Webhook-Secret`), and the agent using them. If any of these calls
 * fails, those already made are deleted again and nothing is stored; the
 * answer says which step failed (502 `upstream_error`, or 400 when
 * elevenlabs refused the configuration). A deletion that itself fails is
 * recorded and retried by the hourly maintenance schedule, so no agent is
 * left behind.
 *
 * **Defaults:** `language` en, `maxDurationSeconds` 600, `tools`
 * `[{name: end_call}]`, `questions` [], `aiDisclosure` true; unset
 * optional fields are null. `voiceSettings` keep elevenlabs' defaults for
 * the fields not given.
 *
 * **What the agent is told.** The system prompt as given; for type
 * `interview` followed by the questions in order (required ones marked,
 * with their context) and the instruction to report each answer with
 * `report_event`. With `aiDisclosure` true (the default) a rule comes
 * first: the agent is an AI voice assistant, says so at the start of the
 * conversation and never claims or implies to be human, even when asked;
 * and the first message is prefixed with a disclosure sentence in the
 * template's language (en, es, fr, de, it, pt, nl, pl; English otherwise)
 * unless it already says it is an AI. With `aiDisclosure` false the
 * disclosure duty is the customer's and nothing is added.
 *
 * **webhookSecret** (16 to 256 characters) is generated when omitted
 * (`whsec_` and 40 random characters) and returned only in this response.
 * The gateway must send the secret itself (to elevenlabs in the tools' and
 * post-call webhook's headers, and with every relay to clientWebhookUrl),
 * so it keeps a SHA-256 of it, against which `X-Webhook-Secret` is
 * compared in constant time, and a copy sealed with AES-256-GCM under
 * `SWITCHYARD_SECRET_KEY` (or a key generated once into
 * `<SWITCHYARD_DATA_DIR>/secret.key`, mode 0600). It never appears in a
 * log, an error message or any other response.
 *
 * **clientWebhookUrl** must be a public http(s) URL: it is checked by the
 * gateway's SSRF guard now (every address its name resolves to must be
 * public unicast; loopback, private, link-local and metadata, carrier-grade
 * NAT, IPv6 unique-local and IPv4-embedding forms are refused, as are
 * names that do not resolve and URLs with credentials) and again at every
 * relay.
 *
 * **Errors** (400): `invalid_request` for the schema (ranges of
 * voiceSettings, tag over 100 characters, a tool outside the list,
 * llmProvider without llmModel; `errors` lists the fields);
 * `invalid_template` for rules across fields (questions on a
 * `conversation` template, a duplicate tool, an llmProvider elevenlabs
 * agents cannot run or an llmModel of another provider, an English-only
 * voiceModel with another language); `invalid_webhook_url` for a refused
 * clientWebhookUrl; `unknown_model` when elevenlabs rejects llmModel,
 * voiceModel or voiceId. 503 `provider_not_configured` without
 * ELEVENLABS_API_KEY; 503 `unavailable` without GATEWAY_PUBLIC_URL (the
 * address at which elevenlabs reaches this gateway's webhooks).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_template`: a rule across fields: `questions` on a template that is not of type `interview`, a tool listed twice, `llmProvider` without `llmModel` (or the reverse, on update), or a language, voice model or LLM elevenlabs agents cannot use; the message names each.
 * - `invalid_webhook_url`: `clientWebhookUrl` is refused by the SSRF guard (not public, does not resolve, carries credentials).
 *
 */
export declare const createAgentTemplate: <ThrowOnError extends boolean = false>(options: Options<CreateAgentTemplateData, ThrowOnError>) => RequestResult<CreateAgentTemplateResponses, CreateAgentTemplateErrors, ThrowOnError>;
/**
 * Delete an agent template
 *
 * Deletes the voice agent at elevenlabs first, then its tools and
 * post-call webhook, then the template. When elevenlabs fails to delete
 * the agent nothing is deleted (502, try again); an agent elevenlabs no
 * longer has counts as deleted. A tool or webhook that fails to delete
 * once the agent is gone is recorded and deleted by the hourly
 * maintenance schedule. Past sessions keep their metadata (and
 * `templateId`); their recordings can still be fetched.
 *
 */
export declare const deleteAgentTemplate: <ThrowOnError extends boolean = false>(options: Options<DeleteAgentTemplateData, ThrowOnError>) => RequestResult<DeleteAgentTemplateResponses, DeleteAgentTemplateErrors, ThrowOnError>;
/**
 * Get an agent template
 *
 * The same record as the list. Templates of other API keys answer 404 `not_found`, exactly as missing ones. `webhookSecret` is not included.
 */
export declare const getAgentTemplate: <ThrowOnError extends boolean = false>(options: Options<GetAgentTemplateData, ThrowOnError>) => RequestResult<GetAgentTemplateResponses, GetAgentTemplateErrors, ThrowOnError>;
/**
 * Update an agent template
 *
 * Partial update: only the fields sent change (at least one); `null`
 * clears an optional field (firstMessage, voiceId, voiceModel,
 * voiceSettings, llmProvider together with llmModel, tag,
 * clientWebhookUrl), and `voiceSettings`, `tools` and `questions` are
 * replaced whole. The merged template is checked as on create (same
 * errors, clientWebhookUrl through the SSRF guard again). Then the
 * upstream parts whose configuration changed are updated (tools,
 * post-call webhook, agent, in that order); if one fails, those already
 * updated are put back as they were and the template is unchanged (502,
 * or 400 when elevenlabs refused the configuration). Sending
 * `webhookSecret` rotates the secret everywhere it is used (elevenlabs'
 * headers and the relay); it is not echoed, `webhookSecretUpdatedAt`
 * changes. The answer is the updated record, as get returns it.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_template`: a rule across fields: `questions` on a template that is not of type `interview`, a tool listed twice, `llmProvider` without `llmModel` (or the reverse, on update), or a language, voice model or LLM elevenlabs agents cannot use; the message names each.
 * - `invalid_webhook_url`: `clientWebhookUrl` is refused by the SSRF guard (not public, does not resolve, carries credentials).
 *
 */
export declare const updateAgentTemplate: <ThrowOnError extends boolean = false>(options: Options<UpdateAgentTemplateData, ThrowOnError>) => RequestResult<UpdateAgentTemplateResponses, UpdateAgentTemplateErrors, ThrowOnError>;
/**
 * List sessions (metadata only)
 *
 * Sessions of the calling API key, newest first. No transcripts are stored or returned.
 */
export declare const listAgentSessions: <ThrowOnError extends boolean = false>(options?: Options<ListAgentSessionsData, ThrowOnError>) => RequestResult<ListAgentSessionsResponses, ListAgentSessionsErrors, ThrowOnError>;
/**
 * Start a conversation session
 *
 * Creates a session (status `pending`) for a template of the calling API
 * key (another key's template answers 404) and returns a signed
 * conversation URL for its agent (valid 900 seconds) plus the
 * `dynamicVariables` the client passes unchanged when connecting (the
 * agent's tools send them back, which ties the context and event
 * webhooks to the session). The URL is asked for with a conversation id,
 * which the session keeps, so the post-call webhook finds the session
 * even without the variables. Only metadata is stored: status, times,
 * duration, cost; never a transcript or any conversation content.
 *
 * Governance (docs/governance.md): a session is admitted like a call of
 * the key's, before anything is asked of the provider. The agent model
 * (`elevenlabs/conversational-agent`) must pass the allow-lists (403
 * `model_not_allowed`); the start counts as one request against request
 * limits (429 `rate_limit_exceeded`); and the session reserves its worst
 * case on each hard budget, the template's `maxDurationSeconds` in
 * started minutes at the catalogue's per-minute price (429
 * `budget_exceeded` when it does not fit). The reservation is settled
 * with the actual minutes by the post-call webhook, in the transaction
 * that writes the usage row; a session that expires without one gives it
 * back (and is still counted should its webhook come later).
 *
 */
export declare const startAgentSession: <ThrowOnError extends boolean = false>(options: Options<StartAgentSessionData, ThrowOnError>) => RequestResult<StartAgentSessionResponses, StartAgentSessionErrors, ThrowOnError>;
/**
 * Get a session (metadata only)
 *
 * Sessions of other API keys answer 404 `not_found`, exactly as missing ones. No transcript.
 */
export declare const getAgentSession: <ThrowOnError extends boolean = false>(options: Options<GetAgentSessionData, ThrowOnError>) => RequestResult<GetAgentSessionResponses, GetAgentSessionErrors, ThrowOnError>;
/**
 * Download the session recording (single use)
 *
 * The recording as MP3 (no envelope), streamed from elevenlabs. Single
 * use: once it has been sent whole, the conversation is deleted at
 * elevenlabs (audio and transcript) and any further request answers 410
 * `recording_gone`; a transfer that breaks off leaves the recording
 * available. A recording nobody fetched is deleted at elevenlabs 30 days
 * after the session ended by the hourly maintenance schedule (then 410
 * too). 404 `not_found` for an unknown session or another key's; 404
 * `recording_not_available` while the session has not completed or when
 * it has no recording; 409 `conflict` while another request is sending
 * it.
 *
 */
export declare const getAgentSessionAudio: <ThrowOnError extends boolean = false>(options: Options<GetAgentSessionAudioData, ThrowOnError>) => RequestResult<GetAgentSessionAudioResponses, GetAgentSessionAudioErrors, ThrowOnError>;
/**
 * Webhook - the agent asks for context
 *
 * Called by the agent's `get_context` tool. Authenticated by
 * `X-Webhook-Secret`, which must equal the webhookSecret of the template
 * named by `templateId` (compared in constant time; 401 otherwise, also
 * for an unknown template). `sessionId` must be a session of that
 * template (404 otherwise); a `pending` session becomes `active`; an
 * ended one answers 409. The payload is relayed synchronously to the
 * template's clientWebhookUrl (see the `conversationRelay` webhook) and
 * the customer's JSON reply (at most 1 MB) is answered in `data.context`,
 * which the agent reads. A template without clientWebhookUrl answers
 * `context: null`. A customer endpoint that the SSRF guard refuses at
 * send time, that is unreachable, answers a non-2xx status or a body
 * that is not JSON, or does not answer within AGENT_WEBHOOK_TIMEOUT_MS
 * (10 seconds) answers 502 `upstream_error`.
 *
 */
export declare const agentWebhookContext: <ThrowOnError extends boolean = false>(options: Options<AgentWebhookContextData, ThrowOnError>) => RequestResult<AgentWebhookContextResponses, AgentWebhookContextErrors, ThrowOnError>;
/**
 * Webhook - mid-conversation event
 *
 * Called by the agent's `report_event` tool (answers to interview
 * questions, completed sections, notes). Same authentication and session
 * rules as the context webhook; a `pending` session becomes `active`.
 * The payload is relayed fire-and-forget to the clientWebhookUrl: the
 * answer does not wait for the customer's endpoint, the relay gives up
 * after AGENT_WEBHOOK_TIMEOUT_MS, and there is no retry and no
 * dead-letter store.
 *
 */
export declare const agentWebhookEvent: <ThrowOnError extends boolean = false>(options: Options<AgentWebhookEventData, ThrowOnError>) => RequestResult<AgentWebhookEventResponses, AgentWebhookEventErrors, ThrowOnError>;
/**
 * Webhook - conversation ended
 *
 * Accepts the documented payload (`event: complete`) or elevenlabs'
 * own post-call transcription webhook (`type: post_call_transcription`),
 * which is what the template's post-call webhook sends; the latter is
 * matched to its session by the conversation id the session was started
 * with, else by the `session_id` dynamic variable, and its template by
 * the agent. Same authentication as the context webhook (the template's
 * secret in `X-Webhook-Secret`, which the post-call webhook carries).
 *
 * In one transaction: the session becomes `completed` (`failed` when
 * the call was not successful: `callSuccessful` false, or elevenlabs'
 * `call_successful` failure / status failed), `endedAt`,
 * `durationSeconds` and the cost are stored (per started minute at the
 * catalogue's `conversational-agent` rate; `byok` does not apply to
 * sessions) and a usage row is written (provider elevenlabs, model
 * conversational-agent, the template's tag), so the cost shows in
 * `/api/llm/usage` and `/api/portal/usage/daily`. Then the transcript and
 * analysis are relayed fire-and-forget to the clientWebhookUrl, always
 * in the documented payload shape, and discarded: they are never stored,
 * and if the customer's endpoint is unreachable they are lost. A session
 * that already ended answers 409 `conflict` (nothing billed twice); an
 * `expired` one is completed.
 *
 */
export declare const agentWebhookComplete: <ThrowOnError extends boolean = false>(options: Options<AgentWebhookCompleteData, ThrowOnError>) => RequestResult<AgentWebhookCompleteResponses, AgentWebhookCompleteErrors, ThrowOnError>;
/**
 * The calling key, its limits, budgets and what remains
 *
 * Any key may read itself: its attributes (never its secret), then one
 * `meters` item per limit and budget that applies to it, its own and
 * those of its team and tags (`scope` says whose), each with what the
 * current window has used and what remains. How each is counted is
 * described at `Meter`. The figures are read from PostgreSQL, so they
 * include what other gateway processes hold (see `Meter.remaining`).
 *
 */
export declare const getOwnKey: <ThrowOnError extends boolean = false>(options?: Options<GetOwnKeyData, ThrowOnError>) => RequestResult<GetOwnKeyResponses, GetOwnKeyErrors, ThrowOnError>;
/**
 * List gateway keys (admin; a member's console session its team's)
 *
 * Every key, revoked ones included, oldest first; never a secret. Admin keys
 * (and a console admin's or viewer's session) read every key. A member's
 * console session reads its own team's keys (its own key when it has no
 * team; another `teamId` answers 403 `admin_only`), read-only: every write
 * on keys stays admin-only. A member's bearer key answers 403 `admin_only`.
 *
 */
export declare const listKeys: <ThrowOnError extends boolean = false>(options?: Options<ListKeysData, ThrowOnError>) => RequestResult<ListKeysResponses, ListKeysErrors, ThrowOnError>;
/**
 * Create a gateway key (admin)
 *
 * Mints a key (`gw_live_…`) and answers it once, in `secret`: only its
 * hash is stored. `npm run cli -- keys create` does the same from a
 * terminal (it is how the first admin key is made). Admin keys only.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_team`: `teamId` names no team.
 * - `invalid_policy`: a rule across fields: a budget period given twice, an `expiresAt` in the past, or an `alertWebhookUrl` the SSRF guard refuses.
 *
 */
export declare const createKey: <ThrowOnError extends boolean = false>(options: Options<CreateKeyData, ThrowOnError>) => RequestResult<CreateKeyResponses, CreateKeyErrors, ThrowOnError>;
/**
 * Revoke a gateway key (admin)
 *
 * Revokes the key (and a previous secret still in its rotation grace period) for good; every running process refuses it within about a second. Its usage and spend are kept. A key cannot revoke itself (400 `cannot_revoke_self`), so an admin never locks everyone out by mistake. Admin keys only.
 */
export declare const revokeKey: <ThrowOnError extends boolean = false>(options: Options<RevokeKeyData, ThrowOnError>) => RequestResult<RevokeKeyResponses, RevokeKeyErrors, ThrowOnError>;
/**
 * Read a gateway key (admin; a member's console session its team's)
 *
 * The key as the list shows it, with its meters (as `GET /api/llm/key` answers for the key itself).
 * Admin keys read any key; a member's console session a key of its own team
 * (another team's key answers 404, as a missing one); a member's bearer key 403 `admin_only`.
 *
 */
export declare const getKey: <ThrowOnError extends boolean = false>(options: Options<GetKeyData, ThrowOnError>) => RequestResult<GetKeyResponses, GetKeyErrors, ThrowOnError>;
/**
 * Change a gateway key (admin)
 *
 * Partial update: only the fields sent change (at least one); `null`
 * clears an optional one (teamId, expiresAt, allowedModels, limits,
 * budgets, alertWebhookUrl); `tags`, `limits` and `budgets` are replaced
 * whole. Every running process applies the change within about a
 * second (PostgreSQL notifies them). A revoked key cannot be changed
 * (404). Admin keys only.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_team`: `teamId` names no team.
 * - `invalid_policy`: a rule across fields: a budget period given twice, an `expiresAt` in the past, or an `alertWebhookUrl` the SSRF guard refuses.
 *
 */
export declare const updateKey: <ThrowOnError extends boolean = false>(options: Options<UpdateKeyData, ThrowOnError>) => RequestResult<UpdateKeyResponses, UpdateKeyErrors, ThrowOnError>;
/**
 * Rotate a gateway key's secret (admin)
 *
 * Mints a new secret for the same key (same id, limits, budgets and
 * spend) and answers it once. The secret it replaces keeps working for
 * `graceSeconds` (default 3600; 0 ends it at once), so clients can be
 * moved without an outage; a secret older than that (a second rotation
 * inside the grace period) stops at once. The bootstrap key cannot be
 * rotated (400 `cannot_rotate_bootstrap`: change GATEWAY_BOOTSTRAP_KEY).
 * Admin keys only.
 *
 */
export declare const rotateKey: <ThrowOnError extends boolean = false>(options: Options<RotateKeyData, ThrowOnError>) => RequestResult<RotateKeyResponses, RotateKeyErrors, ThrowOnError>;
/**
 * List teams (admin)
 *
 * Every team, oldest first. Admin keys only.
 */
export declare const listTeams: <ThrowOnError extends boolean = false>(options?: Options<ListTeamsData, ThrowOnError>) => RequestResult<ListTeamsResponses, ListTeamsErrors, ThrowOnError>;
/**
 * Create a team (admin)
 *
 * A team's allow-list, limits and budgets apply on top of each of its
 * keys' own: a call must pass both, and it counts against both. Admin keys only.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_policy`: a rule across fields: a budget period given twice, or an `alertWebhookUrl` the SSRF guard refuses.
 * - `team_exists`: another team has this name (409).
 *
 */
export declare const createTeam: <ThrowOnError extends boolean = false>(options: Options<CreateTeamData, ThrowOnError>) => RequestResult<CreateTeamResponses, CreateTeamErrors, ThrowOnError>;
/**
 * Delete a team (admin)
 *
 * Deletes a team that no active key belongs to (409 `team_in_use` otherwise; move or revoke its keys first). Its revoked keys lose their team; usage rows keep theirs. Admin keys only.
 */
export declare const deleteTeam: <ThrowOnError extends boolean = false>(options: Options<DeleteTeamData, ThrowOnError>) => RequestResult<DeleteTeamResponses, DeleteTeamErrors, ThrowOnError>;
/**
 * Read a team (admin)
 *
 * A team with its meters (what its limits and budgets have used, across all its keys). Admin keys only.
 */
export declare const getTeam: <ThrowOnError extends boolean = false>(options: Options<GetTeamData, ThrowOnError>) => RequestResult<GetTeamResponses, GetTeamErrors, ThrowOnError>;
/**
 * Change a team (admin)
 *
 * Partial update, as for keys: only the fields sent change, `null`
 * clears an optional one. Admin keys only.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_policy`: a rule across fields: a budget period given twice, or an `alertWebhookUrl` the SSRF guard refuses.
 * - `team_exists`: another team has this name (409).
 *
 */
export declare const updateTeam: <ThrowOnError extends boolean = false>(options: Options<UpdateTeamData, ThrowOnError>) => RequestResult<UpdateTeamResponses, UpdateTeamErrors, ThrowOnError>;
/**
 * List tag budgets (admin)
 *
 * Every tag an admin gave limits or budgets, by tag. Admin keys only.
 */
export declare const listTagPolicies: <ThrowOnError extends boolean = false>(options?: Options<ListTagPoliciesData, ThrowOnError>) => RequestResult<ListTagPoliciesResponses, ListTagPoliciesErrors, ThrowOnError>;
/**
 * Remove a tag's limits and budgets (admin)
 *
 * The tag stays on its keys; it no longer limits them. Admin keys only.
 */
export declare const deleteTagPolicy: <ThrowOnError extends boolean = false>(options: Options<DeleteTagPolicyData, ThrowOnError>) => RequestResult<DeleteTagPolicyResponses, DeleteTagPolicyErrors, ThrowOnError>;
/**
 * Read a tag's limits and budgets (admin)
 *
 * The tag's policy with its meters (spend of every key carrying the tag). A tag without a policy answers 404. Admin keys only.
 */
export declare const getTagPolicy: <ThrowOnError extends boolean = false>(options: Options<GetTagPolicyData, ThrowOnError>) => RequestResult<GetTagPolicyResponses, GetTagPolicyErrors, ThrowOnError>;
/**
 * Set a tag's limits and budgets (admin)
 *
 * Creates or replaces the tag's policy whole. Every call of a key that
 * carries the tag must pass it and counts against it, on top of the
 * key's and its team's own. Admin keys only.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_policy`: a rule across fields: a budget period given twice, or an `alertWebhookUrl` the SSRF guard refuses.
 *
 */
export declare const setTagPolicy: <ThrowOnError extends boolean = false>(options: Options<SetTagPolicyData, ThrowOnError>) => RequestResult<SetTagPolicyResponses, SetTagPolicyErrors, ThrowOnError>;
/**
 * Who changed which key, team or tag budget (admin)
 *
 * Newest first, `limit` at a time (default 100); pass the last item's `id` as `before` for the next page. Every create, change, rotation, revocation and deletion of a key, team or tag policy, through the API (the admin key that did it) or the CLI (`actorKeyId` null, `actor` `cli`). Secrets never appear. Admin keys only.
 */
export declare const listAuditEvents: <ThrowOnError extends boolean = false>(options?: Options<ListAuditEventsData, ThrowOnError>) => RequestResult<ListAuditEventsResponses, ListAuditEventsErrors, ThrowOnError>;
