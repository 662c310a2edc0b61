import { type Client, type ClientMeta, type Options as Options2, type RequestResult, type TDataShape } from './client/index.js';
import type { CancelBatchData, CancelBatchErrors, CancelBatchResponses, CountMessageTokensData, CountMessageTokensErrors, CountMessageTokensResponses, CountResponseInputTokensData, CountResponseInputTokensErrors, CountResponseInputTokensResponses, CreateBatchData, CreateBatchErrors, CreateBatchResponses, CreateChatCompletionData, CreateChatCompletionErrors, CreateChatCompletionResponses, CreateEmbeddingData, CreateEmbeddingErrors, CreateEmbeddingResponses, CreateFileData, CreateFileErrors, CreateFileResponses, CreateImageData, CreateImageEditData, CreateImageEditErrors, CreateImageEditResponses, CreateImageErrors, CreateImageResponses, CreateMessageData, CreateMessageErrors, CreateMessageResponses, CreateResponseData, CreateResponseErrors, CreateResponseResponses, CreateSpeechData, CreateSpeechErrors, CreateSpeechResponses, CreateTranscriptionData, CreateTranscriptionErrors, CreateTranscriptionResponses, DeleteFileData, DeleteFileErrors, DeleteFileResponses, DeleteResponseData, DeleteResponseErrors, DeleteResponseResponses, GetBatchData, GetBatchErrors, GetBatchResponses, GetFileContentData, GetFileContentErrors, GetFileContentResponses, GetFileData, GetFileErrors, GetFileResponses, GetResponseData, GetResponseErrors, GetResponseResponses, ListBatchesData, ListBatchesErrors, ListBatchesResponses, ListModelsData, ListModelsErrors, ListModelsResponses, ListResponseInputItemsData, ListResponseInputItemsErrors, ListResponseInputItemsResponses, RetrieveModelData, RetrieveModelErrors, RetrieveModelResponses } from './types.gen.js';
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
 * Create a chat completion on any provider
 *
 * Chat-completions protocol. `stream: true` answers `text/event-stream`:
 * `data: <ChatCompletionChunk JSON>` lines separated by blank lines, ended by the
 * literal line `data: [DONE]`. All chunks of one call share one `id`
 * (`chatcmpl-...`) and `created`. The first chunk carries `delta.role: assistant`;
 * the chunk that finishes a choice carries `finish_reason` and an empty delta.
 * Tool calls stream as `delta.tool_calls[{index, id, type, function{name, arguments}}]`:
 * `id`, `type` and `function.name` only in the first piece of a call, `arguments`
 * in pieces to concatenate.
 * With `stream_options.include_usage: true` every chunk has `"usage": null` and one
 * extra chunk with `"choices": []`, the final `usage` and `cost` comes just before
 * `[DONE]`; without it no usage is streamed and `cost` rides on the chunk that
 * carries `finish_reason`.
 * A failure after the stream started is sent as `data: {"error": {...}}` (the
 * ErrorResponse shape) and the stream closes without `[DONE]`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createChatCompletion: <ThrowOnError extends boolean = false>(options: Options<CreateChatCompletionData, ThrowOnError>) => RequestResult<CreateChatCompletionResponses, CreateChatCompletionErrors, ThrowOnError>;
