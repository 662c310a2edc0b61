// Vertex's regional, project-scoped URL layout and its two kinds of credential
// (see index.ts), shared by the text and media adapters.
import { ProviderError, type CallContext } from '../types.ts';
import { joinUrl, requireKey } from '../transport/http.ts';

const id = 'vertex';

export function modelUrl(ctx: CallContext, model: string, method: string): string {
  const { project, location } = ctx.settings.extra;
  // Name every missing setting at once, so an operator fixes them in one go.
  const missing = [!ctx.settings.apiKey && ctx.settings.keyEnv, !project && 'VERTEX_PROJECT'].filter(Boolean);
  if (missing.length) throw new ProviderError(id, 'missing_config', `vertex is not configured: set ${missing.join(' and ')}`);
  const path = `v1/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location!)}/publishers/google/models/${encodeURIComponent(model)}:${method}`;
  return joinUrl(ctx.settings.baseUrl, path);
}

export function headers(ctx: CallContext): Record<string, string> {
  const key = requireKey(ctx);
  return key.startsWith('ya29.') ? { authorization: `Bearer ${key}` } : { 'x-goog-api-key': key };
}
