// A local audio runtime speaking the OpenAI audio protocol
// (/v1/audio/speech, /v1/audio/transcriptions): `npm run local-audio`, or any
// server that speaks it (media.ts).
import { local, type ProviderDescriptor } from '../types.ts';
import { localAudioMedia } from './media.ts';

export default {
  id: 'local-audio',
  ...local('LOCAL_AUDIO', 'http://127.0.0.1:8880'),
  capabilities: { textToSpeech: true, speechToText: true },
  media: localAudioMedia,
} satisfies ProviderDescriptor;
