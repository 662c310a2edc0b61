// POST /v1/responses/input_tokens: a responses request's input tokens (an
// earlier conversation by previous_response_id included), counted by the
// provider where it can (anthropic, gemini, vertex), else estimated; the
// answer's `estimated` says which. Counting is free: no usage is recorded.
import type { Handler } from '../types.ts';
import { fromResponsesRequest, withHistory } from '../../protocols/responses.ts';
import { prepareTokenCount } from '../../core/tokenCount.ts';
import { conversationOf } from '../../core/storedResponses.ts';
import { toApiError } from '../../core/errors.ts';
import type { CountResponseInputTokensData } from '../../generated/compat/types.gen.ts';
import { callerOf, clientSignal, keyOf } from '../gatewayContext.ts';
import { withSlot } from './_compat.ts';

const countResponseInputTokens: Handler<CountResponseInputTokensData> = async (ctx, { body }) => {
  try {
    const parsed = fromResponsesRequest(body);
    const history = parsed.previousResponseId ? await conversationOf(ctx.state.deps.db, parsed.previousResponseId, keyOf(ctx).keyId) : [];
    const { request } = withHistory(parsed, history);
    const count = prepareTokenCount(request, callerOf(ctx, 'responses'));
    const signal = clientSignal(ctx);
    const tokens = count.exact ? await withSlot(ctx, request.provider, signal, () => count.run(signal)) : await count.run(signal);
    ctx.body = { object: 'response.input_tokens', input_tokens: tokens, estimated: !count.exact };
  } catch (err) {
    throw toApiError(err, 'openai');
  }
};

export default countResponseInputTokens;
