// Content parts of the three /v1 protocols read by the one parser: what each
// part becomes, and each refusal's field path and words, protocol by protocol.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { fromChatRequest } from './chatCompletions.ts';
import { fromResponsesRequest } from './responses.ts';
import { fromMessagesRequest } from './messages.ts';

function refusal(fn: () => unknown): { param: string | undefined; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { param: e.param, message: e.message };
    throw e;
  }
  throw new Error('expected an ApiError');
}

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('chat completions', () => {
  const chat = (messages: unknown[]) => fromChatRequest({ model: 'openai/gpt-4o-mini', messages }).request.messages;

  it('reads text and image parts of a user message, and joins text parts of the others with newlines', () => {
    expect(
      chat([
        { role: 'system', content: [{ type: 'text', text: 'be' }, { type: 'text', text: 'brief' }] },
        { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: PNG } }, { type: 'image_url', image_url: 'https://x.test/a.png' }] },
        { role: 'assistant', content: [{ type: 'refusal', refusal: 'no' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'be\nbrief' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'image', url: 'https://x.test/a.png' },
        ],
      },
      { role: 'assistant', content: 'no' },
    ]);
  });

  it('refuses with the field path and the protocol\'s words', () => {
    expect(refusal(() => chat([{ role: 'user', content: [{ type: 'input_text', text: 'x' }] }]))).toEqual({
      param: 'messages[0].content[0].type',
      message: 'Unsupported content part "input_text"; use text or image_url',
    });
    expect(refusal(() => chat([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x' } }] }]))).toMatchObject({
      param: 'messages[0].content[0].image_url.url',
    });
    expect(refusal(() => chat([{ role: 'user', content: ['text'] }])).param).toBe('messages[0].content[0]');
    expect(refusal(() => chat([{ role: 'system', content: [{ type: 'image_url', image_url: PNG }] }]))).toEqual({
      param: 'messages[0].content[0].type',
      message: 'Only text parts are allowed here, got "image_url"',
    });
    expect(refusal(() => chat([{ role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 1 }] }])).param).toBe('messages[0].content[0].text');
  });
});

describe('responses', () => {
  const input = (items: unknown[]) => fromResponsesRequest({ model: 'openai/gpt-4.1', input: items }).request.messages;

  it('reads input_text and input_image parts, and joins text parts without a separator', () => {
    expect(
      input([
        { role: 'developer', content: [{ type: 'input_text', text: 'be ' }, { type: 'input_text', text: 'brief' }] },
        { role: 'user', content: [{ type: 'input_text', text: 'look' }, { type: 'input_image', image_url: PNG }] },
        { role: 'assistant', content: [{ type: 'output_text', text: 'a' }, { type: 'refusal', refusal: 'b' }] },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: [{ type: 'output_text', text: 'o' }, { type: 'input_text', text: 'k' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] },
      { role: 'assistant', content: 'ab', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', toolCallId: 'c1', content: 'ok' },
    ]);
  });

  it("refuses with the field path and the protocol's words", () => {
    expect(refusal(() => input([{ role: 'user', content: [{ type: 'text', text: 'x' }] }]))).toEqual({
      param: 'input[0].content[0].type',
      message: 'Unsupported content part "text"; use input_text or input_image',
    });
    expect(refusal(() => input([{ role: 'user', content: [{ type: 'input_image', file_id: 'f' }] }]))).toEqual({
      param: 'input[0].content[0].image_url',
      message: 'input_image needs image_url; file ids are not supported',
    });
    expect(refusal(() => input([{ role: 'system', content: [{ type: 'refusal', refusal: 'no' }] }]))).toEqual({
      param: 'input[0].content[0].type',
      message: 'A refusal part belongs in an assistant message',
    });
    expect(refusal(() => input([{ role: 'assistant', content: [{ type: 'input_image', image_url: PNG }] }]))).toEqual({
      param: 'input[0].content[0].type',
      message: 'Only text parts are allowed here, got "input_image"',
    });
    expect(refusal(() => input([{ type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: PNG }] }]))).toEqual({
      param: 'input[0].output[0].type',
      message: 'Only text parts are supported in a function output',
    });
  });
});

describe('messages', () => {
  const messages = (body: Record<string, unknown>) => fromMessagesRequest({ model: 'anthropic/claude-sonnet-4-5', max_tokens: 8, ...body }).request.messages;
  const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };

  it('keeps each system block its own instruction, and splits a tool result into its text and images', () => {
    expect(
      messages({
        system: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }],
        messages: [
          { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'a' }, image, { type: 'text', text: 'b' }] }] },
        ],
      }),
    ).toEqual([
      { role: 'system', content: 'one' },
      { role: 'system', content: 'two' },
      { role: 'assistant', content: null, toolCalls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', toolCallId: 't1', content: 'a\nb' },
      { role: 'user', content: [{ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }] },
    ]);
  });

  it("refuses with the field path and the protocol's words", () => {
    expect(refusal(() => messages({ system: [image], messages: [{ role: 'user', content: 'hi' }] }))).toEqual({
      param: 'system[0].type',
      message: 'system content must be text blocks',
    });
    const toolResult = (content: unknown[]) => messages({ messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content }] }] });
    expect(refusal(() => toolResult([{ type: 'document' }]))).toEqual({
      param: 'messages[0].content[0].content[0].type',
      message: 'tool_result content must be text or image blocks',
    });
    expect(refusal(() => toolResult([{ type: 'text' }])).param).toBe('messages[0].content[0].content[0].text');
  });
});
