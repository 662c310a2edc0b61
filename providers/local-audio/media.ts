// The local audio runtime (npm run local-audio, or any server speaking the
// OpenAI audio protocol). Only what that protocol carries: text, model, voice,
// wav or pcm, speed, and a prompt for transcription; ElevenLabs' options are
// refused by name.
import type { MediaAdapter } from '../media.ts';
import { unsupported } from '../types.ts';
import { speech, transcription, voices } from '../wire/openaiAudio.ts';

const id = 'local-audio';
export const DEFAULT_LOCAL_VOICE = 'alloy';

export const localAudioMedia: MediaAdapter = {
  id,
  speech: {
    prepare(req) {
      for (const option of ['outputFormat', 'voiceSettings', 'applyTextNormalization', 'previousRequestIds', 'languageCode'] as const) {
        if (req[option] !== undefined) throw unsupported(id, option, 'the OpenAI audio protocol has no such field', option);
      }
      if (req.format && req.format !== 'wav' && req.format !== 'pcm') throw unsupported(id, `${req.format} output`, 'the offline runtime makes wav and pcm', 'format');
    },
    async synthesize(req, ctx) {
      const file = await speech(id, ctx, { model: req.model, input: req.text, voice: req.voiceId ?? DEFAULT_LOCAL_VOICE, response_format: req.format ?? 'wav', speed: req.speed });
      return { file, characterCount: req.text.length };
    },
  },
  transcription: {
    prepare(req) {
      if (req.diarize) throw unsupported(id, 'diarize', '', 'diarize');
      if (req.numSpeakers !== undefined) throw unsupported(id, 'numSpeakers', '', 'numSpeakers');
      if (req.tagAudioEvents) throw unsupported(id, 'tagAudioEvents', '', 'tagAudioEvents');
      if (req.timestampsGranularity === 'character') throw unsupported(id, 'timestampsGranularity character', 'word timestamps only', 'timestampsGranularity');
    },
    async transcribe(req, ctx) {
      const t = await transcription(id, ctx, { model: req.model, audio: req.audio, language: req.language, prompt: req.prompt });
      // verbose_json names the language ("english"); the contract wants a code, which only the request knows.
      return { ...t, language: req.language ?? null };
    },
  },
  voices: (ctx) => voices(id, ctx),
};
