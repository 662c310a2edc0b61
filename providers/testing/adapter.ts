// Helpers for tests that drive an adapter against its fake.
import { ResultAccumulator, type CanonicalRequest, type CanonicalResult, type ProviderId, type StreamEvent } from '../../protocols/canonical.ts';
import { providerSettings } from '../settings.ts';
import type { CallContext, ChatAdapter } from '../types.ts';
import type { Fake } from './fake.ts';

/** A call context pointing the provider at a fake, with a test key when the provider takes one. */
export function contextFor(id: ProviderId, fake: Fake, extra: Partial<CallContext> = {}): CallContext {
  const names = providerSettings(id, {});
  const env = { [names.baseUrlEnv]: fake.url, ...(names.keyEnv ? { [names.keyEnv]: 'sk-test' } : {}) };
  return { settings: providerSettings(id, env), signal: new AbortController().signal, timeoutMs: 5_000, ...extra };
}

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

export async function streamed(adapter: ChatAdapter, req: CanonicalRequest, ctx: CallContext): Promise<CanonicalResult> {
  const acc = new ResultAccumulator(req.provider, req.model, 'minted');
  for (const e of await collect(adapter.stream(req, ctx))) acc.push(e);
  return acc.result();
}

/** Starts a fake, runs the test body against it, always closes it. */
export async function withFake<T>(start: () => Promise<Fake>, id: ProviderId, run: (fake: Fake, ctx: CallContext) => Promise<T>): Promise<T> {
  const fake = await start();
  try {
    return await run(fake, contextFor(id, fake));
  } finally {
    await fake.close();
  }
}
