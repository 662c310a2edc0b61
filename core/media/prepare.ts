// Media submissions: everything that can be refused is refused here, before a
// task exists, in this order: the provider offers the operation and is
// configured; counted limits (reference images, distinct voices); the
// provider's own rules and options; then the customer's inputs are fetched
// and checked. Only then is the task stored, with its inputs beside it.
import { randomUUID } from 'node:crypto';
import type * as Api from '../../generated/gateway/types.gen.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import type {
  DialogueRequest,
  ImageRequest,
  MediaKind,
  MusicRequest,
  SoundEffectRequest,
  SpeechRequest,
  StoredMedia,
  TranscriptionRequest,
  VideoRequest,
} from '../../protocols/media.ts';
import type { ImageDraft } from '../../protocols/images.ts';
import type { SpeechDraft, TranscriptionDraft } from '../../protocols/audio.ts';
import { mediaAdapterOf } from '../../providers/registry.ts';
import { MediaRuleError, type MediaAdapter } from '../../providers/media.ts';
import { ProviderError } from '../../providers/types.ts';
import { defaultMediaModel, type MediaKind as CatalogueKind } from '../../pricing/catalogue.ts';
import { mediaStore } from '../../media/store.ts';
import { audioSeconds } from '../../media/duration.ts';
import { ApiError } from '../../protocols/errors.ts';
import { toApiError } from '../errors.ts';
import { providerCall } from '../providerCall.ts';
import type { GatewayRuntime } from '../runtime.ts';
import type { Ticket } from '../governance/governor.ts';
import { audioInput, imageInput, resolveAudio, resolveImage, type ResolvedInput } from './inputs.ts';

export interface PreparedMedia {
  kind: MediaKind;
  provider: ProviderId;
  model: string;
  request: ImageRequest | VideoRequest | SpeechRequest | SoundEffectRequest | MusicRequest | DialogueRequest | TranscriptionRequest;
  /** Customer inputs to store with the task, under the names the request refers to. */
  inputs: Array<{ base: string; input: ResolvedInput }>;
  tag?: string;
}

type Operation = keyof Omit<MediaAdapter, 'id' | 'voices'>;

const OPERATION_NAMES: Record<Operation, string> = {
  image: 'image generation',
  video: 'video generation',
  speech: 'text to speech',
  soundEffect: 'sound effects',
  music: 'music generation',
  dialogue: 'dialogue',
  transcription: 'transcription',
};

function adapterFor<O extends Operation>(provider: ProviderId, op: O, providerKey?: string): MediaAdapter & Required<Pick<MediaAdapter, O>> {
  const adapter = mediaAdapterOf(provider);
  if (!adapter?.[op]) {
    throw new ApiError('invalid_request', `${provider} does not offer ${OPERATION_NAMES[op]}`, { code: 'unsupported_provider', param: 'provider' });
  }
  providerCall(provider, { providerKey });
  return adapter as MediaAdapter & Required<Pick<MediaAdapter, O>>;
}

function modelOf(provider: ProviderId, kind: CatalogueKind, given: string | undefined): string {
  const model = given || defaultMediaModel(provider, kind);
  if (!model) throw new ApiError('invalid_request', `${provider} has no default ${kind} model; name one`, { param: 'model' });
  return model;
}

/**
 * A provider's refusal as the 400 it is. A value the schema accepts but this
 * provider cannot honour (an aspect ratio, a duration, a resolution) is
 * `unsupported_option`, as the spec says of any option a provider cannot honour;
 * `invalid_request` stays for what the schema itself refuses.
 */
function checked<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof MediaRuleError) {
      throw new ApiError('invalid_request', err.message, {
        code: 'unsupported_option',
        param: err.param,
        fields: err.param ? [{ path: `body.${err.param}`, message: err.message }] : undefined,
      });
    }
    if (err instanceof ProviderError) {
      const refusal = toApiError(err);
      if (!err.param) throw refusal;
      throw new ApiError(refusal.kind, refusal.message, { code: refusal.code, param: err.param, fields: [{ path: `body.${err.param}`, message: refusal.message }] });
    }
    throw err;
  }
}

