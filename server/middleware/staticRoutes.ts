// What no spec describes: the specs themselves and an API reference page.
// These files never change while the process runs, so each is read once and
// compressed once per encoding (swagger-ui's bundle is 1.7 MB, 0.4 MB as
// brotli), with an ETag so a browser that has it gets 304.
import Router from '@koa/router';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, Middleware } from 'koa';
import { REPO_ROOT } from '../paths.ts';
import { chooseEncoding, type Encoding } from './compress.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

// Once per file and process: better ratios than the per-request settings, in
// the thread pool (brotli's top level would take seconds on the bundle).
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const ENCODERS: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
  br: (b) => brotli(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => gzip(b, { level: 9 }),
};

interface Asset {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

const assets = new Map<string, Promise<Asset>>();

function asset(file: string): Promise<Asset> {
  let found = assets.get(file);
  if (!found) {
    found = readFile(file).then((body) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoded: {} }));
    // A failed read is not remembered.
    found.catch(() => assets.delete(file));
    assets.set(file, found);
  }
  return found;
}

async function serve(ctx: Context, file: string, type: string, cacheControl: string): Promise<void> {
  const a = await asset(file);
  ctx.type = type;
  ctx.set('cache-control', cacheControl);
  ctx.set('etag', a.etag);
  ctx.set('vary', 'Accept-Encoding');
  if (ctx.get('if-none-match') === a.etag) {
    ctx.status = 304;
    return;
  }
  const encoding = chooseEncoding(ctx.get('accept-encoding'));
  if (!encoding) {
    ctx.body = a.body;
    return;
  }
  const encoded = (a.encoded[encoding] ??= ENCODERS[encoding](a.body));
  ctx.body = await encoded;
  ctx.set('content-encoding', encoding);
}

function referencePage(specs: string[]): string {
  const urls = JSON.stringify(specs.map((name) => ({ name, url: `/openapi/${name}.yaml` })));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Switchyard API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle({ urls: ${urls}, dom_id: '#ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });</script>
</body></html>`;
}

export function staticRoutes(specs: string[]): Middleware {
  const router = new Router();
  router.get('/openapi/:name.yaml', async (ctx) => {
    if (!specs.includes(ctx.params.name!)) return;
    // Revalidated each time (the ETag makes that a 304): a redeploy may change the spec.
    await serve(ctx, path.join(REPO_ROOT, 'openapi', `${ctx.params.name}.yaml`), 'application/yaml; charset=utf-8', 'no-cache');
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = referencePage(specs);
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const type = SWAGGER_FILES[ctx.params.file!];
    if (!type) return;
    await serve(ctx, path.join(SWAGGER_DIR, ctx.params.file!), type, 'public, max-age=86400');
  });
  const routes = router.routes() as unknown as Middleware;
  // Runs in front of every API request: skip the router's matching unless the path can be ours.
  return (ctx, next) => (ctx.path.startsWith('/docs') || ctx.path.startsWith('/openapi/') ? routes(ctx, next) : next());
}
