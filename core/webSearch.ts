// Document 1 has /v1/responses accept built-in tools "but not execute them and
// pass through silently". Web search runs where the target can search; where
// it cannot, the request goes on without it instead of being refused.
import type { CanonicalRequest } from '../protocols/canonical.ts';
import { prepareCompletion, type Caller } from './completion.ts';

/**
 * The request as it can run on its target: unchanged, or without webSearch when
 * the target refuses only that (`dropped` then says so). Any other refusal is
 * left for the call itself to raise.
 */
export function withoutUnavailableSearch(request: CanonicalRequest, caller: Pick<Caller, 'providerKey'>): { request: CanonicalRequest; dropped: boolean } {
  if (!request.webSearch) return { request, dropped: false };
  try {
    prepareCompletion(request, caller);
    return { request, dropped: false };
  } catch (withSearch) {
    const { webSearch: _, ...rest } = request;
    try {
      prepareCompletion(rest, caller);
    } catch {
      throw withSearch;
    }
    return { request: rest, dropped: true };
  }
}
