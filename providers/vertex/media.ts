// Vertex AI media: the same payloads as the Gemini API on Vertex's regional
// URL layout; Veo operations are read with :fetchPredictOperation.
import { send } from '../transport/http.ts';
import type { MediaAdapter } from '../media.ts';
import { googleMedia } from '../wire/googleMedia.ts';
import { headers, modelUrl } from './endpoints.ts';

const id = 'vertex';

export const vertexMedia: MediaAdapter = {
  id,
  ...googleMedia({
    id,
    headers,
    modelUrl,
    pollOperation: (ctx, model, name) => send(id, ctx, { url: modelUrl(ctx, model, 'fetchPredictOperation'), headers: headers(ctx), body: { operationName: name } }),
  }),
};
