// Input-token counts for POST /v1/messages/count_tokens: exact where the
// provider has a counting endpoint (its descriptor says countTokens), else
// the documented estimate, said so in the answer.
import type { CanonicalRequest, Message } from '../protocols/canonical.ts';
import { ApiError } from '../protocols/errors.ts';
import { chatAdapterOf, descriptorOf } from '../providers/registry.ts';
import { defaultModel } from '../pricing/catalogue.ts';
import { refuseUnhonoured } from './completion.ts';
import { onDeployment } from './deployments.ts';
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

// The bound (inputBound): what no provider bills above for the same input.
// Every tokenizer the providers use is byte-level BPE or SentencePiece with
// byte fallback, so a token stands for at least one UTF-8 byte of text; the
// framing around messages and tools is a few special tokens a message, plus
// the system prompt a provider adds for tool use (Anthropic documents up to
// ~350 tokens); an image is resized by every provider to a size that costs at
// most ~2,500 tokens (GPT-4.1 mini's patches; Claude ~1,600; Gemini 1,120),
// so 10,000 holds; a video is billed by its length, which its part does not
// say, so it counts as the model's whole context window (inputBound's cap).
const BOUND_TOKENS_PER_MESSAGE = 16;
const BOUND_TOOLS_PROMPT = 1_024;
const BOUND_TOKENS_PER_IMAGE = 10_000;

type Counted = Pick<CanonicalRequest, 'messages' | 'tools' | 'jsonSchema'>;

/** One pass over the input: its characters and UTF-8 bytes of text, its images and videos. */
function measure(req: Counted): { chars: number; bytes: number; images: number; videos: number } {
  let chars = 0;
  let bytes = 0;
  let images = 0;
  let videos = 0;
  const add = (s: string) => {
    chars += s.length;
    bytes += Buffer.byteLength(s, 'utf8');
  };
  for (const m of req.messages) {
    if (m.content && typeof m.content !== 'string') {
      for (const part of m.content) {
        if (part.type === 'text') add(part.text);
        else if (part.type === 'image') images++;
        else videos++;
      }
    } else add(m.content ?? '');
    if (m.role === 'assistant') {
      for (const c of m.toolCalls ?? []) {
        add(c.function.name);
        add(c.function.arguments);
      }
    }
  }
  if (req.tools?.length) add(JSON.stringify(req.tools));
  if (req.jsonSchema) add(JSON.stringify(req.jsonSchema));
  return { chars, bytes, images, videos };
}

/** ceil(characters / 4) over every text, tool call, tool definition and output schema, + 4 per message, + 1,000 per image or video. */
export function estimateTokens(req: Counted): number {
  const { chars, images, videos } = measure(req);
  return Math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE * req.messages.length + TOKENS_PER_IMAGE * (images + videos);
}

/**
 * The input tokens no provider bills more than, for a hard budget's
 * reservation (core/governance/estimate.ts): UTF-8 bytes of text, + 16 per
 * message, + 1,024 with tools, + 10,000 per image, capped at `contextWindow`
 * (a provider refuses a longer input rather than bill it); a video makes it
 * `contextWindow`. Infinity when a video's model has no known window.
 */
export function inputBound(req: Counted, contextWindow: number | undefined): { estimate: number; bound: number } {
  const { chars, bytes, images, videos } = measure(req);
  const estimate = Math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE * req.messages.length + TOKENS_PER_IMAGE * (images + videos);
  const window = contextWindow && contextWindow > 0 ? contextWindow : Infinity;
  if (videos > 0) return { estimate, bound: window };
  const bound = bytes + BOUND_TOKENS_PER_MESSAGE * req.messages.length + (req.tools?.length ? BOUND_TOOLS_PROMPT : 0) + BOUND_TOKENS_PER_IMAGE * images;
  return { estimate, bound: Math.min(bound, window) };
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
  // Refused now, before anything runs, when the provider is not configured.
  providerCall(request.provider, caller);
  return {
    exact: true,
    run: async (signal) => (await onDeployment(prepared.provider, prepared.model, caller, signal, (call) => count.call(adapter, prepared, call.context(signal)))).value,
  };
}
