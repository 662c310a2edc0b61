// A provider's own batch API (OpenAI's Batch API, Anthropic's Message
// Batches): many chat calls submitted at once, run within a day at a
// discount, their answers fetched when the batch has ended. Each provider
// folder that has one exports it (providers/<id>/batch.ts); core/nativeBatches.ts drives it.
import type { CanonicalRequest, CanonicalResult } from '../protocols/canonical.ts';
import type { CallContext } from './types.ts';

/** One line's end upstream: its answer, or the provider's refusal of it. */
export type NativeLineResult =
  | { ok: true; result: CanonicalResult }
  | { ok: false; status: number; code: string; message: string };

export interface NativeBatchApi {
  provider: 'openai' | 'anthropic';
  /** The wire request of one line: the same body the provider's chat call sends. */
  lineBody(req: CanonicalRequest): Record<string, unknown>;
  /** Submits the lines (custom ids the provider accepts: [A-Za-z0-9_-]{1,64}); `label` names the batch upstream. */
  submit(ctx: CallContext, lines: Array<{ customId: string; body: Record<string, unknown> }>, label: string): Promise<{ id: string; inputFileId?: string }>;
  /** Whether the provider still runs it. */
  ended(ctx: CallContext, id: string): Promise<boolean>;
  /** Each answered line's end by custom id; a line absent was never run (cancelled or expired upstream). */
  results(ctx: CallContext, id: string, requests: ReadonlyMap<string, CanonicalRequest>): Promise<Map<string, NativeLineResult>>;
  cancel(ctx: CallContext, id: string): Promise<void>;
}
