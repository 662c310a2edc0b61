/** What kind of site a known source is; the channel rules (analytics/channels.ts) read it. */
export type SourceCategory = 'search' | 'social' | 'video' | 'shopping' | 'email';

interface KnownSource {
  id: string;
  label: string;
  channel: SourceCategory;
  /** Hostnames (without www.) that refer with this source; a trailing dot matches any TLD (google.). */
  hosts: string[];
}

const KNOWN: KnownSource[] = [
  { id: 'google', label: 'Google', channel: 'search', hosts: ['google.', 'www.google.', 'news.google.com', 'com.google.android.googlequicksearchbox'] },
  { id: 'bing', label: 'Bing', channel: 'search', hosts: ['bing.com', 'cn.bing.com'] },
  { id: 'duckduckgo', label: 'DuckDuckGo', channel: 'search', hosts: ['duckduckgo.com'] },
  { id: 'yahoo', label: 'Yahoo', channel: 'search', hosts: ['search.yahoo.com', 'yahoo.com', 'search.yahoo.co.jp'] },
  { id: 'yandex', label: 'Yandex', channel: 'search', hosts: ['yandex.', 'ya.ru'] },
  { id: 'baidu', label: 'Baidu', channel: 'search', hosts: ['baidu.com', 'm.baidu.com'] },
  { id: 'ecosia', label: 'Ecosia', channel: 'search', hosts: ['ecosia.org'] },
  { id: 'qwant', label: 'Qwant', channel: 'search', hosts: ['qwant.com'] },
  { id: 'startpage', label: 'Startpage', channel: 'search', hosts: ['startpage.com'] },
  { id: 'brave', label: 'Brave Search', channel: 'search', hosts: ['search.brave.com'] },
  { id: 'kagi', label: 'Kagi', channel: 'search', hosts: ['kagi.com'] },
  { id: 'naver', label: 'Naver', channel: 'search', hosts: ['search.naver.com', 'naver.com'] },
  { id: 'seznam', label: 'Seznam', channel: 'search', hosts: ['seznam.cz', 'search.seznam.cz'] },
  { id: 'facebook', label: 'Facebook', channel: 'social', hosts: ['facebook.com', 'm.facebook.com', 'l.facebook.com', 'lm.facebook.com', 'fb.com'] },
  { id: 'instagram', label: 'Instagram', channel: 'social', hosts: ['instagram.com', 'l.instagram.com'] },
  { id: 'twitter', label: 'X (Twitter)', channel: 'social', hosts: ['t.co', 'twitter.com', 'x.com', 'mobile.twitter.com'] },
  { id: 'linkedin', label: 'LinkedIn', channel: 'social', hosts: ['linkedin.com', 'lnkd.in'] },
  { id: 'reddit', label: 'Reddit', channel: 'social', hosts: ['reddit.com', 'old.reddit.com', 'out.reddit.com'] },
  { id: 'hackernews', label: 'Hacker News', channel: 'social', hosts: ['news.ycombinator.com'] },
  { id: 'youtube', label: 'YouTube', channel: 'video', hosts: ['youtube.com', 'm.youtube.com', 'youtu.be'] },
  { id: 'pinterest', label: 'Pinterest', channel: 'social', hosts: ['pinterest.com', 'pin.it'] },
  { id: 'tiktok', label: 'TikTok', channel: 'social', hosts: ['tiktok.com'] },
  { id: 'mastodon', label: 'Mastodon', channel: 'social', hosts: ['mastodon.social', 'mastodon.online', 'fosstodon.org', 'hachyderm.io'] },
  { id: 'bluesky', label: 'Bluesky', channel: 'social', hosts: ['bsky.app'] },
  { id: 'threads', label: 'Threads', channel: 'social', hosts: ['threads.net', 'threads.com'] },
  { id: 'github', label: 'GitHub', channel: 'social', hosts: ['github.com'] },
  { id: 'vk', label: 'VK', channel: 'social', hosts: ['vk.com'] },
  { id: 'telegram', label: 'Telegram', channel: 'social', hosts: ['t.me', 'web.telegram.org'] },
  { id: 'discord', label: 'Discord', channel: 'social', hosts: ['discord.com', 'discordapp.com'] },
  { id: 'vimeo', label: 'Vimeo', channel: 'video', hosts: ['vimeo.com'] },
  { id: 'twitch', label: 'Twitch', channel: 'video', hosts: ['twitch.tv', 'm.twitch.tv'] },
  { id: 'amazon', label: 'Amazon', channel: 'shopping', hosts: ['amazon.', 'www.amazon.'] },
  { id: 'ebay', label: 'eBay', channel: 'shopping', hosts: ['ebay.', 'www.ebay.'] },
  { id: 'etsy', label: 'Etsy', channel: 'shopping', hosts: ['etsy.com'] },
  { id: 'shopify', label: 'Shopify', channel: 'shopping', hosts: ['shopify.com', 'shop.app'] },
  { id: 'gmail', label: 'Gmail', channel: 'email', hosts: ['mail.google.com'] },
  { id: 'outlook', label: 'Outlook', channel: 'email', hosts: ['outlook.live.com', 'outlook.office.com', 'outlook.office365.com'] },
  { id: 'yahoo-mail', label: 'Yahoo Mail', channel: 'email', hosts: ['mail.yahoo.com'] },
  { id: 'proton-mail', label: 'Proton Mail', channel: 'email', hosts: ['mail.proton.me'] },
  { id: 'whatsapp', label: 'WhatsApp', channel: 'social', hosts: ['whatsapp.com', 'web.whatsapp.com', 'wa.me'] },
];

