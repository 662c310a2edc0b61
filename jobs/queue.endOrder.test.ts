// A stream says done only once the task's end is readable, whatever the
// timing: the end's transaction is held open here (a row lock it waits on),
// then, once it committed, the process writing it is kept from hearing so
// (a busy machine does that). No done may come before the commit, and a
// result read after done must be there.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFake } from '../providers/anthropic/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { startImagesFake, type MediaFake } from '../providers/testing/mediaFake.ts';
import { createGatewayKey, startTestService, type TestService } from '../test/support.ts';

interface Hold {
  /** Set when the next end write is to be held. */
  armed: boolean;
  entered: Promise<string[]>;
  enter: (ids: string[]) => void;
  /** Released by the test: the write starts. */
  start: Promise<void>;
  letStart: () => void;
  /** Released by the test: the process hears that its write committed. */
  answer: Promise<void>;
  letAnswer: () => void;
}
const hold = vi.hoisted(() => ({ current: undefined as Hold | undefined }));

vi.mock('../db/gateway/finishTask.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../db/gateway/finishTask.ts')>();
  return {
    ...real,
    finishTasks: async (...args: Parameters<typeof real.finishTasks>) => {
      const h = hold.current;
      if (!h?.armed) return real.finishTasks(...args);
      h.armed = false;
      h.enter(args[1].map((item) => item.id));
      await h.start;
      const ended = await real.finishTasks(...args);
      await h.answer;
      return ended;
    },
  };
});

function newHold(): Hold {
  const h = { armed: true } as Hold;
  h.entered = new Promise((resolve) => (h.enter = resolve));
  h.start = new Promise((resolve) => (h.letStart = resolve));
  h.answer = new Promise((resolve) => (h.letAnswer = resolve));
  return h;
}

let fake: Fake;
let images: MediaFake;
let mediaDir: string;
let service: TestService;
let key: string;

beforeAll(async () => {
  [fake, images] = await Promise.all([startFake(), startImagesFake()]);
  mediaDir = await mkdtemp(join(tmpdir(), 'end-order-'));
  service = await startTestService(['gateway'], {
    MEDIA_DIR: mediaDir,
    OPENAI_BASE_URL: `${images.url}/v1`,
    OPENAI_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: 'sk-ant-test',
  });
  key = (await createGatewayKey(service.db)).key;
});

afterAll(async () => {
  hold.current?.letStart();
  hold.current?.letAnswer();
  await service?.close();
  await Promise.all([fake?.close(), images?.close()]);
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** An SSE stream read as it arrives. */
function follow(res: Response): { text: () => string; ended: Promise<void> } {
  let text = '';
  const decoder = new TextDecoder();
  const ended = (async () => {
    for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
  })();
  return { text: () => text, ended };
}

const submissions = {
  media: { path: '/api/llm/generate-image', body: { provider: 'openai', model: 'gpt-image-1', prompt: 'held' } },
  'streamed completion': { path: '/api/llm/complete', body: { provider: 'anthropic', stream: true, messages: [{ role: 'user', content: 'held' }] } },
};

it.each(Object.keys(submissions) as Array<keyof typeof submissions>)('a %s stream says done only once its end has committed, and the result is there after it', async (kind) => {
  const h = (hold.current = newHold());
  const submitted = await post(submissions[kind].path, submissions[kind].body);
  expect(submitted.status).toBe(200);
  const queueId = ((await submitted.json()) as { data: { queueId: string } }).data.queueId;
  expect(await h.entered).toEqual([queueId]);

  // The end's transaction, held open: its UPDATE waits for this lock, its NOTIFY is not sent.
  const lock = await service.db.transaction();
  try {
    await lock.raw('SELECT 1 FROM gateway_tasks WHERE id = ? FOR NO KEY UPDATE', [queueId]);
    h.letStart();
    await expect
      .poll(async () => (await service.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE gateway_tasks%'`)).rows[0].n, { timeout: 10_000 })
      .toBe(1);
    const stream = follow(await post('/api/llm/queue/stream', { queueId }));
    await expect.poll(() => stream.text(), { timeout: 10_000 }).toMatch(/^event: start\n/);
    // Long enough for the relay to read the chunks (the end row among them) and the task row.
    await new Promise((r) => setTimeout(r, 500));
    expect(stream.text()).not.toMatch(/event: done/);
    expect((await post('/api/llm/queue/result', { queueId })).status).toBe(202);

    await lock.commit();
    // Committed and announced; the writing process has not heard its write answered.
    await expect.poll(() => stream.text(), { timeout: 10_000 }).toMatch(/event: done\ndata: \{\}\n\n$/);
    const result = await post('/api/llm/queue/result', { queueId });
    expect(result.status).toBe(200);
    expect(((await result.json()) as { data: { status: string } }).data.status).toBe('completed');
    h.letAnswer();
    await stream.ended;
    expect(stream.text().match(/event: done/g)).toHaveLength(1);
  } finally {
    if (!lock.isCompleted()) await lock.rollback();
    h.letStart();
    h.letAnswer();
  }
});
