// Loopback stand-in for a local Ollama server: /api/chat (NDJSON when
// streaming, one JSON object otherwise), /api/embed, /api/tags, and Ollama's
// error body { error: "..." }, including its refusal of tool-call arguments
// sent as a string instead of an object.
import type { ServerResponse } from 'node:http';
import { echoText, pieces, startFakeServer, tokens, wait, type Fake, type Render, type Reply, type Step } from '../testing/fake.ts';

export interface OllamaFakeOptions {
  /** Pulled models; others answer 404 as Ollama does. Default: any model is there. */
  models?: string[];
}

/** A scripted Ollama error, e.g. ollamaError(500, 'llama runner process has terminated'). */
export function ollamaError(status: number, message = `scripted ${status}`): Step {
  return { status, body: { error: message } };
}

const CREATED_AT = '2025-01-01T00:00:00.000000Z';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function known(opts: OllamaFakeOptions, model: string): boolean {
  const bare = (name: string) => name.replace(/:latest$/, '');
  return !opts.models || opts.models.some((m) => bare(m) === bare(model));
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user' || m.role === 'tool');
  return last ? { role: last.role, text: String(last.content ?? '') } : undefined;
}

function reject(opts: OllamaFakeOptions, body: any): { status: number; error: string } | undefined {
  if (!body?.model) return { status: 400, error: 'model is required' };
  if (!known(opts, body.model)) return { status: 404, error: `model "${body.model}" not found, try pulling it first` };
  for (const m of body.messages ?? []) {
    for (const c of m.tool_calls ?? []) {
      if (typeof c.function?.arguments !== 'object' || Array.isArray(c.function.arguments)) {
        return {
          status: 400,
          error: `json: cannot unmarshal ${typeof c.function?.arguments} into Go struct field ToolCallFunction.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments`,
        };
      }
    }
  }
  return undefined;
}

function metrics(body: any, text: string): Record<string, number> {
  const prompt = tokens((body.messages ?? []).map((m: any) => String(m.content ?? '')).join('\n'));
  return {
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: prompt,
    prompt_eval_duration: 200_000,
    eval_count: tokens(text),
    eval_duration: 700_000,
  };
}

const chatRoute = (opts: OllamaFakeOptions): Render => async (req, reply: Reply, res, signal) => {
  const body = req.body;
  const broken = reject(opts, body);
  if (broken) return json(res, broken.status, { error: broken.error });
  const calls = (reply.toolCalls ?? []).map((c, index) => ({
    ...(c.id ? { id: c.id } : {}),
    function: { index, name: c.name, arguments: JSON.parse(c.arguments || '{}') },
  }));
  const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), body.format !== undefined));
  const thinking = body.think ? (reply.reasoning ?? '') : '';
  const done = {
    done_reason: reply.finishReason ?? 'stop',
    done: true,
    ...metrics(body, thinking + text + JSON.stringify(calls)),
  };
  const line = (message: Record<string, unknown>, extra: Record<string, unknown> = { done: false }) =>
    JSON.stringify({ model: body.model, created_at: CREATED_AT, message: { role: 'assistant', content: '', ...message }, ...extra });

  if (body.stream === false) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(line({ content: text, ...(thinking ? { thinking } : {}), ...(calls.length ? { tool_calls: calls } : {}) }, done));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const lines = [
    ...pieces(thinking).map((p) => line({ thinking: p })),
    ...pieces(text).map((p) => line({ content: p })),
    ...(calls.length ? [line({ tool_calls: calls })] : []),
  ];
  for (const l of lines) {
    if (signal.aborted) return;
    res.write(`${l}\n`);
    await wait(reply.chunkDelayMs, signal);
  }
  if (reply.streamError) {
    res.end(`${JSON.stringify({ error: reply.streamError })}\n`);
    return;
  }
  res.end(`${line({}, done)}\n`);
};

/** Deterministic embedding: equal inputs embed equally. */
function embedding(text: string, dims: number): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.charCodeAt(i % Math.max(text.length, 1)) || 0) % 97) / 97);
}

const embedRoute = (opts: OllamaFakeOptions): Render => (req, _reply, res) => {
  const body = req.body;
  if (!body?.model) return json(res, 400, { error: 'model is required' });
  if (!known(opts, body.model)) return json(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
  const input: string[] = Array.isArray(body.input) ? body.input : [body.input ?? ''];
  json(res, 200, {
    model: body.model,
    embeddings: input.map((text) => embedding(text, body.dimensions ?? 8)),
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: tokens(input.join('')),
  });
};

function tag(name: string, family: string, size: string) {
  return {
    name,
    model: name,
    modified_at: CREATED_AT,
    size: 2_019_393_189,
    digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
    details: { parent_model: '', format: 'gguf', family, families: [family], parameter_size: size, quantization_level: 'Q4_K_M' },
  };
}

const tagsRoute = (opts: OllamaFakeOptions): Render => (_req, _reply, res) => {
  const names = opts.models ?? ['llama3.2:latest', 'nomic-embed-text:latest'];
  json(res, 200, {
    models: names.map((n) => (/embed/.test(n) ? tag(n, 'nomic-bert', '137M') : tag(n, 'llama', '3.2B'))),
  });
};

/** Starts the fake; its url is the OLLAMA_BASE_URL to use. */
export function startFake(opts: OllamaFakeOptions = {}): Promise<Fake> {
  return startFakeServer({
    prefix: '',
    routes: {
      'POST /api/chat': chatRoute(opts),
      'POST /api/embed': embedRoute(opts),
      'GET /api/tags': tagsRoute(opts),
    },
  });
}
