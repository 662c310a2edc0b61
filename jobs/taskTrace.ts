// A queued task's spans, in the trace of the request that submitted it: the
// submit stores the request's traceparent with the task, and whichever process
// runs it continues from there, with the time the task waited as its own span.
import type { TaskRow } from '../db/gateway/getTask.ts';
import { contextOfTraceParent, endFailed, SpanKind, startSpan, tracing, withActive } from '../metrics/telemetry.ts';

export async function traceTaskRun(task: TaskRow, run: () => Promise<void>): Promise<void> {
  if (!tracing()) return run();
  const parent = contextOfTraceParent(task.trace_parent);
  const attributes = { 'switchyard.task.id': task.id, 'switchyard.task.kind': task.kind, 'gen_ai.provider.name': task.provider };
  // Queued since it was stored until it started (in the database's clock, as both times are).
  const waited = startSpan('queue wait', { kind: SpanKind.INTERNAL, startTime: task.created_at, attributes: { ...attributes, 'switchyard.wait': 'task_queue' } }, parent);
  waited?.end(task.started_at ?? new Date());
  const span = startSpan(`task ${task.kind}`, { kind: SpanKind.CONSUMER, attributes: { ...attributes, 'switchyard.task.attempt': task.attempts } }, parent)!;
  try {
    await withActive(span, run, parent);
    span.end();
  } catch (err) {
    endFailed(span, err);
    throw err;
  }
}
