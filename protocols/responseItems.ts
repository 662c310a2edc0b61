// A stored response's input as response items (GET
// /v1/responses/{id}/input_items): the canonical conversation the gateway
// stored, rendered back into the responses protocol's item shapes, and paged
// by item id as the protocol pages lists.
import type { Message } from './canonical.ts';
import { ApiError } from './errors.ts';

type Json = Record<string, unknown>;

export interface ItemPage {
  object: 'list';
  data: Json[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

/**
 * Item ids are derived from the response id and the item's position, so they
 * stay the same on every read and can serve as `after` cursors without being
 * stored.
 */
export function toInputItems(responseId: string, conversation: Message[]): Json[] {
  const suffix = responseId.replace(/^resp_/, '').replace(/[^A-Za-z0-9_-]/g, '');
  const items: Json[] = [];
  const id = (prefix: string) => `${prefix}_${suffix}_${items.length}`;
  for (const m of conversation) {
    switch (m.role) {
      case 'system':
        items.push({ id: id('msg'), type: 'message', status: 'completed', role: 'system', content: [{ type: 'input_text', text: m.content }] });
        break;
      case 'user': {
        const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
        const content = parts.map((p) =>
          p.type === 'text'
            ? { type: 'input_text', text: p.text }
            : { type: 'input_image', image_url: p.type === 'image' && p.url ? p.url : `data:${p.mimeType ?? 'application/octet-stream'};base64,${p.data ?? ''}`, detail: 'auto' },
        );
        items.push({ id: id('msg'), type: 'message', status: 'completed', role: 'user', content });
        break;
      }
      case 'assistant':
        if (m.content) {
          items.push({ id: id('msg'), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: m.content, annotations: [] }] });
        }
        for (const call of m.toolCalls ?? []) {
          items.push({ id: id('fc'), type: 'function_call', status: 'completed', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
        }
        break;
      case 'tool':
        items.push({ id: id('fco'), type: 'function_call_output', status: 'completed', call_id: m.toolCallId, output: m.content });
        break;
    }
  }
  return items;
}

/** One page of items in `order` (desc: newest first), starting after the item `after`. */
export function pageOf(items: Json[], opts: { after?: string; limit?: number; order?: 'asc' | 'desc' }): ItemPage {
  const ordered = opts.order === 'asc' ? items : [...items].reverse();
  let start = 0;
  if (opts.after !== undefined) {
    const at = ordered.findIndex((item) => item.id === opts.after);
    if (at < 0) throw new ApiError('invalid_request', `No input item with id '${opts.after}' in this response.`, { code: 'invalid_request', param: 'after' });
    start = at + 1;
  }
  const data = ordered.slice(start, start + (opts.limit ?? 20));
  return {
    object: 'list',
    data,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data.at(-1)?.id as string | undefined) ?? null,
    has_more: start + data.length < ordered.length,
  };
}
