import type { Handler } from '../types.ts';
import type { RecognizeTextData } from '../../generated/gateway/types.gen.ts';
import { ocrTask, prepareRecognition } from '../../core/ocr.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const recognizeText: Handler<RecognizeTextData> = async (ctx, { body: b }) => {
  const task = ocrTask('ocr', await prepareRecognition(b), keyOf(ctx).keyId, b.tag);
  await runtimeOf(ctx).queue.submit(task);
  ok(ctx, { queueId: task.id, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default recognizeText;
