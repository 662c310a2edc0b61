// POST /v1/audio/transcriptions: a multipart audio file as the native
// transcription task, waited for, answered as json, text or verbose_json.
import type { Handler } from '../types.ts';
import type { CreateTranscriptionData } from '../../generated/compat/types.gen.ts';
import { fromTranscriptionRequest, toTranscription, type TranscriptionCall, type TranscriptionResult } from '../../protocols/audio.ts';
import type { TranscriptionRequest } from '../../protocols/media.ts';
import { prepareTranscriptionUpload } from '../../core/media/prepare.ts';
import { MAX_AUDIO_BYTES } from '../../core/media/inputs.ts';
import { transcribedSeconds } from '../../core/tasks/media.ts';
import { ApiError } from '../../protocols/errors.ts';
import { readForm } from './_multipart.ts';
import { asCompatError, runMediaTask, setCostHeader } from './_media.ts';

const TRANSCRIPTION_PARAMS = { audio: 'file', mimeType: 'file' };

const createTranscription: Handler<CreateTranscriptionData> = async (ctx) => {
  let call: TranscriptionCall;
  let file;
  try {
    const form = await readForm(ctx, { fileBytes: MAX_AUDIO_BYTES, totalBytes: MAX_AUDIO_BYTES, files: 1 });
    file = form.files.file?.[0];
    if (!file) throw new ApiError('invalid_request', 'file is required: the audio to transcribe, as a file part', { param: 'file', code: 'invalid_request' });
    call = fromTranscriptionRequest(form.body);
  } catch (err) {
    throw asCompatError(err, TRANSCRIPTION_PARAMS);
  }
  const upload = { field: 'file', bytes: file.bytes, declared: file.declared };
  const task = await runMediaTask(ctx, 'audio.transcriptions', TRANSCRIPTION_PARAMS, (caller) => prepareTranscriptionUpload(call.draft, upload, caller.providerKey));
  const result = task.result as TranscriptionResult;
  const seconds = transcribedSeconds((task.request as { request: TranscriptionRequest }).request, result.words);
  const answer = toTranscription(result, call, seconds, call.draft.language);
  setCostHeader(ctx, result.cost);
  ctx.status = 200;
  if (typeof answer === 'string') {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = answer;
  } else ctx.body = answer;
};

export default createTranscription;
