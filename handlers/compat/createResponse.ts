// POST /v1/responses: responses protocol on any provider. Responses are stored
// (unless `store: false`) so previous_response_id can continue them and GET
// /v1/responses/{id} read them. Built-in tools other than web search, web
// search on a target that cannot search, and a previous_response_id with no
// stored response are accepted and not acted on (document 1), and the
// answer's `ignored` says so.
import type { Handler } from '../types.ts';
import type { Message } from '../../protocols/canonical.ts';
import { assistantTurn, fromResponsesRequest, ignore, ResponsesStreamEncoder, toResponse, withHistory } from '../../protocols/responses.ts';
import { ApiError } from '../../protocols/errors.ts';
import { withoutUnavailableSearch } from '../../core/webSearch.ts';
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
  const history = parsed.previousResponseId ? await storedConversation(parsed, db, keyId) : [];
  const { request: asked, conversation } = withHistory(parsed, history);
  if (!conversation.some((m) => m.role !== 'system')) throw toApiError(new ApiError('invalid_request', 'input must not be empty', { param: 'input' }), 'openai');
  const caller = callerOf(ctx, 'responses');
  let request = asked;
  try {
    const searchable = withoutUnavailableSearch(asked, caller);
    request = searchable.request;
    if (searchable.dropped) {
      ignore(parsed.echo, parsed.webSearchParam!, `${asked.provider}/${asked.model} cannot search the web through this gateway; answered without searching`);
    }
  } catch (err) {
    throw toApiError(err, 'openai');
  }
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

// An unknown previous_response_id (or another key's: the two are not told
// apart) is accepted, as document 1 says, and the answer says it was ignored.
async function storedConversation(parsed: ReturnType<typeof fromResponsesRequest>, db: Parameters<typeof conversationOf>[0], keyId: string) {
  try {
    return await conversationOf(db, parsed.previousResponseId!, keyId);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'previous_response_not_found') throw err;
    ignore(parsed.echo, 'previous_response_id', 'no stored response has this id for this API key; the conversation is this request\'s input alone');
    return [];
  }
}

export default createResponse;
