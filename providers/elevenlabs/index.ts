// ElevenLabs: speech, sound effects, music, dialogue, transcription and voices
// (media.ts). Conversational agents are not built yet.
import { hosted, type ProviderDescriptor } from '../types.ts';
import { elevenlabsMedia } from './media.ts';

export default {
  id: 'elevenlabs',
  ...hosted('ELEVENLABS', 'https://api.elevenlabs.io'),
  capabilities: { textToSpeech: true, speechToText: true, soundEffects: true, musicGeneration: true, dialogue: true },
  media: elevenlabsMedia,
} satisfies ProviderDescriptor;
