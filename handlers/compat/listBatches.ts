// GET /v1/batches: a page of this key's batches, newest first.
import type { Handler } from '../types.ts';
import type { ListBatchesData } from '../../generated/compat/types.gen.ts';
import { liveCounts, toBatch } from '../../core/batches.ts';
import { listBatches as pageOf } from '../../db/gateway/listBatches.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';

const listBatches: Handler<ListBatchesData> = async (ctx, { query }) => {
  const { db } = runtimeOf(ctx).batches;
  const limit = query?.limit ?? 20;
  const rows = await pageOf(db, keyOf(ctx).keyId, limit, query?.after);
  const page = rows.slice(0, limit);
  const data = await Promise.all(page.map(async (b) => toBatch(b, await liveCounts(db, b))));
  ctx.body = { object: 'list', data, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: rows.length > limit };
};

export default listBatches;
