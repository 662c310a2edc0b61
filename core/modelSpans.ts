// The span of one upstream model call (one routing target), in the OpenTelemetry
// GenAI semantic conventions: what was asked of which provider, what answered,
// the tokens, the finish reasons, the cost and the key's id (never the key).
// The transport's HTTP attempts (retries) are its children.
import type { PreparedCompletion, PricedResult } from './completion.ts';
import type { Caller } from './providerCall.ts';
import { ApiError } from '../protocols/errors.ts';
import { ProviderError } from '../providers/types.ts';
import { isWarmUp } from './warmUp.ts';
import { endFailed, inSpan, recordModelCall, SpanKind, startSpan, tracing, withActive, type Attributes, type Span } from '../metrics/telemetry.ts';

export class ModelCall {
  private readonly span: Span;
  private readonly attributes: Attributes;
  private readonly started = performance.now();
  private ended = false;

  private constructor(span: Span, attributes: Attributes) {
    this.span = span;
    this.attributes = attributes;
  }

  /** The span of `p` as the `index`th target of its call; undefined when traces are not exported. */
  static start(p: PreparedCompletion, caller: Caller, index: number): ModelCall | undefined {
    if (!tracing() || isWarmUp(caller)) return undefined;
    const { request } = p;
    const attributes: Attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': request.provider,
      'gen_ai.provider.name': request.provider,
      'gen_ai.request.model': request.model,
    };
    const span = startSpan(`chat ${request.model}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        ...attributes,
        'gen_ai.request.max_tokens': request.maxTokens,
        'gen_ai.request.temperature': request.temperature,
        'gen_ai.request.top_p': request.topP,
        'switchyard.key.id': caller.keyId,
        'switchyard.surface': caller.surface,
        'switchyard.task.id': caller.taskId,
        'switchyard.routing.target': index,
        'switchyard.routing.fallback': index > 0,
      },
    })!;
    return new ModelCall(span, attributes);
  }

  /** A target the circuit breaker skipped: a span of no length saying so. */
  static skipped(p: PreparedCompletion, caller: Caller, index: number): void {
    const call = ModelCall.start(p, caller, index);
    call?.span.setAttribute('switchyard.routing.outcome', 'skipped');
    call?.finish(new ApiError('unavailable', 'circuit open', { code: 'circuit_open' }));
  }

  /** Runs the target's call with this span active: the transport's attempts become its children and carry its traceparent upstream. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return withActive(this.span, fn);
  }

  answered(result: PricedResult, tries: number): void {
    if (this.ended) return;
    const s = this.span;
    s.setAttribute('gen_ai.response.model', result.model);
    s.setAttribute('gen_ai.response.id', result.requestId);
    s.setAttribute('gen_ai.response.finish_reasons', [result.finishReason, ...(result.choices ?? []).map((c) => c.finishReason)]);
    s.setAttribute('gen_ai.usage.input_tokens', result.usage.inputTokens);
    s.setAttribute('gen_ai.usage.output_tokens', result.usage.outputTokens);
    s.setAttribute('switchyard.cost', result.cost.customerPrice);
    s.setAttribute('switchyard.cost.currency', result.cost.currency);
    s.setAttribute('switchyard.billing', result.cost.billing);
    s.setAttribute('switchyard.routing.outcome', 'answered');
    s.setAttribute('switchyard.routing.tries', tries);
    this.ended = true;
    s.end();
    recordModelCall((performance.now() - this.started) / 1000, { ...this.attributes, 'gen_ai.response.model': result.model }, {
      input: result.usage.inputTokens,
      output: result.usage.outputTokens,
    });
  }

  failed(err: unknown, tries: number): void {
    if (this.ended) return;
    this.span.setAttribute('switchyard.routing.outcome', 'failed');
    this.span.setAttribute('switchyard.routing.tries', tries);
    this.finish(err);
    recordModelCall((performance.now() - this.started) / 1000, { ...this.attributes, 'error.type': codeOf(err) });
  }

  /** The caller stopped reading a stream before it ended. */
  abandoned(): void {
    if (this.ended) return;
    this.span.setAttribute('switchyard.routing.outcome', 'abandoned');
    this.ended = true;
    this.span.end();
  }

  private finish(err: unknown): void {
    this.ended = true;
    endFailed(this.span, err, codeOf(err));
  }
}

function codeOf(err: unknown): string {
  return err instanceof ApiError ? err.code ?? err.kind : err instanceof ProviderError ? err.code : 'internal_error';
}

/** A wait for a provider slot, as a span when it really waits (a slot free at once is no span). */
export function slotWait<T>(provider: string, slot: Promise<T>): Promise<T> {
  return tracing() ? inSpan('queue wait', { 'switchyard.wait': 'provider_slot', 'gen_ai.provider.name': provider }, () => slot) : slot;
}
