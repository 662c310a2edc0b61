import { inlinePage, type StaticAsset } from '../../protocols/staticAsset.ts';

/**
 * The console, built from core/console/page/ once per process. The sign-in
 * link leaves by navigation, which the page's connect-src does not cover.
 */
export function consolePage(): { asset: StaticAsset; csp: string } {
  return inlinePage(new URL('./page/', import.meta.url), { style: 'console.css', script: 'console.js' });
}
