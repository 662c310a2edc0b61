import { it } from 'vitest';
import { createGatewayKey, startTestService } from '../../test/support.ts';
import { startFake } from '../../providers/openai/fake.ts';
import { Pool } from 'undici';
import { getAdapter } from '../../providers/index.ts';
import { callContext, completeOnce, recordUsage, priceOf } from '../../core/completion.ts';

const pct = (a: number[]) => { a.sort((x, y) => x - y); return `p50 ${a[Math.floor(a.length / 2)]!.toFixed(3)} p99 ${a[Math.floor(a.length * 0.99)]!.toFixed(3)}`; };

it('probe', async () => {
  const fake = await startFake();
  const service = await startTestService(['gateway'], { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'x' });
  const { key, id } = await createGatewayKey(service.db);
  const adapter = getAdapter('openai')!;
  const req = { provider: 'openai' as const, model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };
  const caller = { keyId: id, surface: 'chat.completions' };
  const ac = new AbortController();
  const a: number[] = [], u: number[] = [], c: number[] = [], h: number[] = [], n: number[] = [];
  for (let i = 0; i < 300; i++) {
    let t = performance.now();
    const r = await adapter.complete(req, callContext('openai', caller, ac.signal));
    a.push(performance.now() - t);
    t = performance.now();
    await recordUsage(service.db, { ...r, cost: priceOf(r, caller) }, caller);
    u.push(performance.now() - t);
    t = performance.now();
    await completeOnce(service.db, req, caller, ac.signal);
    c.push(performance.now() - t);
  }
  const pool = new Pool(service.gatewayUrl!, { connections: 4 });
  const body = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  for (let i = 0; i < 300; i++) {
    let t = performance.now();
    const r = await pool.request({ method: 'POST', path: '/v1/chat/completions', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body });
    await r.body.text();
    h.push(performance.now() - t);
    t = performance.now();
    const r2 = await pool.request({ method: 'GET', path: '/api/llm/health' });
    await r2.body.text();
    n.push(performance.now() - t);
  }
  console.log('adapter', pct(a)); console.log('usage insert', pct(u)); console.log('completeOnce', pct(c)); console.log('http /v1', pct(h)); console.log('http health', pct(n));
  await service.close(); await fake.close();
}, 120_000);
