// A local video runtime speaking the OpenAI videos protocol (media.ts), whose
// routes live under /v1 (/v1/videos) as OpenAI's do, so the default base URL
// carries it. One video at a time: a local GPU renders one clip at once.
import { local, type ProviderDescriptor } from '../types.ts';
import { localVideoMedia } from './media.ts';

export default {
  id: 'local-video',
  ...local('LOCAL_VIDEO', 'http://127.0.0.1:8000/v1', 1),
  capabilities: { videoGeneration: true },
  media: localVideoMedia,
} satisfies ProviderDescriptor;
