// The local video runtime (OpenAI videos protocol). Sizes live on a 64-pixel
// grid: a W:H aspect ratio becomes 768 pixels on the long side and the short
// side rounded to a multiple of 64 (16:9 gives 768x448), and an explicit
// resolution has each side snapped to the nearest multiple of 64.
import { MediaRuleError, type MediaAdapter } from '../media.ts';
import { unsupported } from '../types.ts';
import { createVideo, pollVideo } from '../wire/openaiVideos.ts';

const id = 'local-video';
const GRID = 64;
const LONG_SIDE = 768;

const snap = (n: number) => Math.max(GRID, Math.round(n / GRID) * GRID);

export function gridSize(aspectRatio: string | undefined, resolution: string | undefined): { width: number; height: number } {
  if (resolution) {
    const m = /^(\d+)x(\d+)$/.exec(resolution);
    if (!m) throw new MediaRuleError('local-video takes resolution as <W>x<H> pixels', 'resolution');
    return { width: snap(Number(m[1])), height: snap(Number(m[2])) };
  }
  const [w, h] = (aspectRatio ?? '16:9').split(':').map(Number) as [number, number];
  return w >= h ? { width: LONG_SIDE, height: snap((LONG_SIDE * h) / w) } : { width: snap((LONG_SIDE * w) / h), height: LONG_SIDE };
}

export const localVideoMedia: MediaAdapter = {
  id,
  video: {
    prepare(req) {
      if (req.numberOfVideos > 1) throw unsupported(id, 'numberOfVideos above 1', 'one video per job');
      if (req.lastFrame) throw unsupported(id, 'lastFrameUrl');
      const durationSeconds = req.durationSeconds ?? 4;
      return { ...req, durationSeconds, ...gridSize(req.aspectRatio, req.resolution) };
    },
    submit: (req, ctx) => createVideo(id, req, ctx),
    poll: (job, _req, ctx) => pollVideo(id, job, ctx),
  },
};
