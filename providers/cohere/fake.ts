// Loopback stand-in for Cohere's v2 API: POST /v2/chat (JSON, or SSE with
// `event:` names message-start, content-start/delta/end, tool-plan-delta,
// tool-call-start/delta/end, citation-start/end and message-end), POST
// /v2/embed (vectors per embedding type) and GET /v1/models. Tool results
// arrive as documents; usage is billed_units and tokens; a failure mid-stream
// is a message-end with finish_reason ERROR.
import type { ServerResponse } from 'node:http';
import { argPieces, echoText, idMaker, pieces, sseHeaders, startFakeServer, tokens, wait, type Fake, type Render, type Reply } from '../testing/fake.ts';

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p: any) => (p?.type === 'text' ? p.text : p?.type === 'document' ? (typeof p.document?.data === 'string' ? p.document.data : JSON.stringify(p.document?.data)) : '')).join('');
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user' || m.role === 'tool');
  return last ? { role: last.role, text: textOf(last.content) } : undefined;
}

const PLAN = 'I will look that up.';

const FINISH: Record<string, string> = { stop: 'COMPLETE', length: 'MAX_TOKENS', tool_calls: 'TOOL_CALL' };

function answer(body: any, reply: Reply, newCallId: () => string) {
  const calls = (reply.toolCalls ?? []).map((c) => ({ id: c.id ?? newCallId(), name: c.name, arguments: c.arguments }));
  const json = body?.response_format?.type === 'json_object';
  const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), json));
  const thinking = reply.reasoning ?? '';
  const input = tokens((body?.messages ?? []).map((m: any) => textOf(m.content)).join('\n'));
  const output = tokens(text + calls.map((c) => c.name + c.arguments).join('')) + tokens(thinking);
  const cached = Math.min(reply.cachedTokens ?? 0, input);
  const finish = reply.finishReason ? (FINISH[reply.finishReason] ?? reply.finishReason) : calls.length ? 'TOOL_CALL' : 'COMPLETE';
  const usage = { billed_units: { input_tokens: input - cached, output_tokens: output }, tokens: { input_tokens: input, output_tokens: output }, cached_tokens: cached };
  const citations = (reply.citations ?? []).map((url, i) => ({
    start: 0,
    end: Math.min(4, text.length),
    text: text.slice(0, 4),
    sources: [{ type: 'document', id: `doc:${i}`, document: { id: `doc:${i}`, url, snippet: 'cited' } }],
  }));
  return { calls, text, thinking, usage, finish, citations };
}

async function stream(res: ServerResponse, reply: Reply, a: ReturnType<typeof answer>, id: string, signal: AbortSignal) {
  sseHeaders(res);
  const send = async (type: string, data: Record<string, unknown>) => {
    if (signal.aborted) return;
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    await wait(reply.chunkDelayMs, signal);
  };
  await send('message-start', { id, delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } } });
  if (a.thinking) {
    await send('content-start', { index: 0, delta: { message: { content: { type: 'thinking', thinking: '' } } } });
    for (const p of pieces(a.thinking)) await send('content-delta', { index: 0, delta: { message: { content: { thinking: p } } } });
    await send('content-end', { index: 0 });
  }
  if (a.calls.length) {
    await send('tool-plan-delta', { delta: { message: { tool_plan: PLAN } } });
    for (const [index, c] of a.calls.entries()) {
      await send('tool-call-start', { index, delta: { message: { tool_calls: { id: c.id, type: 'function', function: { name: c.name, arguments: '' } } } } });
      for (const p of argPieces(c.arguments)) await send('tool-call-delta', { index, delta: { message: { tool_calls: { function: { arguments: p } } } } });
      await send('tool-call-end', { index });
    }
  } else {
    const at = a.thinking ? 1 : 0;
    await send('content-start', { index: at, delta: { message: { content: { type: 'text', text: '' } } } });
    for (const p of pieces(a.text)) await send('content-delta', { index: at, delta: { message: { content: { text: p } } } });
    await send('content-end', { index: at });
  }
  for (const [index, c] of a.citations.entries()) {
    await send('citation-start', { index, delta: { message: { citations: c } } });
    await send('citation-end', { index });
  }
  if (signal.aborted) return;
  const end = reply.streamError ? { finish_reason: 'ERROR', error: reply.streamError } : { finish_reason: a.finish, usage: a.usage };
  res.end(`event: message-end\ndata: ${JSON.stringify({ type: 'message-end', delta: end })}\n\n`);
}

function chatRoute(): Render {
  const newCallId = idMaker('get_weather_');
  const newId = idMaker('c0e5e1c1-');
  return async (req, reply, res, signal) => {
    const body = req.body;
    if (body?.tool_choice !== undefined && !['REQUIRED', 'NONE'].includes(body.tool_choice)) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'err', message: `invalid tool_choice: must be one of REQUIRED, NONE` }));
      return;
    }
    const a = answer(body, reply, newCallId);
    const id = newId();
    if (body?.stream) return stream(res, reply, a, id, signal);
    const content = [...(a.thinking ? [{ type: 'thinking', thinking: a.thinking }] : []), ...(a.calls.length ? [] : [{ type: 'text', text: a.text }])];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        finish_reason: a.finish,
        message: {
          role: 'assistant',
          content,
          ...(a.calls.length ? { tool_plan: PLAN, tool_calls: a.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
          ...(a.citations.length ? { citations: a.citations } : {}),
        },
        usage: a.usage,
      }),
    );
  };
}

function vector(text: string, dims: number): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.charCodeAt(i % Math.max(text.length, 1)) || 0) % 89) / 89);
}

const embedRoute: Render = (req, _reply, res) => {
  const body = req.body ?? {};
  if (!body.input_type) {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'err', message: 'invalid request: input_type is required for embed-v3 and newer models' }));
    return;
  }
  const texts: string[] = body.texts ?? [];
  const dims = body.output_dimension ?? 8;
  const embeddings: Record<string, unknown> = {};
  for (const type of body.embedding_types ?? ['float']) {
    embeddings[type] = texts.map((t) => (type === 'float' ? vector(t, dims) : vector(t, dims).map((x) => Math.round(x * 127))));
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'emb-1', embeddings, texts, meta: { api_version: { version: '2' }, billed_units: { input_tokens: tokens(texts.join('')) } } }));
};

const modelsRoute: Render = (_req, _reply, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      models: [
        { name: 'command-a-03-2025', endpoints: ['chat'], context_length: 256000 },
        { name: 'embed-v4.0', endpoints: ['embed'], context_length: 128000 },
      ],
    }),
  );
};

export function startFake(): Promise<Fake> {
  return startFakeServer({ prefix: '', routes: { 'POST /v2/chat': chatRoute(), 'POST /v2/embed': embedRoute, 'GET /v1/models': modelsRoute } });
}
