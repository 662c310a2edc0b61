// What the vision handlers share: queueing a vision task with its checked
// image, which goes to a file beside the task instead of into its row.
import { randomUUID } from 'node:crypto';
import type { ApiContext } from '../types.ts';
import type { VisionRequest } from '../../core/vision.ts';
import { submitWithImage } from '../../core/engineInput.ts';
import { estimateUnits } from '../../core/governance/estimate.ts';
import { admitCall, keyOf, runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

export async function queueVision(ctx: ApiContext, request: VisionRequest, image: Uint8Array, o: { group: string; model: string; providerKey?: string }): Promise<void> {
  const ticket = await admitCall(ctx, () => estimateUnits(o.group, o.model, { images: 1 }, { byok: o.providerKey !== undefined }));
  const queueId = randomUUID();
  await submitWithImage(
    runtimeOf(ctx).queue,
    { id: queueId, keyId: keyOf(ctx).keyId, kind: 'vision', provider: o.group, model: o.model, stream: false, providerKey: o.providerKey },
    request,
    image,
    ticket,
  );
  ok(ctx, { queueId, status: 'queued', message: 'Task queued; poll POST /api/llm/queue/result' });
}
