// Loopback stand-in for the Anthropic Messages API: POST /v1/messages with
// x-api-key and anthropic-version, content blocks, tool_use / tool_result,
// thinking blocks, cache usage fields and the named SSE event stream. It
// refuses what the real API refuses that an adapter could get wrong
// (non-alternating roles, orphan tool results, bad thinking settings).
import type { ServerResponse } from 'node:http';
import {
  argPieces,
  echoText,
  idMaker,
  pieces,
  sseHeaders,
  startFakeServer,
  tokens,
  wait,
  type CapturedRequest,
  type Fake,
  type Render,
  type Reply,
} from '../testing/fake.ts';
import { BatchStore, withBatches } from '../testing/batchFake.ts';
import { anthropicBatchRoutes } from './batchFake.ts';

type Block = Record<string, any>;

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: any) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? blockText(b.content) : '')).join('');
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  if (!last) return undefined;
  const results = Array.isArray(last.content) ? last.content.filter((b: any) => b.type === 'tool_result') : [];
  return results.length ? { role: 'tool', text: blockText(results) } : { role: 'user', text: blockText(last.content) };
}

function rejection(req: CapturedRequest): string | undefined {
  const body = req.body ?? {};
  if (req.headers['anthropic-version'] !== '2023-06-01') return 'anthropic-version header is required';
  if (!req.headers['x-api-key']) return 'x-api-key header is required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  const messages: any[] = body.messages ?? [];
  for (let i = 1; i < messages.length; i++) {
    if (messages[i].role === messages[i - 1].role) return `messages: roles must alternate between "user" and "assistant" (index ${i})`;
  }
  for (let i = 0; i < messages.length; i++) {
    const results = (Array.isArray(messages[i].content) ? messages[i].content : []).filter((b: any) => b.type === 'tool_result');
    const uses = new Set((messages[i - 1]?.content ?? []).filter((b: any) => b.type === 'tool_use').map((b: any) => b.id));
    const orphan = results.find((r: any) => !uses.has(r.tool_use_id));
    if (orphan) return `messages.${i}: unexpected tool_use_id found in tool_result blocks: ${orphan.tool_use_id}`;
  }
  const breakpoints = JSON.stringify([body.system, body.messages, body.tools]).split('"cache_control"').length - 1;
  if (breakpoints > 4) return 'A maximum of 4 blocks with cache_control may be provided';
  if (body.thinking) {
    const budget = body.thinking.budget_tokens;
    if (budget < 1024) return 'thinking.budget_tokens: must be at least 1024';
    if (budget >= body.max_tokens) return '`max_tokens` must be greater than `thinking.budget_tokens`';
    if (body.temperature !== undefined && body.temperature !== 1) return '`temperature` may only be set to 1 when thinking is enabled';
    if (body.tool_choice && !['auto', 'none'].includes(body.tool_choice.type)) return 'Thinking may not be enabled when tool_choice forces tool use';
  }
  return undefined;
}

interface Answer {
  blocks: Block[];
  stopReason: string;
  stopSequence: string | null;
  usage: { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number; output_tokens: number };
}

function answer(body: any, reply: Reply, newToolId: () => string): Answer {
  const blocks: Block[] = [];
  const reasoning = reply.reasoning ?? (body.thinking ? 'Considering the question.' : '');
  if (reasoning) blocks.push({ type: 'thinking', thinking: reasoning, signature: 'c2lnbmF0dXJl' });
  const forced = body.tool_choice?.type === 'tool' ? body.tool_choice.name : undefined;
  if (forced) {
    const input = reply.text !== undefined ? JSON.parse(reply.text) : JSON.parse(echoText(lastTurn(body), true));
    blocks.push({ type: 'tool_use', id: newToolId(), name: forced, input });
  } else {
    const calls = reply.toolCalls ?? [];
    const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), false));
    if (text) {
      const citations = (reply.citations ?? []).map((url) => ({ type: 'web_search_result_location', url, title: url, encrypted_index: 'eA==', cited_text: text }));
      blocks.push({ type: 'text', text, ...(citations.length ? { citations } : {}) });
    }
    for (const c of calls) blocks.push({ type: 'tool_use', id: c.id ?? newToolId(), name: c.name, input: JSON.parse(c.arguments) });
  }
  const hasTool = blocks.some((b) => b.type === 'tool_use');
  const stopReason = reply.finishReason ?? (hasTool ? 'tool_use' : 'end_turn');
  const prompt = tokens(JSON.stringify(body.system ?? '') + blockText((body.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }]))));
  const read = Math.min(reply.cachedTokens ?? 0, prompt);
  const created = Math.min(reply.cacheCreationTokens ?? 0, prompt - read);
  const output = tokens(blocks.map((b) => b.text ?? b.thinking ?? JSON.stringify(b.input ?? '')).join(''));
  return {
    blocks,
    stopReason,
    stopSequence: stopReason === 'stop_sequence' ? (body.stop_sequences?.[0] ?? null) : null,
    usage: { input_tokens: prompt - read - created, cache_read_input_tokens: read, cache_creation_input_tokens: created, output_tokens: output },
  };
}

