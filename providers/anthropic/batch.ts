// Anthropic's Message Batches API: POST /v1/messages/batches with each
// line's Messages request as `params`, GET /v1/messages/batches/{id} until
// processing_status is ended, then its results (JSONL, one line per
// custom_id: succeeded with the message, errored, canceled or expired).
import type { NativeBatchApi, NativeLineResult } from '../nativeBatch.ts';
import { joinUrl, requireKey, send, sendJson } from '../transport/http.ts';
import { malformed, ProviderError, type CallContext } from '../types.ts';
import { createAnthropicAdapter, parseMessage, VERSION } from './index.ts';

const adapter = createAnthropicAdapter();

const headers = (ctx: CallContext) => ({ 'x-api-key': requireKey(ctx), 'anthropic-version': VERSION });
const url = (ctx: CallContext, path: string) => joinUrl(ctx.settings.baseUrl, path);

export const anthropicBatch: NativeBatchApi = {
  provider: 'anthropic',
  lineBody: (req) => adapter.validate(req) as Record<string, unknown>,
  async submit(ctx, lines) {
    const batch = await sendJson<{ id?: string }>('anthropic', ctx, {
      url: url(ctx, 'v1/messages/batches'),
      headers: headers(ctx),
      body: { requests: lines.map((l) => ({ custom_id: l.customId, params: l.body })) },
      // A retried create could start the batch twice.
      attempts: 1,
    });
    if (typeof batch?.id !== 'string') throw malformed('anthropic', 'a message batch without id');
    return { id: batch.id };
  },
  async ended(ctx, id) {
    const batch = await sendJson<{ processing_status?: string }>('anthropic', ctx, { method: 'GET', url: url(ctx, `v1/messages/batches/${encodeURIComponent(id)}`), headers: headers(ctx) });
    return batch?.processing_status === 'ended';
  },
  async results(ctx, id, requests) {
    // The documented results path on the configured base URL, not the answer's results_url: only the configured host gets the key.
    const res = await send('anthropic', ctx, { method: 'GET', url: url(ctx, `v1/messages/batches/${encodeURIComponent(id)}/results`), headers: headers(ctx) });
    const out = new Map<string, NativeLineResult>();
    for (const text of (await res.body.text()).split('\n')) {
      if (!text.trim()) continue;
      let line: any;
      try {
        line = JSON.parse(text);
      } catch {
        throw malformed('anthropic', 'a batch result line that is not JSON');
      }
      const req = requests.get(line?.custom_id);
      if (!req) continue;
      const result = line.result;
      if (result?.type === 'succeeded') out.set(line.custom_id, { ok: true, result: parseMessage(req, result.message) });
      else if (result?.type === 'errored') {
        const error = result.error?.error ?? result.error;
        const type = String(error?.type ?? 'api_error');
        out.set(line.custom_id, { ok: false, status: type === 'invalid_request_error' ? 400 : 502, code: type, message: `anthropic: ${String(error?.message ?? 'the request failed')}` });
      }
      // canceled and expired lines never ran: left out.
    }
    return out;
  },
  async cancel(ctx, id) {
    try {
      await sendJson('anthropic', ctx, { url: url(ctx, `v1/messages/batches/${encodeURIComponent(id)}/cancel`), headers: headers(ctx), body: {} });
    } catch (err) {
      if (!(err instanceof ProviderError && err.status === 409)) throw err;
    }
  },
};
