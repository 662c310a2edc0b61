// Runs one queued media task: the provider call (or, for video, the submit
// once and the polling), the outputs streamed to storage and marked, cost and
// usage, progress for the status endpoint and the SSE stream. A video task
// stores its provider job before polling, so a task run again after its
// worker died resumes the same job instead of paying for a second one.
import { open, readFile, rm } from 'node:fs/promises';
import type { ProviderId } from '../../protocols/canonical.ts';
import type {
  DialogueRequest,
  ImageRequest,
  MusicRequest,
  SoundEffectRequest,
  SpeechRequest,
  StoredMedia,
  TaskProgress,
  TranscriptionRequest,
  VideoRequest,
} from '../../protocols/media.ts';
import type { TaskRow } from '../../db/gateway/getTask.ts';
import type { TaskError, TaskOutcome } from '../../db/gateway/finishTask.ts';
import { deleteChunks } from '../../db/gateway/deleteChunks.ts';
import { setTaskProgress } from '../../db/gateway/setTaskProgress.ts';
import { saveTaskCheckpoint } from '../../db/gateway/saveTaskCheckpoint.ts';
import type { UsageRecord } from '../../db/gateway/insertUsage.ts';
import { mediaAdapterOf } from '../../providers/registry.ts';
import { MediaRuleError, pollSettings, type MediaAdapter, type MediaCallContext } from '../../providers/media.ts';
import { pollUntilDone } from '../../providers/wire/longRunning.ts';
import { unitCost, type Cost, type MediaUnits } from '../../pricing/cost.ts';
import { mediaStore, type FileRef, type MediaStore } from '../../media/store.ts';
import { markFile, type MarkingOutcome } from '../../media/marking/index.ts';
import { audioSeconds } from '../../media/duration.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ChunkWriter } from '../../jobs/chunkWriter.ts';
import { toApiError, type ErrorDialect } from '../errors.ts';
import type { Caller } from '../providerCall.ts';
import { onDeployment } from '../deployments.ts';
import { callerOfTask, type Finish, type RunDeps } from './types.ts';
import { unitUsage } from '../unitUsage.ts';

// Media calls answer slowly (minutes of music, large images): the upstream deadline between bytes.
const MEDIA_TIMEOUT_MS = 600_000;

interface Metadata {
  aiContentMarking: boolean;
  aiContentMarkingDetails: Array<Omit<MarkingOutcome, 'method'> & { method?: string }>;
}

function ref(file: StoredMedia): FileRef {
  return { $file: file.file, size: file.size };
}

/** Marks each output in place; answers the files with their new sizes and what was done. */
async function mark(store: MediaStore, taskId: string, files: StoredMedia[], creator: string): Promise<{ files: StoredMedia[]; metadata: Metadata }> {
  const out: StoredMedia[] = [];
  const details: Metadata['aiContentMarkingDetails'] = [];
  for (const file of files) {
    const { size, ...outcome } = await markFile(store.path(taskId, file.file), file.mimeType, { creator });
    out.push({ ...file, size });
    details.push(outcome);
  }
  return { files: out, metadata: { aiContentMarking: details.length > 0 && details.every((d) => d.action !== 'none'), aiContentMarkingDetails: details } };
}

/** Where the task came in: the native API, or the /v1 endpoint that waits on it. */
function surfaceOf(task: TaskRow): string | undefined {
  return (task.request as { surface?: string }).surface;
}

function usageOf(task: TaskRow, caller: Caller, cost: Cost, deployment: string | undefined): UsageRecord {
  return unitUsage({ ...caller, taskId: task.id, kind: task.kind, surface: surfaceOf(task) ?? 'native', provider: task.provider, model: task.model ?? undefined, cost, deployment });
}

async function secondsOfOutput(store: MediaStore, taskId: string, file: StoredMedia): Promise<number | undefined> {
  if (file.mimeType !== 'audio/mpeg' && file.mimeType !== 'audio/wav') return undefined;
  // MP3 bitrate and WAV byte rate are in the first frames; the size does the rest.
  const handle = await open(store.path(taskId, file.file), 'r');
  try {
    const head = Buffer.alloc(Math.min(file.size, 256 * 1024));
    await handle.read(head, 0, head.length, 0);
    return audioSeconds(head, file.mimeType, file.size);
  } finally {
    await handle.close();
  }
}

type Runner = (o: {
  task: TaskRow;
  adapter: MediaAdapter;
  ctx: MediaCallContext;
  store: MediaStore;
  price: (units: MediaUnits, quality?: ImageRequest['quality']) => Cost;
  deps: RunDeps;
  /** The provider's deployment (switchyard.yaml) the call runs on, when it has them. */
  deployment: string | undefined;
}) => Promise<Record<string, unknown> & { cost: Cost }>;

