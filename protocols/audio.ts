// The OpenAI audio protocol (POST /v1/audio/speech, and the text fields of
// /v1/audio/transcriptions) <-> the native speech and transcription requests
// and results. Every field of the protocol is mapped or refused here.
import type { AudioRequest, TranscriptionRequest as NativeTranscriptionRequest } from '../generated/gateway/types.gen.ts';
import type { Cost } from './canonical.ts';
import type { SpeechFormat, TranscriptionWord } from './media.ts';
import { invalid, isObject, object, optBoolean, optNumber, optString, parseModelRef, refusedOption, string, type Json } from './compat.ts';

/** The native speech request with the container and speed this protocol asks for. */
export type SpeechDraft = AudioRequest & { format?: SpeechFormat; speed?: number };

const SPEECH_FORMATS: ReadonlySet<string> = new Set<SpeechFormat>(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);

export function fromSpeechRequest(input: unknown): SpeechDraft {
  const body = object(input, 'body');
  if (body.instructions != null) throw refusedOption('instructions', 'no provider takes voice instructions');
  if (optString(body.stream_format, 'stream_format') === 'sse') throw refusedOption('stream_format', 'sse: the answer is the audio file');
  const { provider, model } = parseModelRef(body.model);
  const text = string(body.input, 'input');
  if (!text) throw invalid('input', 'input must not be empty');
  const voice = isObject(body.voice) ? string(body.voice.id, 'voice.id') : string(body.voice, 'voice');
  if (!voice) throw invalid('voice', 'voice must not be empty');
  const format = optString(body.response_format, 'response_format');
  if (format !== undefined && !SPEECH_FORMATS.has(format)) throw invalid('response_format', 'response_format must be mp3, opus, aac, flac, wav or pcm');
  const speed = optNumber(body.speed, 'speed');
  if (speed !== undefined && (speed < 0.25 || speed > 4)) throw invalid('speed', 'speed must be between 0.25 and 4');
  return {
    provider: provider as AudioRequest['provider'],
    model,
    text,
    voiceId: voice,
    ...(format !== undefined ? { format: format as SpeechFormat } : {}),
    ...(speed !== undefined ? { speed } : {}),
  };
}

/** The native transcription request without its audio (the uploaded file), with this protocol's prompt. */
export type TranscriptionDraft = Omit<NativeTranscriptionRequest, 'audio' | 'mimeType'> & { prompt?: string };

export type TranscriptionFormat = 'json' | 'text' | 'verbose_json';

export interface TranscriptionCall {
  draft: TranscriptionDraft;
  format: TranscriptionFormat;
  /** verbose_json lists words (timestamp_granularities has `word`). */
  words: boolean;
}

// Fields of the protocol no provider gets through the gateway, with the reason the caller reads.
const REFUSED_TRANSCRIPTION: Record<string, string> = {
  include: 'no log probabilities come back from the providers',
  chunking_strategy: 'the audio is sent whole',
  keywords: 'no keyword hints reach the providers (local-audio takes a prompt)',
  languages: 'name one language',
  known_speaker_names: 'speaker references are not forwarded',
  known_speaker_references: 'speaker references are not forwarded',
};

const TRANSCRIPTION_FORMATS: ReadonlySet<string> = new Set(['json', 'text', 'verbose_json', 'srt', 'vtt', 'diarized_json']);

function list(value: unknown): unknown[] {
  if (value == null) return [];
  return Array.isArray(value) ? value : [value];
}

export function fromTranscriptionRequest(input: unknown): TranscriptionCall {
  const body = object(input, 'body');
  for (const field in REFUSED_TRANSCRIPTION) {
    if (body[field] != null && list(body[field]).length) throw refusedOption(field, REFUSED_TRANSCRIPTION[field]!);
  }
  if (optBoolean(body.stream, 'stream')) throw refusedOption('stream', 'transcripts are answered whole');
  const temperature = optNumber(body.temperature, 'temperature');
  if (temperature !== undefined && temperature !== 0) throw refusedOption('temperature', 'no provider takes a sampling temperature; 0 (the default) only');
  const format = optString(body.response_format, 'response_format') ?? 'json';
  if (!TRANSCRIPTION_FORMATS.has(format)) throw invalid('response_format', 'response_format must be json, text or verbose_json');
  if (format !== 'json' && format !== 'text' && format !== 'verbose_json') {
    throw refusedOption('response_format', `${format}: the providers give word timings, not the segments it is made of; ask for json, text or verbose_json`);
  }
  const granularities = list(body.timestamp_granularities).map((g, i) => string(g, `timestamp_granularities[${i}]`));
  if (granularities.includes('segment')) throw refusedOption('timestamp_granularities', 'segment: the providers give word timings only');
  const { provider, model } = parseModelRef(body.model);
  const language = optString(body.language, 'language');
  const prompt = optString(body.prompt, 'prompt');
  return {
    draft: {
      provider: provider as TranscriptionDraft['provider'],
      model,
      ...(language !== undefined ? { language } : {}),
      ...(prompt !== undefined ? { prompt } : {}),
    },
    format,
    words: granularities.includes('word'),
  };
}

/** The native transcription result. */
export interface TranscriptionResult {
  text: string;
  language: string | null;
  words: TranscriptionWord[];
  cost: Cost;
}

/** The answer in the asked format: JSON for json and verbose_json, the bare text for text. */
export function toTranscription(result: TranscriptionResult, call: Pick<TranscriptionCall, 'format' | 'words'>, seconds: number, language?: string): Json | string {
  if (call.format === 'text') return result.text;
  const usage = { type: 'duration', seconds };
  if (call.format === 'json') return { text: result.text, usage, cost: result.cost };
  return {
    task: 'transcribe',
    language: result.language ?? language ?? 'unknown',
    duration: seconds,
    text: result.text,
    ...(call.words ? { words: result.words.filter((w) => w.type === 'word').map((w) => ({ word: w.text, start: w.start, end: w.end })) } : {}),
    usage,
    cost: result.cost,
  };
}
