// OpenAI's Batch API: the lines uploaded as a JSONL file of purpose batch,
// POST /batches over it, GET /batches/{id} until it has ended, then the
// output and error files' contents (one JSON line per request, by custom_id).
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import type { NativeBatchApi, NativeLineResult } from '../nativeBatch.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import { malformed, ProviderError, type CallContext } from '../types.ts';
import { createChatAdapter, parseChatResult } from '../wire/chatCompletions.ts';
import { multipart } from '../wire/multipart.ts';
import { openaiDialect } from './index.ts';

const adapter = createChatAdapter(openaiDialect);
const sameIds = { toWire: (id: string) => id, fromWire: (id: string) => id };
const ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

const auth = (ctx: CallContext) => ({ authorization: `Bearer ${requireKey(ctx)}` });
const url = (ctx: CallContext, path: string) => joinUrl(ctx.settings.baseUrl, path);

async function fileText(ctx: CallContext, id: string): Promise<string> {
  const res = await send('openai', ctx, { method: 'GET', url: url(ctx, `files/${encodeURIComponent(id)}/content`), headers: auth(ctx) });
  return res.body.text();
}

function jsonLines(text: string): any[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        throw malformed('openai', 'a batch result line that is not JSON');
      }
    });
}

export const openaiBatch: NativeBatchApi = {
  provider: 'openai',
  lineBody: (req) => (adapter.validate(req) as { body: Record<string, unknown> }).body,
  async submit(ctx, lines, label) {
    // A submission whose answer was lost (the process died before storing the id) is found by its label, not made twice.
    const listed = await sendJson<{ data?: any[] }>('openai', ctx, { method: 'GET', url: url(ctx, 'batches?limit=100'), headers: auth(ctx) });
    const earlier = listed?.data?.find((b) => b?.metadata?.switchyard_batch === label && typeof b.id === 'string');
    if (earlier) return { id: earlier.id, ...(typeof earlier.input_file_id === 'string' ? { inputFileId: earlier.input_file_id } : {}) };
    const jsonl = lines.map((l) => JSON.stringify({ custom_id: l.customId, method: 'POST', url: '/v1/chat/completions', body: l.body })).join('\n');
    const form = multipart([
      { name: 'purpose', value: 'batch' },
      { name: 'file', filename: `${label}.jsonl`, contentType: 'application/jsonl', data: Buffer.from(`${jsonl}\n`) },
    ]);
    const file = await sendJson<{ id?: string }>('openai', ctx, { url: url(ctx, 'files'), headers: { ...auth(ctx), 'content-type': form.contentType }, body: form.body });
    if (typeof file?.id !== 'string') throw malformed('openai', 'an uploaded file without id');
    const batch = await sendJson<{ id?: string }>('openai', ctx, {
      url: url(ctx, 'batches'),
      headers: auth(ctx),
      body: { input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { switchyard_batch: label } },
      // A retried create could start the batch twice.
      attempts: 1,
    });
    if (typeof batch?.id !== 'string') throw malformed('openai', 'a batch without id');
    return { id: batch.id, inputFileId: file.id };
  },
  async ended(ctx, id) {
    const batch = await sendJson<{ status?: string }>('openai', ctx, { method: 'GET', url: url(ctx, `batches/${encodeURIComponent(id)}`), headers: auth(ctx) });
    return ENDED.has(String(batch?.status));
  },
  async results(ctx, id, requests) {
    const batch = await sendJson<any>('openai', ctx, { method: 'GET', url: url(ctx, `batches/${encodeURIComponent(id)}`), headers: auth(ctx) });
    const out = new Map<string, NativeLineResult>();
    if (batch?.status === 'failed') {
      // The whole input was refused: every line gets the first reason given.
      const why = batch.errors?.data?.[0];
      for (const customId of requests.keys()) out.set(customId, { ok: false, status: 400, code: String(why?.code ?? 'batch_failed'), message: String(why?.message ?? 'openai refused the batch') });
      return out;
    }
    const lines = [
      ...(batch?.output_file_id ? jsonLines(await fileText(ctx, batch.output_file_id)) : []),
      ...(batch?.error_file_id ? jsonLines(await fileText(ctx, batch.error_file_id)) : []),
    ];
    for (const line of lines) {
      const req: CanonicalRequest | undefined = requests.get(line?.custom_id);
      if (!req) continue;
      const status = Number(line.response?.status_code ?? 0);
      if (status === 200) {
        out.set(line.custom_id, { ok: true, result: parseChatResult(openaiDialect, req, line.response.body, sameIds) });
        continue;
      }
      const error = line.response?.body?.error ?? line.error;
      out.set(line.custom_id, { ok: false, status: status || 500, code: String(error?.code ?? 'upstream_error'), message: `openai: ${String(error?.message ?? 'the line failed')}` });
    }
    return out;
  },
  async cancel(ctx, id) {
    try {
      await sendJson('openai', ctx, { url: url(ctx, `batches/${encodeURIComponent(id)}/cancel`), headers: auth(ctx), body: {} });
    } catch (err) {
      // Already ended upstream: nothing left to cancel.
      if (!(err instanceof ProviderError && err.status === 409)) throw err;
    }
  },
};
