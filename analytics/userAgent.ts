import { UAParser } from 'ua-parser-js';
import { isbot, isbotMatch } from 'isbot';

export interface UserAgentClass {
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  isBot: boolean;
  botName: string | null;
}

// isbot covers crawlers; automation frameworks often send an otherwise normal
// browser string with one of these tokens in it.
const HEADLESS = /HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium|webdriver|SlimerJS|Electron\/\S+ .*Headless|Cypress|Nightmare|jsdom/i;

const cache = new Map<string, UserAgentClass>();
const CACHE_LIMIT = 20_000;

export function classifyUserAgent(userAgent: string | null | undefined): UserAgentClass {
  const ua = (userAgent ?? '').trim();
  const hit = cache.get(ua);
  if (hit) return hit;
  const result = parse(ua);
  // Real traffic repeats a few thousand strings; a crude bound keeps a flood of random ones harmless.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(ua, result);
  return result;
}

function parse(ua: string): UserAgentClass {
  if (!ua) return { browser: null, os: null, deviceType: null, isBot: true, botName: 'empty user agent' };
  const parsed = new UAParser(ua).getResult();
  const headless = HEADLESS.exec(ua);
  const crawler = headless ? null : isbot(ua) ? isbotMatch(ua) : null;
  const isBot = Boolean(headless || crawler);
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ?? null,
    // ua-parser-js leaves the type empty for desktops.
    deviceType: parsed.device.type ?? (parsed.os.name || parsed.browser.name ? 'desktop' : null),
    isBot,
    botName: headless ? headless[0] : crawler ? crawler.slice(0, 200) : null,
  };
}
