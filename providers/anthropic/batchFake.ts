// Anthropic's Message Batches API on the anthropic fake: POST
// /v1/messages/batches ({requests: [{custom_id, params}]}), GET
// /v1/messages/batches/{id} (in_progress until the test ends it, then ended
// with request_counts and results_url), GET .../results (JSONL: succeeded
// with the message, errored with the error, canceled) and POST .../cancel.
// Each request is answered by the fake's own /v1/messages.
import type { Render } from '../testing/fake.ts';
import { BatchStore, json, type FakeBatch } from '../testing/batchFake.ts';

const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;

export function anthropicBatchRoutes(store: BatchStore, origin: () => string): { routes: Record<string, Render>; match: (method: string, path: string) => Render | undefined } {
  const view = (b: FakeBatch) => {
    const ok = b.answers.filter((a) => a.status === 200).length;
    const ended = b.status === 'ended' || b.status === 'cancelled';
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: ended ? 'ended' : b.status === 'cancelling' ? 'canceling' : 'in_progress',
      request_counts: {
        processing: ended ? 0 : b.lines.length,
        succeeded: ok,
        errored: b.answers.length - ok,
        canceled: b.status === 'cancelled' ? b.lines.length : 0,
        expired: 0,
      },
      ended_at: ended ? '2025-11-22T10:00:00Z' : null,
      created_at: '2025-11-22T09:00:00Z',
      expires_at: '2025-11-23T09:00:00Z',
      cancel_initiated_at: b.status === 'cancelling' || b.status === 'cancelled' ? '2025-11-22T09:30:00Z' : null,
      results_url: ended ? `${origin()}/v1/messages/batches/${b.id}/results` : null,
    };
  };
  const routes: Record<string, Render> = {
    'POST /messages/batches': (req, _reply, res) => {
      const requests = req.body?.requests;
      if (!Array.isArray(requests) || !requests.length) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'requests: at least one request is required' } });
      const bad = requests.find((r: any) => typeof r?.custom_id !== 'string' || !CUSTOM_ID.test(r.custom_id) || typeof r?.params !== 'object');
      if (bad) return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: `requests: custom_id must match ${CUSTOM_ID.source} and params must be an object` } });
      json(res, 200, view(store.add(requests.map((r: any) => ({ customId: r.custom_id, body: r.params })))));
    },
  };
  const match = (method: string, path: string): Render | undefined => {
    const m = /^\/messages\/batches\/([^/]+)(\/cancel|\/results)?$/.exec(path);
    if (!m) return undefined;
    return (_req, _reply, res) => {
      const b = store.batches.get(m[1]!);
      if (!b) return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Batch not found' } });
      if (m[2] === '/cancel' && method === 'POST') {
        if (b.status === 'in_progress') b.status = 'cancelling';
        return json(res, 200, view(b));
      }
      if (m[2] === '/results' && method === 'GET') {
        if (b.status !== 'ended' && b.status !== 'cancelled') return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'Batch has not ended' } });
        const lines = b.status === 'cancelled'
          ? b.lines.map((l) => ({ custom_id: l.customId, result: { type: 'canceled' } }))
          : b.answers.map((a) => ({ custom_id: a.customId, result: a.status === 200 ? { type: 'succeeded', message: a.body } : { type: 'errored', error: a.body } }));
        res.writeHead(200, { 'content-type': 'application/binary' });
        res.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
        return;
      }
      json(res, 200, view(b));
    };
  };
  return { routes, match };
}
