// The values another tool writes, turned into the ones this service stores, so an
// imported "Google" and a collected `google` are one row of the sources table.
import { sourceOf } from '../sources.ts';

/** A source as Plausible or Umami names it (a network name, a hostname, `Direct / None`), as a source id. */
export function sourceId(name: string | null | undefined): string {
  const n = name?.trim() ?? '';
  if (n === '' || /^direct( \/ none)?$/i.test(n) || n === '(direct)') return 'direct';
  return sourceOf({ utmSource: n, siteHosts: [] });
}

/** The source of a visit from its referrer URL or host and its utm_source, as the collector decides it. */
export function sourceOfVisit(referrer: string | null | undefined, utmSource: string | null | undefined, siteHost: string | null | undefined): string {
  const ref = referrer?.trim();
  const url = ref ? (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref) ? ref : `https://${ref}`) : null;
  return sourceOf({ utmSource: utmSource?.trim() || null, referrer: url, siteHosts: siteHost ? [siteHost] : [] });
}

let countryCodes: Map<string, string> | undefined;

/** An ISO 3166-1 alpha-2 code from a code or an English country name (GA4 writes names); '' when unknown. */
export function countryCode(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase();
  if (v === '' || v === '(not set)') return '';
  if (!countryCodes) {
    // Intl knows every region's English name: the reverse of its table, built once.
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryCodes = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code) countryCodes.set(name.toLowerCase(), code);
      }
    }
  }
  return countryCodes.get(v.toLowerCase()) ?? '';
}

const DEVICES: Record<string, string> = { desktop: 'desktop', laptop: 'desktop', mobile: 'mobile', tablet: 'tablet', smarttv: 'smarttv', console: 'console', wearable: 'wearable' };

/** A device type in the collector's words (ua-parser's types; desktops are `desktop`). */
export function deviceType(value: string | null | undefined): string {
  const v = value?.trim().toLowerCase() ?? '';
  return DEVICES[v] ?? v;
}

// Umami writes its own short browser and OS ids; these are the collector's (ua-parser) names for them.
const BROWSERS: Record<string, string> = {
  chrome: 'Chrome', crios: 'Chrome', firefox: 'Firefox', fxios: 'Firefox', safari: 'Safari', ios: 'Mobile Safari',
  'edge-chromium': 'Edge', edge: 'Edge', 'edge-ios': 'Edge', opera: 'Opera', samsung: 'Samsung Internet', 'chromium-webview': 'Chrome WebView',
  'ios-webview': 'WebKit', 'microsoft edge': 'Edge', 'samsung browser': 'Samsung Internet', 'mobile safari': 'Mobile Safari', brave: 'Brave', yandexbrowser: 'Yandex', facebook: 'Facebook', instagram: 'Instagram',
};
const SYSTEMS: Record<string, string> = {
  'windows 10': 'Windows', 'windows 7': 'Windows', 'windows 8.1': 'Windows', 'windows 11': 'Windows', windows: 'Windows',
  'mac os': 'Mac OS', macos: 'Mac OS', 'os x': 'Mac OS', ios: 'iOS', 'android os': 'Android', android: 'Android', linux: 'Linux',
  mac: 'Mac OS', 'gnu/linux': 'Linux', 'chrome os': 'Chromium OS', chromeos: 'Chromium OS', 'chromium os': 'Chromium OS',
};

export function browserName(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  return BROWSERS[v.toLowerCase()] ?? v;
}

export function osName(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  return SYSTEMS[v.toLowerCase()] ?? v;
}

/** A page path without query or fragment, from a path or a full URL. */
export function pathOf(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  if (v === '') return '/';
  if (/^https?:\/\//i.test(v)) {
    try {
      return new URL(v).pathname || '/';
    } catch {
      return '/';
    }
  }
  const cut = v.search(/[?#]/);
  const p = cut < 0 ? v : v.slice(0, cut);
  return p.startsWith('/') ? p : `/${p}`;
}
