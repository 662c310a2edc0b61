import type { Handler } from '../types.ts';
import type { RecognizeTextData } from '../../generated/gateway/types.gen.ts';
import { estimateUnits } from '../../core/governance/estimate.ts';
import { OCR_MODEL, OCR_PROVIDER, prepareRecognition, submitOcr } from '../../core/ocr.ts';
import { admitCall, keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const recognizeText: Handler<RecognizeTextData> = async (ctx, { body: b }) => {
  const prepared = await prepareRecognition(b);
  // One image, billed metered (a local engine takes no provider key).
  const ticket = await admitCall(ctx, () => estimateUnits(OCR_PROVIDER, OCR_MODEL, { images: 1 }));
  const queueId = await submitOcr(runtimeOf(ctx).queue, 'ocr', prepared, keyOf(ctx).keyId, b.tag, ticket);
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default recognizeText;
