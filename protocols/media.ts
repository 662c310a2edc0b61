// The canonical model of media generation and transcription: what every media
// front door (native /api now, /v1 later) maps to and what each provider's
// media adapter maps from. Inputs the customer gave (reference images, frames,
// audio) are resolved at submission and stored with the task; requests here
// carry them as stored files. Outputs are files in the task's storage.
import type { ProviderId } from './canonical.ts';

export type MediaKind = 'image' | 'video' | 'speech' | 'sound_effect' | 'music' | 'dialogue' | 'transcription';

/** A file the gateway already holds: a resolved input, or an output. */
export interface StoredMedia {
  /** File name in the task's storage directory. */
  file: string;
  mimeType: string;
  size: number;
}

export interface ImageRequest {
  provider: ProviderId;
  model: string;
  prompt: string;
  n: number;
  size?: string;
  aspectRatio?: string;
  quality?: 'standard' | 'hd' | 'ultra';
  references: StoredMedia[];
  /** A PNG whose transparent pixels mark where the first reference is edited (providers whose image adapter takes masks). */
  mask?: StoredMedia;
}

export interface VideoRequest {
  provider: ProviderId;
  model: string;
  prompt: string;
  /** Filled with the provider's default at submission. */
  durationSeconds: number;
  numberOfVideos: number;
  aspectRatio?: string;
  resolution?: string;
  /** local-video: the pixel size after snapping to the 64-pixel grid. */
  width?: number;
  height?: number;
  image?: StoredMedia;
  lastFrame?: StoredMedia;
}

export interface VoiceSettings {
  stability?: number;
  similarityBoost?: number;
  style?: number;
  useSpeakerBoost?: boolean;
}

/** Audio containers as the OpenAI speech protocol names them; pcm is 24 kHz 16-bit mono little-endian. */
export type SpeechFormat = 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';

export interface SpeechRequest {
  provider: ProviderId;
  model: string;
  text: string;
  voiceId?: string;
  /** elevenlabs' own `<codec>_<rate>[_<bitrate>]` (native API). */
  outputFormat?: string;
  /** A container the provider picks the encoding of (/v1); never together with outputFormat. */
  format?: SpeechFormat;
  /** Speaking rate, 1 = normal. */
  speed?: number;
  voiceSettings?: VoiceSettings;
  languageCode?: string;
  applyTextNormalization?: 'auto' | 'on' | 'off';
  previousRequestIds?: string[];
}

export interface SoundEffectRequest {
  provider: ProviderId;
  model: string;
  text: string;
  durationSeconds?: number;
  promptInfluence: number;
  loop: boolean;
}

export interface MusicRequest {
  provider: ProviderId;
  model: string;
  prompt: string;
  durationMs?: number;
  forceInstrumental: boolean;
}

export interface DialogueRequest {
  provider: ProviderId;
  model: string;
  inputs: Array<{ text: string; voiceId: string }>;
  outputFormat: string;
  languageCode?: string;
  voiceSettings?: VoiceSettings;
  seed?: number;
  applyTextNormalization?: 'auto' | 'on' | 'off';
}

export interface TranscriptionRequest {
  provider: ProviderId;
  model: string;
  audio: StoredMedia;
  /** The audio's duration in seconds where the container tells it (the billing unit). */
  audioSeconds?: number;
  language?: string;
  diarize: boolean;
  numSpeakers?: number;
  timestampsGranularity: 'word' | 'character';
  tagAudioEvents: boolean;
  /** Words to expect (local-audio restricts recognition to them). */
  prompt?: string;
}

export interface TranscriptionWord {
  text: string;
  start: number;
  end: number;
  type: 'word' | 'spacing' | 'audio_event';
  speakerId: string | null;
}

export interface Transcript {
  text: string;
  language: string | null;
  model: string;
  requestId?: string;
  words: TranscriptionWord[];
}

export interface Voice {
  voice_id: string;
  name: string;
  category: string;
  preview_url: string | null;
  labels: Record<string, string>;
}

/** Progress of a long task, as the status endpoint and the SSE stream show it. */
export interface TaskProgress {
  stage: 'submitted' | 'generating' | 'downloading' | 'marking' | 'completed';
  percent: number | null;
  polls?: number;
  updatedAt: string;
}
