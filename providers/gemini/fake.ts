// Loopback stand-in for Google's generateContent upstreams. One server answers
// both URL layouts, so gemini and vertex tests share it:
//   Gemini API  /v1beta/models/{model}:{generateContent|streamGenerateContent|batchEmbedContents}, GET /v1beta/models
//   Vertex AI   /v1/projects/{p}/locations/{l}/publishers/google/models/{model}:{generateContent|streamGenerateContent|predict}
// It reproduces the wire format (SSE frames end in \r\n\r\n), Google's error
// body { error: { code, message, status } }, thought signatures on function
// calls when thinking is on, and Gemini 3's refusal of replayed calls without one.
import type { ServerResponse } from 'node:http';
import {
  echoText,
  idMaker,
  pieces,
  startFakeServer,
  tokens,
  wait,
  type CapturedRequest,
  type Fake,
  type Render,
  type Reply,
  type Step,
} from '../testing/fake.ts';

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function errorBody(code: number, message: string) {
  return { error: { code, message, status: STATUS[code] ?? 'UNKNOWN' } };
}

/** A scripted Google error, e.g. googleError(429, 'Resource exhausted', 1) for a 429 with retry-after: 1. */
export function googleError(status: number, message = `scripted ${status}`, retryAfterSeconds?: number): Step {
  return {
    status,
    body: errorBody(status, message),
    ...(retryAfterSeconds !== undefined ? { headers: { 'retry-after': String(retryAfterSeconds) } } : {}),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** The signature the fake issues for a call; opaque to clients, checked on replay. */
export function fakeSignature(name: string): string {
  return Buffer.from(`fake-signature:${name}`).toString('base64');
}

function textOf(parts: any[] | undefined): string {
  return (parts ?? []).map((p) => p?.text ?? '').join('');
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.contents ?? [])].reverse().find((c: any) => c.role === 'user');
  if (!last) return undefined;
  const responses = (last.parts ?? []).filter((p: any) => p.functionResponse);
  // A plain result travels as { output: "..." }; echo it as the text the tool returned.
  const said = (r: any) => (typeof r?.output === 'string' && Object.keys(r).length === 1 ? r.output : JSON.stringify(r));
  if (responses.length) return { role: 'tool', text: responses.map((p: any) => said(p.functionResponse.response)).join(' ') };
  return { role: 'user', text: textOf(last.parts) };
}

/** The documented request rules a mapping bug would break; a broken one answers 400 as Google does. */
function reject(model: string, body: any): string | undefined {
  const contents: any[] = body?.contents ?? [];
  if (!contents.length) return '* GenerateContentRequest.contents: contents is not specified';
  for (const [i, c] of contents.entries()) {
    if (c.role !== 'user' && c.role !== 'model') return `Please use a valid role: user, model. (contents[${i}])`;
    for (const [j, p] of (c.parts ?? []).entries()) {
      if (p.functionResponse && !p.functionResponse.name) {
        return `* GenerateContentRequest.contents[${i}].parts[${j}].function_response.name: Name cannot be empty.`;
      }
    }
  }
  if (/^gemini-3[.-]/.test(model)) {
    // The current turn starts after the last user message that is not a function response.
    const start = contents.findLastIndex((c) => c.role === 'user' && (c.parts ?? []).some((p: any) => typeof p.text === 'string'));
    for (const [i, c] of contents.entries()) {
      if (i <= start || c.role !== 'model') continue;
      const first = (c.parts ?? []).find((p: any) => p.functionCall);
      if (first && !first.thoughtSignature) {
        return `Function call is missing a thought_signature in functionCall parts. Additional data, function call \`${first.functionCall.name}\`, position ${i}.`;
      }
    }
  }
  return undefined;
}

interface Answer {
  thought: string;
  text: string;
  calls: any[];
  finish: string;
  grounding?: Record<string, unknown>;
  usage: Record<string, number>;
}

function answer(body: any, reply: Reply): Answer {
  const thinking = body?.generationConfig?.thinkingConfig;
  const calls = (reply.toolCalls ?? []).map((c, i) => ({
    functionCall: { name: c.name, args: JSON.parse(c.arguments || '{}'), ...(c.id ? { id: c.id } : {}) },
    // Thinking models sign the first call of a turn.
    ...(thinking && thinking.thinkingBudget !== 0 && i === 0 ? { thoughtSignature: fakeSignature(c.name) } : {}),
  }));
  const asJson = body?.generationConfig?.responseMimeType === 'application/json';
  const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), asJson));
  const thought = thinking?.includeThoughts ? (reply.reasoning ?? '') : '';
  const partText = (p: any) => (typeof p.text === 'string' ? p.text : JSON.stringify(p));
  const prompt = tokens(
    [body?.systemInstruction, ...(body?.contents ?? [])].filter(Boolean).map((c: any) => (c.parts ?? []).map(partText).join('')).join('\n'),
  );
  const candidates = tokens(text + calls.map((c) => c.functionCall.name + JSON.stringify(c.functionCall.args)).join(''));
  const thoughts = tokens(reply.reasoning ?? '');
  const cached = Math.min(reply.cachedTokens ?? 0, prompt);
  return {
    thought,
    text,
    calls,
    finish: reply.finishReason ?? 'STOP',
    ...(reply.citations?.length
      ? {
          grounding: {
            webSearchQueries: [lastTurn(body)?.text ?? ''],
            groundingChunks: reply.citations.map((uri, i) => ({ web: { uri, title: `source ${i + 1}` } })),
          },
        }
      : {}),
    usage: {
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates + thoughts,
      ...(cached ? { cachedContentTokenCount: cached } : {}),
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    },
  };
}

