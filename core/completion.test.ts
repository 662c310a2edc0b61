// The optional options of the canonical request are refused, before any
// adapter runs, for every provider whose descriptor does not claim them: an
// adapter that never heard of an option cannot drop it.
import { describe, expect, test } from 'vitest';
import { OPTIONAL_CHAT_OPTIONS, type CanonicalRequest, type OptionalChatOption } from '../protocols/canonical.ts';
import { PROVIDERS } from '../providers/registry.ts';
import { ProviderError } from '../providers/types.ts';
import { prepareCompletion } from './completion.ts';

const SAMPLE: Record<OptionalChatOption, Partial<CanonicalRequest>> = {
  topK: { topK: 5 },
  logprobs: { logprobs: { top: 0 } },
  n: { n: 2 },
  seed: { seed: 1 },
  verbosity: { verbosity: 'high' },
  logitBias: { logitBias: { '1': 1 } },
  providerPreferences: { providerPreferences: { order: ['anthropic'] } },
};

const chat = PROVIDERS.filter((d) => d.capabilities.chat);

describe.each(chat.map((d) => [d.id, d] as const))('%s', (id, d) => {
  const claimed = d.capabilities.chat!.options ?? [];
  test.each(OPTIONAL_CHAT_OPTIONS.filter((o) => !claimed.includes(o)))('refuses %s before its adapter runs', (option) => {
    const request = { provider: id, model: 'any', messages: [{ role: 'user' as const, content: 'hi' }], ...SAMPLE[option] };
    let err: unknown;
    try {
      prepareCompletion(request, { providerKey: 'caller-key' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).code).toBe('unsupported_option');
    expect((err as ProviderError).message).toContain(option);
  });

  test('n = 1 asks for nothing optional', () => {
    expect(() => prepareCompletion({ provider: id, model: 'any', messages: [{ role: 'user', content: 'hi' }], n: 1 }, { providerKey: 'k' })).not.toThrow();
  });
});
