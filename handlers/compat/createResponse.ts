// POST /v1/responses: responses protocol on any provider. Nothing is stored:
// previous_response_id and built-in tools are accepted and ignored.
import type { Handler } from '../types.ts';
import { fromResponsesRequest, ResponsesStreamEncoder, toResponse } from '../../protocols/responses.ts';
import { toApiError } from '../../core/errors.ts';
import type { CreateResponseData } from '../../generated/compat/types.gen.ts';
import { callerOf } from '../gatewayContext.ts';
import { newId, runOnce, runStream } from './_compat.ts';

const createResponse: Handler<CreateResponseData> = async (ctx, { body }) => {
  let responses;
  try {
    responses = fromResponsesRequest(body);
  } catch (err) {
    throw toApiError(err, 'openai');
  }
  const caller = callerOf(ctx, 'responses');
  if (!responses.stream) {
    const result = await runOnce(ctx, responses.request, caller, 'openai');
    ctx.body = toResponse(result, result.cost, responses.echo);
    return;
  }
  await runStream(ctx, responses.request, caller, 'openai', (upstreamId) => {
    const encoder = new ResponsesStreamEncoder({ id: upstreamId ?? newId(), echo: responses.echo });
    return {
      push: (event) => encoder.pushSse(event),
      finish: (event, cost) => encoder.finishSse(event, cost),
      error: (err) => encoder.errorSse(err),
    };
  });
};

export default createResponse;