/** logprobsResult for the text of `parts`, as Gemini sends it when responseLogprobs is on: per piece, its chosen token and top candidates. */
function logprobsResult(parts: any[], top: number): Record<string, unknown> {
  const chosen = parts.filter((p) => typeof p.text === 'string' && !p.thought).flatMap((p) => pieces(p.text));
  return {
    chosenCandidates: chosen.map((token, i) => ({ token, logProbability: -0.5 - i / 100 })),
    topCandidates: chosen.map((token, i) => ({
      candidates: Array.from({ length: top }, (_, j) => ({ token: j ? `${token}~${j}` : token, logProbability: -0.5 - i / 100 - j })),
    })),
  };
}

function candidate(parts: any[], a: Answer, final: boolean, body?: any, index = 0): Record<string, unknown> {
  const config = body?.generationConfig;
  return {
    content: { parts, role: 'model' },
    ...(final ? { finishReason: a.finish, ...(a.grounding ? { groundingMetadata: a.grounding } : {}) } : {}),
    ...(config?.responseLogprobs ? { logprobsResult: logprobsResult(parts, config.logprobs ?? 0) } : {}),
    index,
  };
}

/** candidateCount answers: the first is the answer, the others say which candidate they are. */
function answersOf(body: any, a: Answer): Answer[] {
  const count = body?.generationConfig?.candidateCount ?? 1;
  return Array.from({ length: count }, (_, i) => (i && a.text ? { ...a, text: `${a.text} (choice ${i})` } : a));
}

function generateRoute(model: string, vertex: boolean, newResponseId: () => string): Render {
  return async (req: CapturedRequest, reply, res, signal) => {
    const broken = reject(model, req.body);
    if (broken) return json(res, 400, errorBody(400, broken));
    const a = answer(req.body, reply);
    const envelope = (body: Record<string, unknown>) => ({
      ...body,
      modelVersion: model,
      ...(vertex ? { createTime: '2025-01-01T00:00:00.000000Z' } : {}),
      responseId,
    });
    const responseId = newResponseId();
    const streaming = req.path.includes(':streamGenerateContent');
    const answers = answersOf(req.body, a);
    if (!streaming) {
      const partsOf = (x: Answer) => [...(x.thought ? [{ text: x.thought, thought: true }] : []), ...(x.text ? [{ text: x.text }] : []), ...x.calls];
      return json(res, 200, envelope({ candidates: answers.map((x, i) => candidate(partsOf(x), x, true, req.body, i)), usageMetadata: a.usage }));
    }
    // Each candidate's chunks under its own index, one candidate after the other; one last chunk finishes them all.
    const promptOnly = { promptTokenCount: a.usage.promptTokenCount, totalTokenCount: a.usage.promptTokenCount };
    const frames = answers.flatMap((x, i) =>
      [...pieces(x.thought).map((text) => [{ text, thought: true }]), ...pieces(x.text).map((text) => [{ text }]), ...x.calls.map((call) => [call])].map((parts) =>
        envelope({ candidates: [candidate(parts, x, false, req.body, i)], usageMetadata: promptOnly }),
      ),
    );
    const last = envelope({ candidates: answers.map((x, i) => candidate([{ text: '' }], x, true, undefined, i)), usageMetadata: a.usage });
    if (!req.path.includes('alt=sse')) {
      // Without alt=sse Google streams one JSON array of the same responses.
      return json(res, 200, [...frames, last]);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const frame of frames) {
      if (signal.aborted) return;
      res.write(`data: ${JSON.stringify(frame)}\r\n\r\n`);
      await wait(reply.chunkDelayMs, signal);
    }
    if (reply.streamError) {
      res.end(`data: ${JSON.stringify(errorBody(500, reply.streamError))}\r\n\r\n`);
      return;
    }
    res.end(`data: ${JSON.stringify(last)}\r\n\r\n`);
  };
}

/**
 * countTokens: the Gemini API takes { contents } or { generateContentRequest };
 * Vertex takes contents, systemInstruction, tools and generationConfig at the
 * top level. Each refuses the other's form.
 */
