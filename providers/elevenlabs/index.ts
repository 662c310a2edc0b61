// ElevenLabs: speech, sound effects, music, dialogue, transcription, voices and
// conversational agents. Listed and configurable; no operation is built yet.
import { hosted, type ProviderDescriptor } from '../types.ts';

export default {
  id: 'elevenlabs',
  ...hosted('ELEVENLABS', 'https://api.elevenlabs.io'),
  capabilities: {},
} satisfies ProviderDescriptor;
