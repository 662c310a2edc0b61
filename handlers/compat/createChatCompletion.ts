// POST /v1/chat/completions: chat-completions protocol on any provider.
import type { Handler } from '../types.ts';
import { ChatCompletionStreamEncoder, fromChatRequest, toChatCompletion } from '../../protocols/chatCompletions.ts';
import { openaiErrorBody } from '../../protocols/errorShapes.ts';
import { toApiError } from '../../core/errors.ts';
import type { CreateChatCompletionData } from '../../generated/compat/types.gen.ts';
import { callerOf } from '../gatewayContext.ts';
import { newId, runOnce, runStream } from './_compat.ts';

const createChatCompletion: Handler<CreateChatCompletionData> = async (ctx, { body }) => {
  let chat;
  try {
    chat = fromChatRequest(body);
  } catch (err) {
    throw toApiError(err, 'openai');
  }
  const caller = callerOf(ctx, 'chat.completions');
  if (!chat.stream) {
    const result = await runOnce(ctx, chat.request, caller, 'openai');
    ctx.body = toChatCompletion(result, result.cost, { model: body.model });
    return;
  }
  await runStream(ctx, chat.request, caller, 'openai', (upstreamId) => {
    const encoder = new ChatCompletionStreamEncoder({ id: upstreamId ?? newId(), model: body.model, includeUsage: chat.includeUsage });
    return {
      push: (event) => encoder.pushSse(event),
      finish: (event, cost) => encoder.finishSse(event, cost),
      // In-band failure: the OpenAI error body as a data line, and no [DONE].
      error: (err) => `data: ${JSON.stringify(openaiErrorBody(err))}\n\n`,
    };
  });
};

export default createChatCompletion;