const creatorOf = (task: TaskRow) => `${task.provider} ${task.model ?? ''} via Switchyard`.trim();

const RUNNERS: Record<string, Runner> = {
  async image({ task, adapter, ctx, store, price }) {
    const req = (task.request as { request: ImageRequest }).request;
    const out = await adapter.image!.generate(req, ctx);
    ctx.progress({ stage: 'marking', percent: null });
    const { files, metadata } = await mark(store, task.id, out.files, creatorOf(task));
    return {
      images: files.map((f) => ({ data: ref(f), mimeType: f.mimeType })),
      model: req.model,
      provider: req.provider,
      metadata,
      cost: price({ images: files.length }, req.quality),
    };
  },

  async video({ task, adapter, ctx, store, price, deps, deployment }) {
    const req = (task.request as { request: VideoRequest }).request;
    let job = task.checkpoint?.job;
    if (!job) {
      job = await adapter.video!.submit(req, ctx);
      // The job lives on the deployment that took it: a run after a restart polls that one.
      await saveTaskCheckpoint(deps.db, task.id, { job, submittedAt: new Date().toISOString(), ...(deployment === undefined ? {} : { deployment }) });
    }
    ctx.progress({ stage: 'submitted', percent: null, polls: 0 });
    const done = await pollUntilDone(req.provider, job, req, ctx, adapter.video!.poll);
    ctx.progress({ stage: 'marking', percent: 100 });
    const { files, metadata } = await mark(store, task.id, done.files, creatorOf(task));
    const seconds = done.durationSeconds ?? req.durationSeconds;
    return {
      videos: files.map((f) => ({ data: ref(f), mimeType: f.mimeType })),
      model: req.model,
      provider: req.provider,
      durationSeconds: seconds,
      metadata,
      cost: price({ seconds: seconds * files.length }),
    };
  },

  async speech({ task, adapter, ctx, store, price }) {
    const req = (task.request as { request: SpeechRequest }).request;
    const out = await adapter.speech!.synthesize(req, ctx);
    const { files, metadata } = await mark(store, task.id, [out.file], creatorOf(task));
    const characterCount = out.characterCount ?? req.text.length;
    return {
      audio: ref(files[0]!),
      mimeType: files[0]!.mimeType,
      model: req.model,
      characterCount,
      ...(out.requestId ? { requestId: out.requestId } : {}),
      metadata,
      cost: price({ characters: characterCount }),
    };
  },

  async sound_effect({ task, adapter, ctx, store, price }) {
    const req = (task.request as { request: SoundEffectRequest }).request;
    const out = await adapter.soundEffect!.generate(req, ctx);
    const { files, metadata } = await mark(store, task.id, [out.file], creatorOf(task));
    return { audio: ref(files[0]!), mimeType: files[0]!.mimeType, durationSeconds: req.durationSeconds ?? null, model: req.model, metadata, cost: price({ generations: 1 }) };
  },

  async music({ task, adapter, ctx, store, price }) {
    const req = (task.request as { request: MusicRequest }).request;
    const out = await adapter.music!.generate(req, ctx);
    const { files, metadata } = await mark(store, task.id, [out.file], creatorOf(task));
    // Billed per minute: the requested length, else what the file plays for.
    const seconds = req.durationMs !== undefined ? req.durationMs / 1000 : await secondsOfOutput(store, task.id, files[0]!);
    return { audio: ref(files[0]!), mimeType: files[0]!.mimeType, durationMs: req.durationMs ?? null, model: req.model, metadata, cost: price({ seconds: seconds ?? 0 }) };
  },

  async dialogue({ task, adapter, ctx, store, price }) {
    const req = (task.request as { request: DialogueRequest }).request;
    const out = await adapter.dialogue!.generate(req, ctx);
    const { files, metadata } = await mark(store, task.id, [out.file], creatorOf(task));
    const characters = out.characterCount ?? req.inputs.reduce((n, i) => n + i.text.length, 0);
    return {
      audio: ref(files[0]!),
      mimeType: files[0]!.mimeType,
      model: req.model,
      voiceIds: [...new Set(req.inputs.map((i) => i.voiceId))],
      metadata,
      cost: price({ characters }),
    };
  },

  async transcription({ task, adapter, ctx, price }) {
    const req = (task.request as { request: TranscriptionRequest }).request;
    const t = await adapter.transcription!.transcribe(req, ctx);
    const seconds = transcribedSeconds(req, t.words);
    return {
      text: t.text,
      language: t.language,
      model: t.model,
      provider: req.provider,
      ...(t.requestId ? { requestId: t.requestId } : {}),
      words: t.words,
      cost: price({ seconds }),
    };
  },
};

