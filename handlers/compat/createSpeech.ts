// POST /v1/audio/speech: the native speech task, waited for, answered with the audio file itself.
import type { Handler } from '../types.ts';
import type { CreateSpeechData } from '../../generated/compat/types.gen.ts';
import type { Cost } from '../../protocols/canonical.ts';
import { fromSpeechRequest } from '../../protocols/audio.ts';
import { prepareSpeech } from '../../core/media/prepare.ts';
import { answerFile, runMediaTask, setCostHeader } from './_media.ts';

const SPEECH_PARAMS = { text: 'input', voiceId: 'voice', outputFormat: 'response_format', format: 'response_format' };

const createSpeech: Handler<CreateSpeechData> = async (ctx, { body }) => {
  const task = await runMediaTask(ctx, 'audio.speech', SPEECH_PARAMS, (caller) => prepareSpeech(fromSpeechRequest(body), caller.providerKey));
  const result = task.result as { audio: { $file: string; size: number }; mimeType: string; cost: Cost };
  setCostHeader(ctx, result.cost);
  answerFile(ctx, task, result.audio, result.mimeType);
};

export default createSpeech;
