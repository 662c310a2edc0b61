// Provider slots for /v1 calls: granted at once while the limit allows (no
// promise on the hot path), else in arrival order as slots are released.
import { describe, expect, it } from 'vitest';
import { LocalSlots } from './slots.ts';
import type { ProviderLimits } from '../providers/registry.ts';

const limits = { openai: 2 } as unknown as ProviderLimits;

describe('LocalSlots', () => {
  it('grants a free slot at once and queues the rest in arrival order', async () => {
    const slots = new LocalSlots(limits);
    const first = slots.acquire('openai');
    const second = slots.acquire('openai');
    expect(typeof first).toBe('function');
    expect(typeof second).toBe('function');
    const granted: string[] = [];
    const third = (slots.acquire('openai') as Promise<() => void>).then((release) => (granted.push('third'), release));
    const fourth = (slots.acquire('openai') as Promise<() => void>).then((release) => (granted.push('fourth'), release));
    expect(slots.waitingCount('openai')).toBe(2);
    (first as () => void)();
    // Released twice: the second call must not free another slot.
    (first as () => void)();
    await third;
    expect(granted).toEqual(['third']);
    expect(slots.activeCount('openai')).toBe(2);
    (second as () => void)();
    (await fourth)();
    (await third)();
    expect(slots.activeCount('openai')).toBe(0);
    expect(granted).toEqual(['third', 'fourth']);
  });

  it('gives up a place in the queue when the caller aborts', async () => {
    const slots = new LocalSlots({ openai: 1 } as unknown as ProviderLimits);
    const held = slots.acquire('openai') as () => void;
    const controller = new AbortController();
    const waiting = slots.acquire('openai', controller.signal);
    controller.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(slots.waitingCount('openai')).toBe(0);
    held();
    expect(slots.activeCount('openai')).toBe(0);
  });
});
