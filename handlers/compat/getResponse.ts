// GET /v1/responses/{response_id}: a stored response, as its key received it.
import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { getResponse as findResponse } from '../../db/gateway/getResponse.ts';
import type { GetResponseData } from '../../generated/compat/types.gen.ts';
import { keyOf } from '../gatewayContext.ts';

const getResponse: Handler<GetResponseData> = async (ctx, { path }) => {
  const row = await findResponse(ctx.state.deps.db, path.response_id, keyOf(ctx).keyId);
  if (!row) throw new ApiError('not_found', `No response with id '${path.response_id}'.`, { code: 'response_not_found', param: 'response_id' });
  ctx.body = row.response;
};

export default getResponse;
