// Azure's content-filter refusals as the canonical content-filter error.
import { ProviderError } from '../types.ts';

/** The categories Azure's filter flagged, from an error's innererror.content_filter_result (or content_filter_results). */
function flagged(result: unknown): string[] {
  if (!result || typeof result !== 'object') return [];
  return Object.entries(result as Record<string, any>)
    .filter(([, v]) => v?.filtered === true || v?.detected === true)
    .map(([k]) => k);
}

/**
 * Azure answers a prompt (or a generated image) its content policy refuses
 * with HTTP 400, error.code content_filter (content_policy_violation for
 * images) and the categories under innererror. That is the caller's request
 * being refused, not the provider failing: it keeps upstream_rejected and is
 * marked content_filter so every surface names it so.
 */
export function contentFilterError(err: ProviderError): ProviderError {
  if (err.code !== 'upstream_rejected' || err.status !== 400 || !err.upstreamBody) return err;
  let body: any;
  try {
    body = JSON.parse(err.upstreamBody);
  } catch {
    return err;
  }
  const e = body?.error;
  if (e?.code !== 'content_filter' && e?.code !== 'content_policy_violation' && e?.innererror?.code !== 'ResponsibleAIPolicyViolation') return err;
  const categories = flagged(e?.innererror?.content_filter_result ?? e?.innererror?.content_filter_results);
  const message = `azure's content filter refused the request${categories.length ? ` (${categories.join(', ')})` : ''}: ${String(e?.message ?? '').slice(0, 300)}`;
  return new ProviderError('azure', 'upstream_rejected', message, {
    status: 400,
    upstreamBody: err.upstreamBody,
    upstreamType: 'content_filter',
    param: e?.param === 'prompt' ? 'messages' : (e?.param ?? undefined),
    cause: err,
  });
}