/**
 * Generate images on any provider that makes them
 *
 * Images protocol (openai `client.images.generate`), synchronous from the
 * caller's view: the call is the native `generateImage` task (same queue,
 * provider limits, marking, cost and usage row), and the answer waits for it
 * (see "Images and audio" above). Providers: openai, gemini, vertex, xai,
 * localai; any other answers 400 `capability_not_supported`.
 * `b64_json` is the only response format: `response_format: url` is refused
 * (the gateway hands out no image URLs), and the answer carries `b64_json`
 * whatever the model (dall-e models included). `quality`: `standard` and
 * `medium` ask for the standard level, `hd` and `high` for the hd level (what
 * the native API and the price catalogue know), `auto` for the provider's
 * default; `low`, `xhigh` and `max` are refused. `size` goes to providers
 * that take one (openai, xai, localai); gemini and vertex refuse it (they
 * take an aspect ratio, which this protocol has no field for). Every other
 * field of the protocol is refused with 400 `capability_not_supported`
 * (param = the field) when present and not null.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createImage: <ThrowOnError extends boolean = false>(options: Options<CreateImageData, ThrowOnError>) => RequestResult<CreateImageResponses, CreateImageErrors, ThrowOnError>;
/**
 * Edit or combine images on any provider that takes reference images
 *
 * Image edits (openai `client.images.edit`): `multipart/form-data` with the
 * images as file parts, named `image` (one) or `image[]` (several, as the
 * openai client sends an array); both names may be used together. They are
 * the native `generateImage` task's reference images: up to 16 on openai, 14
 * on gemini, 4 on vertex, 3 on xai, none on localai (400
 * `capability_not_supported`, param `image`, before anything is stored or
 * called). Each image must be a PNG, JPEG, WebP, GIF or HEIC of at most 20 MB
 * (the bytes decide, not the part's declared type), 64 MB together.
 * `mask` (a PNG, openai only) goes with the first image; other providers
 * refuse it. Answer, synchronous behaviour, `quality`, `size` and refused
 * fields as in createImage. Multipart values are text; numbers are read as
 * numbers (`n=2`) and booleans as `true`/`false`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `TOO_MANY_REFERENCE_IMAGES`: more images than the provider takes (openai 16, gemini 14, vertex 4, xai 3).
 * - `capability_not_supported`: the provider takes no images (localai), or a field the provider cannot honour.
 * - `invalid_reference`: an image is empty, over 20 MB, or not a PNG, JPEG, WebP, GIF or HEIC by its bytes; or the images add up to more than 64 MB.
 * - `mime_mismatch`: a part declares an image type its bytes are not.
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 *
 */
export declare const createImageEdit: <ThrowOnError extends boolean = false>(options: Options<CreateImageEditData, ThrowOnError>) => RequestResult<CreateImageEditResponses, CreateImageEditErrors, ThrowOnError>;
/**
 * Text to speech on any provider that speaks
 *
 * Speech protocol (openai `client.audio.speech.create`): the answer is the
 * audio file itself, its `Content-Type` the format's. It is the native
 * `generateAudio` task (same queue, marking, cost and usage row), and the
 * answer waits for it. Providers: elevenlabs (`voice` is an ElevenLabs
 * voice id) and local-audio (`voice` an OpenAI voice name or an eSpeak
 * voice). `response_format` when absent is the **provider's** default
 * (elevenlabs mp3, local-audio wav), not always mp3: a local runtime that
 * cannot make mp3 still answers a call that does not ask for a format.
 * Asked for, it is honoured or refused: elevenlabs makes mp3
 * (`mp3_44100_128`), opus (`opus_48000_128`, Ogg), wav (`wav_24000`) and pcm
 * (`pcm_24000`: 24 kHz 16-bit mono little-endian, as OpenAI documents);
 * local-audio wav and pcm (the same 24 kHz raw samples); aac and flac are
 * refused everywhere. `speed` goes to local-audio (0.25 to 4) and to
 * elevenlabs as `voice_settings.speed`, which takes 0.7 to 1.2 (outside it:
 * 400). `instructions` and `stream_format: sse` are refused (no provider
 * offers either); `stream_format: audio` is what this answer is anyway.
 * The cost is in the `x-switchyard-cost` header (the body is audio).
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createSpeech: <ThrowOnError extends boolean = false>(options: Options<CreateSpeechData, ThrowOnError>) => RequestResult<CreateSpeechResponses, CreateSpeechErrors, ThrowOnError>;
/**
 * Speech to text on any provider that transcribes
 *
 * Transcriptions protocol (openai `client.audio.transcriptions.create`):
 * `multipart/form-data` with the audio as the `file` part. It is the native
 * `transcribe` task (same queue, cost per second of audio and usage row), and
 * the answer waits for it. Providers: elevenlabs and local-audio. The audio
 * (at most 40 MB) is recognised from its bytes (WAV, MP3, Ogg/Opus, FLAC, AAC,
 * M4A/MP4, WebM); a part declaring an audio or video type the bytes
 * contradict is refused (code `mime_mismatch`), and bytes of no known format
 * are refused unless the part declares a type.
 *
 * `response_format`: `json` (default) answers `{text, usage, cost}`; `text`
 * answers the transcript as `text/plain` (cost in the `x-switchyard-cost`
 * header); `verbose_json` answers `{task, language, duration, text, words?,
 * usage, cost}` with `words` when `timestamp_granularities` includes `word`.
 * `language` there is the code the provider reported (or the one asked for),
 * not OpenAI's English language name; `duration` and `usage.seconds` are the
 * billed length of the audio. Segment timestamps are refused
 * (`timestamp_granularities: segment`), as are `srt`, `vtt` and
 * `diarized_json`: the providers return word timings at most, and a segment
 * list would have to invent the token and probability fields OpenAI
 * documents. On local-audio, `moonshine-tiny` (Moonshine tiny, English)
 * transcribes, and so do `whisper-1` and the other OpenAI names without a
 * `prompt`; it has no word timings, so `words` is empty. With a `prompt`
 * the OpenAI names go to `pocketsphinx`, which restricts recognition to the
 * prompt's words and gives word timings (Moonshine, prompt unused, where
 * pocketsphinx is not installed); `moonshine-tiny` ignores a prompt.
 * `prompt` is refused by elevenlabs. `temperature` other than 0,
 * `stream: true`, `include`, `chunking_strategy`, `keywords`, `languages`,
 * `known_speaker_names` and `known_speaker_references` are refused.
 * Array fields may be sent as repeated `name[]` parts (as the openai client
 * does) or repeated `name` parts.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `empty_audio`: the `file` part is empty.
 * - `unsupported_audio`: the bytes are of no known audio or video format and the part declares no audio or video type.
 * - `mime_mismatch`: the part declares an audio or video type its bytes contradict.
 * - `capability_not_supported`: a field the provider cannot honour.
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 *
 */
