// POST /v1/batches: a file of chat-completions requests, run line by line on the gateway's queue or by the provider's own batch API.
import type { Handler } from '../types.ts';
import type { CreateBatchData } from '../../generated/compat/types.gen.ts';
import { createBatch as startBatch, liveCounts, toBatch } from '../../core/batches.ts';
import { toApiError } from '../../core/errors.ts';
import { estimateNativeBatch } from '../../core/governance/estimate.ts';
import { admitCall, callerOf, keyOf, runtimeOf } from '../gatewayContext.ts';

const createBatch: Handler<CreateBatchData> = async (ctx, { body }) => {
  const deps = runtimeOf(ctx).batches;
  let batch;
  try {
    const input = {
      inputFileId: body.input_file_id,
      endpoint: body.endpoint,
      completionWindow: body.completion_window,
      metadata: body.metadata ?? null,
      ...(body.native !== undefined ? { native: body.native } : {}),
    };
    // The key's policies are asked of a batch its provider's own batch API runs (core/nativeBatches.ts).
    const caller = callerOf(ctx, 'chat.completions');
    batch = await startBatch(deps, caller, keyOf(ctx).routing, keyOf(ctx), input, (lines) => admitCall(ctx, () => estimateNativeBatch(lines, caller)));
  } catch (err) {
    throw toApiError(err, 'openai');
  }
  ctx.body = toBatch(batch, await liveCounts(deps.db, batch));
};

export default createBatch;
