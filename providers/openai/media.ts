// OpenAI images: generations, and edits (multipart image[], and a mask for
// the first image) when the request has reference images.
import { requireKey } from '../transport/http.ts';
import type { MediaAdapter } from '../media.ts';
import { unsupported } from '../types.ts';
import { editImagesMultipart, generateImages } from '../wire/openaiImages.ts';
import { fields } from '../wire/multipart.ts';

const id = 'openai';

/** gpt-image models name their levels low/medium/high; dall-e-3 standard/hd. */
function qualityOf(model: string, quality: 'standard' | 'hd' | 'ultra' | undefined): string | undefined {
  if (!quality) return undefined;
  if (model.startsWith('dall-e-3')) return quality;
  if (model.startsWith('dall-e-2')) throw unsupported(id, 'quality', 'dall-e-2 has one quality', 'quality');
  return quality === 'hd' ? 'high' : 'medium';
}

export const openaiMedia: MediaAdapter = {
  id,
  image: {
    maxReferences: 16,
    masks: true,
    prepare(req) {
      if (req.mask && !req.references.length) throw unsupported(id, 'a mask without an image to edit', '', 'mask');
      if (req.aspectRatio) throw unsupported(id, 'aspectRatio', 'OpenAI takes size, e.g. 1536x1024', 'aspectRatio');
      if (req.quality === 'ultra') throw unsupported(id, 'quality ultra', 'OpenAI offers standard and hd', 'quality');
      qualityOf(req.model, req.quality);
    },
    async generate(req, ctx) {
      const headers = { authorization: `Bearer ${requireKey(ctx)}` };
      const quality = qualityOf(req.model, req.quality);
      if (req.references.length) {
        return editImagesMultipart(id, ctx, {
          headers,
          references: req.references,
          mask: req.mask,
          fields: fields({ model: req.model, prompt: req.prompt, n: req.n, size: req.size, quality }),
        });
      }
      // dall-e models answer URLs unless asked for b64_json; gpt-image models always answer b64_json and refuse the parameter.
      const body = { model: req.model, prompt: req.prompt, n: req.n, size: req.size, quality, ...(req.model.startsWith('dall-e') ? { response_format: 'b64_json' } : {}) };
      return generateImages(id, ctx, { headers, body });
    },
  },
};