export declare const createTranscription: <ThrowOnError extends boolean = false>(options: Options<CreateTranscriptionData, ThrowOnError>) => RequestResult<CreateTranscriptionResponses, CreateTranscriptionErrors, ThrowOnError>;
/**
 * Create a message on any provider
 *
 * Messages protocol. `max_tokens` is required (missing: 400 invalid_request_error).
 * `stream: true` answers `text/event-stream` with named events
 * (`event: <type>` then `data: <JSON>` whose `type` equals the event name):
 * `message_start`, then per content block `content_block_start`,
 * `content_block_delta`*, `content_block_stop`, then `message_delta`
 * (stop_reason, final usage, cost) and `message_stop`. `ping` may appear
 * anywhere; a failure after the stream started is an `error` event, after which
 * the stream closes.
 *
 * Mapping from the gateway's finish reasons: stop -> `end_turn` (or
 * `stop_sequence` with `stop_sequence` set when a stop sequence matched),
 * length -> `max_tokens`, tool_calls -> `tool_use`, content_filter -> `refusal`.
 * `usage.input_tokens` excludes cache reads and cache writes, which are
 * reported in `cache_read_input_tokens` / `cache_creation_input_tokens`.
 * Any `cache_control` breakpoint in the request (top level, system, blocks,
 * tools) turns on prompt caching: the anthropic provider places its
 * breakpoints; providers that cache prefixes by themselves (openai, xai,
 * deepseek) honour it as is; the others refuse it.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createMessage: <ThrowOnError extends boolean = false>(options: Options<CreateMessageData, ThrowOnError>) => RequestResult<CreateMessageResponses, CreateMessageErrors, ThrowOnError>;
/**
 * Count a messages request's input tokens
 *
 * Messages protocol's token counting (anthropic `client.messages.countTokens`):
 * the body is a messages request without `max_tokens`, checked as the call
 * itself would be (an option the provider cannot honour is refused the same
 * way). **Exact** where the provider has a counting endpoint: anthropic
 * (its own count_tokens), gemini and vertex (`countTokens`), called inside
 * the provider's concurrency limit. Every other provider gets the gateway's
 * **estimate**: ceil(characters / 4) over every text, tool call, tool
 * definition and output schema, plus 4 tokens per message and 1,000 per
 * image. The gateway extension `estimated` says which. Counting is free:
 * no usage or cost is recorded.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const countMessageTokens: <ThrowOnError extends boolean = false>(options: Options<CountMessageTokensData, ThrowOnError>) => RequestResult<CountMessageTokensResponses, CountMessageTokensErrors, ThrowOnError>;
/**
 * Create a model response on any provider
 *
 * Responses protocol. Responses are **stored** (unless `store: false`) for
 * RESPONSES_RETENTION_DAYS days (default 30), scoped to the key that created
 * them: `previous_response_id` continues one (its input and output come
 * before this request's `input`), GET /v1/responses/{id} reads it and
 * DELETE forgets it. A response is written before the client receives it
 * (the body, or the stream's closing event), so whatever a client has can
 * be continued at once. The web search tools turn on the provider's web
 * search where the target can search; the other built-in tools (file_search,
 * computer_use_preview, image_generation, code_interpreter, mcp), web search
 * on a target that cannot search, and a `previous_response_id` that names no
 * stored response of this key are accepted and not acted on, as document 1
 * requires ("accepted but not executed"), and the response's `ignored` lists
 * each with its reason (it is absent when nothing was ignored). Reasoning
 * items in `input` are tolerated and dropped. Function tools and `function_call` /
 * `function_call_output` round trips work end to end (match on `call_id`).
 *
 * `stream: true` answers `text/event-stream` with named events whose `data`
 * has the same `type` and a `sequence_number` that starts at 0 and grows by 1.
 * Text: `response.created`, `response.in_progress`, then per message item
 * `response.output_item.added`, `response.content_part.added`,
 * `response.output_text.delta`*, `response.output_text.done`,
 * `response.content_part.done`, `response.output_item.done`; per reasoning item
 * (providers that expose thinking) the same with a `reasoning_text` part and
 * `response.reasoning_text.delta`* / `response.reasoning_text.done`; per function call
 * `response.output_item.added`, `response.function_call_arguments.delta`*,
 * `response.function_call_arguments.done`, `response.output_item.done`; finally
 * `response.completed` (or `response.incomplete` with
 * `incomplete_details.reason: max_output_tokens` when the output was cut off)
 * whose `response` carries `usage` and `cost`. A failure after the stream
 * started is an `error` event, after which the stream closes.
 * No `[DONE]` line is sent.
 *
 * Ids: response `resp_...` (minted by the gateway, unique), message item `msg_...`, function-call item `fc_...`
 * (its `call_id` is the upstream's tool-call id, or `call_...` when the
 * provider gives none), reasoning item `rs_...`.
 * The response echoes `model`, `instructions`, `max_output_tokens`,
 * `temperature`, `top_p`, `tool_choice` (default `auto`), `parallel_tool_calls`
 * (default true), `metadata` (default `{}`), `tools` as sent, `text` (default
 * `{format: {type: text}}`), `reasoning` and `previous_response_id`; values not
 * sent are null.
 * `output_text` is not sent: the SDK computes it.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createResponse: <ThrowOnError extends boolean = false>(options: Options<CreateResponseData, ThrowOnError>) => RequestResult<CreateResponseResponses, CreateResponseErrors, ThrowOnError>;
/**
 * Count a responses request's input tokens
 *
 * Responses protocol's token counting (openai `client.responses.inputTokens.count`):
 * the body is a responses request, checked as the call itself would be (an
 * option the provider cannot honour is refused the same way), with
 * `previous_response_id` read from the stored responses like a real
 * continuation. Counted exactly, or estimated, as for
 * POST /v1/messages/count_tokens (exact on anthropic, gemini and vertex);
 * the gateway extension `estimated` says which. Counting is free: no usage
 * or cost is recorded.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const countResponseInputTokens: <ThrowOnError extends boolean = false>(options: Options<CountResponseInputTokensData, ThrowOnError>) => RequestResult<CountResponseInputTokensResponses, CountResponseInputTokensErrors, ThrowOnError>;
/**
 * List a stored response's input items
 *
 * Everything the model was given as input for this response, as response
 * items: the earlier turns of a `previous_response_id` chain (their
 * inputs and outputs) and this response's own input, oldest first in
 * `order=asc`. `instructions` are not items (they are on the response).
 * Item ids are stable, so `after` pages through them. Same scope as GET
 * /v1/responses/{response_id}: another key's response does not exist.
 *
 */