/** A placeholder that stands for an input until it is resolved (provider rules only look at presence). */
const PENDING: StoredMedia = { file: 'pending.bin', mimeType: 'application/octet-stream', size: 0 };

function stored(base: string, input: ResolvedInput): StoredMedia {
  return { file: `${base}.${input.ext}`, mimeType: input.mimeType, size: input.bytes.length };
}

const MAX_REFERENCE_TOTAL = 64 * 1024 * 1024;

/** A file a client uploaded (a multipart part): its bytes, the field it came in and the type it was declared as. */
export interface Upload {
  field: string;
  bytes: Buffer;
  declared?: string;
}

const MASK_TYPES: ReadonlySet<string> = new Set(['image/png']);

export function prepareImage(b: Api.ImageRequest, providerKey?: string): Promise<PreparedMedia> {
  const refs = b.referenceImages ?? [];
  return prepareImageWith(b, providerKey, { count: refs.length, param: 'referenceImages', mask: false }, async () => ({
    references: await Promise.all(refs.map((r, i) => resolveImage(r, `referenceImages.${i}`))),
  }));
}

/** The same from uploaded files (/v1/images/edits): the references' bytes are here already, checked by their signature. */
export function prepareImageUploads(b: ImageDraft, uploads: { references: Upload[]; mask?: Upload }, providerKey?: string): Promise<PreparedMedia> {
  const { references, mask } = uploads;
  return prepareImageWith(b, providerKey, { count: references.length, param: references[0]?.field ?? 'referenceImages', mask: !!mask }, async () => ({
    references: references.map((u) => imageInput(u.bytes, u.field, u.declared)),
    mask: mask && imageInput(mask.bytes, mask.field, mask.declared, MASK_TYPES),
  }));
}

async function prepareImageWith(
  b: ImageDraft,
  providerKey: string | undefined,
  refs: { count: number; param: string; mask: boolean },
  resolve: () => Promise<{ references: ResolvedInput[]; mask?: ResolvedInput }>,
): Promise<PreparedMedia> {
  const provider = b.provider as ProviderId;
  const adapter = adapterFor(provider, 'image', providerKey);
  if (refs.count > adapter.image.maxReferences) {
    const message = adapter.image.maxReferences
      ? `${provider} accepts at most ${adapter.image.maxReferences} reference images, got ${refs.count}`
      : `${provider} accepts no reference images, got ${refs.count}`;
    throw new ApiError('invalid_request', message, {
      code: 'TOO_MANY_REFERENCE_IMAGES',
      param: refs.param,
      fields: [{ path: `body.${refs.param}`, message: `must NOT have more than ${adapter.image.maxReferences} items for ${provider}` }],
    });
  }
  if (refs.mask && !adapter.image.masks) {
    throw new ApiError('invalid_request', `${provider} does not support a mask`, { code: 'unsupported_option', param: 'mask' });
  }
  const request: ImageRequest = {
    provider,
    model: modelOf(provider, 'image', b.model),
    prompt: b.prompt,
    n: b.n ?? 1,
    size: b.size,
    aspectRatio: b.aspectRatio,
    quality: b.quality,
    references: Array.from({ length: refs.count }, () => PENDING),
    ...(refs.mask ? { mask: PENDING } : {}),
  };
  checked(() => adapter.image.prepare(request));
  const resolved = await resolve();
  if (resolved.references.reduce((n, r) => n + r.bytes.length, 0) > MAX_REFERENCE_TOTAL) {
    throw new ApiError('invalid_request', `the reference images add up to more than ${MAX_REFERENCE_TOTAL} bytes`, { code: 'invalid_reference', param: refs.param });
  }
  const inputs = resolved.references.map((input, i) => ({ base: `reference-${i}`, input }));
  request.references = inputs.map((x) => stored(x.base, x.input));
  if (resolved.mask) {
    inputs.push({ base: 'mask', input: resolved.mask });
    request.mask = stored('mask', resolved.mask);
  }
  return { kind: 'image', provider, model: request.model, request, inputs, tag: b.tag };
}