/** A transcription is billed by the audio's length: from its container, else from the last word heard. */
export function transcribedSeconds(req: Pick<TranscriptionRequest, 'audioSeconds'>, words: ReadonlyArray<{ end: number }>): number {
  return req.audioSeconds ?? words.reduce((end, w) => Math.max(end, w.end), 0);
}

export const MEDIA_KINDS = Object.keys(RUNNERS);

export function isMediaKind(kind: string): boolean {
  return Object.hasOwn(RUNNERS, kind);
}

function failure(err: unknown, dialect: ErrorDialect = 'native'): ApiError {
  if (err instanceof MediaRuleError) return new ApiError('invalid_request', err.message, { param: err.param });
  return toApiError(err, dialect);
}

/** The task's error; a task a /v1 call waits on keeps the protocol's answer too (its status may differ from the native one). */
function taskError(task: TaskRow, err: unknown, apiError: ApiError): TaskError {
  const error: TaskError = { message: apiError.message, code: apiError.code };
  if (surfaceOf(task) === undefined) return error;
  const compat = failure(err, 'openai');
  return { ...error, compat: { kind: compat.kind, code: compat.code, status: compat.status, ...(compat.param ? { param: compat.param } : {}) } };
}

export async function runMediaTask(deps: RunDeps, task: TaskRow, signal: AbortSignal, finish: Finish): Promise<void> {
  const store = mediaStore();
  const provider = task.provider as ProviderId;
  const caller: Caller = callerOfTask(task);
  const writer = new ChunkWriter(deps.db, deps.notifier, task.id);
  // A task run again after its worker died starts its progress stream over.
  if (task.attempts > 1) await deleteChunks(deps.db, task.id);
  let progressWrites = Promise.resolve();
  const base = {
    timeoutMs: MEDIA_TIMEOUT_MS,
    taskId: task.id,
    store,
    read: (media: StoredMedia) => readFile(store.path(task.id, media.file)),
    progress(p: Omit<TaskProgress, 'updatedAt'>) {
      const full: TaskProgress = { ...p, updatedAt: new Date().toISOString() };
      writer.write('progress', full);
      progressWrites = progressWrites.then(() => setTaskProgress(deps.db, task.id, full)).catch((err) => deps.log.warn({ err, taskId: task.id }, 'could not record progress'));
    },
    poll: pollSettings(),
  };
  const request = (task.request as { request: { references?: StoredMedia[]; image?: StoredMedia; lastFrame?: StoredMedia; audio?: StoredMedia } }).request;
  const inputs = [...(request.references ?? []), request.image, request.lastFrame, request.audio].filter((m): m is StoredMedia => !!m);

  let outcome: TaskOutcome;
  try {
    const adapter = mediaAdapterOf(provider);
    const run = RUNNERS[task.kind];
    if (!adapter || !run) throw new ApiError('internal', `no ${task.kind} runner for ${provider}`, { code: 'internal_error' });
    const price = (units: MediaUnits, quality?: ImageRequest['quality']) => unitCost(provider, task.model ?? '', units, { byok: caller.providerKey !== undefined, quality });
    const pinned = (task.checkpoint as { deployment?: string } | null | undefined)?.deployment;
    const { value: result, deployment } = await onDeployment(
      provider,
      task.model ?? '',
      caller,
      signal,
      (call, deployment) => run({ task, adapter, ctx: { ...call.context(signal), ...base }, store, price, deps, deployment }),
      pinned,
    );
    base.progress({ stage: 'completed', percent: 100 });
    outcome = { status: 'completed', result, usage: usageOf(task, caller, result.cost, deployment) };
  } catch (err) {
    if (signal.aborted) {
      // Cancelled: the cancel wrote the task's end; its files go now.
      await writer.flush().catch(() => {});
      await store.purge(task.id);
      return;
    }
    const apiError = failure(err);
    if (apiError.kind === 'internal') deps.log.error({ err, taskId: task.id }, 'media task failed');
    outcome = { status: 'error', error: taskError(task, err, apiError) };
  }
  await progressWrites;
  // The stream's end event speaks the native API only.
  writer.write('end', { status: outcome.status, ...(outcome.status === 'error' ? { error: { message: outcome.error.message, code: outcome.error.code } } : {}) });
  await writer.flush().catch((err) => deps.log.warn({ err, taskId: task.id }, 'could not record the stream end'));
  const ended = await finish(outcome);
  if (outcome.status !== 'completed' || !ended) await store.purge(task.id);
  else await Promise.all(inputs.map((m) => rm(store.path(task.id, m.file), { force: true })));
}
