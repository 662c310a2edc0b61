// Input-token counts for POST /v1/messages/count_tokens: exact where the
// provider has a counting endpoint (its descriptor says countTokens), else
// the documented estimate, said so in the answer.
import type { CanonicalRequest, Message } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { chatAdapterOf, descriptorOf } from '../providers/registry.ts';
import { defaultModel } from '../pricing/catalogue.ts';
import { refuseUnhonoured } from './completion.ts';
import { providerCall, type Caller } from './providerCall.ts';

export interface PreparedCount {
  /** True when the provider counts (an upstream call, to run inside a provider slot). */
  exact: boolean;
  run(signal: AbortSignal): Promise<number>;
}

// The estimate: about four characters a token (the rule of thumb Anthropic and
// Google both give), a few tokens of framing per message, and a flat amount per image.
const CHARS_PER_TOKEN = 4;
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_IMAGE = 1_000;

/** ceil(characters / 4) over every text, tool call, tool definition and output schema, + 4 per message, + 1,000 per image or video. */
export function estimateTokens(req: Pick<CanonicalRequest, 'messages' | 'tools' | 'jsonSchema'>): number {
  let chars = 0;
  let media = 0;
  const text = (m: Message) => {
    if (m.role === 'user' && typeof m.content !== 'string') {
      for (const part of m.content) {
        if (part.type === 'text') chars += part.text.length;
        else media++;
      }
      return;
    }
    chars += (m.content ?? '').length;
    if (m.role === 'assistant') for (const c of m.toolCalls ?? []) chars += c.function.name.length + c.function.arguments.length;
  };
  req.messages.forEach(text);
  if (req.tools?.length) chars += JSON.stringify(req.tools).length;
  if (req.jsonSchema) chars += JSON.stringify(req.jsonSchema).length;
  return Math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE * req.messages.length + TOKENS_PER_IMAGE * media;
}

/**
 * Checks the request as a completion would be checked (the provider completes
 * text and honours every option), then counts it one way or the other.
 */
export function prepareTokenCount(request: Omit<CanonicalRequest, 'model'> & { model?: string }, caller: Pick<Caller, 'providerKey'>): PreparedCount {
  const adapter = chatAdapterOf(request.provider);
  if (!adapter) {
    throw new ApiError('invalid_request', `${request.provider} does not offer text completions`, { code: 'capability_not_supported', param: 'model' });
  }
  const prepared = { ...request, model: request.model || adapter.defaultModel || defaultModel(request.provider) } as CanonicalRequest;
  refuseUnhonoured(prepared);
  adapter.validate(prepared);
  const count = adapter.countTokens;
  if (!count || !descriptorOf(request.provider).capabilities.chat?.countTokens) {
    return { exact: false, run: async () => estimateTokens(prepared) };
  }
  const call = providerCall(request.provider, caller);
  return { exact: true, run: (signal) => count.call(adapter, prepared, call.context(signal)) };
}