export async function prepareVideo(b: Api.VideoRequest, providerKey?: string): Promise<PreparedMedia> {
  const provider = b.provider as ProviderId;
  const adapter = adapterFor(provider, 'video', providerKey);
  const draft = {
    provider,
    model: modelOf(provider, 'video', b.model),
    prompt: b.prompt,
    durationSeconds: b.durationSeconds,
    numberOfVideos: b.numberOfVideos ?? 1,
    aspectRatio: b.aspectRatio,
    resolution: b.resolution,
    image: b.imageUrl ? PENDING : undefined,
    lastFrame: b.lastFrameUrl ? PENDING : undefined,
  };
  const request = checked(() => adapter.video.prepare(draft));
  const inputs: PreparedMedia['inputs'] = [];
  if (b.imageUrl) inputs.push({ base: 'first-frame', input: await resolveImage(b.imageUrl, 'imageUrl') });
  if (b.lastFrameUrl) inputs.push({ base: 'last-frame', input: await resolveImage(b.lastFrameUrl, 'lastFrameUrl') });
  for (const x of inputs) request[x.base === 'first-frame' ? 'image' : 'lastFrame'] = stored(x.base, x.input);
  return { kind: 'video', provider, model: request.model, request, inputs, tag: b.tag };
}

export function prepareSpeech(b: SpeechDraft, providerKey?: string): PreparedMedia {
  const provider = b.provider as ProviderId;
  const adapter = adapterFor(provider, 'speech', providerKey);
  const request: SpeechRequest = {
    provider,
    model: modelOf(provider, 'speech', b.model),
    text: b.text,
    voiceId: b.voiceId,
    outputFormat: b.outputFormat,
    format: b.format,
    speed: b.speed,
    voiceSettings: b.voiceSettings,
    languageCode: b.languageCode,
    applyTextNormalization: b.applyTextNormalization,
    previousRequestIds: b.previousRequestIds,
  };
  checked(() => adapter.speech.prepare(request));
  return { kind: 'speech', provider, model: request.model, request, inputs: [], tag: b.tag };
}

export function prepareSoundEffect(b: Api.SoundEffectRequest, providerKey?: string): PreparedMedia {
  const provider = (b.provider ?? 'elevenlabs') as ProviderId;
  adapterFor(provider, 'soundEffect', providerKey);
  const request: SoundEffectRequest = {
    provider,
    model: modelOf(provider, 'soundEffect', b.model),
    text: b.text,
    durationSeconds: b.durationSeconds,
    promptInfluence: b.promptInfluence ?? 0.3,
    loop: b.loop ?? false,
  };
  return { kind: 'sound_effect', provider, model: request.model, request, inputs: [], tag: b.tag };
}

export function prepareMusic(b: Api.MusicRequest, providerKey?: string): PreparedMedia {
  const provider = (b.provider ?? 'elevenlabs') as ProviderId;
  adapterFor(provider, 'music', providerKey);
  const request: MusicRequest = {
    provider,
    model: modelOf(provider, 'music', b.model),
    prompt: b.prompt,
    durationMs: b.durationMs,
    forceInstrumental: b.forceInstrumental ?? false,
  };
  return { kind: 'music', provider, model: request.model, request, inputs: [], tag: b.tag };
}

export const MAX_DIALOGUE_VOICES = 10;

