import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

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

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * A page served as one HTML document with its style and script inline (the
 * analytics dashboard, the gateway's console), built from the files in `dir`
 * once per process: `page.html` holding the markers STYLE and SCRIPT (each
 * in a comment), and the two files put there. Its Content-Security-Policy
 * allows exactly that script and style (by hash) and requests to this origin only.
 */
export function inlinePage(dir: URL, files: { style: string; script: string }): { asset: StaticAsset; csp: string } {
  const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
  const style = read(files.style);
  const script = read(files.script);
  const html = read('page.html').replace('/*STYLE*/', () => style).replace('/*SCRIPT*/', () => script);
  const csp = [
    "default-src 'none'", `script-src ${sha(script)}`, `style-src ${sha(style)}`, "connect-src 'self'",
    "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
  ].join('; ');
  return { asset: new StaticAsset(html, 'text/html; charset=utf-8', 'no-cache'), csp };
}
