// What a file is, from its first bytes. Callers declare a mimeType for the
// media they send; the bytes decide, and a declaration the bytes contradict
// is refused rather than forwarded (an upstream would reject it later, or
// worse, mis-decode it and bill for it).

export interface Sniffed {
  mimeType: string;
  /** File extension without the dot, for stored files. */
  ext: string;
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** An MPEG audio frame header (MP3 without an ID3 tag). */
function mpegFrame(bytes: Uint8Array, at = 0): boolean {
  return bytes.length > at + 2 && bytes[at] === 0xff && (bytes[at + 1]! & 0xe0) === 0xe0 && (bytes[at + 1]! & 0x06) !== 0 && (bytes[at + 2]! & 0xf0) !== 0xf0;
}

/** The type the bytes show, or undefined for formats not recognised. 64 bytes are enough. */
export function sniff(bytes: Uint8Array): Sniffed | undefined {
  if (ascii(bytes, 0, '\x89PNG\r\n\x1a\n')) return { mimeType: 'image/png', ext: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mimeType: 'image/jpeg', ext: 'jpg' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { mimeType: 'image/gif', ext: 'gif' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { mimeType: 'image/webp', ext: 'webp' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { mimeType: 'audio/wav', ext: 'wav' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) return { mimeType: 'video/avi', ext: 'avi' };
  if (ascii(bytes, 0, 'BM') && bytes.length > 14) return { mimeType: 'image/bmp', ext: 'bmp' };
  if (ascii(bytes, 0, 'II*\0') || ascii(bytes, 0, 'MM\0*')) return { mimeType: 'image/tiff', ext: 'tiff' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return { mimeType: 'image/heic', ext: 'heic' };
    if (brand === 'avif') return { mimeType: 'image/avif', ext: 'avif' };
    if (/^(M4A |M4B )$/.test(brand)) return { mimeType: 'audio/mp4', ext: 'm4a' };
    if (brand === 'qt  ') return { mimeType: 'video/quicktime', ext: 'mov' };
    return { mimeType: 'video/mp4', ext: 'mp4' };
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { mimeType: 'video/webm', ext: 'webm' };
  if (ascii(bytes, 0, 'ID3') || mpegFrame(bytes)) return { mimeType: 'audio/mpeg', ext: 'mp3' };
  if (ascii(bytes, 0, 'OggS')) return { mimeType: 'audio/ogg', ext: 'ogg' };
  if (ascii(bytes, 0, 'fLaC')) return { mimeType: 'audio/flac', ext: 'flac' };
  if (bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0) return { mimeType: 'audio/aac', ext: 'aac' };
  if (bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x01 && (bytes[3] === 0xba || bytes[3] === 0xb3)) return { mimeType: 'video/mpeg', ext: 'mpg' };
  return undefined;
}

// Names callers use for one format; the bytes cannot tell these apart.
const SAME: Record<string, string> = {
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/heif': 'image/heic',
  'video/mov': 'video/quicktime',
  'video/x-msvideo': 'video/avi',
  'audio/webm': 'video/webm',
  'video/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
};

/** A declared type in the form sniff() answers (lower case, parameters dropped, synonyms folded). */
export function canonicalMime(declared: string): string {
  const base = declared.split(';')[0]!.trim().toLowerCase();
  return SAME[base] ?? base;
}

// Every type sniff() can answer: bytes declared as one of these must show it.
const RECOGNISED = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/heic', 'image/avif',
  'audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/flac', 'audio/aac', 'audio/mp4',
  'video/avi', 'video/mp4', 'video/quicktime', 'video/webm', 'video/mpeg',
]);

/** Why a declared type does not fit the bytes. */
export class MimeMismatch extends Error {
  readonly declared: string;
  readonly actual: string | undefined;
  constructor(declared: string, actual: string | undefined) {
    super(
      actual
        ? `the bytes are ${actual}, not the declared ${declared}`
        : `the bytes are not a recognised media format (declared ${declared})`,
    );
    this.name = 'MimeMismatch';
    this.declared = declared;
    this.actual = actual;
  }
}

/**
 * The type of `bytes`, checked against what the caller declared. A
 * recognised format that differs from the declaration, or bytes that are no
 * known format at all while the declaration names one of the families we
 * recognise, throw MimeMismatch. MP4 and M4A share a container: audio/mp4
 * declared for video/mp4 bytes is accepted (the brand decides nothing for
 * audio-only MP4s from many encoders).
 */
export function checkDeclared(declared: string, bytes: Uint8Array): Sniffed {
  const want = canonicalMime(declared);
  const got = sniff(bytes);
  if (!got) {
    // Formats without a signature (raw PCM, AMR and the like) are taken as declared.
    if (!RECOGNISED.has(want)) return { mimeType: want, ext: 'bin' };
    throw new MimeMismatch(declared, undefined);
  }
  if (got.mimeType === want) return got;
  const mp4Family = new Set(['video/mp4', 'audio/mp4', 'video/quicktime']);
  if (mp4Family.has(got.mimeType) && mp4Family.has(want)) return { ...got, mimeType: want };
  throw new MimeMismatch(declared, got.mimeType);
}
