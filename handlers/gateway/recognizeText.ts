import type { Handler } from '../types.ts';
import type { RecognizeTextData } from '../../generated/gateway/types.gen.ts';
import { prepareRecognition, submitOcr } from '../../core/ocr.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const recognizeText: Handler<RecognizeTextData> = async (ctx, { body: b }) => {
  const queueId = await submitOcr(runtimeOf(ctx).queue, 'ocr', await prepareRecognition(b), keyOf(ctx).keyId, b.tag);
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default recognizeText;
