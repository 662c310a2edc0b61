// The count_tokens estimate is the documented formula, and providers with a
// counting endpoint are counted exactly (upstream) rather than estimated.
import { expect, test } from 'vitest';
import { estimateTokens, inputBound, prepareTokenCount } from './tokenCount.ts';

test('estimate: ceil(characters / 4) over texts, tool calls, tools and schema, + 4 per message, + 1,000 per image', () => {
  const tools = [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }];
  const messages = [
    { role: 'system' as const, content: 'abcd' },
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'abcdefgh' }, { type: 'image' as const, url: 'https://example.org/a.png' }] },
    { role: 'assistant' as const, content: null, toolCalls: [{ id: 'c', type: 'function' as const, function: { name: 'f', arguments: '{}' } }] },
    { role: 'tool' as const, content: 'ok', toolCallId: 'c' },
  ];
  const chars = 4 + 8 + 'f{}'.length + 'ok'.length + JSON.stringify(tools).length;
  expect(estimateTokens({ messages, tools })).toBe(Math.ceil(chars / 4) + 4 * 4 + 1_000);
  expect(estimateTokens({ messages: [{ role: 'user', content: 'x' }] })).toBe(1 + 4);
});

test('exact where the descriptor says the provider counts, estimated elsewhere', () => {
  const messages = [{ role: 'user' as const, content: 'hi' }];
  expect(prepareTokenCount({ provider: 'anthropic', messages }, { providerKey: 'k' }).exact).toBe(true);
  expect(prepareTokenCount({ provider: 'gemini', messages }, { providerKey: 'k' }).exact).toBe(true);
  expect(prepareTokenCount({ provider: 'mistral', messages }, { providerKey: 'k' }).exact).toBe(false);
  expect(() => prepareTokenCount({ provider: 'elevenlabs', messages }, {})).toThrow(/does not offer text completions/);
});

test('the bound a reservation uses is never below what a byte-level tokenizer can bill: a UTF-8 byte a token, framing, images, capped at the window', () => {
  // Four characters of CJK are twelve bytes: the estimate says 1 token, a tokenizer may bill up to 12.
  const cjk = { messages: [{ role: 'user' as const, content: '漢字仮名' }] };
  expect(inputBound(cjk, undefined)).toEqual({ estimate: 1 + 4, bound: 12 + 16 });
  // Text of single-byte tokens (every character its own token) stays under the bound, where the estimate falls 4x short.
  const spaced = { messages: [{ role: 'user' as const, content: 'a,'.repeat(1_000) }] };
  expect(inputBound(spaced, undefined).bound).toBeGreaterThanOrEqual(2_000);
  expect(inputBound(spaced, undefined).estimate).toBeLessThan(2_000);
  const tools = [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }];
  const image = { messages: [{ role: 'user' as const, content: [{ type: 'image' as const, url: 'https://example.org/a.png' }] }], tools };
  expect(inputBound(image, undefined).bound).toBe(JSON.stringify(tools).length + 16 + 1_024 + 10_000);
  // A provider refuses an input above the model's window rather than bill it.
  expect(inputBound(spaced, 500).bound).toBe(500);
  const video = { messages: [{ role: 'user' as const, content: [{ type: 'video' as const, mimeType: 'video/mp4', fileId: 'f' }] }] };
  expect(inputBound(video, 128_000).bound).toBe(128_000);
  expect(inputBound(video, undefined).bound).toBe(Infinity);
});
