import type { IncomingMessage } from 'node:http';

/** The request headers the beacon path reads, with Node's own rules for repeated lines. */
export interface BeaconHeaders {
  contentType: string | undefined;
  contentLength: string | undefined;
  contentEncoding: string | undefined;
  userAgent: string | undefined;
  forwardedFor: string | undefined;
  origin: string | undefined;
}

const join = (had: string | undefined, value: string) => (had === undefined ? value : `${had}, ${value}`);

/**
 * Reads the six headers the beacon path needs straight from req.rawHeaders, in one
 * pass. Node builds req.headers (every header, lower-cased and merged) lazily on
 * first access; the hot path never touches it. Repeated lines follow Node's rules:
 * the first Content-Type, Content-Length and User-Agent win, others are joined with ", ".
 */
export function beaconHeaders(req: IncomingMessage): BeaconHeaders {
  const raw = req.rawHeaders;
  const h: BeaconHeaders = { contentType: undefined, contentLength: undefined, contentEncoding: undefined, userAgent: undefined, forwardedFor: undefined, origin: undefined };
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    // The length first: most headers are none of these and cost one comparison.
    switch (name.length) {
      case 6:
        if (name.toLowerCase() === 'origin') h.origin = join(h.origin, value);
        break;
      case 10:
        if (name.toLowerCase() === 'user-agent') h.userAgent ??= value;
        break;
      case 12:
        if (name.toLowerCase() === 'content-type') h.contentType ??= value;
        break;
      case 14:
        if (name.toLowerCase() === 'content-length') h.contentLength ??= value;
        break;
      case 15:
        if (name.toLowerCase() === 'x-forwarded-for') h.forwardedFor = join(h.forwardedFor, value);
        break;
      case 16:
        if (name.toLowerCase() === 'content-encoding') h.contentEncoding = join(h.contentEncoding, value);
        break;
    }
  }
  return h;
}
