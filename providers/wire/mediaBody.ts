// Getting provider outputs into the task's storage: media inside a JSON answer
// (base64 fields, decoded as they stream), and media behind a URL the provider
// returned (fetched through the SSRF guard like any URL from outside: a
// provider's answer is not trusted to point only at the public internet).
import type { StoredMedia } from '../../protocols/media.ts';
import type { MediaWriter } from '../../media/store.ts';
import { guardedFetch } from '../transport/guardedFetch.ts';
import { ProviderError } from '../types.ts';
import type { MediaCallContext } from '../media.ts';
import { parseJsonWithBlobs } from './jsonBlobs.ts';
import type { ProviderId } from '../../protocols/canonical.ts';
import { secretsSent, withoutValues } from '../../protocols/secrets.ts';

// Generated media is large but bounded: 512 MB per file is far above any provider's output.
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** Parses a JSON answer, storing the named base64 fields as files `<base>-<n>`. */
export async function storeJsonBlobs<T = any>(
  provider: ProviderId,
  ctx: MediaCallContext,
  body: AsyncIterable<Buffer>,
  keys: string[],
  base: string,
): Promise<{ doc: T; files: StoredMedia[] }> {
  const writers: MediaWriter[] = [];
  try {
    const doc = await parseJsonWithBlobs<T>(body, keys, async (i) => {
      const writer = await ctx.store.writer(ctx.taskId, `${base}-${i}`, { maxBytes: MAX_OUTPUT_BYTES });
      writers.push(writer);
      return writer;
    });
    const files: StoredMedia[] = [];
    for (const w of writers) {
      const f = await w.finish();
      files.push({ file: f.name, mimeType: f.mimeType, size: f.size });
    }
    return { doc, files };
  } catch (err) {
    await Promise.all(writers.map((w) => w.abort()));
    if (err instanceof ProviderError || ctx.signal.aborted) throw err;
    throw new ProviderError(provider, 'upstream_error', `${provider} sent an answer that could not be read: ${(err as Error).message}`, { cause: err });
  }
}

/** Streams a provider-returned URL to storage. */
export async function storeUrl(provider: ProviderId, ctx: MediaCallContext, url: string, base: string, headers?: Record<string, string>): Promise<StoredMedia> {
  let res;
  // A signed URL or an auth header is a secret like the API key: never in an error's words.
  const sent = secretsSent(undefined, headers ?? {}, url);
  try {
    res = await guardedFetch(url, { headers, signal: ctx.signal, timeoutMs: 10 * 60_000, maxBytes: MAX_OUTPUT_BYTES });
  } catch (err) {
    throw new ProviderError(provider, 'upstream_error', `${provider}'s output URL could not be fetched: ${withoutValues((err as Error).message, sent)}`, { cause: err });
  }
  if (res.status < 200 || res.status >= 300) {
    res.dispose();
    throw new ProviderError(provider, 'upstream_error', `${provider}'s output URL answered HTTP ${res.status}`);
  }
  const type = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'].split(';')[0] : undefined;
  const stored = await ctx.store.put(ctx.taskId, base, res.body, { mimeType: type, maxBytes: MAX_OUTPUT_BYTES });
  return { file: stored.name, mimeType: stored.mimeType, size: stored.size };
}
