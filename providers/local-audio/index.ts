// A local audio runtime speaking the OpenAI audio protocol
// (/v1/audio/speech, /v1/audio/transcriptions). No operation is built yet.
import { local, type ProviderDescriptor } from '../types.ts';

export default {
  id: 'local-audio',
  ...local('LOCAL_AUDIO', 'http://127.0.0.1:8880'),
  capabilities: {},
} satisfies ProviderDescriptor;
