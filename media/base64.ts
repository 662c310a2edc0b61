// Images arrive as base64 strings of megabytes (bare, or a data: URI). Each
// check here runs on the event loop that serves every request, so none of
// them walks the string in JavaScript or with a RegExp (2-3 ms per MB even
// for a plain character class): the alphabet is checked by decoding, in
// Node's native (SIMD) decoder, and counting what came out.
//
// Why the count is a check: Node's decoder turns each alphabet character
// (standard or URL-safe) into 6 bits and contributes nothing for any other
// ASCII character (it skips it or stops there), so n characters of which
// any one is not in the alphabet decode to at most floor(6(n-1)/8) bytes,
// fewer than the floor(6n/8) that n alphabet characters give whenever n is
// not 1 more than a multiple of 4 (never valid base64 anyway). Characters
// beyond ASCII, which the decoder would read by their low byte, are refused
// before decoding by comparing the UTF-8 length with the length.
// media/base64.test.ts holds Node's decoder to this for every character.

/** Where the base64 starts: 0 for bare base64, after the comma of a data:...;base64, URI, -1 for a data: URI that is not base64. */
export function base64Start(s: string): number {
  if (!s.startsWith('data:')) return 0;
  // The media type and its parameters hold no comma, so the prefix ends at the first one.
  const comma = s.indexOf(',');
  return comma >= 12 && s.startsWith(';base64', comma - 7) ? comma + 1 : -1;
}

/**
 * The bytes of s from `start` on when that is base64 in the standard or
 * URL-safe alphabet, in quads with the last one's padding optional, no
 * whitespace (the spec's Base64Image pattern after its data: prefix); else
 * undefined. With `into`, a check only: the bytes go to the buffer it gives
 * (at least as large as asked) and an empty one is answered.
 */
function decodeStrict(s: string, start: number, into?: (bytes: number) => Buffer): Buffer | undefined {
  let end = s.length;
  let rest = -1;
  if (s.endsWith('==')) {
    end -= 2;
    rest = 2;
  } else if (s.endsWith('=')) {
    end -= 1;
    rest = 3;
  }
  const n = end - start;
  if (n < 2 || (rest === -1 ? n % 4 === 1 : n % 4 !== rest)) return undefined;
  // A slice of a long string shares its characters: no copy.
  const body = start ? s.slice(start) : s;
  if (Buffer.byteLength(body, 'utf8') !== body.length) return undefined;
  const expected = Math.floor((n * 3) / 4);
  if (into) return into(expected).write(body, 'base64') === expected ? EMPTY : undefined;
  const bytes = Buffer.from(body, 'base64');
  return bytes.length === expected ? bytes : undefined;
}

const EMPTY = Buffer.alloc(0);
// What a check alone decodes into: a megabyte buffer per request, made and
// dropped, is external memory that makes V8 run full collections sooner
// (the validators check every image once more before the handler decodes it).
const SCRATCH_MAX_BYTES = 8 * 1024 * 1024;
let scratch = Buffer.alloc(0);
function scratchFor(bytes: number): Buffer {
  if (bytes > SCRATCH_MAX_BYTES) return Buffer.allocUnsafe(bytes);
  if (scratch.length < bytes) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX_BYTES, Math.max(bytes, 2 * scratch.length, 64 * 1024)));
  return scratch;
}

/** Whether s from `start` on is base64 as the spec's Base64Image pattern has it after its data: prefix. */
export function isBase64(s: string, start = 0): boolean {
  return decodeStrict(s, start, scratchFor) !== undefined;
}

/** The spec's Base64Image: bare base64 or a data:...;base64, URI. */
export function isBase64Image(s: string): boolean {
  const start = base64Start(s);
  return start >= 0 && isBase64(s, start);
}

/**
 * A base64 image's bytes (bare base64 or a data: URI), or undefined when it
 * is not base64. Text that did not pass the request
 * validators (line-wrapped base64, an upper-case data: prefix, surrounding
 * blanks) is normalised first, on that slower path only.
 */
export function decodeBase64Image(input: string): Buffer | undefined {
  const start = base64Start(input);
  const bytes = start >= 0 ? decodeStrict(input, start) : undefined;
  if (bytes) return bytes;
  let s = input.replace(/\s+/g, '');
  if (/^data:/i.test(s)) s = `data:${s.slice(5).replace(/;base64,/i, ';base64,')}`;
  const again = base64Start(s);
  return again >= 0 ? decodeStrict(s, again) : undefined;
}
