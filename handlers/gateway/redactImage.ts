import type { Handler } from '../types.ts';
import type { RedactImageData } from '../../generated/gateway/types.gen.ts';
import { ocrTask, prepareRedaction } from '../../core/ocr.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const redactImage: Handler<RedactImageData> = async (ctx, { body: b }) => {
  const task = ocrTask('redaction', await prepareRedaction(b), keyOf(ctx).keyId, b.tag);
  await runtimeOf(ctx).queue.submit(task);
  ok(ctx, { queueId: task.id, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default redactImage;
