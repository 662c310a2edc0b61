// The OpenAI videos protocol, as local video runtimes speak it:
// POST videos (multipart: prompt, model, seconds, size, input_reference),
// GET videos/{id} (status queued | in_progress | completed | failed, progress
// 0-100), GET videos/{id}/content (the MP4).
import type { ProviderId } from '../../protocols/canonical.ts';
import type { VideoRequest } from '../../protocols/media.ts';
import { joinUrl, send, sendJson } from '../transport/http.ts';
import { storeStream, type MediaCallContext, type VideoJob, type VideoPoll } from '../media.ts';
import { ProviderError, type CallContext } from '../types.ts';
import { extensionOf, fields, multipart } from './multipart.ts';

interface VideoObject {
  id?: string;
  status?: string;
  progress?: number;
  seconds?: string;
  model?: string;
  error?: { message?: string; code?: string } | null;
}

function auth(ctx: CallContext): Record<string, string> {
  return ctx.settings.apiKey ? { authorization: `Bearer ${ctx.settings.apiKey}` } : {};
}

export async function createVideo(provider: ProviderId, req: VideoRequest, ctx: MediaCallContext): Promise<VideoJob> {
  const form = multipart([
    ...fields({ model: req.model, prompt: req.prompt, seconds: req.durationSeconds, size: req.width && req.height ? `${req.width}x${req.height}` : undefined }),
    ...(req.image ? [{ name: 'input_reference', filename: `frame.${extensionOf(req.image.mimeType)}`, contentType: req.image.mimeType, data: await ctx.read(req.image) }] : []),
  ]);
  const video = await sendJson<VideoObject>(provider, ctx, {
    url: joinUrl(ctx.settings.baseUrl, 'videos'),
    headers: { ...auth(ctx), 'content-type': form.contentType },
    body: form.body,
    attempts: 1,
  });
  if (!video.id) throw new ProviderError(provider, 'upstream_error', `${provider} created a video without an id`);
  return { id: video.id };
}

export async function pollVideo(provider: ProviderId, job: VideoJob, ctx: MediaCallContext): Promise<VideoPoll> {
  const video = await sendJson<VideoObject>(provider, ctx, { url: joinUrl(ctx.settings.baseUrl, `videos/${encodeURIComponent(job.id)}`), headers: auth(ctx) });
  if (video.status === 'failed') return { state: 'failed', message: video.error?.message ?? 'the runtime reported failure' };
  if (video.status !== 'completed') return { state: 'running', percent: typeof video.progress === 'number' ? video.progress : undefined };
  ctx.progress({ stage: 'downloading', percent: 100 });
  const content = await send(provider, ctx, { url: joinUrl(ctx.settings.baseUrl, `videos/${encodeURIComponent(job.id)}/content`), headers: auth(ctx) });
  const file = await storeStream(ctx, 'video-0', content.body, 'video/mp4');
  const seconds = Number(video.seconds);
  return { state: 'done', files: [file], durationSeconds: Number.isFinite(seconds) ? seconds : undefined, model: video.model };
}
