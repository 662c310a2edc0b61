// TinEye's search API (POST /rest/search/ with the image as multipart
// image_upload, key in x-api-key): exact and edited copies of an image with
// the pages that carry them and when TinEye crawled them. Processed in
// Canada. Billed per search.
import { randomBytes } from 'node:crypto';
import type { ProviderId } from '../../protocols/canonical.ts';
import { joinUrl, requireKey, sendJson } from '../transport/http.ts';
import { ProviderError, type CallContext } from '../types.ts';
import { hostOf, type WebDetectionCall, type WebDetectionResult, type WebEngine, type WebImageMatch } from '../wire/webDetection.ts';

const ID = 'tineye' as unknown as ProviderId;

interface WireBacklink {
  url?: string;
  backlink?: string;
  /** YYYY-MM-DD */
  crawl_date?: string;
  image_name?: string;
}
interface WireMatch {
  image_url?: string;
  domain?: string;
  score?: number;
  query_match_percent?: number;
  width?: number;
  height?: number;
  backlinks?: WireBacklink[];
}
interface SearchResponse {
  code?: number;
  messages?: string[];
  stats?: { total_results?: number; total_backlinks?: number; total_filtered_results?: number };
  results?: { matches?: WireMatch[] };
}

/** A match covering at least this share of the query image counts as a full copy; smaller ones are crops or parts. */
const FULL_MATCH_PERCENT = 90;

function isoDate(d: string | undefined): string | undefined {
  if (!d || !/^\d{4}-\d{2}-\d{2}/.test(d)) return undefined;
  const t = Date.parse(`${d.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

function earliest(dates: Array<string | undefined>): string | undefined {
  return dates.filter((d): d is string => !!d).sort()[0];
}

export function mapSearch(res: SearchResponse, max: number, inferenceTimeMs: number): WebDetectionResult {
  const matches = [...(res.results?.matches ?? [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const full: WebImageMatch[] = [];
  const partial: WebImageMatch[] = [];
  const pages: WebImageMatch[] = [];
  for (const m of matches) {
    if (!m.image_url) continue;
    const crawlDate = earliest((m.backlinks ?? []).map((b) => isoDate(b.crawl_date)));
    const image: WebImageMatch = {
      url: m.image_url,
      ...(m.score !== undefined ? { score: m.score } : {}),
      ...((m.domain ?? hostOf(m.image_url)) ? { domain: m.domain ?? hostOf(m.image_url) } : {}),
      ...(crawlDate ? { crawlDate } : {}),
    };
    ((m.query_match_percent ?? m.score ?? 0) >= FULL_MATCH_PERCENT ? full : partial).push(image);
    for (const b of m.backlinks ?? []) {
      if (!b.backlink) continue;
      const page: WebImageMatch = { url: b.backlink };
      const domain = hostOf(b.backlink);
      if (domain) page.domain = domain;
      const when = isoDate(b.crawl_date);
      if (when) page.crawlDate = when;
      pages.push(page);
    }
  }
  const totalResults = res.stats?.total_results ?? matches.length;
  return {
    likelyFromWeb: totalResults > 0,
    fullMatchingImages: full.slice(0, max),
    partialMatchingImages: partial.slice(0, max),
    pagesWithMatchingImages: pages.slice(0, max),
    // TinEye finds copies only: no similar images, entities or labels.
    visuallySimilarImages: [],
    webEntities: [],
    bestGuessLabels: [],
    model: 'tineye-search',
    provider: 'tineye',
    inferenceTimeMs,
    totalResults,
    totalBacklinks: res.stats?.total_backlinks ?? pages.length,
  };
}

function multipart(fields: Record<string, string>, file: { name: string; filename: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----switchyard${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** TinEye's error body { code, messages: [...] } to one line. */
function describe(body: string | undefined): string | undefined {
  try {
    const r = JSON.parse(body ?? '') as SearchResponse;
    return r.messages?.length ? r.messages.join('; ') : undefined;
  } catch {
    return undefined;
  }
}

async function detect(call: WebDetectionCall, ctx: CallContext): Promise<WebDetectionResult> {
  const key = requireKey(ctx);
  const started = performance.now();
  const form = multipart({ offset: '0', limit: String(call.maxResults), sort: 'score', order: 'desc' }, { name: 'image_upload', filename: 'image', bytes: call.image });
  let res: SearchResponse;
  try {
    res = await sendJson<SearchResponse>(ID, ctx, {
      method: 'POST',
      url: joinUrl(ctx.settings.baseUrl, '/rest/search/'),
      headers: { 'x-api-key': key, 'content-type': form.contentType },
      body: form.body,
    });
  } catch (err) {
    if (err instanceof ProviderError && err.upstreamBody) {
      const said = describe(err.upstreamBody);
      if (said) throw new ProviderError(ID, err.code, `tineye answered HTTP ${err.status}: ${said}`, { status: err.status, retryAfterMs: err.retryAfterMs, cause: err });
    }
    throw err;
  }
  // TinEye can also report a failure inside an HTTP 200.
  if (res.code !== undefined && res.code !== 200) {
    throw new ProviderError(ID, res.code >= 500 ? 'upstream_error' : 'upstream_rejected', `tineye refused the search (${res.code}): ${(res.messages ?? []).join('; ') || 'no reason given'}`, { status: res.code });
  }
  return mapSearch(res, call.maxResults, Math.round(performance.now() - started));
}

const tineye: WebEngine = {
  id: 'tineye',
  model: 'tineye-search',
  keyEnv: 'TINEYE_API_KEY',
  baseUrlEnv: 'TINEYE_BASE_URL',
  defaultBaseUrl: 'https://api.tineye.com',
  detect,
};

export default tineye;
