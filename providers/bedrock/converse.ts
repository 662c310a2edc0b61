// Canonical request <-> Bedrock Converse (and ConverseStream) bodies.
import type { CanonicalRequest, CanonicalResult, ContentPart, FinishReason, Message, ThinkingEffort, ToolCall, Usage } from '../../protocols/canonical.ts';
import { namedSchema } from '../wire/requestOptions.ts';
import { malformed, ProviderError, unsupported } from '../types.ts';
import { baseModelId } from './aws.ts';

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

const JSON_TOOL_DESCRIPTION = 'Answer by calling this tool; its input is your complete answer as JSON.';
const MIN_THINKING_BUDGET = 1024;
const EFFORT_BUDGET: Record<ThinkingEffort, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16384 };
const DEFAULT_MAX_TOKENS = 4096;

/** The model family behind an id (anthropic, amazon, meta, mistral, cohere …); undefined for ARNs. */
export function familyOf(model: string): string | undefined {
  if (model.startsWith('arn:')) return undefined;
  return baseModelId(model).split('.')[0];
}

/**
 * Converse has no JSON mode: JSON output is one forced tool whose input schema
 * is the wanted schema, and its input comes back as the answer's text.
 */
export function jsonTool(req: CanonicalRequest): { name: string; schema: Record<string, unknown> } | undefined {
  if (req.responseFormat === 'json') return { name: 'json_response', schema: { type: 'object' } };
  if (req.responseFormat !== 'json_schema') return undefined;
  const { name, schema } = namedSchema(req);
  if (schema.type !== 'object') throw unsupported('bedrock', 'a json_schema whose root is not an object');
  return { name, schema };
}

/** Tool use ids allow letters, digits, _ and - (64 at most); ids made by other providers may carry more. */
function toolId(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tooluse_missing';
}

function toolInput(call: ToolCall): unknown {
  if (!call.function.arguments.trim()) return {};
  try {
    return JSON.parse(call.function.arguments);
  } catch {
    throw new ProviderError('bedrock', 'unsupported_option', `bedrock needs tool call arguments as JSON; call ${call.id} (${call.function.name}) has: ${call.function.arguments.slice(0, 200)}`);
  }
}

const IMAGE_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

function partBlock(part: ContentPart): Block {
  if (part.type === 'text') return { text: part.text };
  if (part.type === 'video') throw unsupported('bedrock', 'video input');
  let { mimeType, data } = part;
  const inline = part.url && /^data:([^;,]+);base64,(.*)$/s.exec(part.url);
  if (inline) [mimeType, data] = [inline[1], inline[2]];
  else if (part.url) throw unsupported('bedrock', 'image URLs', 'Converse takes image bytes (or S3 locations) only; send the image inline as base64');
  const format = IMAGE_FORMATS[mimeType ?? 'image/png'];
  if (!format) throw unsupported('bedrock', `images of type ${mimeType}`, 'png, jpeg, gif and webp are accepted');
  return { image: { format, source: { bytes: data ?? '' } } };
}

function blocksOf(m: Exclude<Message, { role: 'system' }>): WireMessage {
  switch (m.role) {
    case 'user':
      return { role: 'user', content: typeof m.content === 'string' ? [{ text: m.content }] : m.content.map(partBlock) };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(m.content ? [{ text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({ toolUse: { toolUseId: toolId(c.id), name: c.function.name, input: toolInput(c) } })),
        ],
      };
    case 'tool':
      return { role: 'user', content: [{ toolResult: { toolUseId: toolId(m.toolCallId), content: [{ text: m.content }] } }] };
  }
}

/** Roles must alternate: consecutive same-role turns (several tool results, a result then text) merge into one. */
function wireMessages(messages: Message[]): WireMessage[] {
  const out: WireMessage[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const wire = blocksOf(m);
    if (!wire.content.length) continue;
    const last = out.at(-1);
    if (last?.role === wire.role) last.content.push(...wire.content);
    else out.push(wire);
  }
  return out;
}

function thinkingBudget(req: CanonicalRequest): number | undefined {
  const t = req.thinkingMode;
  if (!t?.enabled) return undefined;
  if (familyOf(req.model) !== 'anthropic') throw unsupported('bedrock', 'thinkingMode', `only Anthropic models on Bedrock take a thinking budget; ${req.model} does not`);
  const budget = t.budget ?? EFFORT_BUDGET[t.effort ?? 'medium'];
  if (budget < MIN_THINKING_BUDGET) throw unsupported('bedrock', `a thinking budget below ${MIN_THINKING_BUDGET} tokens`);
  return budget;
}

/** topK has no place in Converse's inferenceConfig: it goes in the model's own request fields, named as that family names it. */
function topKField(req: CanonicalRequest): Block | undefined {
  if (req.topK === undefined) return undefined;
  const family = familyOf(req.model);
  if (family === 'anthropic' || family === 'mistral') return { top_k: req.topK };
  if (family === 'amazon') return { inferenceConfig: { topK: req.topK } };
  if (family === 'cohere') return { k: req.topK };
  throw unsupported('bedrock', 'topK', `${req.model} takes no top-k setting`, 'top_k');
}

