// Helpers the media adapters share; the media types live in providers/types.ts
// beside the rest of what a provider is.
import type { StoredMedia } from '../protocols/media.ts';
import type { MediaCallContext, PollSettings } from './types.ts';

export { MediaRuleError } from './types.ts';
export type { MediaAdapter, MediaCallContext, PollSettings, VideoJob, VideoPoll } from './types.ts';

export function pollSettings(env: NodeJS.ProcessEnv = process.env): PollSettings {
  const num = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return { initialMs: num('MEDIA_POLL_INITIAL_MS', 2_000), maxMs: num('MEDIA_POLL_MAX_MS', 15_000), timeoutMs: num('MEDIA_POLL_TIMEOUT_MS', 20 * 60_000) };
}

/** Writes an upstream body to the task's storage as it arrives. */
export async function storeStream(ctx: MediaCallContext, base: string, body: AsyncIterable<Buffer>, mimeType?: string): Promise<StoredMedia> {
  const stored = await ctx.store.put(ctx.taskId, base, body, { mimeType });
  return { file: stored.name, mimeType: stored.mimeType, size: stored.size };
}
