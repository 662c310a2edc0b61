// Media the customer sends in: reference images and frames (an http(s) URL, a
// data: URI or bare base64) and audio to transcribe (base64 with a declared
// type). All of it is resolved at submission, so a bad input is a 400 before
// anything is queued, called upstream or billed, and stored with the task so
// the worker never fetches a customer URL itself.
import { canonicalMime, checkDeclared, MimeMismatch, sniff } from '../../media/sniff.ts';
import { guardedDownload, GuardedFetchError } from '../../providers/transport/guardedFetch.ts';
import { ApiError } from '../../protocols/errors.ts';

export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
// Audio comes inline in a JSON body of at most 50 MB: about 37 MB once decoded.
export const MAX_AUDIO_BYTES = 40 * 1024 * 1024;
// MEDIA_FETCH_TIMEOUT_MS shortens it for tests of slow URLs; 15 s otherwise.
const fetchTimeoutMs = () => Number(process.env.MEDIA_FETCH_TIMEOUT_MS) || 15_000;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/heic']);

export interface ResolvedInput {
  bytes: Buffer;
  mimeType: string;
  ext: string;
}

function refused(field: string, message: string, code = 'invalid_reference'): ApiError {
  return new ApiError('invalid_request', `${field}: ${message}`, { code, param: field, fields: [{ path: `body.${field}`, message }] });
}

function decodeBase64(text: string, field: string, limit = MAX_INPUT_BYTES): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) {
    throw field === 'audio'
      ? new ApiError('invalid_request', 'audio is not base64', { param: 'audio', fields: [{ path: 'body.audio', message: 'must be base64' }] })
      : refused(field, 'is neither an http(s) URL, a data: URI nor base64');
  }
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > limit) {
    throw field === 'audio' ? new ApiError('payload_too_large', `audio is larger than ${limit} bytes`) : refused(field, `is larger than ${limit} bytes`);
  }
  return bytes;
}

/** A reference image or video frame, fetched through the SSRF guard when it is a URL. */
export async function resolveImage(value: string, field: string, signal?: AbortSignal): Promise<ResolvedInput> {
  let bytes: Buffer;
  let declared: string | undefined;
  if (/^https?:\/\//i.test(value)) {
    try {
      bytes = (await guardedDownload(value, { maxBytes: MAX_INPUT_BYTES, timeoutMs: fetchTimeoutMs(), signal })).bytes;
    } catch (err) {
      if (err instanceof GuardedFetchError) throw refused(field, `${value.slice(0, 200)} was not fetched (${err.code}): ${err.message}`);
      throw err;
    }
  } else if (/^data:/i.test(value)) {
    const m = /^data:([^;,]*)(;[^,]*)?,(.*)$/is.exec(value);
    if (!m || !/;base64/i.test(m[2] ?? '')) throw refused(field, 'only base64 data: URIs are accepted');
    declared = m[1] || undefined;
    bytes = decodeBase64(m[3]!, field);
  } else bytes = decodeBase64(value, field);
  return imageInput(bytes, field, declared);
}

/**
 * Image bytes the customer sent (decoded, fetched or uploaded): an image by
 * their own signature, and the type they were declared as when one was.
 * `only` narrows the accepted types (a mask is a PNG).
 */
export function imageInput(bytes: Buffer, field: string, declared?: string, only?: ReadonlySet<string>): ResolvedInput {
  if (!bytes.length) throw refused(field, 'is empty');
  if (bytes.length > MAX_INPUT_BYTES) throw refused(field, `is larger than ${MAX_INPUT_BYTES} bytes`);
  const sniffed = sniff(bytes);
  if (!sniffed || !(only ?? IMAGE_TYPES).has(sniffed.mimeType)) {
    const wanted = only ? `must be ${[...only].join(' or ')}` : 'is not an image';
    throw refused(field, `${wanted} (${sniffed?.mimeType ?? 'unrecognised bytes'})`);
  }
  if (declared) {
    try {
      checkDeclared(declared, bytes);
    } catch (err) {
      if (err instanceof MimeMismatch) throw refused(field, err.message, 'mime_mismatch');
      throw err;
    }
  }
  return { bytes, mimeType: sniffed.mimeType, ext: sniffed.ext };
}

/** Audio to transcribe: base64 whose bytes must be the declared type. */
export function resolveAudio(base64: string, declared: string): ResolvedInput {
  const bytes = base64.trim() ? decodeBase64(base64.replace(/^data:[^,]*,/, ''), 'audio', MAX_AUDIO_BYTES) : Buffer.alloc(0);
  return audioInput(bytes, declared, { audio: 'audio', mimeType: 'mimeType' });
}

const AUDIO_OR_VIDEO = /^(audio|video)\//;

/**
 * Audio bytes to transcribe, of the declared type when one is declared (an
 * audio or video type: uploads often say application/octet-stream, which
 * declares nothing), else of the type their signature shows. `names` are the
 * request's names for the audio and its type, for the errors.
 */
export function audioInput(bytes: Buffer, declared: string | undefined, names: { audio: string; mimeType: string }): ResolvedInput {
  if (!bytes.length) throw new ApiError('invalid_request', `${names.audio} is empty: there is nothing to transcribe`, { code: 'empty_audio', param: names.audio });
  if (bytes.length > MAX_AUDIO_BYTES) throw new ApiError('payload_too_large', `${names.audio} is larger than ${MAX_AUDIO_BYTES} bytes`);
  if (!declared || !AUDIO_OR_VIDEO.test(canonicalMime(declared))) {
    const sniffed = sniff(bytes);
    if (sniffed && AUDIO_OR_VIDEO.test(sniffed.mimeType)) return { bytes, mimeType: sniffed.mimeType, ext: sniffed.ext };
    const what = sniffed ? `${sniffed.mimeType}, not audio` : 'not a recognised audio format';
    throw new ApiError('invalid_request', `${names.audio}: the bytes are ${what}; declare the type of formats without a signature (raw PCM)`, {
      code: 'unsupported_audio',
      param: names.audio,
    });
  }
  try {
    const sniffed = checkDeclared(declared, bytes);
    return { bytes, mimeType: sniffed.mimeType, ext: sniffed.ext };
  } catch (err) {
    if (err instanceof MimeMismatch) {
      throw new ApiError('invalid_request', `${names.mimeType}: ${err.message}`, {
        code: 'mime_mismatch',
        param: names.mimeType,
        fields: [{ path: `body.${names.mimeType}`, message: err.message }],
      });
    }
    throw err;
  }
}
