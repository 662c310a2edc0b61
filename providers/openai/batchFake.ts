// OpenAI's Batch API on the openai fake: POST /v1/files (multipart, purpose
// batch, a JSONL of {custom_id, method, url, body}), POST /v1/batches over it,
// GET /v1/batches (the list), GET /v1/batches/{id} (validating/in_progress until the test ends it, then
// completed with output and error files), GET /v1/files/{id}/content and
// POST /v1/batches/{id}/cancel. Each line is answered by the fake's own
// /v1/chat/completions.
import type { Render } from '../testing/fake.ts';
import { BatchStore, json, multipartFile, type FakeBatch } from '../testing/batchFake.ts';

export function openaiBatchRoutes(store: BatchStore): { routes: Record<string, Render>; match: (method: string, path: string) => Render | undefined } {
  const files = new Map<string, { filename: string; purpose: string; text: string }>();
  const ends = new Map<string, { output: string | null; error: string | null }>();
  let fileSeq = 1;
  const addFile = (filename: string, purpose: string, text: string) => {
    const id = `file-${String(fileSeq++).padStart(6, '0')}`;
    files.set(id, { filename, purpose, text });
    return { id, object: 'file', bytes: Buffer.byteLength(text), created_at: 1_763_800_000, filename, purpose, status: 'processed' };
  };

  const metadataOf = new Map<string, unknown>();
  const view = (b: FakeBatch, inputFileId: string) => {
    let end = ends.get(b.id);
    if (b.status === 'ended' && !end) {
      const ok = b.answers.filter((a) => a.status === 200);
      const bad = b.answers.filter((a) => a.status !== 200);
      const line = (a: FakeBatch['answers'][number]) => JSON.stringify({ id: `batch_req_${a.customId}`, custom_id: a.customId, response: { status_code: a.status, request_id: 'req_fake', body: a.body }, error: null });
      end = { output: ok.length ? addFile(`${b.id}_output.jsonl`, 'batch_output', ok.map(line).join('\n') + '\n').id : null, error: bad.length ? addFile(`${b.id}_error.jsonl`, 'batch_output', bad.map(line).join('\n') + '\n').id : null };
      ends.set(b.id, end);
    }
    const status = b.status === 'ended' ? 'completed' : b.status;
    return {
      id: b.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      errors: null,
      input_file_id: inputFileId,
      completion_window: '24h',
      status,
      output_file_id: end?.output ?? null,
      error_file_id: end?.error ?? null,
      created_at: b.createdAt,
      request_counts: { total: b.lines.length, completed: b.answers.filter((a) => a.status === 200).length, failed: b.answers.filter((a) => a.status !== 200).length },
      metadata: metadataOf.get(b.id) ?? null,
    };
  };
  const inputOf = new Map<string, string>();

  const routes: Record<string, Render> = {
    'POST /files': (req, _reply, res) => {
      const file = multipartFile(req.rawBody, req.headers['content-type'] as string | undefined);
      if (!file) return json(res, 400, { error: { message: 'Expected a multipart body with a file', type: 'invalid_request_error', param: 'file', code: null } });
      if (file.fields.purpose !== 'batch') return json(res, 400, { error: { message: "purpose must be 'batch'", type: 'invalid_request_error', param: 'purpose', code: null } });
      json(res, 200, addFile(file.filename, 'batch', file.text));
    },
    // Newest first, as the Batch API lists them.
    'GET /batches': (_req, _reply, res) => {
      const data = [...store.batches.values()].reverse().map((b) => view(b, inputOf.get(b.id)!));
      json(res, 200, { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false });
    },
    'POST /batches': (req, _reply, res) => {
      const file = files.get(req.body?.input_file_id);
      if (!file) return json(res, 404, { error: { message: `No such File object: ${req.body?.input_file_id}`, type: 'invalid_request_error', param: 'input_file_id', code: null } });
      if (req.body?.endpoint !== '/v1/chat/completions' || req.body?.completion_window !== '24h') {
        return json(res, 400, { error: { message: 'endpoint must be /v1/chat/completions and completion_window 24h', type: 'invalid_request_error', param: null, code: null } });
      }
      const lines = file.text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
      if (lines.some((l) => typeof l.custom_id !== 'string' || l.method !== 'POST' || l.url !== '/v1/chat/completions')) {
        return json(res, 400, { error: { message: 'Each line needs custom_id, method POST and url /v1/chat/completions', type: 'invalid_request_error', param: null, code: 'invalid_file' } });
      }
      const batch = store.add(lines.map((l) => ({ customId: l.custom_id, body: l.body })));
      inputOf.set(batch.id, req.body.input_file_id);
      metadataOf.set(batch.id, req.body.metadata ?? null);
      json(res, 200, view(batch, req.body.input_file_id));
    },
  };
  const match = (method: string, path: string): Render | undefined => {
    const batch = /^\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (batch) {
      return (_req, _reply, res) => {
        const b = store.batches.get(batch[1]!);
        if (!b) return json(res, 404, { error: { message: `No such batch: ${batch[1]}`, type: 'invalid_request_error', param: null, code: null } });
        if (batch[2] && method === 'POST') {
          if (b.status === 'ended') return json(res, 409, { error: { message: 'Cannot cancel a batch that has completed', type: 'invalid_request_error', param: null, code: null } });
          b.status = 'cancelling';
        }
        json(res, 200, view(b, inputOf.get(b.id)!));
      };
    }
    const content = /^\/files\/([^/]+)\/content$/.exec(path);
    if (content && method === 'GET') {
      return (_req, _reply, res) => {
        const file = files.get(content[1]!);
        if (!file) return json(res, 404, { error: { message: 'No such File object', type: 'invalid_request_error', param: null, code: null } });
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(file.text);
      };
    }
    return undefined;
  };
  return { routes, match };
}