const countTokensRoute = (vertex: boolean): Render => (req, _reply, res) => {
  const body = req.body ?? {};
  const request = vertex ? body : (body.generateContentRequest ?? body);
  if (vertex && body.generateContentRequest) return json(res, 400, errorBody(400, 'Invalid JSON payload received. Unknown name "generateContentRequest": Cannot find field.'));
  if (!vertex && body.generateContentRequest && !String(body.generateContentRequest.model ?? '').startsWith('models/')) {
    return json(res, 400, errorBody(400, '* CountTokensRequest.generate_content_request.model: model must be models/{model}'));
  }
  if (!Array.isArray(request.contents) || !request.contents.length) return json(res, 400, errorBody(400, '* CountTokensRequest.contents: contents is not specified'));
  const partText = (p: any) => (typeof p.text === 'string' ? p.text : JSON.stringify(p));
  const text = [request.systemInstruction, ...request.contents].filter(Boolean).map((c: any) => (c.parts ?? []).map(partText).join('')).join('\n');
  json(res, 200, { totalTokens: tokens(text + (request.tools ? JSON.stringify(request.tools) : '')) });
};

/** Deterministic embedding: equal inputs embed equally. */
function embedding(text: string, dims: number): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.charCodeAt(i % Math.max(text.length, 1)) || 0) % 97) / 97);
}

const DEFAULT_DIMS = 8;

const batchEmbedRoute = (model: string): Render => (req, _reply, res) => {
  const requests: any[] = req.body?.requests ?? [];
  const wrong = requests.findIndex((r) => r.model !== `models/${model}`);
  if (wrong !== -1) {
    return json(res, 400, errorBody(400, `* BatchEmbedContentsRequest.requests[${wrong}].model: the model must match the request URL`));
  }
  if (requests.length > 100) return json(res, 400, errorBody(400, '* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch'));
  json(res, 200, {
    embeddings: requests.map((r) => ({ values: embedding(textOf(r.content?.parts), r.outputDimensionality ?? DEFAULT_DIMS) })),
  });
};

const predictRoute = (model: string): Render => (req, _reply, res) => {
  const instances: any[] = req.body?.instances ?? [];
  if (model.startsWith('gemini-embedding') && instances.length > 1) {
    return json(res, 400, errorBody(400, `Model ${model} only supports one instance per request.`));
  }
  const dims = req.body?.parameters?.outputDimensionality ?? DEFAULT_DIMS;
  json(res, 200, {
    predictions: instances.map((i) => ({
      embeddings: { values: embedding(i.content ?? '', dims), statistics: { truncated: false, token_count: tokens(i.content ?? '') } },
    })),
    metadata: { billableCharacterCount: instances.reduce((n, i) => n + (i.content ?? '').length, 0) },
  });
};

const MODELS = [
  {
    name: 'models/gemini-2.5-flash',
    displayName: 'Gemini 2.5 Flash',
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'countTokens', 'createCachedContent'],
  },
  {
    name: 'models/gemini-embedding-001',
    displayName: 'Gemini Embedding 001',
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    supportedGenerationMethods: ['embedContent', 'countTokens'],
  },
  { name: 'models/aqa', displayName: 'Model that performs Attributed Question Answering.', supportedGenerationMethods: ['generateAnswer'] },
];

const GEMINI_PATH = /^\/v1beta\/models\/([^/:]+):(\w+)$/;
const VERTEX_PATH = /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(\w+)$/;

function authorised(req: CapturedRequest, vertex: boolean): boolean {
  return !!(req.headers['x-goog-api-key'] || req.headers.authorization || (!vertex && req.path.includes('key=')));
}

function unauthenticated(res: ServerResponse, vertex: boolean): void {
  if (vertex) {
    json(res, 401, errorBody(401, 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.'));
  } else {
    json(res, 403, errorBody(403, "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."));
  }
}

function authenticated(vertex: boolean, render: Render): Render {
  return (req, reply, res, signal) => {
    const keyed = req.headers['x-goog-api-key'] || req.headers.authorization || (!vertex && /[?&]key=/.test(req.path));
    return keyed ? render(req, reply, res, signal) : unauthenticated(res, vertex);
  };
}

function route(key: string, newResponseId: () => string): Render | undefined {
  const [method, path = ''] = key.split(' ');
  if (method === 'GET' && path === '/v1beta/models') return authenticated(false, (_req, _reply, res) => json(res, 200, { models: MODELS }));
  if (method !== 'POST') return undefined;
  const gemini = GEMINI_PATH.exec(path);
  const vertex = VERTEX_PATH.exec(path);
  const [, model, op] = gemini ?? vertex ?? [];
  if (!model) return undefined;
  if (op === 'generateContent' || op === 'streamGenerateContent') return authenticated(!!vertex, generateRoute(model, !!vertex, newResponseId));
  if (op === 'countTokens') return authenticated(!!vertex, countTokensRoute(!!vertex));
  if (gemini && op === 'batchEmbedContents') return authenticated(false, batchEmbedRoute(model));
  if (vertex && op === 'predict') return authenticated(true, predictRoute(model));
  return undefined;
}

/** Starts the fake; its url is the base URL for both GEMINI_BASE_URL and VERTEX_BASE_URL. */
export function startFake(): Promise<Fake> {
  const newResponseId = idMaker('resp-');
  // The shared server looks routes up by "METHOD path"; Google puts the model
  // and the operation inside the path, so keys are resolved by pattern.
  const routes = new Proxy({} as Record<string, Render>, {
    get: (_target, key) => (typeof key === 'string' ? route(key, newResponseId) : undefined),
  });
  return startFakeServer({ prefix: '', routes });
}
