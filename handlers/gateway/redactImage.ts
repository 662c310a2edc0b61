import type { Handler } from '../types.ts';
import type { RedactImageData } from '../../generated/gateway/types.gen.ts';
import { prepareRedaction, submitOcr } from '../../core/ocr.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const redactImage: Handler<RedactImageData> = async (ctx, { body: b }) => {
  const queueId = await submitOcr(runtimeOf(ctx).queue, 'redaction', await prepareRedaction(b), keyOf(ctx).keyId, b.tag);
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default redactImage;
