// Canonical request -> Anthropic Messages request body.
import type { CanonicalRequest, ContentPart, Message, ThinkingEffort } from '../../protocols/canonical.ts';
import { namedSchema } from '../wire/requestOptions.ts';
import { ProviderError, unsupported } from '../types.ts';

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

export const DEFAULT_MAX_TOKENS = 4096;
const MIN_THINKING_BUDGET = 1024;
/** Budgets for callers who name an effort instead of a token budget. */
const EFFORT_BUDGET: Record<ThinkingEffort, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16384 };

/**
 * Anthropic has no JSON mode. JSON output is a single forced tool whose input
 * schema is the wanted schema; the tool input comes back as the content text.
 * This works on every model and keeps streaming (input_json_delta) intact.
 */
export const JSON_TOOL_DESCRIPTION = 'Answer by calling this tool; its input is your complete answer as JSON.';

export interface JsonTool {
  name: string;
  schema: Record<string, unknown>;
}

export function jsonTool(req: CanonicalRequest): JsonTool | undefined {
  if (req.responseFormat === 'json') return { name: 'json_response', schema: { type: 'object' } };
  if (req.responseFormat !== 'json_schema') return undefined;
  const { name, schema } = namedSchema(req);
  if (schema.type !== 'object') throw unsupported('anthropic', 'a json_schema whose root is not an object');
  return { name, schema };
}

export function thinkingBudget(req: CanonicalRequest): number | undefined {
  const t = req.thinkingMode;
  if (!t?.enabled) return undefined;
  const budget = t.budget ?? EFFORT_BUDGET[t.effort ?? 'medium'];
  if (budget < MIN_THINKING_BUDGET) throw unsupported('anthropic', `a thinking budget below ${MIN_THINKING_BUDGET} tokens`);
  return budget;
}

/**
 * max_tokens for a request: the caller's maxTokens (default 4096) is for the
 * answer, so a thinking budget comes on top; the sum is capped at the model's
 * maximum output when the cap is known.
 */
export function anthropicMaxTokens(maxTokens: number | undefined, budget: number | undefined, cap: number | undefined): number {
  const wanted = (maxTokens ?? DEFAULT_MAX_TOKENS) + (budget ?? 0);
  const max = cap !== undefined ? Math.min(wanted, cap) : wanted;
  if (budget !== undefined && budget >= max) {
    throw unsupported('anthropic', `a thinking budget of ${budget} tokens`, `the model writes at most ${max} tokens`);
  }
  return max;
}

/** Anthropic tool ids allow letters, digits, _ and -; ids from other providers may carry more. */
function toolId(id: string): string {
  return id.replace(/[^a-zA-Z0-9_-]/g, '_') || 'toolu_missing';
}

function toolInput(call: { id: string; function: { name: string; arguments: string } }): unknown {
  if (!call.function.arguments.trim()) return {};
  try {
    return JSON.parse(call.function.arguments);
  } catch {
    throw new ProviderError(
      'anthropic',
      'unsupported_option',
      `anthropic needs tool call arguments as JSON; call ${call.id} (${call.function.name}) has: ${call.function.arguments.slice(0, 200)}`,
    );
  }
}

function partBlock(part: ContentPart): Block {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'video') throw unsupported('anthropic', 'video input', 'only gemini and vertex accept video');
  const source = part.url
    ? { type: 'url', url: part.url }
    : { type: 'base64', media_type: part.mimeType ?? 'image/png', data: part.data ?? '' };
  return { type: 'image', source };
}

function blocksOf(m: Exclude<Message, { role: 'system' }>): WireMessage {
  switch (m.role) {
    case 'user':
      return { role: 'user', content: typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content.map(partBlock) };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text', text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({ type: 'tool_use', id: toolId(c.id), name: c.function.name, input: toolInput(c) })),
        ],
      };
    case 'tool':
      return { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolId(m.toolCallId), content: m.content }] };
  }
}

