import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { StaticAsset } from '../../protocols/staticAsset.ts';

const read = (name: string) => readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8');
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The console: one HTML document with its style and script inline, built from
 * core/console/page/ once per process. Its Content-Security-Policy allows
 * exactly that script and style (by hash) and requests to this origin only;
 * the sign-in link leaves by navigation, which connect-src does not cover.
 */
export function consolePage(): { asset: StaticAsset; csp: string } {
  const style = read('console.css');
  const script = read('console.js');
  const html = read('page.html').replace('/*STYLE*/', () => style).replace('/*SCRIPT*/', () => script);
  const csp = [
    "default-src 'none'", `script-src ${sha(script)}`, `style-src ${sha(style)}`, "connect-src 'self'",
    "img-src 'self' data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
  ].join('; ');
  return { asset: new StaticAsset(html, 'text/html; charset=utf-8', 'no-cache'), csp };
}
