// DELETE /v1/responses/{response_id}: forgets a stored response; it can no longer be read or continued.
import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { deleteResponse as removeResponse } from '../../db/gateway/deleteResponse.ts';
import type { DeleteResponseData } from '../../generated/compat/types.gen.ts';
import { keyOf } from '../gatewayContext.ts';

const deleteResponse: Handler<DeleteResponseData> = async (ctx, { path }) => {
  const deleted = await removeResponse(ctx.state.deps.db, path.response_id, keyOf(ctx).keyId);
  if (!deleted) throw new ApiError('not_found', `No response with id '${path.response_id}'.`, { code: 'response_not_found', param: 'response_id' });
  ctx.body = { id: path.response_id, object: 'response', deleted: true };
};

export default deleteResponse;