export declare const listResponseInputItems: <ThrowOnError extends boolean = false>(options: Options<ListResponseInputItemsData, ThrowOnError>) => RequestResult<ListResponseInputItemsResponses, ListResponseInputItemsErrors, ThrowOnError>;
/**
 * Delete a stored response
 *
 * Forgets a stored response at once: it can no longer be read or continued
 * with previous_response_id (usage records are kept). Another key's
 * response is a missing one (404 `response_not_found`).
 *
 */
export declare const deleteResponse: <ThrowOnError extends boolean = false>(options: Options<DeleteResponseData, ThrowOnError>) => RequestResult<DeleteResponseResponses, DeleteResponseErrors, ThrowOnError>;
/**
 * Read a stored response
 *
 * The response exactly as its creator received it (the non-streaming body,
 * or the `response` of the stream's `response.completed` /
 * `response.incomplete`), `cost` included, except for what PostgreSQL's
 * JSON cannot hold: a NUL character or a lone UTF-16 surrogate in any text
 * (its input too, for a continuation) reads back as U+FFFD, the replacement
 * character, as everywhere the gateway stores JSON. Responses are stored unless they
 * were created with `store: false`, and kept for RESPONSES_RETENTION_DAYS
 * (default 30) days. Only the key that created a response can read it:
 * for any other key it does not exist (404 `response_not_found`).
 *
 */
