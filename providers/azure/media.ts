// Azure OpenAI images: images/generations on the deployment that serves the
// model (dall-e-3, gpt-image-1). Edits with reference images are not offered
// here: refused before any call.
import type { MediaAdapter } from '../media.ts';
import { ProviderError, unsupported } from '../types.ts';
import { generateImages } from '../wire/openaiImages.ts';
import { authHeaders, operationUrl } from './settings.ts';
import { contentFilterError } from './errors.ts';
import { withEntraToken } from './entra.ts';

const id = 'azure';

export const azureMedia: MediaAdapter = {
  id,
  image: {
    maxReferences: 0,
    prepare(req) {
      if (req.references.length || req.mask) throw unsupported(id, 'reference images', 'azure generates images from a prompt only', 'referenceImages');
      if (req.aspectRatio) throw unsupported(id, 'aspectRatio', 'Azure OpenAI takes size, e.g. 1024x1024', 'aspectRatio');
      if (req.quality === 'ultra') throw unsupported(id, 'quality ultra', 'Azure OpenAI offers standard and hd', 'quality');
      if (req.quality && req.model.startsWith('dall-e-2')) throw unsupported(id, 'quality', 'dall-e-2 has one quality', 'quality');
    },
    async generate(req, given) {
      const ctx = await withEntraToken(given);
      const { url, model } = operationUrl(ctx.settings, 'images/generations', req.model);
      // dall-e-3 answers a URL unless asked for b64_json; gpt-image models always answer b64_json and refuse the parameter.
      const quality = req.quality && !req.model.startsWith('dall-e') ? (req.quality === 'hd' ? 'high' : 'medium') : req.quality;
      const body = { model, prompt: req.prompt, n: req.n, size: req.size, quality, ...(req.model.startsWith('dall-e') ? { response_format: 'b64_json' } : {}) };
      try {
        return await generateImages(id, ctx, { headers: authHeaders(ctx), body, url });
      } catch (err) {
        throw err instanceof ProviderError ? contentFilterError(err) : err;
      }
    },
  },
};
