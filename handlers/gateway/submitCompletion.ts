import { randomUUID } from 'node:crypto';
import type { Handler } from '../types.ts';
import { fromNativeRequest, type NativeCompletionBody } from '../../protocols/native.ts';
import { prepareRoute } from '../../core/routing.ts';
import { mergeRouting, type RoutingPolicy } from '../../protocols/routing.ts';
import { toApiError } from '../../core/errors.ts';
import type { StoredCompletion } from '../../core/tasks/completion.ts';
import type { SubmitCompletionData } from '../../generated/gateway/types.gen.ts';
import { admitCompletion, callerOf, keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const submitCompletion: Handler<SubmitCompletionData> = async (ctx, { body }) => {
  // The contract's type, narrowed to the canonical one the spec's schema guarantees.
  const native = fromNativeRequest(body as NativeCompletionBody);
  const caller = callerOf(ctx, 'native', native);
  const routing = mergeRouting(body.routing as RoutingPolicy | undefined, keyOf(ctx).routing);
  let request;
  let ticket;
  try {
    // Unsupported options and unconfigured providers (fallbacks included) are refused now, not discovered by a worker later.
    const route = prepareRoute(native.request, caller, routing);
    request = route.targets[0]!.request;
    // Limits and budgets are taken at submit; the task settles them when it ends, wherever it runs.
    ticket = await admitCompletion(ctx, route, caller);
  } catch (err) {
    throw toApiError(err);
  }
  const queueId = randomUUID();
  const stored: StoredCompletion = { request, cache: native.cache, ...(routing ? { routing } : {}) };
  const charges = ticket?.hold();
  try {
    await runtimeOf(ctx).queue.submit({
    id: queueId,
    keyId: caller.keyId,
    kind: 'completion',
    provider: request.provider,
    model: request.model,
    stream: native.stream,
    request: stored,
    service: caller.service,
    tag: caller.tag,
    providerKey: caller.providerKey,
    ...(charges?.length ? { charges } : {}),
  });
  } catch (err) {
    // Not stored: the reservation was never the task's. Back to this process's leases.
    ticket?.unhold();
    throw err;
  }
  ok(ctx, { queueId, status: 'queued', message: native.stream ? 'Task queued; stream it with POST /api/llm/queue/stream' : 'Task queued; poll POST /api/llm/queue/result' });
};

export default submitCompletion;