export declare const getResponse: <ThrowOnError extends boolean = false>(options: Options<GetResponseData, ThrowOnError>) => RequestResult<GetResponseResponses, GetResponseErrors, ThrowOnError>;
/**
 * Create embeddings on any provider
 *
 * Embeddings protocol, synchronous (not queued); nothing is stored.
 * Providers: ollama, openai, gemini, vertex, localai; any other provider answers
 * 400 `capability_not_supported`. `input` is a string or 1 to 2048 strings;
 * token arrays (number[] / number[][]) are **not** supported and rejected with 400.
 * `data[i].index` is the position of the input; `data` is in input order.
 * `encoding_format: base64` returns each vector as base64 of its little-endian
 * float32 bytes. Note that the official openai client sends
 * `encoding_format: base64` when the caller did not set it, and decodes the
 * answer itself, so base64 must be supported. `dimensions` is passed to models
 * that support truncation; others answer 400 `capability_not_supported`.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unknown_provider`: the `<provider>/` prefix of `model` names no provider the gateway knows.
 * - `capability_not_supported`: the provider cannot do what is asked (this operation, a field or one of its values); the message names it.
 *
 */
export declare const createEmbedding: <ThrowOnError extends boolean = false>(options: Options<CreateEmbeddingData, ThrowOnError>) => RequestResult<CreateEmbeddingResponses, CreateEmbeddingErrors, ThrowOnError>;
/**
 * Upload a batch input file
 *
 * Files protocol (openai `client.files.create`): `multipart/form-data`
 * with the file as the `file` part and `purpose`. Only `purpose: batch`
 * is taken: the file is the JSONL input of POST /v1/batches, at most 50 MB
 * and 10,000 lines, one request per line (`{"custom_id", "method": "POST",
 * "url", "body"}`). Its lines are read when a batch is created from it,
 * not here. A file is kept, with its key as its only reader, until it is
 * deleted.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `unsupported_purpose`: a purpose other than `batch`.
 * - `empty_file`: the `file` part is empty.
 *
 */
export declare const createFile: <ThrowOnError extends boolean = false>(options: Options<CreateFileData, ThrowOnError>) => RequestResult<CreateFileResponses, CreateFileErrors, ThrowOnError>;
/**
 * Delete a file
 *
 * Deletes the file at once (openai `client.files.delete`). A batch
 * already created from it keeps running: its lines were read when it was
 * created. Another key's file is a missing one (404 `file_not_found`).
 *
 */
export declare const deleteFile: <ThrowOnError extends boolean = false>(options: Options<DeleteFileData, ThrowOnError>) => RequestResult<DeleteFileResponses, DeleteFileErrors, ThrowOnError>;
/**
 * Read a file's record
 *
 * The file's record (openai `client.files.retrieve`): uploads and the
 * output and error files of batches. Another key's file is a missing one
 * (404 `file_not_found`).
 *
 */
export declare const getFile: <ThrowOnError extends boolean = false>(options: Options<GetFileData, ThrowOnError>) => RequestResult<GetFileResponses, GetFileErrors, ThrowOnError>;
/**
 * Read a file's bytes
 *
 * The file's bytes as stored (openai `client.files.content`), as
 * `application/octet-stream`. A batch's output and error files are JSONL,
 * one line per request, in input order. Another key's file is a missing one
 * (404 `file_not_found`).
 *
 */
export declare const getFileContent: <ThrowOnError extends boolean = false>(options: Options<GetFileContentData, ThrowOnError>) => RequestResult<GetFileContentResponses, GetFileContentErrors, ThrowOnError>;
/**
 * This key's batches, newest first
 *
 * openai `client.batches.list`: a page of this key's batches, newest
 * first; `after` is the last id of the previous page.
 *
 */
