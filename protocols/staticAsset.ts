import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The parts of a Koa context an asset answers through. */
interface Exchange {
  get(header: string): string;
  set(header: string, value: string): void;
  acceptsEncodings(...encodings: string[]): string | false;
  type: string;
  status: number;
  body: unknown;
}

/**
 * A text asset compressed once (brotli and gzip, at their highest settings) with a
 * strong ETag of its bytes, answered by Accept-Encoding and If-None-Match.
 */
export class StaticAsset {
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
  readonly etag: string;
  readonly type: string;
  readonly cacheControl: string;
  constructor(text: string, type: string, cacheControl: string) {
    this.body = Buffer.from(text);
    this.gzip = gzipSync(this.body, { level: 9 });
    this.brotli = brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } });
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
    this.type = type;
    this.cacheControl = cacheControl;
  }

  send(ctx: Exchange): void {
    ctx.set('ETag', this.etag);
    ctx.set('Cache-Control', this.cacheControl);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = this.type;
    const match = ctx.get('if-none-match');
    if (match && match.split(',').some((t) => t.trim() === this.etag || t.trim() === `W/${this.etag}`)) {
      ctx.status = 304;
      return;
    }
    // Koa's own compression is not in the stack; the asset picks the encoding itself.
    const accepts = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (accepts === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = this.brotli;
    } else if (accepts === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = this.gzip;
    } else {
      ctx.body = this.body;
    }
  }
}
