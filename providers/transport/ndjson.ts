// Newline-delimited JSON streams (Ollama's native API).
import type { ProviderId } from '../../protocols/canonical.ts';
import { ProviderError } from '../types.ts';

/** Parses newline-delimited JSON (Ollama streams). */
export async function* parseNdjson<T = any>(provider: ProviderId, body: AsyncIterable<Buffer | string>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): T => {
    try {
      return JSON.parse(line) as T;
    } catch (err) {
      throw new ProviderError(provider, 'upstream_error', `${provider} sent a stream line that is not JSON: ${line.slice(0, 200)}`, {
        cause: err,
      });
    }
  };
  for await (const chunk of body) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) yield parse(line);
    }
  }
  const rest = (buffer + decoder.decode()).trim();
  if (rest) yield parse(rest);
}
