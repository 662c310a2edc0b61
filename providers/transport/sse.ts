// Reading an upstream stream body: failures while the body flows (cancel,
// idle timeout, reset) must surface as ProviderErrors like failures before it.
import type { ProviderId } from '../../protocols/canonical.ts';
import { parseSse, type SseMessage, type UpstreamResponse } from './http.ts';
import { ProviderError, type CallContext } from '../types.ts';

function bodyError(provider: ProviderId, ctx: CallContext, err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (ctx.signal.aborted) return new ProviderError(provider, 'cancelled', `${provider} call was cancelled`, { cause: err });
  const code = (err as { code?: string }).code;
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return new ProviderError(provider, 'timeout', `${provider} stopped sending for ${ctx.timeoutMs ?? 'too many'} ms`, { cause: err });
  }
  return new ProviderError(provider, 'upstream_error', `${provider} stream broke off: ${(err as Error).message}`, { cause: err });
}

/** SSE messages of a response body; the body is destroyed when the consumer stops early. */
export async function* sseMessages(provider: ProviderId, ctx: CallContext, res: UpstreamResponse): AsyncGenerator<SseMessage> {
  try {
    yield* parseSse(res.body);
  } catch (err) {
    throw bodyError(provider, ctx, err);
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
}

export function malformed(provider: ProviderId, what: string): ProviderError {
  return new ProviderError(provider, 'upstream_error', `${provider} sent ${what}`);
}
