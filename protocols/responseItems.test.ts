import { describe, expect, it } from 'vitest';
import type { Message } from './canonical.ts';
import { pageOf, toInputItems } from './responseItems.ts';

const conversation: Message[] = [
  { role: 'system', content: 'Answer in French.' },
  { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', mimeType: 'image/png', data: 'iVBOR' }, { type: 'image', url: 'https://example.org/cat.jpg' }] },
  { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } }, { id: 'call_2', type: 'function', function: { name: 'zoom', arguments: '{"x":2}' } }] },
  { role: 'tool', toolCallId: 'call_1', content: 'a cat' },
];

describe('toInputItems', () => {
  it('renders each canonical message as response items with ids derived from the response id and position', () => {
    const items = toInputItems('resp_abc', conversation);
    expect(items.map((i) => i.id)).toEqual(['msg_abc_0', 'msg_abc_1', 'fc_abc_2', 'fc_abc_3', 'fco_abc_4']);
    expect(items[0]).toMatchObject({ role: 'system', content: [{ type: 'input_text', text: 'Answer in French.' }] });
    expect(items[1]!.content).toEqual([
      { type: 'input_text', text: 'What is this?' },
      { type: 'input_image', image_url: 'data:image/png;base64,iVBOR', detail: 'auto' },
      { type: 'input_image', image_url: 'https://example.org/cat.jpg', detail: 'auto' },
    ]);
    // An assistant turn with only tool calls has no empty message item.
    expect(items[2]).toMatchObject({ type: 'function_call', call_id: 'call_1', name: 'look' });
    expect(items[4]).toMatchObject({ type: 'function_call_output', call_id: 'call_1', output: 'a cat' });
    expect(toInputItems('resp_abc', conversation)).toEqual(items);
  });
});

describe('pageOf', () => {
  const items = toInputItems('resp_abc', conversation);
  it('pages in either order after a cursor', () => {
    expect(pageOf(items, { order: 'asc', limit: 2 })).toMatchObject({ first_id: 'msg_abc_0', last_id: 'msg_abc_1', has_more: true });
    expect(pageOf(items, { order: 'asc', limit: 2, after: 'fc_abc_3' })).toMatchObject({ first_id: 'fco_abc_4', last_id: 'fco_abc_4', has_more: false });
    expect(pageOf(items, { limit: 1 }).data[0]!.id).toBe('fco_abc_4');
    expect(pageOf(items, { after: 'msg_abc_0' })).toMatchObject({ data: [], first_id: null, last_id: null, has_more: false });
  });

  it('refuses a cursor that is not one of the items', () => {
    expect(() => pageOf(items, { after: 'msg_other_0' })).toThrow(/msg_other_0/);
  });
});
