import type { IngestBuffer } from '../../analytics/ingestBuffer.ts';
import type { ApiContext } from '../types.ts';

export function ingestBuffer(ctx: ApiContext): IngestBuffer {
  return ctx.state.deps.analyticsIngest as IngestBuffer;
}
