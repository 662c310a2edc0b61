import { randomUUID } from 'node:crypto';
import type { Handler } from '../types.ts';
import type { RecognizeTextData } from '../../generated/gateway/types.gen.ts';
import { OCR_MODEL, OCR_PROVIDER, prepareRecognition } from '../../core/ocr.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const recognizeText: Handler<RecognizeTextData> = async (ctx, { body: b }) => {
  const stored = await prepareRecognition(b);
  const queueId = randomUUID();
  // No provider key travels with the task: a local engine has no use for one.
  await runtimeOf(ctx).queue.submit({
    id: queueId,
    keyId: keyOf(ctx).keyId,
    kind: 'ocr',
    provider: OCR_PROVIDER,
    model: OCR_MODEL[stored.level],
    stream: false,
    request: stored,
    tag: b.tag,
  });
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
};

export default recognizeText;