function* blockEvents(index: number, block: Block): Generator<Record<string, unknown>> {
  if (block.type === 'text') {
    yield { type: 'content_block_start', index, content_block: { type: 'text', text: '' } };
    for (const p of pieces(block.text)) yield { type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } };
    for (const citation of block.citations ?? []) yield { type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } };
  } else if (block.type === 'thinking') {
    yield { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '' } };
    for (const p of pieces(block.thinking)) yield { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: p } };
    yield { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } };
  } else {
    yield { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } };
    for (const p of argPieces(JSON.stringify(block.input))) yield { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } };
  }
  yield { type: 'content_block_stop', index };
}

async function stream(res: ServerResponse, body: any, reply: Reply, a: Answer, id: string, signal: AbortSignal) {
  sseHeaders(res);
  const send = (event: Record<string, unknown>) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  send({
    type: 'message_start',
    message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { ...a.usage, output_tokens: 1 } },
  });
  send({ type: 'ping' });
  for (const [index, block] of a.blocks.entries()) {
    for (const event of blockEvents(index, block)) {
      if (signal.aborted) return;
      send(event);
      await wait(reply.chunkDelayMs, signal);
    }
  }
  if (reply.streamError) {
    res.end(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: reply.streamError } })}\n\n`);
    return;
  }
  send({ type: 'message_delta', delta: { stop_reason: a.stopReason, stop_sequence: a.stopSequence }, usage: { output_tokens: a.usage.output_tokens } });
  send({ type: 'message_stop' });
  res.end();
}

function messagesRoute(): Render {
  const newToolId = idMaker('toolu_');
  const newId = idMaker('msg_');
  return (req, reply, res, signal) => {
    const problem = rejection(req);
    if (problem) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: problem } }));
      return;
    }
    const a = answer(req.body, reply, newToolId);
    const id = newId();
    if (req.body.stream) return stream(res, req.body, reply, a, id, signal);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
    res.end(
      JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model: req.body.model,
        content: a.blocks,
        stop_reason: a.stopReason,
        stop_sequence: a.stopSequence,
        usage: a.usage,
      }),
    );
  };
}

/** count_tokens counts what a call would send; it refuses generation settings, as the real endpoint does. */
const countTokensRoute: Render = (req, _reply, res) => {
  const body = req.body ?? {};
  const refused = ['max_tokens', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'stream', 'metadata'].find((k) => body[k] !== undefined);
  const problem = refused ? `${refused}: Extra inputs are not permitted` : !req.headers['x-api-key'] ? 'x-api-key header is required' : undefined;
  if (problem) {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: problem } }));
    return;
  }
  const text = JSON.stringify([body.system ?? '', body.messages ?? [], body.tools ?? []]);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ input_tokens: tokens(text) }));
};

export async function startFake(): Promise<Fake> {
  const store = new BatchStore('msgbatch_fake', '/v1/messages');
  const batches = anthropicBatchRoutes(store, () => store.url);
  const fake = await startFakeServer({
    prefix: '/v1',
    routes: { 'POST /messages': messagesRoute(), 'POST /messages/count_tokens': countTokensRoute, ...batches.routes },
    match: batches.match,
  });
  // ANTHROPIC_BASE_URL is the host; the adapter adds /v1/messages.
  store.url = fake.url.replace(/\/v1$/, '');
  return withBatches({ ...fake, url: store.url }, store, { 'x-api-key': 'sk-ant-fake-batch', 'anthropic-version': '2023-06-01' });
}
