// Conversation sessions under the key's governance, on PostgreSQL with the
// loopback ElevenLabs (providers/elevenlabs/fake.ts): the agent model outside
// the allow-list is refused before the provider is asked; a session reserves
// its template's longest conversation on a hard budget, refused when it does
// not fit; the post-call webhook settles the minutes spent, and a session that
// expires without one gives its reservation back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startElevenLabsAgentsFake, type ElevenLabsAgentsFake } from '../../providers/elevenlabs/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { runAgentMaintenance } from '../../core/agents/maintenance.ts';
import { estimateUnits } from '../../core/governance/estimate.ts';
import { agentModel } from '../../core/agents/sessions.ts';

let service: TestService;
let eleven: ElevenLabsAgentsFake;

beforeAll(async () => {
  eleven = await startElevenLabsAgentsFake();
  service = await startTestService(['gateway'], {
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_API_KEY: 'el-operator-key',
    GUARDED_FETCH_ALLOW_LOOPBACK: 'true',
    SWITCHYARD_SECRET_KEY: 'agents-test-secret-key-0123456789abcdef',
    GATEWAY_WORKERS: '0',
  });
  service.deps.env.GATEWAY_PUBLIC_URL = service.gatewayUrl;
}, 60_000);

afterAll(async () => {
  await service?.close();
  await eleven?.close();
});

async function governedKey(name: string, policy: { allowed_models?: string[]; budgets?: unknown[] }): Promise<{ key: string; id: string }> {
  const created = await createGatewayKey(service.db, name);
  await service.db('gateway_keys')
    .where({ id: created.id })
    .update({ ...policy, ...(policy.budgets ? { budgets: JSON.stringify(policy.budgets) } : {}) });
  return created;
}

async function call(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function template(key: string, maxDurationSeconds: number): Promise<number> {
  const res = await call(key, 'POST', '/api/convagents/templates', { name: 'Support', type: 'conversation', systemPrompt: 'You help.', maxDurationSeconds });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

const sessionsOf = async (keyId: string) => service.db('agent_sessions').where({ key_id: keyId });

describe('agent sessions under the key governance', () => {
  it('a key whose allow-list leaves out the agent model is refused with 403 before the provider signs anything', async () => {
    const { key, id } = await governedKey('openai only', { allowed_models: ['openai/*'] });
    const templateId = await template(key, 120);
    const refused = await call(key, 'POST', '/api/convagents/sessions', { templateId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'model_not_allowed' });
    expect(refused.body.message).toMatch(/elevenlabs\/conversational-agent' is not allowed for key openai only/);
    expect(await sessionsOf(id)).toHaveLength(0);
  });

  it('a hard budget: each session reserves its longest conversation; the webhook settles the minutes spent; an expired session gives its reservation back', async () => {
    // Two minutes at most per session; the budget covers 1.6 of them.
    const worst = estimateUnits('elevenlabs', agentModel(), { minutes: 2 }).cost;
    expect(worst).toBeGreaterThan(0);
    const budget = Number((worst * 1.6).toFixed(6));
    const { key, id } = await governedKey('agent budget', { budgets: [{ period: 'month', amountUsd: budget, mode: 'hard' }] });
    const templateId = await template(key, 120);

    const first = await call(key, 'POST', '/api/convagents/sessions', { templateId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await call(key, 'POST', '/api/convagents/sessions', { templateId });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ success: false, code: 'budget_exceeded' });
    expect(second.body.message).toMatch(/hard month budget of key agent budget/);
    expect(await sessionsOf(id)).toHaveLength(1);

    // One started minute is spent; the other is released with the usage row.
    const conversationId = new URL(first.body.data.signedUrl).searchParams.get('conversation_id')!;
    await eleven.convai.endConversation(conversationId, { durationSeconds: 30, variables: first.body.data.dynamicVariables });
    const [done] = await sessionsOf(id);
    expect(done.status).toBe('completed');
    expect(done.charges).toBeNull();
    const [meter] = await service.db('gateway_allowances').where('meter', `key:${id}:spend:month`);
    expect(Number(meter.used)).toBeCloseTo(Number(done.cost), 8);
    expect(Number(done.cost)).toBeCloseTo(worst / 2, 8);

    const third = await call(key, 'POST', '/api/convagents/sessions', { templateId });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect((await call(key, 'POST', '/api/convagents/sessions', { templateId })).status).toBe(429);

    // Nobody ended the third: a day later it expires and what it held is free again.
    await runAgentMaintenance({ db: service.db, env: service.deps.env, log: service.deps.log }, new Date(Date.now() + 2 * 86_400_000));
    const expired = (await sessionsOf(id)).find((s) => s.id === third.body.data.session.id);
    expect(expired.status).toBe('expired');
    expect(expired.charges.every((c: { r: number }) => c.r === 0)).toBe(true);
    const fourth = await call(key, 'POST', '/api/convagents/sessions', { templateId });
    expect(fourth.status, JSON.stringify(fourth.body)).toBe(201);
  });
});
