// Google's media wire formats, shared by gemini (Gemini API) and vertex
// (Vertex AI): image output of generateContent (responseModalities IMAGE),
// Imagen's :predict, and Veo's :predictLongRunning. Only the URL layout, the
// auth header and how an operation is polled differ (`GoogleEndpoints`).
import type { ProviderId } from '../../protocols/canonical.ts';
import type { StoredMedia, VideoRequest } from '../../protocols/media.ts';
import { send, sendJson } from '../transport/http.ts';
import { MediaRuleError, type MediaAdapter, type MediaCallContext, type VideoPoll } from '../media.ts';
import { ProviderError, unsupported, type CallContext } from '../types.ts';
import { storeJsonBlobs } from './mediaBody.ts';

export interface GoogleEndpoints {
  id: ProviderId;
  modelUrl(ctx: CallContext, model: string, method: string): string;
  headers(ctx: CallContext): Record<string, string>;
  /** Reads a Veo operation: Gemini GETs it by name, Vertex POSTs :fetchPredictOperation. */
  pollOperation(ctx: MediaCallContext, model: string, name: string): Promise<Awaited<ReturnType<typeof send>>>;
}

const IMAGE_SIZES = { standard: '1K', hd: '2K', ultra: '4K' } as const;

async function inline(ctx: MediaCallContext, media: StoredMedia) {
  return { mimeType: media.mimeType, data: (await ctx.read(media)).toString('base64') };
}

/** Runs up to `limit` calls at once, in order of index. */
async function parallel<T>(count: number, limit: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await run(i);
      }
    }),
  );
  return out;
}

interface GenerateContentImages {
  candidates?: Array<{ finishReason?: string; content?: { parts?: Array<{ inlineData?: { mimeType?: string; data?: { $blob: number } }; text?: string }> } }>;
  promptFeedback?: { blockReason?: string };
  modelVersion?: string;
}

interface Predictions {
  predictions?: Array<{ bytesBase64Encoded?: { $blob: number }; mimeType?: string; raiFilteredReason?: string }>;
}

function veoFamily(model: string): 'veo2' | 'veo3' | 'veo31' {
  if (model.startsWith('veo-2')) return 'veo2';
  if (model.startsWith('veo-3.1')) return 'veo31';
  return 'veo3';
}

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: {
    generateVideoResponse?: { generatedSamples?: Array<{ video?: { uri?: string } }>; raiMediaFilteredCount?: number; raiMediaFilteredReasons?: string[] };
    videos?: Array<{ bytesBase64Encoded?: { $blob: number }; gcsUri?: string; mimeType?: string }>;
    raiMediaFilteredCount?: number;
    raiMediaFilteredReasons?: string[];
  };
}

