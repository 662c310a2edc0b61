// What no spec describes: the specs themselves and an API reference page.
import Router from '@koa/router';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Middleware } from 'koa';
import { REPO_ROOT } from '../paths.ts';

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

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
    ctx.type = 'application/yaml; charset=utf-8';
    ctx.body = await readFile(path.join(REPO_ROOT, 'openapi', `${ctx.params.name}.yaml`));
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = referencePage(specs);
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const type = SWAGGER_FILES[ctx.params.file!];
    if (!type) return;
    ctx.type = type;
    ctx.set('cache-control', 'public, max-age=86400');
    ctx.body = await readFile(path.join(SWAGGER_DIR, ctx.params.file!));
  });
  const routes = router.routes() as unknown as Middleware;
  // Runs in front of every API request: skip the router's matching unless the path can be ours.
  return (ctx, next) => (ctx.path.startsWith('/docs') || ctx.path.startsWith('/openapi/') ? routes(ctx, next) : next());
}
