// authorize() decides without a promise while every scheme answers at once
// (the /v1 hot path with a cached key) and falls back to awaiting when one
// does not; either way it must reach the same decisions: requirements in
// document order, each scheme run at most once, a scheme's throw is the
// service's failure, never a 401.
import { describe, expect, it } from 'vitest';
import type { Context as OperationContext, Operation } from 'openapi-backend';
import { authorize, type SecurityHandler } from './operations.ts';

const op = (security: Record<string, unknown>[]) => ({ security }) as unknown as Operation;
const context = {} as OperationContext;

function schemes(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const handlers: Record<string, SecurityHandler> = {};
  for (const [name, answer] of Object.entries(answers)) {
    handlers[name] = () => {
      calls.push(name);
      return answer();
    };
  }
  return { calls, handlers };
}

describe('authorize', () => {
  it('answers at once when the schemes do', () => {
    const { calls, handlers } = schemes({ bearer: () => ({ keyId: 'k' }), header: () => null });
    expect(authorize(op([{ bearer: [] }, { header: [] }]), handlers, context)).toBe(true);
    expect(calls).toEqual(['bearer']);
    expect(authorize(op([{ header: [] }]), handlers, context)).toBe(false);
    expect(authorize(op([]), handlers, context)).toBe(true);
    // A scheme the surface does not know never passes.
    expect(authorize(op([{ cookie: [] }]), handlers, context)).toBe(false);
  });

  it('awaits a scheme that answers later, then goes on in document order', async () => {
    const { calls, handlers } = schemes({ a: () => null, b: () => Promise.resolve(null), c: () => Promise.resolve({ ok: 1 }), d: () => true });
    const decided = authorize(op([{ a: [] }, { b: [], d: [] }, { d: [], c: [] }]), handlers, context);
    expect(decided).toBeInstanceOf(Promise);
    expect(await decided).toBe(true);
    expect(calls).toEqual(['a', 'b', 'd', 'c']);
  });

  it('runs each scheme once even when two requirements name it', async () => {
    const { calls, handlers } = schemes({ a: () => Promise.resolve(true), b: () => false });
    expect(await authorize(op([{ a: [], b: [] }, { a: [] }]), handlers, context)).toBe(true);
    expect(calls).toEqual(['a', 'b']);
  });

  it('refuses an answer that carries an error, at once or later', async () => {
    const { handlers } = schemes({ now: () => ({ error: 'bad' }), later: () => Promise.resolve({ error: 'bad' }) });
    expect(authorize(op([{ now: [] }]), handlers, context)).toBe(false);
    expect(await authorize(op([{ later: [] }]), handlers, context)).toBe(false);
  });

  it('fails, not refuses, when a scheme cannot decide', async () => {
    const down = new Error('database unreachable');
    const { handlers } = schemes({
      throws: () => {
        throw down;
      },
      rejects: () => Promise.reject(down),
      no: () => null,
    });
    expect(() => authorize(op([{ throws: [] }]), handlers, context)).toThrow(down);
    await expect(authorize(op([{ no: [] }, { rejects: [] }]), handlers, context)).rejects.toBe(down);
  });
});