/** Roles must alternate: consecutive same-role turns (several tool results, tool result then user text) merge. */
export function wireMessages(messages: Message[]): WireMessage[] {
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

function systemBlocks(messages: Message[]): Block[] {
  return messages.filter((m) => m.role === 'system').map((m) => ({ type: 'text', text: m.content }));
}

const EPHEMERAL = { type: 'ephemeral' };

/** promptCaching: breakpoints after the system prompt and after the newest turn, so both prefixes are cached. */
function addCacheBreakpoints(system: Block[], messages: WireMessage[]): void {
  const lastSystem = system.at(-1);
  if (lastSystem) lastSystem.cache_control = EPHEMERAL;
  const lastBlock = messages.at(-1)?.content.at(-1);
  if (lastBlock) lastBlock.cache_control = EPHEMERAL;
}

function toolChoice(req: CanonicalRequest): Block | undefined {
  const c = req.toolChoice;
  let choice: Block | undefined;
  if (c === 'auto') choice = { type: 'auto' };
  else if (c === 'none') choice = { type: 'none' };
  else if (c === 'required') choice = { type: 'any' };
  else if (c) choice = { type: 'tool', name: c.function.name };
  if (req.parallelToolCalls === false) choice = { ...(choice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return choice;
}

function webSearchTool(req: CanonicalRequest): Block | undefined {
  const ws = req.webSearch;
  if (!ws?.enabled) return undefined;
  if (ws.recencyFilter) throw unsupported('anthropic', 'webSearch.recencyFilter');
  if (ws.allowedDomains?.length && ws.blockedDomains?.length) {
    throw unsupported('anthropic', 'webSearch with both allowedDomains and blockedDomains', 'use one or the other');
  }
  return {
    type: 'web_search_20250305',
    name: 'web_search',
    ...(ws.maxUses !== undefined ? { max_uses: ws.maxUses } : {}),
    ...(ws.allowedDomains?.length ? { allowed_domains: ws.allowedDomains } : {}),
    ...(ws.blockedDomains?.length ? { blocked_domains: ws.blockedDomains } : {}),
  };
}

function checkOptions(req: CanonicalRequest, json: JsonTool | undefined): void {
  if (req.frequencyPenalty !== undefined || req.presencePenalty !== undefined) throw unsupported('anthropic', 'frequency/presence penalties');
  if (req.promptCacheKey !== undefined) throw unsupported('anthropic', 'promptCacheKey', 'use promptCaching');
  if (req.temperature !== undefined && req.temperature > 1) throw unsupported('anthropic', `temperature ${req.temperature}`, 'the range is 0 to 1');
  if (req.thinkingMode?.enabled) {
    if (req.temperature !== undefined && req.temperature !== 1) throw unsupported('anthropic', 'temperature other than 1 with thinking');
    if (req.topP !== undefined && req.topP < 0.95) throw unsupported('anthropic', 'topP below 0.95 with thinking');
    if (req.topK !== undefined) throw unsupported('anthropic', 'topK with thinking');
    const forced = req.toolChoice === 'required' || typeof req.toolChoice === 'object';
    if (forced || json) throw unsupported('anthropic', 'forcing a tool (toolChoice required/named, or JSON output) with thinking');
  }
  if (json && (req.tools?.length || req.toolChoice !== undefined || req.webSearch?.enabled)) {
    throw unsupported('anthropic', 'JSON output together with tools or web search', 'JSON output is itself a forced tool call');
  }
}

export function messagesBody(req: CanonicalRequest, stream: boolean, cap: number | undefined): Record<string, unknown> {
  const json = jsonTool(req);
  checkOptions(req, json);
  const budget = thinkingBudget(req);
  const system = systemBlocks(req.messages);
  const messages = wireMessages(req.messages);
  if (req.promptCaching) addCacheBreakpoints(system, messages);
  const tools: Block[] = (req.tools ?? []).map((t) => ({
    name: t.function.name,
    ...(t.function.description ? { description: t.function.description } : {}),
    input_schema: t.function.parameters ?? { type: 'object', properties: {} },
  }));
  const search = webSearchTool(req);
  if (search) tools.push(search);
  if (json) tools.push({ name: json.name, description: JSON_TOOL_DESCRIPTION, input_schema: json.schema });
  const choice = json ? { type: 'tool', name: json.name } : toolChoice(req);
  return {
    model: req.model,
    max_tokens: anthropicMaxTokens(req.maxTokens, budget, cap),
    ...(system.length ? { system } : {}),
    messages,
    ...(tools.length ? { tools } : {}),
    ...(choice ? { tool_choice: choice } : {}),
    ...(budget !== undefined ? { thinking: { type: 'enabled', budget_tokens: budget } } : {}),
    ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
    ...(req.topP !== undefined ? { top_p: req.topP } : {}),
    ...(req.topK !== undefined ? { top_k: req.topK } : {}),
    ...(req.stop?.length ? { stop_sequences: req.stop } : {}),
    // Anthropic's end-user id for abuse detection is what safetyIdentifier means.
    ...(req.safetyIdentifier !== undefined ? { metadata: { user_id: req.safetyIdentifier } } : {}),
    ...(stream ? { stream: true } : {}),
  };
}
