// Gemini API media: image output and Veo, on the Gemini API URL layout.
import { joinUrl, requireKey, send } from '../transport/http.ts';
import type { MediaAdapter } from '../media.ts';
import type { CallContext } from '../types.ts';
import { googleMedia } from '../wire/googleMedia.ts';

const id = 'gemini';
const headers = (ctx: CallContext) => ({ 'x-goog-api-key': requireKey(ctx) });

export const geminiMedia: MediaAdapter = {
  id,
  ...googleMedia({
    id,
    headers,
    modelUrl: (ctx, model, method) => joinUrl(ctx.settings.baseUrl, `v1beta/models/${encodeURIComponent(model)}:${method}`),
    // Operation names are "models/<model>/operations/<id>".
    pollOperation: (ctx, _model, name) => send(id, ctx, { url: joinUrl(ctx.settings.baseUrl, `v1beta/${name}`), headers: headers(ctx) }),
  }),
};
