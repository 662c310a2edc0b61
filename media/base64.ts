// Images arrive as base64 strings of megabytes (bare, or a data: URI). Each
// check here is one scan of a plain character class plus arithmetic on the
// length and padding, never a pattern with repeated groups or a chain of
// replace() copies: this runs on the event loop that serves every request.

const ALPHABET = /^[A-Za-z0-9+/_-]*$/;
// With the sticky flag, test() starts at lastIndex: no copy of the body.
const ALPHABET_FROM = /[A-Za-z0-9+/_-]*$/y;

/** Where the base64 starts: 0 for bare base64, after the comma of a data:...;base64, URI, -1 for a data: URI that is not base64. */
export function base64Start(s: string): number {
  if (!s.startsWith('data:')) return 0;
  // The media type and its parameters hold no comma, so the prefix ends at the first one.
  const comma = s.indexOf(',');
  return comma >= 12 && s.startsWith(';base64', comma - 7) ? comma + 1 : -1;
}

/**
 * Whether s from `start` on is base64 in the standard or URL-safe alphabet,
 * in quads with the last one's padding optional, no whitespace: the spec's
 * Base64Image pattern after its data: prefix.
 */
export function isBase64(s: string, start = 0): boolean {
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
  if (n < 2 || (rest === -1 ? n % 4 === 1 : n % 4 !== rest)) return false;
  if (start === 0 && end === s.length) return ALPHABET.test(s);
  // The padding was checked above; the body must reach it.
  ALPHABET_FROM.lastIndex = start;
  const m = ALPHABET_FROM.exec(end === s.length ? s : s.slice(0, end));
  return m !== null && m.index === start;
}

/** The spec's Base64Image: bare base64 or a data:...;base64, URI. */
export function isBase64Image(s: string): boolean {
  const start = base64Start(s);
  return start >= 0 && isBase64(s, start);
}

/**
 * A base64 image's bytes and its bare base64 (without a data: prefix), or
 * undefined when it is not base64. Text that did not pass the request
 * validators (line-wrapped base64, an upper-case data: prefix, surrounding
 * blanks) is normalised first, on that slower path only.
 */
export function decodeBase64Image(input: string): { bytes: Buffer; base64: string } | undefined {
  let start = base64Start(input);
  let s = input;
  if (start < 0 || !isBase64(s, start)) {
    s = input.replace(/\s+/g, '');
    if (/^data:/i.test(s)) s = `data:${s.slice(5).replace(/;base64,/i, ';base64,')}`;
    start = base64Start(s);
    if (start < 0 || !isBase64(s, start)) return undefined;
  }
  const base64 = start ? s.slice(start) : s;
  // Node decodes both alphabets, with or without padding.
  return { bytes: Buffer.from(base64, 'base64'), base64 };
}
