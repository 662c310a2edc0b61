import { readFileSync } from 'node:fs';
import { StaticAsset } from '../protocols/staticAsset.ts';

const read = (name: string) => readFileSync(new URL(`./tracker/${name}`, import.meta.url), 'utf8');

/**
 * The tracking script: a small core (page views, SPA navigation, custom events) and
 * opt-in extensions, named in the file (`/script.outbound-links.hash.js`), so a site
 * loads only what it turns on. The click handler is shared by the two link
 * extensions; sendBeacon never delays the navigation, whatever the link's target.
 */
export const EXTENSIONS = ['outbound-links', 'file-downloads', '404', 'hash', 'revenue', 'engagement'] as const;
export type Extension = (typeof EXTENSIONS)[number];

const DOWNLOADS = 'pdf|xlsx?|docx?|txt|rtf|csv|exe|key|pp[st]x?|7z|pkg|rar|gz|tgz|zip|avi|mov|mp4|mpe?g|wmv|midi?|mp3|wav|wma|flac|dmg|iso|msi|apk|epub';
const LINK_RULES: Record<'outbound-links' | 'file-downloads', string> = {
  'outbound-links': "if (/^https?:$/.test(x.protocol) && x.host !== l.host) send('event', 'Outbound Link: Click', { url: a.href });",
  'file-downloads': `if (/\\.(${DOWNLOADS})$/i.test(x.pathname)) send('event', 'File Download', { url: a.href });`,
};

const CORE = read('core.js');
const PARTS: Record<'404' | 'hash' | 'revenue' | 'engagement', string> = { '404': read('404.js'), hash: read('hash.js'), revenue: read('revenue.js'), engagement: read('engagement.js') };
const LINKS = read('links.js');

/** The script source for a set of extensions; `extensions` must be known names. */
export function trackerSource(extensions: readonly Extension[] = [], projectId?: string): string {
  const on = new Set(extensions);
  let ext = '';
  const rules = (['outbound-links', 'file-downloads'] as const).filter((e) => on.has(e)).map((e) => LINK_RULES[e]);
  if (rules.length) ext += LINKS.replace('/*LINKS*/', rules.join('\n    '));
  for (const e of ['hash', 'revenue', '404', 'engagement'] as const) if (on.has(e)) ext += PARTS[e];
  const source = CORE.replace('  /*EXTENSIONS*/\n', ext);
  return projectId ? source.replace('__PROJECT__', projectId) : source;
}

/** Parses the dotted extension list of `/script.<a>.<b>.js`; null when a name is unknown. */
export function parseExtensions(list: string): Extension[] | null {
  const names = list.split('.').filter(Boolean);
  if (names.some((n) => !(EXTENSIONS as readonly string[]).includes(n))) return null;
  return [...new Set(names as Extension[])].sort((a, b) => EXTENSIONS.indexOf(a) - EXTENSIONS.indexOf(b));
}

const CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
const assets = new Map<string, StaticAsset>();

/** The compressed, ETagged script for a variant (cached; a bounded number of project-specific ones). */
export function trackerAsset(extensions: readonly Extension[], projectId?: string): StaticAsset {
  const key = `${extensions.join('.')}|${projectId ?? ''}`;
  let asset = assets.get(key);
  if (!asset) {
    if (assets.size >= 2000) assets.delete(assets.keys().next().value!);
    asset = new StaticAsset(trackerSource(extensions, projectId), 'text/javascript; charset=utf-8', CACHE);
    assets.set(key, asset);
  }
  return asset;
}
