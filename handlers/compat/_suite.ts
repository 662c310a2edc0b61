// Test support: a gateway on a test database with the named providers on
// their loopback fakes, one key, and every /v1 exchange checked against
// openapi/compat.yaml after each test. Registers its own vitest hooks.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../../providers/anthropic/fake.ts';
import { startFake as startGemini } from '../../providers/gemini/fake.ts';
import { startFake as startOllama } from '../../providers/ollama/fake.ts';
import { assertContract, recordingFetch, type Exchange } from './_contract.ts';

type FakeId = 'openai' | 'anthropic' | 'gemini' | 'ollama';

const STARTERS: Record<FakeId, () => Promise<Fake>> = { openai: startOpenAI, anthropic: startAnthropic, gemini: startGemini, ollama: startOllama };

function envFor(id: FakeId, fake: Fake): NodeJS.ProcessEnv {
  switch (id) {
    case 'openai':
      return { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-fake-openai' };
    case 'anthropic':
      return { ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: 'sk-ant-fake' };
    case 'gemini':
      // One fake answers both URL layouts.
      return { GEMINI_BASE_URL: fake.url, GEMINI_API_KEY: 'gemini-fake', VERTEX_BASE_URL: fake.url, VERTEX_API_KEY: 'vertex-fake', VERTEX_PROJECT: 'acme-eu' };
    case 'ollama':
      return { OLLAMA_BASE_URL: fake.url };
  }
}

export interface CompatSuite<F extends FakeId> {
  service: TestService;
  key: string;
  fakes: Record<F, Fake>;
  /** Every exchange of the clients made with `fetch` below; checked and emptied after each test. */
  log: Exchange[];
  /** A fetch for the SDKs that records each exchange for the contract check. */
  fetch: typeof fetch;
}

/** Fills the returned suite in beforeAll; use it inside tests and hooks only. */
export function compatSuite<F extends FakeId>(ids: readonly F[], env: NodeJS.ProcessEnv = {}): CompatSuite<F> {
  const log: Exchange[] = [];
  const suite = { fakes: {}, log, fetch: recordingFetch(log) } as CompatSuite<F>;
  beforeAll(async () => {
    const started = await Promise.all(ids.map((id) => STARTERS[id]()));
    ids.forEach((id, i) => (suite.fakes[id] = started[i]!));
    suite.service = await startTestService(['gateway'], Object.assign({}, ...ids.map((id, i) => envFor(id, started[i]!)), env));
    ({ key: suite.key } = await createGatewayKey(suite.service.db, 'compat-suite'));
  });
  afterAll(async () => {
    await suite.service?.close();
    await Promise.all(Object.values<Fake>(suite.fakes).map((f) => f.close()));
  });
  beforeEach(() => {
    for (const f of Object.values<Fake>(suite.fakes)) f.requests.length = 0;
  });
  afterEach(async () => {
    await assertContract(log);
  });
  return suite;
}
