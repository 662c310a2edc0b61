// What the vision handlers share: queueing a vision task, and picking the
// labeller auto-label and auto-train use.
import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../types.ts';
import type { StoredVision } from '../../core/vision.ts';
import { keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

export async function queueVision(ctx: ApiContext, stored: StoredVision, o: { group: string; model: string; providerKey?: string }): Promise<void> {
  const queueId = randomUUID();
  await runtimeOf(ctx).queue.submit({
    id: queueId,
    keyId: keyOf(ctx).keyId,
    kind: 'vision',
    provider: o.group,
    model: o.model,
    stream: false,
    request: stored,
    providerKey: o.providerKey,
  });
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
}
