// A local audio runtime speaking the OpenAI audio protocol
// (/v1/audio/speech, /v1/audio/transcriptions): `npm run local-audio`, or any
// server that speaks it (media.ts). The default base URL carries the /v1 those
// routes live under, as OpenAI's own does; a base URL given without a path
// gets it too.
import { local, type ProviderDescriptor } from '../types.ts';
import { localAudioMedia } from './media.ts';

export default {
  id: 'local-audio',
  ...local('LOCAL_AUDIO', 'http://127.0.0.1:8880/v1'),
  capabilities: { textToSpeech: true, speechToText: true },
  media: localAudioMedia,
} satisfies ProviderDescriptor;
