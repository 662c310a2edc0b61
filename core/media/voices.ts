// Voices of a speech provider, asked live: elevenlabs' library (with the
// operator's key or the caller's own), or the local runtime's voice names.
import type { ProviderId } from '../../protocols/canonical.ts';
import type { Voice } from '../../protocols/media.ts';
import { mediaAdapterOf } from '../../providers/registry.ts';
import { ApiError } from '../../protocols/errors.ts';
import { toApiError } from '../errors.ts';
import { providerCall } from '../providerCall.ts';

const LISTING_TIMEOUT_MS = 10_000;

export async function listVoices(provider: ProviderId, providerKey?: string): Promise<Voice[]> {
  const adapter = mediaAdapterOf(provider);
  if (!adapter?.voices) throw new ApiError('invalid_request', `${provider} has no voices`, { code: 'unsupported_provider', param: 'provider' });
  const call = providerCall(provider, { providerKey });
  try {
    return await adapter.voices({ ...call.context(AbortSignal.timeout(LISTING_TIMEOUT_MS)), timeoutMs: LISTING_TIMEOUT_MS });
  } catch (err) {
    throw toApiError(err);
  }
}
