// LocalAI's OpenAI-compatible images/generations (Stable Diffusion and the
// like). No edit path, no aspect ratio, no quality levels.
import type { MediaAdapter } from '../media.ts';
import { unsupported } from '../types.ts';
import { generateImages } from '../wire/openaiImages.ts';

const id = 'localai';

export const localaiMedia: MediaAdapter = {
  id,
  image: {
    maxReferences: 0,
    prepare(req) {
      if (req.aspectRatio) throw unsupported(id, 'aspectRatio', 'LocalAI takes size', 'aspectRatio');
      if (req.quality) throw unsupported(id, 'quality', '', 'quality');
    },
    async generate(req, ctx) {
      const headers: Record<string, string> = ctx.settings.apiKey ? { authorization: `Bearer ${ctx.settings.apiKey}` } : {};
      return generateImages(id, ctx, { headers, body: { model: req.model, prompt: req.prompt, n: req.n, size: req.size, response_format: 'b64_json' } });
    },
  },
};