export function prepareDialogue(b: Api.DialogueRequest, providerKey?: string): PreparedMedia {
  const provider = (b.provider ?? 'elevenlabs') as ProviderId;
  adapterFor(provider, 'dialogue', providerKey);
  const voices = new Set(b.inputs.map((i) => i.voiceId));
  if (voices.size > MAX_DIALOGUE_VOICES) {
    throw new ApiError('invalid_request', `a dialogue may use at most ${MAX_DIALOGUE_VOICES} distinct voiceIds, got ${voices.size}`, {
      param: 'inputs',
      fields: [{ path: 'body.inputs', message: `must NOT have more than ${MAX_DIALOGUE_VOICES} distinct voiceIds` }],
    });
  }
  const only = defaultMediaModel(provider, 'dialogue')!;
  if (b.model && b.model !== only) {
    throw new ApiError('invalid_request', `only one dialogue model is supported: ${only}`, {
      code: 'unsupported_option',
      param: 'model',
      fields: [{ path: 'body.model', message: `must be ${only}` }],
    });
  }
  const request: DialogueRequest = {
    provider,
    model: only,
    inputs: b.inputs,
    outputFormat: b.outputFormat ?? 'mp3_44100_128',
    languageCode: b.languageCode,
    voiceSettings: b.voiceSettings,
    seed: b.seed,
    applyTextNormalization: b.applyTextNormalization,
  };
  return { kind: 'dialogue', provider, model: only, request, inputs: [], tag: b.tag };
}

export function prepareTranscription(b: Api.TranscriptionRequest, providerKey?: string): PreparedMedia {
  return prepareTranscriptionWith(b, providerKey, () => resolveAudio(b.audio, b.mimeType));
}

/** The same from an uploaded file (/v1/audio/transcriptions); its declared type is checked when it names one. */
export function prepareTranscriptionUpload(b: TranscriptionDraft, upload: Upload, providerKey?: string): PreparedMedia {
  return prepareTranscriptionWith(b, providerKey, () => audioInput(upload.bytes, upload.declared, { audio: upload.field, mimeType: upload.field }));
}

function prepareTranscriptionWith(b: TranscriptionDraft, providerKey: string | undefined, resolve: () => ResolvedInput): PreparedMedia {
  const provider = b.provider as ProviderId;
  const adapter = adapterFor(provider, 'transcription', providerKey);
  const request: TranscriptionRequest = {
    provider,
    model: modelOf(provider, 'transcription', b.model),
    audio: PENDING,
    language: b.language,
    diarize: b.diarize ?? false,
    numSpeakers: b.numSpeakers,
    timestampsGranularity: b.timestampsGranularity ?? 'word',
    tagAudioEvents: b.tagAudioEvents ?? false,
    ...(b.prompt !== undefined ? { prompt: b.prompt } : {}),
  };
  checked(() => adapter.transcription.prepare(request));
  const input = resolve();
  request.audio = stored('input', input);
  request.audioSeconds = audioSeconds(input.bytes, input.mimeType);
  return { kind: 'transcription', provider, model: request.model, request, inputs: [{ base: 'input', input }], tag: b.tag };
}

/**
 * Stores the inputs and the task; answers the queueId. Nothing is left behind
 * when the submit fails. `surface` names where a call other than the native
 * API came in (a /v1 endpoint): it goes on the usage row, and the task keeps
 * its failure in that protocol's terms too.
 */
export async function submitMedia(
  runtime: GatewayRuntime,
  keyId: string,
  prepared: PreparedMedia,
  providerKey?: string,
  opts: { id?: string; surface?: string; ticket?: Ticket | null } = {},
): Promise<string> {
  const queueId = opts.id ?? randomUUID();
  const store = mediaStore();
  // What the call reserved of its budgets leaves with the task, settled when it ends.
  const charges = opts.ticket?.hold();
  try {
    for (const { base, input } of prepared.inputs) await store.put(queueId, base, input.bytes);
    await runtime.queue.submit({
      id: queueId,
      keyId,
      kind: prepared.kind,
      provider: prepared.provider,
      model: prepared.model,
      stream: false,
      request: { request: prepared.request, ...(opts.surface ? { surface: opts.surface } : {}) },
      tag: prepared.tag,
      providerKey,
      ...(charges?.length ? { charges } : {}),
    });
  } catch (err) {
    opts.ticket?.unhold();
    await store.purge(queueId).catch(() => {});
    throw err;
  }
  return queueId;
}
