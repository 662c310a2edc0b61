import type { Handler } from '../types.ts';
import type { GenerateImageData } from '../../generated/gateway/types.gen.ts';
import { prepareImage, submitMedia } from '../../core/media/prepare.ts';
import { admitMedia, callerOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const generateImage: Handler<GenerateImageData> = async (ctx, { body }) => {
  const caller = callerOf(ctx);
  const prepared = await prepareImage(body, caller.providerKey);
  const ticket = await admitMedia(ctx, prepared, caller);
  const queueId = await submitMedia(runtimeOf(ctx), caller.keyId, prepared, caller.providerKey, { ticket });
  ok(ctx, { queueId, status: 'queued', message: 'Request queued. Poll /api/llm/queue/result (or stream /api/llm/queue/stream for progress).' });
};

export default generateImage;
