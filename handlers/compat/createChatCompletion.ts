// POST /v1/chat/completions: chat-completions protocol on any provider.
import type { Handler } from '../types.ts';
import { ChatCompletionStreamEncoder, fromChatRequest, toChatCompletion } from '../../protocols/chatCompletions.ts';
import { openaiErrorBody } from '../../protocols/errorShapes.ts';
import { callerOf, compatError, newId, requestBody, runOnce, runStream } from './_compat.ts';

const createChatCompletion: Handler = async (ctx) => {
  const body = requestBody(ctx) as { model: string };
  let chat;
  try {
    chat = fromChatRequest(body);
  } catch (err) {
    throw compatError(err, 'openai');
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