export function googleMedia(e: GoogleEndpoints): Required<Pick<MediaAdapter, 'image' | 'video'>> {
  const { id } = e;
  return {
    image: {
      maxReferences: id === 'vertex' ? 4 : 14,
      prepare(req) {
        if (req.size) throw unsupported(id, 'size', 'Google image models take aspectRatio', 'size');
        if (req.model.startsWith('imagen')) {
          if (req.references.length) throw unsupported(id, 'referenceImages', 'Imagen models do not edit; use gemini-2.5-flash-image', 'referenceImages');
          if (req.n > 4) throw new MediaRuleError('Imagen makes at most 4 images per request', 'n');
        }
      },
      async generate(req, ctx) {
        if (req.model.startsWith('imagen')) {
          const res = await send(id, ctx, {
            url: e.modelUrl(ctx, req.model, 'predict'),
            headers: e.headers(ctx),
            body: {
              instances: [{ prompt: req.prompt }],
              parameters: { sampleCount: req.n, ...(req.aspectRatio ? { aspectRatio: req.aspectRatio } : {}), ...(req.quality ? { sampleImageSize: IMAGE_SIZES[req.quality] } : {}) },
            },
            attempts: 2,
          });
          const { doc, files } = await storeJsonBlobs<Predictions>(id, ctx, res.body, ['bytesBase64Encoded'], 'image');
          const out = (doc.predictions ?? []).flatMap((p) => (p.bytesBase64Encoded ? [files[p.bytesBase64Encoded.$blob]!] : []));
          if (!out.length) throw new ProviderError(id, 'upstream_rejected', `${id} returned no image${doc.predictions?.[0]?.raiFilteredReason ? `: ${doc.predictions[0].raiFilteredReason}` : ' (filtered)'}`);
          return { files: out };
        }
        const parts = [{ text: req.prompt }, ...(await Promise.all(req.references.map(async (r) => ({ inlineData: await inline(ctx, r) }))))];
        const imageConfig = { ...(req.aspectRatio ? { aspectRatio: req.aspectRatio } : {}), ...(req.quality ? { imageSize: IMAGE_SIZES[req.quality] } : {}) };
        // These models return one image per call: n images are n calls.
        const calls = await parallel(req.n, 4, async (k) => {
          const res = await send(id, ctx, {
            url: e.modelUrl(ctx, req.model, 'generateContent'),
            headers: e.headers(ctx),
            body: {
              contents: [{ role: 'user', parts }],
              generationConfig: { responseModalities: ['TEXT', 'IMAGE'], ...(Object.keys(imageConfig).length ? { imageConfig } : {}) },
            },
            attempts: 2,
          });
          const { doc, files } = await storeJsonBlobs<GenerateContentImages>(id, ctx, res.body, ['data'], `image-${k}`);
          const images = (doc.candidates ?? []).flatMap((c) => c.content?.parts ?? []).flatMap((p) => (p.inlineData?.data ? [files[p.inlineData.data.$blob]!] : []));
          if (!images.length) {
            const why = doc.promptFeedback?.blockReason ?? doc.candidates?.[0]?.finishReason ?? 'no image in the answer';
            throw new ProviderError(id, 'upstream_rejected', `${id} returned no image (${why})`);
          }
          return { images, model: doc.modelVersion };
        });
        return { files: calls.flatMap((c) => c.images), model: calls[0]?.model };
      },
    },
    video: {
      prepare(req) {
        const family = veoFamily(req.model);
        if (req.aspectRatio && !['16:9', '9:16'].includes(req.aspectRatio)) throw new MediaRuleError(`${id} accepts aspectRatio 16:9 or 9:16`, 'aspectRatio');
        if (req.resolution && !['720p', '1080p'].includes(req.resolution)) throw new MediaRuleError(`${id} accepts resolution 720p or 1080p`, 'resolution');
        const durationSeconds = req.durationSeconds ?? 8;
        const allowed = family === 'veo2' ? [5, 6, 7, 8] : [4, 6, 8];
        if (!allowed.includes(durationSeconds)) throw new MediaRuleError(`${req.model} makes videos of ${allowed.join(', ')} seconds`, 'durationSeconds');
        if (req.resolution === '1080p' && durationSeconds !== 8) throw new MediaRuleError('1080p is only available with durationSeconds 8', 'resolution');
        if (req.resolution === '1080p' && family === 'veo2') throw new MediaRuleError('Veo 2 makes 720p only', 'resolution');
        if (req.lastFrame && family !== 'veo31') throw unsupported(id, 'lastFrameUrl', 'only Veo 3.1 models interpolate to a last frame');
        if (req.lastFrame && !req.image) throw new MediaRuleError('lastFrameUrl needs imageUrl (the first frame)', 'lastFrameUrl');
        return { ...req, durationSeconds };
      },
      async submit(req, ctx) {
        const instance: Record<string, unknown> = { prompt: req.prompt };
        if (req.image) instance.image = { bytesBase64Encoded: (await ctx.read(req.image)).toString('base64'), mimeType: req.image.mimeType };
        if (req.lastFrame) instance.lastFrame = { bytesBase64Encoded: (await ctx.read(req.lastFrame)).toString('base64'), mimeType: req.lastFrame.mimeType };
        const parameters = {
          sampleCount: req.numberOfVideos,
          durationSeconds: req.durationSeconds,
          ...(req.aspectRatio ? { aspectRatio: req.aspectRatio } : {}),
          ...(req.resolution ? { resolution: req.resolution } : {}),
        };
        // Never retried: a submit whose answer was lost may have started a billed job.
        const op = await sendJson<Operation>(id, ctx, { url: e.modelUrl(ctx, req.model, 'predictLongRunning'), headers: e.headers(ctx), body: { instances: [instance], parameters }, attempts: 1 });
        if (!op.name) throw new ProviderError(id, 'upstream_error', `${id} answered predictLongRunning without an operation name`);
        return { id: op.name };
      },
      async poll(job, req: VideoRequest, ctx): Promise<VideoPoll> {
        const res = await e.pollOperation(ctx, req.model, job.id);
        const { doc: op, files } = await storeJsonBlobs<Operation>(id, ctx, res.body, ['bytesBase64Encoded'], 'video');
        if (!op.done) return { state: 'running' };
        if (op.error) return { state: 'failed', message: op.error.message ?? `error ${op.error.code}` };
        const response = op.response ?? {};
        const filtered = response.generateVideoResponse?.raiMediaFilteredReasons ?? response.raiMediaFilteredReasons;
        ctx.progress({ stage: 'downloading', percent: 100 });
        const out: StoredMedia[] = [];
        for (const v of response.videos ?? []) {
          if (v.bytesBase64Encoded) out.push(files[v.bytesBase64Encoded.$blob]!);
          else if (v.gcsUri) return { state: 'failed', message: `the video was written to ${v.gcsUri}, which the gateway cannot read` };
        }
        for (const [i, sample] of (response.generateVideoResponse?.generatedSamples ?? []).entries()) {
          const uri = sample.video?.uri;
          if (!uri) continue;
          // The download is on Google's host and needs the key: only ever sent to the configured base URL's origin.
          if (new URL(uri).origin !== new URL(ctx.settings.baseUrl).origin) return { state: 'failed', message: `video URI on an unexpected host ${new URL(uri).host}` };
          const download = await send(id, ctx, { url: uri, headers: e.headers(ctx), attempts: 3 });
          const stored = await ctx.store.put(ctx.taskId, `video-${i}`, download.body, { mimeType: 'video/mp4' });
          out.push({ file: stored.name, mimeType: stored.mimeType, size: stored.size });
        }
        if (!out.length) return { state: 'failed', message: filtered?.length ? `filtered: ${filtered.join('; ')}` : 'the operation finished without a video' };
        return { state: 'done', files: out };
      },
    },
  };
}
