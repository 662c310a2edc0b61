// The RegExp engine the request validators use: the platform's RegExp, except
// for the spec's Base64Image pattern, which checks strings of megabytes (a
// photo to detect in, a page to read). V8 runs that pattern's repeated
// capture group over every four characters, which cost milliseconds of the
// event loop per image; media/base64.ts recognises the same language by
// decoding natively and counting the bytes, plus arithmetic on the padding.
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { isBase64Image } from '../media/base64.ts';

/** openapi/gateway.yaml components.schemas.Base64Image.pattern (server/patterns.test.ts holds them together). */
export const BASE64_IMAGE_PATTERN = '^(data:[^,]*;base64,)?([A-Za-z0-9+/_-]{4})*([A-Za-z0-9+/_-]{4}|[A-Za-z0-9+/_-]{2}(==)?|[A-Za-z0-9+/_-]{3}=?)$';

const FAST: Record<string, (s: string) => boolean> = { [BASE64_IMAGE_PATTERN]: isBase64Image };

/** Ajv's `code.regExp`: a fast equivalent where one is known, else `new RegExp`. */
export const regExpEngine: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    const fast = FAST[pattern];
    if (!fast) return new RegExp(pattern, flags);
    // Ajv keys its compiled patterns by toString().
    return { test: fast, toString: () => `/${pattern}/${flags} (linear scan)` } as RegExpLike;
  },
  // Only standalone code (which this service does not generate) would print this.
  { code: 'new RegExp' },
);
