// Google Cloud Vision, images:annotate with the WEB_DETECTION feature: where
// an image (or copies and parts of it) appears on the web, the entities it is
// about, and the best-guess label. Billed per image analysed.
import type { ProviderId } from '../../protocols/canonical.ts';
import { joinUrl, requireKey, sendJson } from '../transport/http.ts';
import { ProviderError, type CallContext } from '../types.ts';
import type { WebDetectionCall, WebDetectionResult, WebEngine, WebImageMatch } from '../wire/webDetection.ts';

const ID = 'google-vision' as unknown as ProviderId;

/** The wire format (v1 AnnotateImageResponse.webDetection), as far as it is read. */
interface WireWebImage {
  url?: string;
  score?: number;
}
interface WireWebPage extends WireWebImage {
  pageTitle?: string;
}
interface WireWebDetection {
  webEntities?: Array<{ entityId?: string; score?: number; description?: string }>;
  fullMatchingImages?: WireWebImage[];
  partialMatchingImages?: WireWebImage[];
  pagesWithMatchingImages?: WireWebPage[];
  visuallySimilarImages?: WireWebImage[];
  bestGuessLabels?: Array<{ label?: string; languageCode?: string }>;
}
interface WireStatus {
  code?: number;
  message?: string;
  status?: string;
}
interface AnnotateResponse {
  responses?: Array<{ webDetection?: WireWebDetection; error?: WireStatus }>;
}

/** Page titles come with the matched words in <b> tags. */
function plain(html: string | undefined): string | undefined {
  return html?.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function images(list: WireWebImage[] | undefined, max: number): WebImageMatch[] {
  return (list ?? []).filter((i) => i.url).slice(0, max).map((i) => ({ url: i.url!, ...(i.score !== undefined ? { score: i.score } : {}) }));
}

export function mapWebDetection(web: WireWebDetection | undefined, max: number, inferenceTimeMs: number): WebDetectionResult {
  const full = images(web?.fullMatchingImages, max);
  const pages = (web?.pagesWithMatchingImages ?? []).filter((p) => p.url).slice(0, max).map((p) => ({
    url: p.url!,
    ...(p.score !== undefined ? { score: p.score } : {}),
    ...(p.pageTitle ? { pageTitle: plain(p.pageTitle) } : {}),
  }));
  return {
    // An exact copy, or a page carrying one, is what "likely from the web" means here.
    likelyFromWeb: full.length > 0 || pages.length > 0,
    fullMatchingImages: full,
    partialMatchingImages: images(web?.partialMatchingImages, max),
    pagesWithMatchingImages: pages,
    visuallySimilarImages: images(web?.visuallySimilarImages, max),
    webEntities: (web?.webEntities ?? []).filter((e) => e.description).slice(0, max).map((e) => ({ description: e.description!, score: e.score ?? 0 })),
    bestGuessLabels: (web?.bestGuessLabels ?? []).flatMap((l) => (l.label ? [l.label] : [])),
    model: 'web-detection',
    provider: 'google-vision',
    inferenceTimeMs,
  };
}

/** Google's error envelope { error: { code, message, status } } to one readable line. */
function describe(body: string | undefined): string | undefined {
  try {
    const e = (JSON.parse(body ?? '') as { error?: WireStatus }).error;
    return e?.message ? `${e.status ?? e.code ?? 'error'}: ${e.message}` : undefined;
  } catch {
    return undefined;
  }
}

async function detect(call: WebDetectionCall, ctx: CallContext): Promise<WebDetectionResult> {
  const key = requireKey(ctx);
  const started = performance.now();
  let res: AnnotateResponse;
  try {
    res = await sendJson<AnnotateResponse>(ID, ctx, {
      method: 'POST',
      url: `${joinUrl(ctx.settings.baseUrl, '/v1/images:annotate')}?key=${encodeURIComponent(key)}`,
      body: {
        requests: [{ image: { content: call.image.toString('base64') }, features: [{ type: 'WEB_DETECTION', maxResults: call.maxResults }] }],
      },
    });
  } catch (err) {
    if (err instanceof ProviderError && err.upstreamBody) {
      const said = describe(err.upstreamBody);
      if (said) throw new ProviderError(ID, err.code, `google-vision answered HTTP ${err.status}: ${said}`, { status: err.status, retryAfterMs: err.retryAfterMs, cause: err });
    }
    throw err;
  }
  const first = res.responses?.[0];
  // A per-image failure comes back inside a 200 (bad image data, for one).
  if (first?.error?.message) {
    throw new ProviderError(ID, 'upstream_rejected', `google-vision could not analyse the image: ${first.error.message}`, { status: 400 });
  }
  return mapWebDetection(first?.webDetection, call.maxResults, Math.round(performance.now() - started));
}

const googleVision: WebEngine = {
  id: 'google-vision',
  model: 'web-detection',
  keyEnv: 'GOOGLE_VISION_API_KEY',
  baseUrlEnv: 'GOOGLE_VISION_BASE_URL',
  defaultBaseUrl: 'https://vision.googleapis.com',
  detect,
};

export default googleVision;
