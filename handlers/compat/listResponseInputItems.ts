// GET /v1/responses/{response_id}/input_items: what the model was given for a
// stored response (earlier turns included), as response items, paged by id.
import type { Handler } from '../types.ts';
import type { Message } from '../../protocols/canonical.ts';
import { ApiError } from '../../protocols/errors.ts';
import { pageOf, toInputItems } from '../../protocols/responseItems.ts';
import { getResponse } from '../../db/gateway/getResponse.ts';
import type { ListResponseInputItemsData } from '../../generated/compat/types.gen.ts';
import { keyOf } from '../gatewayContext.ts';

const listResponseInputItems: Handler<ListResponseInputItemsData> = async (ctx, { path, query }) => {
  const row = await getResponse(ctx.state.deps.db, path.response_id, keyOf(ctx).keyId);
  if (!row) throw new ApiError('not_found', `No response with id '${path.response_id}'.`, { code: 'response_not_found', param: 'response_id' });
  // The stored conversation ends with this response's own answer, which is output, not input.
  const input = (row.conversation as Message[]).slice(0, -1);
  ctx.body = pageOf(toInputItems(path.response_id, input), { after: query?.after, limit: query?.limit, order: query?.order });
};

export default listResponseInputItems;
