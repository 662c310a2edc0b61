// POST /v1/responses: responses protocol on any provider. Responses are stored
// (unless `store: false`) so previous_response_id can continue them and GET
// /v1/responses/{id} read them; built-in tools other than web search are
// accepted and not executed.
import type { Handler } from '../types.ts';
import type { Message } from '../../protocols/canonical.ts';
import { assistantTurn, fromResponsesRequest, ResponsesStreamEncoder, toResponse, withHistory } from '../../protocols/responses.ts';
import { toApiError } from '../../core/errors.ts';
import { conversationOf, storeResponse } from '../../core/storedResponses.ts';
import type { CreateResponseData } from '../../generated/compat/types.gen.ts';
import { callerOf, keyOf } from '../gatewayContext.ts';
import { newId, runOnce, runStream } from './_compat.ts';

const createResponse: Handler<CreateResponseData> = async (ctx, { body }) => {
  let parsed;
  try {
    parsed = fromResponsesRequest(body);
  } catch (err) {
    throw toApiError(err, 'openai');
  }
  const { db, env } = ctx.state.deps;
  const keyId = keyOf(ctx).keyId;
  const history = parsed.previousResponseId ? await conversationOf(db, parsed.previousResponseId, keyId) : [];
  const { request, conversation } = withHistory(parsed, history);
  const caller = callerOf(ctx, 'responses');
  // Our own id, not the upstream's: stored responses need ids unique across providers and keys.
  const id = `resp_${newId()}`;
  const store = (turn: Message, response: unknown) =>
    parsed.store ? storeResponse(db, env, { id, keyId, conversation: [...conversation, turn], response }) : undefined;
  if (!parsed.stream) {
    const result = await runOnce(ctx, request, caller, 'openai');
    const response = toResponse(result, result.cost, parsed.echo, { id });
    await store(assistantTurn(result), response);
    ctx.body = response;
    return;
  }
  await runStream(ctx, request, caller, 'openai', () => {
    const encoder = new ResponsesStreamEncoder({ id, echo: parsed.echo });
    return {
      push: (event) => encoder.pushSse(event),
      finish: async (event, cost, result) => {
        const events = encoder.finish(event, cost);
        const final = events.at(-1) as { response: unknown };
        await store(assistantTurn(result), final.response);
        return encoder.toSse(events);
      },
      error: (err) => encoder.errorSse(err),
    };
  });
};

export default createResponse;
