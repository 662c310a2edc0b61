// POST /v1/messages: messages protocol on any provider. The anthropic-version
// and anthropic-beta headers are accepted and ignored.
import type { Handler } from '../types.ts';
import { fromMessagesRequest, MessagesStreamEncoder, toMessage } from '../../protocols/messages.ts';
import { sseEvent } from '../../protocols/compat.ts';
import { anthropicErrorBody } from '../../protocols/errorShapes.ts';
import { toApiError } from '../../core/errors.ts';
import type { CreateMessageData } from '../../generated/compat/types.gen.ts';
import { callerOf } from '../gatewayContext.ts';
import { newId, runOnce, runStream } from './_compat.ts';

const createMessage: Handler<CreateMessageData> = async (ctx, { body }) => {
  // Anthropic clients read request-id; the value is the gateway's request id (also x-request-id).
  ctx.set('request-id', ctx.state.requestId);
  let messages;
  try {
    messages = fromMessagesRequest(body);
  } catch (err) {
    throw toApiError(err, 'anthropic');
  }
  const caller = callerOf(ctx, 'messages');
  if (!messages.stream) {
    const result = await runOnce(ctx, messages.request, caller, 'anthropic');
    ctx.body = toMessage(result, result.cost, { model: body.model });
    return;
  }
  await runStream(ctx, messages.request, caller, 'anthropic', (upstreamId) => {
    const encoder = new MessagesStreamEncoder({ id: upstreamId ?? newId(), model: body.model });
    return {
      push: (event) => encoder.pushSse(event),
      finish: (event, cost) => encoder.finishSse(event, cost),
      error: (err) => sseEvent('error', anthropicErrorBody(err)),
    };
  });
};

export default createMessage;
