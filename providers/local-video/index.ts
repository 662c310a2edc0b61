// A local video runtime speaking the OpenAI videos protocol. No operation is
// built yet. One video at a time: a local GPU renders one clip at once.
import { local, type ProviderDescriptor } from '../types.ts';

export default {
  id: 'local-video',
  ...local('LOCAL_VIDEO', 'http://127.0.0.1:8000', 1),
  capabilities: {},
} satisfies ProviderDescriptor;