export declare const listBatches: <ThrowOnError extends boolean = false>(options?: Options<ListBatchesData, ThrowOnError>) => RequestResult<ListBatchesResponses, ListBatchesErrors, ThrowOnError>;
/**
 * Run a file of requests on the gateway's queue
 *
 * Batch protocol (openai `client.batches.create`). Each line of the input
 * file (`purpose: batch`) is `{"custom_id", "method": "POST", "url",
 * "body"}`, `url` being the batch's `endpoint` (`/v1/chat/completions`;
 * embeddings are not batched, since their vectors are never kept) and
 * `body` that endpoint's request (`stream` refused), `model` as
 * `<provider>/<model>` on any provider (a local one included). The lines
 * run as tasks on the gateway's own queue, under each provider's
 * concurrency limit, at most 20 lines of one batch at a time so a large
 * batch never holds a provider's slots from other callers. A batch is
 * kept in PostgreSQL: it goes on across restarts, and any gateway process
 * sharing the database may run its lines or answer for it.
 *
 * The file is checked whole first: a line that is not JSON, lacks a
 * `custom_id` (or repeats one), or names another method or url fails the
 * batch at once (`status: failed`, every such line in `errors`). A line
 * whose body the endpoint or its provider refuses (a field it does not
 * honour, an unknown provider) does not run and goes to the error file
 * with that refusal. Lines answered go to the output file
 * (`response.status_code` 200, `response.body` the endpoint's answer with
 * its `cost`); lines that failed upstream go to the error file with the
 * error body and status the endpoint would have answered. Every line is
 * billed and recorded as its own call. `completion_window` is accepted as `24h`;
 * lines still waiting 24 hours after creation are not sent, and the batch
 * ends `expired`. `X-Provider-Key` applies to every line, as on the
 * endpoint itself.
 *
 * A provider's own batch API: when every line that runs targets openai
 * (its Batch API) or anthropic (its Message Batches API) with no fallback
 * or second target, and the operator lists that provider in
 * BATCH_NATIVE_PROVIDERS, the batch is submitted there instead of the
 * queue (gateway extension `native`: `false` keeps it on the queue,
 * `true` requires the provider's API and is refused when it cannot be
 * used). The gateway asks the provider how it goes every
 * BATCH_NATIVE_POLL_MS (60 s by default) from a job any process may run,
 * so it survives restarts; the batch stays `in_progress` until the
 * provider has ended it (within its own 24 hours), then the output and
 * error files are written in the same shapes as above, each answered line
 * priced at the catalogue's rates less the provider's batch discount
 * (`batchDiscount`, half price for both) and recorded as its own call. A
 * line the provider refused goes to the error file with its status and
 * message; a line it never ran (it expired or was cancelled there) goes to
 * the error file as `batch_expired` or `batch_cancelled`. A submission the
 * provider refuses outright (a key without batch access, say) leaves the
 * batch to the queue; one it does not answer is tried again. Cancel is
 * passed on to the provider and the batch ends once it has stopped, with
 * the lines it answered meanwhile.
 *
 * Budgets and limits: a batch the provider's own batch API runs is
 * admitted by the key's policies (and its team's and tags') when it is
 * created, as one call: its models must be allowed, it counts as one
 * request, its tokens are every running line's estimate summed, and a
 * hard budget must cover its worst case (every running line's input
 * bound and output ceiling at the discounted price). That worst case is
 * reserved until the batch ends; then the lines' costs count as spent and
 * the rest is released (all of it for a batch cancelled before it ran or
 * handed to the queue). Lines the queue runs are not admitted here.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `file_not_found`: `input_file_id` names no file of this key (404).
 * - `invalid_file_purpose`: the file's purpose is not `batch`.
 * - `native_batch_unavailable`: `native: true` for a batch that cannot run on a provider's own batch API (the message says why).
 * - `model_not_allowed` (403), `rate_limit_exceeded` or `budget_exceeded` (429): a native batch its key's policies refuse, nothing sent upstream.
 * - `model_not_allowed` (403): a line's model (or a routing fallback's) is outside the allow-list of the key, its team or a tag; the message names the first such line. Nothing is stored and nothing runs.
 *
 * Limits and budgets (openapi/gateway.yaml `Governance`, docs/governance.md)
 * count each line of a batch on the gateway's queue when it starts, as the
 * endpoint counts a call, under the key's policy at that moment: the line
 * reserves its worst-case price, settled with its usage row, released if
 * it fails. A line a rate limit refuses is not failed: it and the lines
 * after it wait and are tried again about a second later (within the 24 h
 * window). A line a hard budget refuses while none of the batch's lines
 * holds a reservation goes to the error file with 429 `budget_exceeded`
 * (while some do, it waits for what they release). A key revoked or
 * expired meanwhile fails the lines not yet started (403 `key_revoked`,
 * `key_expired`).
 *
 */