const BY_ID = new Map(KNOWN.map((s) => [s.id, s]));
const BY_HOST = new Map<string, KnownSource>();
const BY_PREFIX: [string, KnownSource][] = [];
for (const s of KNOWN) for (const h of s.hosts) (h.endsWith('.') ? BY_PREFIX.push([h, s]) : BY_HOST.set(h, s));

function knownHost(host: string): KnownSource | undefined {
  const bare = host.replace(/^www\./, '');
  return BY_HOST.get(bare) ?? BY_HOST.get(host) ?? BY_PREFIX.find(([p]) => bare.startsWith(p) || host.startsWith(p))?.[1];
}

/**
 * The raw source id of an event: the UTM source when tagged (campaigns outrank the
 * referrer), else the known network or engine, else the referring host; referrers
 * from the site itself (or any trusted domain) are direct.
 */
export function sourceOf(input: { utmSource?: string | null; referrer?: string | null; referrerUrl?: URL | null; siteHosts: string[] }): string {
  const utm = input.utmSource?.trim().toLowerCase();
  if (utm) return knownHost(utm)?.id ?? BY_ID.get(utm)?.id ?? utm.slice(0, 300);
  if (!input.referrer) return 'direct';
  let host: string;
  try {
    // The caller may have parsed the referrer already (null: it did not parse).
    host = (input.referrerUrl !== undefined ? input.referrerUrl?.hostname ?? '' : new URL(input.referrer).hostname).toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  const bare = host.replace(/^www\./, '');
  const ownSite = (listed: string) => {
    // A listed wildcard (*.example.com) names its site as well.
    const d = listed.replace(/^\*\./, '');
    return bare === d || bare.endsWith(`.${d}`);
  };
  if (input.siteHosts.some(ownSite)) return 'direct';
  return knownHost(host)?.id ?? bare;
}

/** Label and category are derived when read, so a better table improves old data too. */
export function describeSource(id: string | null): { source: string; label: string; category: SourceCategory | null } {
  if (!id || id === 'direct') return { source: 'direct', label: 'Direct', category: null };
  const known = BY_ID.get(id) ?? knownHost(id);
  if (known) return { source: id, label: known.label, category: known.channel };
  return { source: id, label: id, category: null };
}
