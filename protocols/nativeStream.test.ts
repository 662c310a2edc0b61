import { describe, expect, it } from 'vitest';
import type { StreamEvent } from './canonical.ts';
import { NativeStreamEncoder, type NativeChunk } from './nativeStream.ts';
import { cost, parseSse, textTurn, toolTurn, usage } from './testing.ts';

function encode(events: StreamEvent[]): NativeChunk[] {
  const encoder = new NativeStreamEncoder({ provider: 'openai', model: 'gpt-4o' });
  return events.flatMap((e) => (e.type === 'finish' ? encoder.finish(e, cost) : encoder.push(e)));
}

describe('NativeStreamEncoder', () => {
  it('gives the last text chunk the finish reason, then one usage and cost chunk', () => {
    expect(encode(textTurn)).toEqual([
      { delta: 'Hello', finishReason: null },
      { delta: ', world', finishReason: 'stop' },
      { delta: '', finishReason: 'stop', metadata: { usage, cost, model: 'gpt-4o', provider: 'openai' } },
    ]);
  });

  it('streams tool calls with id, type and name on a call first chunk only, closing with a bare tool_calls chunk', () => {
    expect(encode(toolTurn)).toEqual([
      { delta: 'Let me ', finishReason: null },
      { delta: 'check.', finishReason: null },
      {
        delta: '',
        finishReason: null,
        toolCallDeltas: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      },
      { delta: '', finishReason: null, toolCallDeltas: [{ index: 0, function: { arguments: '{"city":' } }] },
      { delta: '', finishReason: null, toolCallDeltas: [{ index: 0, function: { arguments: '"Paris"}' } }] },
      {
        delta: '',
        finishReason: null,
        toolCallDeltas: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } }],
      },
      { delta: '', finishReason: null, toolCallDeltas: [{ index: 1, function: { arguments: '{"tz":"CET"}' } }] },
      { delta: '', finishReason: 'tool_calls' },
      // The meta event named the upstream's resolved model.
      { delta: '', finishReason: 'tool_calls', metadata: { usage, cost, model: 'gpt-4o-2024-08-06', provider: 'openai', requestId: 'up-1' } },
    ]);
  });

  it('closes an empty or truncated answer and carries citations', () => {
    expect(encode([{ type: 'finish', finishReason: 'stop', usage }]).map((c) => [c.delta, c.finishReason])).toEqual([
      ['', 'stop'],
      ['', 'stop'],
    ]);
    const chunks = encode([
      { type: 'text', delta: 'Sources say' },
      { type: 'citations', urls: ['https://a.example'] },
      { type: 'text', delta: ' yes' },
      { type: 'finish', finishReason: 'length', usage },
    ]);
    expect(chunks.map((c) => [c.delta, c.finishReason])).toEqual([
      ['Sources say', null],
      [' yes', 'length'],
      ['', 'length'],
    ]);
    expect(chunks.at(-1)!.metadata!.citations).toEqual(['https://a.example']);
  });

  it('writes `event: chunk` SSE lines whose pieces rebuild text and arguments', () => {
    const encoder = new NativeStreamEncoder({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    const sse = toolTurn.map((e) => (e.type === 'finish' ? encoder.finishSse(e, cost) : encoder.pushSse(e))).join('');
    const events = parseSse(sse);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['chunk']));
    const chunks = events.map((e) => JSON.parse(e.data) as NativeChunk);
    expect(chunks.map((c) => c.delta).join('')).toBe('Let me check.');
    const args: string[] = [];
    for (const c of chunks) for (const d of c.toolCallDeltas ?? []) args[d.index] = (args[d.index] ?? '') + d.function.arguments;
    expect(args.map((a) => JSON.parse(a))).toEqual([{ city: 'Paris' }, { tz: 'CET' }]);
    expect(chunks.filter((c) => c.metadata)).toHaveLength(1);
  });
});
