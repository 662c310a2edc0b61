import { randomUUID } from 'node:crypto';
import type { Handler } from '../types.ts';
import { fromNativeRequest, type NativeCompletionBody } from '../../protocols/native.ts';
import { prepareCompletion } from '../../core/completion.ts';
import type { StoredCompletion } from '../../core/tasks/completion.ts';
import type { CompletionRequest } from '../../generated/gateway/types.gen.ts';
import { body, callerOf, ok, providerKeyOf, runtimeOf } from './_context.ts';

const submitCompletion: Handler = async (ctx) => {
  // The contract's type, narrowed to the canonical one the spec's schema guarantees.
  const native = fromNativeRequest(body<CompletionRequest>(ctx) as NativeCompletionBody);
  const providerKey = providerKeyOf(ctx);
  // Unsupported options and unconfigured providers are refused now, not discovered by a worker later.
  const request = prepareCompletion(native.request, providerKey);
  const queueId = randomUUID();
  const stored: StoredCompletion = { request, cache: native.cache };
  await runtimeOf(ctx).queue.submit({
    id: queueId,
    keyId: callerOf(ctx).keyId,
    kind: 'completion',
    provider: request.provider,
    model: request.model,
    stream: native.stream,
    request: stored,
    service: native.service,
    tag: native.tag,
    providerKey,
  });
  ok(ctx, { queueId, status: 'queued', message: native.stream ? 'Task queued; stream it with POST /api/llm/queue/stream' : 'Task queued; poll POST /api/llm/queue/result' });
};

export default submitCompletion;