export declare const createBatch: <ThrowOnError extends boolean = false>(options: Options<CreateBatchData, ThrowOnError>) => RequestResult<CreateBatchResponses, CreateBatchErrors, ThrowOnError>;
/**
 * A batch's status, counts and files
 *
 * openai `client.batches.retrieve`. `request_counts` are the lines
 * answered (`completed`), failed or refused (`failed`) and in all
 * (`total`); `output_file_id` and `error_file_id` appear once the batch
 * has ended (whichever has lines). Another key's batch is a missing one
 * (404 `batch_not_found`).
 *
 */
export declare const getBatch: <ThrowOnError extends boolean = false>(options: Options<GetBatchData, ThrowOnError>) => RequestResult<GetBatchResponses, GetBatchErrors, ThrowOnError>;
/**
 * Cancel a batch
 *
 * openai `client.batches.cancel`: lines not yet sent are not sent, lines
 * running are aborted; the batch is `cancelling` until every running line
 * has ended, then `cancelled` with the files of what did run (lines that
 * never ran go to the error file as `batch_cancelled`). A batch that has
 * already ended is answered as it is. Another key's batch is a missing
 * one (404 `batch_not_found`).
 *
 */
export declare const cancelBatch: <ThrowOnError extends boolean = false>(options: Options<CancelBatchData, ThrowOnError>) => RequestResult<CancelBatchResponses, CancelBatchErrors, ThrowOnError>;
/**
 * List the models /v1 can call now
 *
 * The models of GET /api/llm/models, as `<provider>/<model>` ids to send
 * as `model`: per provider, the catalogued models whose operation is
 * served today (chat, embeddings; a model of an operation not built yet is
 * left out), and for local runtimes (ollama, localai) the models the
 * runtime itself lists. A hosted provider without an operator key is left
 * out (its calls would answer 503), and so is a local runtime that does not
 * answer within 3 s.
 *
 * **Shape.** A request with an `anthropic-version` header (the anthropic
 * client sends one on every call), or with `x-api-key` and no
 * `Authorization`, gets the messages protocol's shape: paged `ModelInfo`
 * objects (`limit` default 20, `after_id`, `before_id`, `has_more`,
 * `first_id`, `last_id`). Any other request (the openai client) gets the
 * chat-completions protocol's `{ object: "list", data: Model[] }`, unpaged.
 * Errors follow the same choice. `created` / `created_at` is the date the
 * gateway's catalogue entry took effect (0 / 1970-01-01 for models a local
 * runtime lists); `owned_by` is the provider id.
 *
 * Refused although the schema accepts the request (400 unless said):
 * - `invalid_request`: `after_id` or `before_id` names no model of the listing.
 *
 */
export declare const listModels: <ThrowOnError extends boolean = false>(options?: Options<ListModelsData, ThrowOnError>) => RequestResult<ListModelsResponses, ListModelsErrors, ThrowOnError>;
/**
 * One model of GET /v1/models
 *
 * `model_id` is `<provider>/<model>`, URL-encoded as the official clients
 * send it (`openai%2Fgpt-4o-mini`) or with its slashes as they are
 * (`/v1/models/openai/gpt-4o-mini`, `/v1/models/ollama/library/llama3:8b`):
 * the rest of the path is the one model id. Answers in the same shape as
 * listModels chooses; a model GET /v1/models does not list is 404
 * `model_not_found`. An empty id or a dot segment never reaches this
 * operation: URLs resolve `.` and `..` (RFC 3986) and the gateway ignores
 * a trailing slash, so `/v1/models/` and `/v1/models/.` are GET /v1/models
 * (listModels), and `/v1/models/..` is no endpoint (404).
 *
 */
export declare const retrieveModel: <ThrowOnError extends boolean = false>(options: Options<RetrieveModelData, ThrowOnError>) => RequestResult<RetrieveModelResponses, RetrieveModelErrors, ThrowOnError>;
