// POST /v1/messages/count_tokens: a messages request's input tokens, counted by
// the provider where it can (anthropic, gemini, vertex), else estimated; the
// answer's `estimated` says which. Counting is free: no usage is recorded.
import type { Handler } from '../types.ts';
import { fromMessagesRequest } from '../../protocols/messages.ts';
import { prepareTokenCount } from '../../core/tokenCount.ts';
import { toApiError } from '../../core/errors.ts';
import type { CountMessageTokensData } from '../../generated/compat/types.gen.ts';
import { callerOf, clientSignal } from '../gatewayContext.ts';
import { withSlot } from './_compat.ts';

const countMessageTokens: Handler<CountMessageTokensData> = async (ctx, { body }) => {
  ctx.set('request-id', ctx.state.requestId);
  try {
    const { request } = fromMessagesRequest(body, true);
    const count = prepareTokenCount(request, callerOf(ctx, 'messages'));
    const signal = clientSignal(ctx);
    const tokens = count.exact ? await withSlot(ctx, request.provider, signal, () => count.run(signal)) : await count.run(signal);
    ctx.body = { input_tokens: tokens, estimated: !count.exact };
  } catch (err) {
    throw toApiError(err, 'anthropic');
  }
};

export default countMessageTokens;
