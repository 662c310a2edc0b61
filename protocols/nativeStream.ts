// Canonical stream events -> the `chunk` events of the native queue stream
// (POST /api/llm/queue/stream). The transport adds the `start` and `done` events.

import type { Cost, FinishReason, ProviderId, Usage } from './canonical.ts';
import { sseEvent, type ContentEvent, type FinishEvent } from './compat.ts';

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

export interface NativeChunk {
  delta: string;
  finishReason: FinishReason | null;
  toolCallDeltas?: ToolCallDelta[];
  metadata?: { usage: Usage; cost: Cost; model: string; provider: ProviderId; requestId?: string; citations?: string[] };
}

export interface NativeStreamOptions {
  provider: ProviderId;
  /** The model the request resolved to; a `meta` event from the upstream may refine it. */
  model: string;
  /** Likewise refined by `meta`. */
  requestId?: string;
}

/**
 * The last text chunk must carry the finish reason, which is only known at the
 * end, so each text chunk is held back until the next event shows it was not
 * the last one. That costs one chunk of latency and nothing else.
 */
export class NativeStreamEncoder {
  private model: string;
  private requestId: string | undefined;
  private pendingText: NativeChunk | undefined;
  private sawToolCall = false;
  private citations: string[] | undefined;

  private readonly options: NativeStreamOptions;
  constructor(options: NativeStreamOptions) {
    this.options = options;
    this.model = options.model;
    this.requestId = options.requestId;
  }

  push(event: ContentEvent): NativeChunk[] {
    switch (event.type) {
      case 'text': {
        if (!event.delta) return [];
        const out = this.flush();
        this.pendingText = { delta: event.delta, finishReason: null };
        return out;
      }
      case 'tool_call_start':
        this.sawToolCall = true;
        return [
          ...this.flush(),
          toolChunk({ index: event.index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } }),
        ];
      case 'tool_call_args':
        return event.delta ? [...this.flush(), toolChunk({ index: event.index, function: { arguments: event.delta } })] : [];
      case 'meta':
        if (event.model) this.model = event.model;
        if (event.requestId) this.requestId = event.requestId;
        return [];
      case 'citations':
        this.citations = event.urls;
        return [];
      // The native chunk has no place for reasoning; the queued result keeps it.
      case 'reasoning':
        return [];
    }
  }

  /** The closing content chunk, then the one extra chunk with final usage and cost. */
  finish(event: FinishEvent, cost: Cost): NativeChunk[] {
    const out: NativeChunk[] = [];
    if (this.pendingText && !this.sawToolCall) {
      out.push({ ...this.pendingText, finishReason: event.finishReason });
      this.pendingText = undefined;
    } else {
      // After tool calls the closing chunk stands alone, without toolCallDeltas.
      out.push(...this.flush(), { delta: '', finishReason: event.finishReason });
    }
    out.push({
      delta: '',
      finishReason: event.finishReason,
      metadata: {
        usage: event.usage,
        cost,
        model: this.model,
        provider: this.options.provider,
        ...(this.requestId ? { requestId: this.requestId } : {}),
        ...(this.citations ? { citations: this.citations } : {}),
      },
    });
    return out;
  }

  pushSse(event: ContentEvent): string {
    return toSse(this.push(event));
  }

  finishSse(event: FinishEvent, cost: Cost): string {
    return toSse(this.finish(event, cost));
  }

  private flush(): NativeChunk[] {
    const pending = this.pendingText;
    this.pendingText = undefined;
    return pending ? [pending] : [];
  }
}

function toolChunk(delta: ToolCallDelta): NativeChunk {
  return { delta: '', finishReason: null, toolCallDeltas: [delta] };
}

function toSse(chunks: NativeChunk[]): string {
  return chunks.map((c) => sseEvent('chunk', c)).join('');
}
