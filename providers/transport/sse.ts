// Server-sent events from an upstream: the WHATWG parser, and reading a
// response body as events, where failures while the body flows (cancel, idle
// timeout, reset) surface as ProviderErrors like failures before it.
import type { ProviderId } from '../../protocols/canonical.ts';
import { bodyError, type UpstreamResponse } from './http.ts';
import { ProviderError, type CallContext } from '../types.ts';

/** SSE messages of a response body; the body is destroyed when the consumer stops early. */
export async function* sseMessages(provider: ProviderId, ctx: CallContext, res: UpstreamResponse): AsyncGenerator<SseMessage> {
  try {
    yield* parseSse(res.body);
  } catch (err) {
    throw bodyError(provider, ctx, err);
  } finally {
    if (!res.body.destroyed) res.body.destroy();
  }
}

export interface SseMessage {
  event?: string;
  data: string;
  id?: string;
}

/** Parses a text/event-stream body (WHATWG rules: CRLF/LF/CR, multi-line data, comments). */
export async function* parseSse(body: AsyncIterable<Buffer | string>): AsyncGenerator<SseMessage> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | undefined;
  let id: string | undefined;
  let data: string[] = [];
  const dispatch = function* (line: string): Generator<SseMessage> {
    if (line === '') {
      if (data.length) yield { event, data: data.join('\n'), id };
      event = undefined;
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };
  for await (const chunk of body) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let match: RegExpExecArray | null;
    const re = /\r\n|\r|\n/g;
    let start = 0;
    while ((match = re.exec(buffer))) {
      // A lone CR at the very end may be the first half of CRLF: wait for more.
      if (match[0] === '\r' && match.index === buffer.length - 1) break;
      yield* dispatch(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.decode();
  if (buffer) yield* dispatch(buffer);
  yield* dispatch('');
}

/** Parses an SSE data payload as JSON, naming the provider when it is not. */
export function parseEventJson<T = any>(provider: ProviderId, data: string): T {
  try {
    return JSON.parse(data) as T;
  } catch (err) {
    throw new ProviderError(provider, 'upstream_error', `${provider} sent a stream event that is not JSON: ${data.slice(0, 200)}`, {
      cause: err,
    });
  }
}
