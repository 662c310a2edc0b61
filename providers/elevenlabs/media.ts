// ElevenLabs: text to speech, sound effects, music, text to dialogue, speech
// to text and the voice library, each on its documented endpoint. Audio
// answers are streamed to storage; the output format travels as the
// `output_format` query parameter, the key as `xi-api-key`.
import type { Dispatcher } from 'undici';
import type { SpeechFormat, SpeechRequest, VoiceSettings, TranscriptionWord, Voice } from '../../protocols/media.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import { MediaRuleError, storeStream, type MediaAdapter, type MediaCallContext } from '../media.ts';
import { unsupported, type CallContext } from '../types.ts';
import { extensionOf, fields, multipart } from '../wire/multipart.ts';

const id = 'elevenlabs';
export const DEFAULT_VOICE = '21m00Tcm4TlvDq8ikWAM';

const headers = (ctx: CallContext) => ({ 'xi-api-key': requireKey(ctx) });

function voiceSettings(s: VoiceSettings | undefined, speed?: number) {
  if (!s && speed === undefined) return undefined;
  return { stability: s?.stability, similarity_boost: s?.similarityBoost, style: s?.style, use_speaker_boost: s?.useSpeakerBoost, speed };
}

// A container asked for by name (/v1) as the output_format that makes it; pcm
// and wav at 24 kHz, the rate OpenAI documents for its own pcm.
const FORMATS: Partial<Record<SpeechFormat, string>> = { mp3: 'mp3_44100_128', opus: 'opus_48000_128', wav: 'wav_24000', pcm: 'pcm_24000' };
const SPEED = { min: 0.7, max: 1.2 };

function outputFormatOf(req: SpeechRequest): string | undefined {
  return req.outputFormat ?? (req.format ? FORMATS[req.format] : undefined);
}

function header(h: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** POSTs JSON and streams the audio answer to storage. */
async function audioCall(ctx: MediaCallContext, path: string, outputFormat: string | undefined, body: Record<string, unknown>) {
  const query = outputFormat ? `?output_format=${encodeURIComponent(outputFormat)}` : '';
  // Billed per call: one attempt per answer received, retried only when none came (send's rules).
  const res = await send(id, ctx, { url: joinUrl(ctx.settings.baseUrl, `${path}${query}`), headers: headers(ctx), body: JSON.parse(JSON.stringify(body)), attempts: 2 });
  const mime = outputFormat?.startsWith('pcm_') ? 'audio/pcm' : outputFormat?.startsWith('ulaw_') ? 'audio/basic' : undefined;
  ctx.progress({ stage: 'downloading', percent: null });
  const file = await storeStream(ctx, 'audio-0', res.body, mime);
  return { file, headers: res.headers };
}

interface SttAnswer {
  language_code?: string;
  text?: string;
  words?: Array<{ text: string; start?: number; end?: number; type?: string; speaker_id?: string | null }>;
  transcription_id?: string;
}

interface VoicesAnswer {
  voices?: Array<{ voice_id: string; name?: string; category?: string; preview_url?: string | null; labels?: Record<string, string> }>;
}

export const elevenlabsMedia: MediaAdapter = {
  id,
  speech: {
    prepare(req) {
      if (req.format && req.outputFormat) throw new MediaRuleError('outputFormat and format both name the output: send one', 'outputFormat');
      if (req.format && !FORMATS[req.format]) throw unsupported(id, `${req.format} output`, 'it makes mp3, opus, wav and pcm', 'format');
      if (req.speed !== undefined && (req.speed < SPEED.min || req.speed > SPEED.max)) {
        throw new MediaRuleError(`elevenlabs speaks at a speed of ${SPEED.min} to ${SPEED.max}, not ${req.speed}`, 'speed');
      }
    },
    async synthesize(req, ctx) {
      const { file, headers: h } = await audioCall(ctx, `v1/text-to-speech/${encodeURIComponent(req.voiceId ?? DEFAULT_VOICE)}`, outputFormatOf(req), {
        text: req.text,
        model_id: req.model,
        language_code: req.languageCode,
        voice_settings: voiceSettings(req.voiceSettings, req.speed),
        previous_request_ids: req.previousRequestIds,
        apply_text_normalization: req.applyTextNormalization,
      });
      const count = Number(header(h, 'x-character-count'));
      return { file, characterCount: Number.isFinite(count) ? count : req.text.length, requestId: header(h, 'request-id') };
    },
  },
  soundEffect: {
    async generate(req, ctx) {
      const { file } = await audioCall(ctx, 'v1/sound-generation', undefined, {
        text: req.text,
        model_id: req.model,
        duration_seconds: req.durationSeconds,
        prompt_influence: req.promptInfluence,
        loop: req.loop,
      });
      return { file };
    },
  },
  music: {
    async generate(req, ctx) {
      const { file } = await audioCall(ctx, 'v1/music', undefined, {
        prompt: req.prompt,
        model_id: req.model,
        music_length_ms: req.durationMs,
        force_instrumental: req.forceInstrumental,
      });
      return { file };
    },
  },
  dialogue: {
    async generate(req, ctx) {
      const { file, headers: h } = await audioCall(ctx, 'v1/text-to-dialogue', req.outputFormat, {
        inputs: req.inputs.map((i) => ({ text: i.text, voice_id: i.voiceId })),
        model_id: req.model,
        language_code: req.languageCode,
        settings: voiceSettings(req.voiceSettings),
        seed: req.seed,
        apply_text_normalization: req.applyTextNormalization,
      });
      const count = Number(header(h, 'x-character-count'));
      return { file, characterCount: Number.isFinite(count) ? count : undefined };
    },
  },
  transcription: {
    prepare(req) {
      if (req.prompt !== undefined) throw unsupported(id, 'prompt', 'speech to text takes no vocabulary hint', 'prompt');
    },
    async transcribe(req, ctx) {
      const form = multipart([
        ...fields({
          model_id: req.model,
          language_code: req.language,
          diarize: req.diarize,
          num_speakers: req.numSpeakers,
          timestamps_granularity: req.timestampsGranularity,
          tag_audio_events: req.tagAudioEvents,
        }),
        { name: 'file', filename: `audio.${extensionOf(req.audio.mimeType)}`, contentType: req.audio.mimeType, data: await ctx.read(req.audio) },
      ]);
      const res = await sendJson<SttAnswer>(id, ctx, {
        url: joinUrl(ctx.settings.baseUrl, 'v1/speech-to-text'),
        headers: { ...headers(ctx), 'content-type': form.contentType },
        body: form.body,
        attempts: 2,
      });
      const words: TranscriptionWord[] = (res.words ?? []).map((w) => ({
        text: w.text,
        start: w.start ?? 0,
        end: w.end ?? w.start ?? 0,
        type: w.type === 'spacing' || w.type === 'audio_event' ? w.type : 'word',
        speakerId: w.speaker_id ?? null,
      }));
      return { text: res.text ?? '', language: res.language_code ?? req.language ?? null, model: req.model, requestId: res.transcription_id, words };
    },
  },
  async voices(ctx) {
    const res = await sendJson<VoicesAnswer>(id, ctx, { url: joinUrl(ctx.settings.baseUrl, 'v1/voices'), headers: headers(ctx) });
    return (res.voices ?? []).map(
      (v): Voice => ({ voice_id: v.voice_id, name: v.name ?? v.voice_id, category: v.category ?? 'premade', preview_url: v.preview_url ?? null, labels: v.labels ?? {} }),
    );
  },
};
