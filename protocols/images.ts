// The OpenAI images protocol (POST /v1/images/generations, and the text
// fields of /v1/images/edits) <-> the native image request and result. Every
// field of the protocol is mapped or refused here, never dropped.
import type { ImageRequest as NativeImageRequest } from '../generated/gateway/types.gen.ts';
import type { Cost } from './canonical.ts';
import { invalid, object, optBoolean, optInteger, optString, parseModelRef, refusedOption, string, type Json } from './compat.ts';

/** The native request without its references (those are resolved on their own: uploads on /v1). */
export type ImageDraft = Omit<NativeImageRequest, 'referenceImages'>;

// Fields of the protocol no provider gets through the gateway, with the reason the caller reads.
const REFUSED: Record<string, string> = {
  output_format: 'the image format is the provider’s (the answer’s output_format says which)',
  output_compression: 'the image format is the provider’s',
  background: 'no transparent-background option reaches the providers',
  moderation: 'no moderation level reaches the providers',
  style: 'a dall-e-3 style is not forwarded',
  partial_images: 'partial images are only streamed, and the gateway does not stream images',
  user: 'no end-user id reaches the providers',
  safety_identifier: 'no end-user id reaches the providers',
  complexity: 'no planning level reaches the providers',
  frame_count: 'GIF output is not offered',
  frame_duration_ms: 'GIF output is not offered',
  svg: 'SVG output is not offered',
  input_fidelity: 'no fidelity level reaches the providers',
  markup: 'markup images are not forwarded',
};

// The protocol's quality names on the two levels the native API, the adapters and the prices know.
const QUALITY: Record<string, NativeImageRequest['quality'] | null> = {
  auto: null,
  standard: 'standard',
  medium: 'standard',
  hd: 'hd',
  high: 'hd',
};

export function fromImageRequest(input: unknown): ImageDraft {
  const body = object(input, 'body');
  for (const field in REFUSED) if (body[field] != null) throw refusedOption(field, REFUSED[field]!);
  if (optBoolean(body.stream, 'stream')) throw refusedOption('stream', 'images are answered whole');
  const format = optString(body.response_format, 'response_format');
  if (format === 'url') throw refusedOption('response_format', 'url: the gateway hands out no image URLs; ask for b64_json');
  if (format !== undefined && format !== 'b64_json') throw invalid('response_format', 'response_format must be b64_json');
  const quality = optString(body.quality, 'quality');
  const level = quality === undefined ? null : QUALITY[quality];
  if (level === undefined) throw refusedOption('quality', `${quality}: the levels offered are standard (or medium) and hd (or high)`);
  const { provider, model } = parseModelRef(body.model);
  const prompt = string(body.prompt, 'prompt');
  if (!prompt) throw invalid('prompt', 'prompt must not be empty');
  const n = optInteger(body.n, 'n');
  const size = optString(body.size, 'size');
  return {
    provider: provider as ImageDraft['provider'],
    model,
    prompt,
    ...(n !== undefined ? { n } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(level ? { quality: level } : {}),
  };
}

/** A native image result: its images are file references ({ $file, size }) until streamed. */
export interface ImageResult {
  images: Array<{ data: unknown; mimeType: string }>;
  cost: Cost;
}

const OUTPUT_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** The protocol's answer; `b64_json` holds whatever stands for the image's data (a file reference, streamed as base64). */
export function toImagesResponse(result: ImageResult, created: Date): Json {
  const format = OUTPUT_FORMATS[result.images[0]?.mimeType ?? ''];
  return {
    created: Math.floor(created.getTime() / 1000),
    data: result.images.map((image) => ({ b64_json: image.data })),
    ...(format ? { output_format: format } : {}),
    cost: result.cost,
  };
}
