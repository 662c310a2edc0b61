// POST /v1/batches/{batch_id}/cancel: stops sending lines and aborts the running ones; an ended batch is answered as it is.
import type { Handler } from '../types.ts';
import type { CancelBatchData } from '../../generated/compat/types.gen.ts';
import { cancelBatch as stopBatch, liveCounts, toBatch } from '../../core/batches.ts';
import { getBatch } from '../../db/gateway/getBatch.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { batchNotFound } from './_files.ts';

const cancelBatch: Handler<CancelBatchData> = async (ctx, { path }) => {
  const deps = runtimeOf(ctx).batches;
  const keyId = keyOf(ctx).keyId;
  if (!(await getBatch(deps.db, path.batch_id, keyId))) throw batchNotFound(path.batch_id);
  const batch = (await stopBatch(deps, path.batch_id, keyId))!;
  ctx.body = toBatch(batch, await liveCounts(deps.db, batch));
};

export default cancelBatch;
