// ElevenLabs: speech, sound effects, music, dialogue, transcription and voices
// (media.ts), and conversational voice agents (agents.ts).
import { hosted, type ProviderDescriptor } from '../types.ts';
import { elevenlabsAgents } from './agents.ts';
import { elevenlabsMedia } from './media.ts';

export default {
  id: 'elevenlabs',
  ...hosted('ELEVENLABS', 'https://api.elevenlabs.io'),
  capabilities: { textToSpeech: true, speechToText: true, soundEffects: true, musicGeneration: true, dialogue: true, conversationalAgents: true },
  media: elevenlabsMedia,
  agents: elevenlabsAgents,
} satisfies ProviderDescriptor;