function checkOptions(req: CanonicalRequest, json: ReturnType<typeof jsonTool>): void {
  if (req.frequencyPenalty !== undefined || req.presencePenalty !== undefined) throw unsupported('bedrock', 'frequency/presence penalties');
  if (req.promptCacheKey !== undefined) throw unsupported('bedrock', 'promptCacheKey', 'use promptCaching');
  if (req.safetyIdentifier !== undefined) throw unsupported('bedrock', 'safetyIdentifier', 'Converse has no end-user id');
  if (req.webSearch?.enabled) throw unsupported('bedrock', 'webSearch', 'Converse has no search tool');
  if (req.toolChoice === 'none' && req.tools?.length) throw unsupported('bedrock', 'toolChoice none', 'Converse cannot forbid tool use; send no tools instead');
  if (req.parallelToolCalls === false) throw unsupported('bedrock', 'parallelToolCalls false');
  if (json && (req.tools?.length || (req.toolChoice !== undefined && req.toolChoice !== 'auto'))) {
    throw unsupported('bedrock', 'JSON output together with tools', 'JSON output is itself a forced tool call');
  }
  if (req.thinkingMode?.enabled && (json || req.toolChoice === 'required' || typeof req.toolChoice === 'object')) {
    throw unsupported('bedrock', 'forcing a tool (toolChoice required/named, or JSON output) with thinking');
  }
}

function toolChoice(req: CanonicalRequest): Block | undefined {
  const c = req.toolChoice;
  if (c === 'required') return { any: {} };
  if (c && typeof c === 'object') return { tool: { name: c.function.name } };
  return c === 'auto' ? { auto: {} } : undefined;
}

const CACHE_POINT = { cachePoint: { type: 'default' } };

/** The Converse body for a request; `cap` is the model's most output tokens, when known. */
export function converseBody(req: CanonicalRequest, cap: number | undefined): Record<string, unknown> {
  const json = jsonTool(req);
  checkOptions(req, json);
  const budget = thinkingBudget(req);
  const system: Block[] = req.messages.filter((m) => m.role === 'system').map((m) => ({ text: m.content }));
  const messages = wireMessages(req.messages);
  if (req.promptCaching) {
    if (system.length) system.push(CACHE_POINT);
    messages.at(-1)?.content.push(CACHE_POINT);
  }
  const tools: Block[] = (req.tools ?? []).map((t) => ({
    toolSpec: {
      name: t.function.name,
      ...(t.function.description ? { description: t.function.description } : {}),
      inputSchema: { json: t.function.parameters ?? { type: 'object', properties: {} } },
    },
  }));
  if (json) tools.push({ toolSpec: { name: json.name, description: JSON_TOOL_DESCRIPTION, inputSchema: { json: json.schema } } });
  const choice = json ? { tool: { name: json.name } } : toolChoice(req);
  // With thinking, the budget comes on top of the answer's tokens (as on Anthropic's own API).
  let maxTokens = req.maxTokens;
  if (budget !== undefined) {
    const wanted = (maxTokens ?? DEFAULT_MAX_TOKENS) + budget;
    maxTokens = cap !== undefined ? Math.min(wanted, cap) : wanted;
    if (budget >= maxTokens) throw unsupported('bedrock', `a thinking budget of ${budget} tokens`, `the model writes at most ${maxTokens} tokens`);
  }
  const inferenceConfig = {
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.topP !== undefined ? { topP: req.topP } : {}),
    ...(req.stop?.length ? { stopSequences: req.stop } : {}),
  };
  const additional = { ...topKField(req), ...(budget !== undefined ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}) };
  return {
    messages,
    ...(system.length ? { system } : {}),
    ...(Object.keys(inferenceConfig).length ? { inferenceConfig } : {}),
    ...(tools.length ? { toolConfig: { tools, ...(choice ? { toolChoice: choice } : {}) } } : {}),
    ...(Object.keys(additional).length ? { additionalModelRequestFields: additional } : {}),
  };
}

const STOP: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  guardrail_intervened: 'content_filter',
  content_filtered: 'content_filter',
};

export function finish(stopReason: string | null | undefined, jsonMode: boolean): FinishReason {
  const mapped = STOP[stopReason ?? 'end_turn'] ?? 'stop';
  return jsonMode && mapped === 'tool_calls' ? 'stop' : mapped;
}

/** Converse's inputTokens leave out cache reads and writes; the canonical input counts every one. */
export function usageOf(raw: any): Usage {
  const read = raw?.cacheReadInputTokens ?? 0;
  const written = raw?.cacheWriteInputTokens ?? 0;
  const input = (raw?.inputTokens ?? 0) + read + written;
  const output = raw?.outputTokens ?? 0;
  return { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: read, ...(written ? { cacheCreationTokens: written } : {}) };
}

export function parseConverse(req: CanonicalRequest, json: any, requestId: string): CanonicalResult {
  const blocks = json?.output?.message?.content;
  if (!Array.isArray(blocks)) throw malformed('bedrock', 'a Converse answer without output.message.content[]');
  const jsonName = jsonTool(req)?.name;
  let content = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (typeof block.text === 'string') content += block.text;
    else if (block.reasoningContent) reasoning += block.reasoningContent.reasoningText?.text ?? '';
    else if (block.toolUse?.name === jsonName) content += JSON.stringify(block.toolUse.input ?? {});
    else if (block.toolUse) {
      toolCalls.push({ id: block.toolUse.toolUseId, type: 'function', function: { name: block.toolUse.name, arguments: JSON.stringify(block.toolUse.input ?? {}) } });
    }
  }
  return {
    content,
    ...(toolCalls.length ? { toolCalls } : {}),
    finishReason: finish(json.stopReason, jsonName !== undefined),
    usage: usageOf(json.usage),
    model: req.model,
    provider: 'bedrock',
    requestId,
    ...(reasoning ? { reasoning } : {}),
  };
}
