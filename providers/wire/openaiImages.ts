// The OpenAI images protocol, spoken by openai, xai and localai:
// POST images/generations (JSON) and POST images/edits (multipart with one
// `image[]` part per reference, or xAI's JSON form). Answers carry
// `data[].b64_json` (asked for) or `data[].url`; both end up as files.
import type { StoredMedia } from '../../protocols/media.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import { joinUrl, send } from '../transport/http.ts';
import { ProviderError } from '../types.ts';
import type { MediaCallContext } from '../media.ts';
import { storeJsonBlobs, storeUrl } from './mediaBody.ts';
import { extensionOf, multipart, type FormPart } from './multipart.ts';

interface ImagesAnswer {
  data?: Array<{ b64_json?: { $blob: number }; url?: string }>;
  model?: string;
}

async function readImages(provider: ProviderId, ctx: MediaCallContext, res: Awaited<ReturnType<typeof send>>): Promise<{ files: StoredMedia[]; model?: string }> {
  const { doc, files } = await storeJsonBlobs<ImagesAnswer>(provider, ctx, res.body, ['b64_json'], 'image');
  const out: StoredMedia[] = [];
  for (const [i, item] of (doc.data ?? []).entries()) {
    if (item.b64_json) out.push(files[item.b64_json.$blob]!);
    else if (item.url) out.push(await storeUrl(provider, ctx, item.url, `image-url-${i}`));
  }
  if (!out.length) throw new ProviderError(provider, 'upstream_error', `${provider} answered without any image`);
  return { files: out, model: doc.model };
}

export async function generateImages(
  provider: ProviderId,
  ctx: MediaCallContext,
  o: { headers: Record<string, string>; body: Record<string, unknown>; path?: string; url?: string },
): Promise<{ files: StoredMedia[]; model?: string }> {
  const url = o.url ?? joinUrl(ctx.settings.baseUrl, o.path ?? 'images/generations');
  const res = await send(provider, ctx, { url, headers: o.headers, body: o.body, attempts: 2 });
  return readImages(provider, ctx, res);
}

/** images/edits as multipart: references as `image[]` file parts (gpt-image models take up to 16), the mask as `mask`. */
export async function editImagesMultipart(
  provider: ProviderId,
  ctx: MediaCallContext,
  o: { headers: Record<string, string>; fields: FormPart[]; references: StoredMedia[]; mask?: StoredMedia },
): Promise<{ files: StoredMedia[]; model?: string }> {
  const parts: FormPart[] = [...o.fields];
  for (const [i, ref] of o.references.entries()) {
    parts.push({ name: 'image[]', filename: `reference-${i}.${extensionOf(ref.mimeType)}`, contentType: ref.mimeType, data: await ctx.read(ref) });
  }
  if (o.mask) parts.push({ name: 'mask', filename: `mask.${extensionOf(o.mask.mimeType)}`, contentType: o.mask.mimeType, data: await ctx.read(o.mask) });
  const form = multipart(parts);
  const res = await send(provider, ctx, {
    url: joinUrl(ctx.settings.baseUrl, 'images/edits'),
    headers: { ...o.headers, 'content-type': form.contentType },
    body: form.body,
    attempts: 2,
  });
  return readImages(provider, ctx, res);
}

/** A stored input as a data URI, for protocols that take images inline in JSON. */
export async function dataUri(ctx: MediaCallContext, media: StoredMedia): Promise<string> {
  return `data:${media.mimeType};base64,${(await ctx.read(media)).toString('base64')}`;
}
