// xAI Grok Imagine: image generations and edits (JSON, references as data
// URIs), and video generation as a deferred request polled by its request id.
import type { StoredMedia } from '../../protocols/media.ts';
import { joinUrl, requireKey, sendJson } from '../transport/http.ts';
import { MediaRuleError, type MediaAdapter } from '../media.ts';
import { ProviderError, unsupported } from '../types.ts';
import { dataUri, generateImages } from '../wire/openaiImages.ts';
import { storeUrl } from '../wire/mediaBody.ts';

const id = 'xai';
const auth = (ctx: Parameters<typeof requireKey>[0]) => ({ authorization: `Bearer ${requireKey(ctx)}` });

interface VideoStatus {
  status?: 'pending' | 'done' | 'expired' | 'failed' | string;
  video?: { url?: string; duration?: number };
  model?: string;
  error?: { message?: string } | string;
}

export const xaiMedia: MediaAdapter = {
  id,
  image: {
    maxReferences: 3,
    prepare(req) {
      if (req.size) throw unsupported(id, 'size', 'xAI takes aspectRatio', 'size');
      if (req.quality) throw unsupported(id, 'quality', 'xAI has no quality levels', 'quality');
    },
    async generate(req, ctx) {
      const body: Record<string, unknown> = { model: req.model, prompt: req.prompt, n: req.n, response_format: 'b64_json', ...(req.aspectRatio ? { aspect_ratio: req.aspectRatio } : {}) };
      if (!req.references.length) return generateImages(id, ctx, { headers: auth(ctx), body });
      const images = await Promise.all(req.references.map(async (r: StoredMedia) => ({ type: 'image_url', url: await dataUri(ctx, r) })));
      return generateImages(id, ctx, { headers: auth(ctx), path: 'images/edits', body: { ...body, ...(images.length === 1 ? { image: images[0] } : { images }) } });
    },
  },
  video: {
    prepare(req) {
      if (req.aspectRatio && !['16:9', '9:16'].includes(req.aspectRatio)) throw new MediaRuleError('xai accepts aspectRatio 16:9 or 9:16', 'aspectRatio');
      if (req.resolution && !['480p', '720p'].includes(req.resolution)) throw new MediaRuleError('xai accepts resolution 480p or 720p', 'resolution');
      if (req.numberOfVideos > 1) throw unsupported(id, 'numberOfVideos above 1', 'one video per xAI job');
      if (req.lastFrame) throw unsupported(id, 'lastFrameUrl');
      const durationSeconds = req.durationSeconds ?? 6;
      if (!Number.isInteger(durationSeconds) || durationSeconds > 15) throw new MediaRuleError('xai makes videos of 1 to 15 whole seconds', 'durationSeconds');
      return { ...req, durationSeconds };
    },
    async submit(req, ctx) {
      const body = {
        model: req.model,
        prompt: req.prompt,
        duration: req.durationSeconds,
        ...(req.aspectRatio ? { aspect_ratio: req.aspectRatio } : {}),
        ...(req.resolution ? { resolution: req.resolution } : {}),
        ...(req.image ? { image: { url: await dataUri(ctx, req.image) } } : {}),
      };
      const res = await sendJson<{ request_id?: string }>(id, ctx, { url: joinUrl(ctx.settings.baseUrl, 'videos/generations'), headers: auth(ctx), body, attempts: 1 });
      if (!res.request_id) throw new ProviderError(id, 'upstream_error', 'xai answered without a request_id');
      return { id: res.request_id };
    },
    async poll(job, _req, ctx) {
      const res = await sendJson<VideoStatus>(id, ctx, { url: joinUrl(ctx.settings.baseUrl, `videos/${encodeURIComponent(job.id)}`), headers: auth(ctx) });
      // A failed or expired job still answers HTTP 200; only the status says so.
      if (res.status === 'failed' || res.status === 'expired') {
        const detail = typeof res.error === 'string' ? res.error : res.error?.message;
        return { state: 'failed', message: `status ${res.status}${detail ? `: ${detail}` : ''}` };
      }
      if (res.status !== 'done') return { state: 'running' };
      if (!res.video?.url) return { state: 'failed', message: 'status done without a video url' };
      ctx.progress({ stage: 'downloading', percent: 100 });
      const file = await storeUrl(id, ctx, res.video.url, 'video-0');
      return { state: 'done', files: [file], durationSeconds: res.video.duration, model: res.model };
    },
  },
};
