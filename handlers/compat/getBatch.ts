// GET /v1/batches/{batch_id}: a batch of this key, moved on first (its next lines sent, or its files written).
import type { Handler } from '../types.ts';
import type { GetBatchData } from '../../generated/compat/types.gen.ts';
import { advanceBatch, liveCounts, toBatch } from '../../core/batches.ts';
import { getBatch as findBatch } from '../../db/gateway/getBatch.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { batchNotFound } from './_files.ts';

const getBatch: Handler<GetBatchData> = async (ctx, { path }) => {
  const deps = runtimeOf(ctx).batches;
  if (!(await findBatch(deps.db, path.batch_id, keyOf(ctx).keyId))) throw batchNotFound(path.batch_id);
  const batch = (await advanceBatch(deps, path.batch_id))!;
  ctx.body = toBatch(batch, await liveCounts(deps.db, batch));
};

export default getBatch;
