import { describe, expect, test } from 'vitest';
import { withFake } from '../testing/adapter.ts';
import { batchesOf, endBatches } from '../testing/batchFake.ts';
import { openaiBatch } from './batch.ts';
import { startFake } from './fake.ts';

const run = <T>(body: Parameters<typeof withFake<T>>[2]) => withFake(startFake, 'openai', body);
const req = (content: string) => ({ provider: 'openai' as const, model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content }] });

describe("openai's Batch API", () => {
  test('a submission made again under the same label finds the first instead of starting a second', () =>
    run(async (fake, ctx) => {
      const lines = [{ customId: 'line-1', body: openaiBatch.lineBody(req('one')) }];
      const first = await openaiBatch.submit(ctx, lines, 'batch_label_a');
      const again = await openaiBatch.submit(ctx, lines, 'batch_label_a');
      expect(again).toEqual(first);
      expect(batchesOf(fake)).toHaveLength(1);
      const other = await openaiBatch.submit(ctx, lines, 'batch_label_b');
      expect(other.id).not.toBe(first.id);
      expect(batchesOf(fake)).toHaveLength(2);
    }));

  test('results map each line back by custom id, answered or refused by the endpoint', () =>
    run(async (fake, ctx) => {
      const requests = new Map([['line-1', req('one')], ['line-2', req('two')]]);
      const lines = [...requests].map(([customId, r]) => ({ customId, body: openaiBatch.lineBody(r) }));
      const { id } = await openaiBatch.submit(ctx, lines, 'batch_label_c');
      expect(await openaiBatch.ended(ctx, id)).toBe(false);
      // The second line's call is refused by the endpoint the batch runs it on.
      fake.script({}, { status: 400, body: { error: { message: 'n must be an integer', type: 'invalid_request_error', code: 'invalid_type' } } });
      await endBatches(fake);
      expect(await openaiBatch.ended(ctx, id)).toBe(true);
      const results = await openaiBatch.results(ctx, id, requests);
      expect(results.get('line-1')).toMatchObject({ ok: true, result: { content: 'echo: one', provider: 'openai' } });
      expect(results.get('line-2')).toMatchObject({ ok: false, status: 400, code: 'invalid_type' });
    }));
});
