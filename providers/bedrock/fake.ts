// Loopback stand-in for the Bedrock runtime: POST /model/{modelId}/converse,
// /converse-stream (an application/vnd.amazon.eventstream body encoded with
// @smithy/eventstream-codec) and /invoke (Titan and Cohere embeddings). Every
// request's SigV4 signature is checked by signing it again with the secret
// this fake knows, as AWS does; errors come as AWS's (x-amzn-errortype and a
// {"message"} body). It refuses what Converse refuses that an adapter could
// get wrong: turns that do not alternate, tool blocks without toolConfig,
// fields Converse does not have.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { argPieces, echoText, idMaker, pieces, startFakeServer, tokens, wait, type CapturedRequest, type Fake, type Render, type Reply } from '../testing/fake.ts';
import { encodeEvent, verifySignature } from './aws.ts';

/** The secret access key behind every access key id this fake accepts. */
export const FAKE_SECRET_ACCESS_KEY = 'fake/Secret+Access+Key/For+Loopback+Tests0';
/** The one session token temporary credentials (ids starting ASIA) are accepted with. */
export const FAKE_SESSION_TOKEN = 'FwoGZXIvYXdzEFakeSessionTokenForLoopbackTests';

type Block = Record<string, any>;

const ALLOWED_KEYS = new Set([
  'messages',
  'system',
  'inferenceConfig',
  'toolConfig',
  'guardrailConfig',
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'promptVariables',
  'requestMetadata',
  'performanceConfig',
]);

function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    'x-amzn-requestid': 'fake-error-request',
  });
  res.end(JSON.stringify({ message }));
}

function secretFor(accessKeyId: string, sessionToken: string | undefined): string | undefined {
  if (accessKeyId.startsWith('ASIA')) return sessionToken === FAKE_SESSION_TOKEN ? FAKE_SECRET_ACCESS_KEY : undefined;
  return sessionToken === undefined ? FAKE_SECRET_ACCESS_KEY : undefined;
}

/** A refusal of the request's credentials or signature, answered; true when the request may go on. */
async function authorized(req: CapturedRequest, res: ServerResponse): Promise<boolean> {
  const problem = await verifySignature(req, secretFor);
  if (!problem) {
    const service = /Credential=[^/]+\/\d{8}\/[^/]+\/([^/]+)\//.exec(String(req.headers.authorization))?.[1];
    if (service === 'bedrock') return true;
    awsError(res, 403, 'InvalidSignatureException', `Credential should be scoped to correct service: 'bedrock'.`);
    return false;
  }
  awsError(res, problem.type === 'UnrecognizedClientException' ? 403 : problem.type === 'IncompleteSignatureException' ? 400 : 403, problem.type, problem.message);
  return false;
}

function blockText(blocks: Block[]): string {
  return blocks
    .map((b) => (typeof b.text === 'string' ? b.text : b.toolResult ? blockText(b.toolResult.content ?? []) : ''))
    .join('');
}

function rejection(body: any): string | undefined {
  if (!body || typeof body !== 'object') return 'Malformed input request, please reformat your input and try again.';
  const extra = Object.keys(body).find((k) => !ALLOWED_KEYS.has(k));
  if (extra) return `Malformed input request: extraneous key [${extra}] is not permitted, please reformat your input and try again.`;
  const messages: any[] = body.messages ?? [];
  if (!messages.length) return 'A conversation must start with a user message. Try again with a conversation that starts with a user message.';
  if (messages[0].role !== 'user') return 'A conversation must start with a user message. Try again with a conversation that starts with a user message.';
  for (let i = 1; i < messages.length; i++) {
    if (messages[i].role === messages[i - 1].role) return 'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.';
  }
  const hasToolBlocks = JSON.stringify(messages).includes('"toolUse"') || JSON.stringify(messages).includes('"toolResult"');
  if (hasToolBlocks && !body.toolConfig) return 'The toolConfig field must be defined when using toolUse and toolResult content blocks.';
  for (let i = 0; i < messages.length; i++) {
    const results = (messages[i].content ?? []).filter((b: Block) => b.toolResult);
    const uses = new Set((messages[i - 1]?.content ?? []).filter((b: Block) => b.toolUse).map((b: Block) => b.toolUse.toolUseId));
    const orphan = results.find((r: Block) => !uses.has(r.toolResult.toolUseId));
    if (orphan) return `The toolResult blocks at messages.${i}.content contain a toolUseId (${orphan.toolResult.toolUseId}) without a matching toolUse in the previous turn.`;
  }
  if (body.toolConfig?.toolChoice && !body.toolConfig.tools?.length) return 'toolConfig.tools must contain at least one tool when toolChoice is set.';
  const max = body.inferenceConfig?.maxTokens;
  if (max !== undefined && (!Number.isInteger(max) || max < 1)) return 'inferenceConfig.maxTokens must be a positive integer.';
  const thinking = body.additionalModelRequestFields?.thinking;
  if (thinking && max !== undefined && thinking.budget_tokens >= max) return 'max_tokens must be greater than thinking.budget_tokens';
  return undefined;
}

function lastTurn(body: any): { role: 'user' | 'tool'; text: string } | undefined {
  const last = [...(body?.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  if (!last) return undefined;
  const results = (last.content ?? []).filter((b: Block) => b.toolResult);
  return results.length ? { role: 'tool', text: blockText(results) } : { role: 'user', text: blockText(last.content ?? []) };
}

interface Answer {
  blocks: Block[];
  stopReason: string;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number; cacheReadInputTokens: number; cacheWriteInputTokens: number };
}

function answer(body: any, reply: Reply, newToolId: () => string): Answer {
  const blocks: Block[] = [];
  const reasoning = reply.reasoning ?? (body.additionalModelRequestFields?.thinking ? 'Considering the question.' : '');
  if (reasoning) blocks.push({ reasoningContent: { reasoningText: { text: reasoning, signature: 'c2lnbmF0dXJl' } } });
  const forced = body.toolConfig?.toolChoice?.tool?.name;
  if (forced) {
    const input = reply.text !== undefined ? JSON.parse(reply.text) : JSON.parse(echoText(lastTurn(body), true));
    blocks.push({ toolUse: { toolUseId: newToolId(), name: forced, input } });
  } else {
    const calls = reply.toolCalls ?? [];
    const text = reply.text ?? (calls.length ? '' : echoText(lastTurn(body), false));
    if (text) blocks.push({ text });
    for (const c of calls) blocks.push({ toolUse: { toolUseId: c.id ?? newToolId(), name: c.name, input: JSON.parse(c.arguments) } });
  }
  const hasTool = blocks.some((b) => b.toolUse);
  const stopReason = reply.finishReason ?? (hasTool ? 'tool_use' : 'end_turn');
  const prompt = tokens(JSON.stringify(body.system ?? '') + (body.messages ?? []).map((m: any) => blockText(m.content ?? [])).join(''));
  const read = Math.min(reply.cachedTokens ?? 0, prompt);
  const written = Math.min(reply.cacheCreationTokens ?? 0, prompt - read);
  const output = tokens(blocks.map((b) => b.text ?? b.reasoningContent?.reasoningText?.text ?? JSON.stringify(b.toolUse?.input ?? '')).join(''));
  const input = prompt - read - written;
  return {
    blocks,
    stopReason,
    usage: { inputTokens: input, outputTokens: output, totalTokens: input + read + written + output, cacheReadInputTokens: read, cacheWriteInputTokens: written },
  };
}

function* streamEvents(a: Answer): Generator<[type: string, payload: Record<string, unknown>]> {
  yield ['messageStart', { role: 'assistant' }];
  for (const [contentBlockIndex, block] of a.blocks.entries()) {
    if (block.text !== undefined) {
      for (const p of pieces(block.text)) yield ['contentBlockDelta', { contentBlockIndex, delta: { text: p } }];
    } else if (block.reasoningContent) {
      for (const p of pieces(block.reasoningContent.reasoningText.text)) yield ['contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { text: p } } }];
      yield ['contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { signature: block.reasoningContent.reasoningText.signature } } }];
    } else {
      yield ['contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId: block.toolUse.toolUseId, name: block.toolUse.name } } }];
      for (const p of argPieces(JSON.stringify(block.toolUse.input))) yield ['contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: p } } }];
    }
    yield ['contentBlockStop', { contentBlockIndex }];
  }
}

const event = (type: string, payload: unknown) => encodeEvent({ ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' }, payload);

async function stream(res: ServerResponse, reply: Reply, a: Answer, requestId: string, signal: AbortSignal): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': requestId });
  for (const [type, payload] of streamEvents(a)) {
    if (signal.aborted) return;
    res.write(event(type, payload));
    await wait(reply.chunkDelayMs, signal);
  }
  if (reply.streamError) {
    res.end(encodeEvent({ ':exception-type': 'modelStreamErrorException', ':content-type': 'application/json', ':message-type': 'exception' }, { message: reply.streamError }));
    return;
  }
  res.write(event('messageStop', { stopReason: a.stopReason }));
  res.end(event('metadata', { usage: a.usage, metrics: { latencyMs: 42 } }));
}

function converseRoute(streamed: boolean): Render {
  const newToolId = idMaker('tooluse_');
  const newId = idMaker('bedrock-req-');
  return async (req, reply, res, signal) => {
    if (!(await authorized(req, res))) return;
    const problem = rejection(req.body);
    if (problem) return awsError(res, 400, 'ValidationException', problem);
    const a = answer(req.body, reply, newToolId);
    const requestId = newId();
    if (streamed) return stream(res, reply, a, requestId, signal);
    res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': requestId });
    res.end(JSON.stringify({ output: { message: { role: 'assistant', content: a.blocks } }, stopReason: a.stopReason, usage: a.usage, metrics: { latencyMs: 42 } }));
  };
}

/** A deterministic unit-ish vector per text. */
function vector(text: string, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < size; i++) {
    for (const byte of createHash('sha256').update(`${i}:${text}`).digest()) if (out.length < size) out.push((byte - 128) / 128);
  }
  return out;
}

function invokeRoute(model: string): Render {
  return async (req, _reply, res) => {
    if (!(await authorized(req, res))) return;
    const body = req.body ?? {};
    if (model.startsWith('amazon.titan-embed-text')) {
      if (typeof body.inputText !== 'string') return awsError(res, 400, 'ValidationException', 'Malformed input request: required key [inputText] not found');
      const v2 = model.startsWith('amazon.titan-embed-text-v2');
      const size = v2 ? (body.dimensions ?? 1024) : 1536;
      if (v2 && ![256, 512, 1024].includes(size)) return awsError(res, 400, 'ValidationException', 'dimensions: must be one of 256, 512, 1024');
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': String(tokens(body.inputText)) });
      res.end(JSON.stringify({ embedding: vector(body.inputText, size), inputTextTokenCount: tokens(body.inputText) }));
      return;
    }
    if (model.startsWith('cohere.embed')) {
      if (!Array.isArray(body.texts) || !body.texts.length || body.texts.length > 96) return awsError(res, 400, 'ValidationException', 'texts: between 1 and 96 texts are required');
      if (!body.input_type) return awsError(res, 400, 'ValidationException', 'Malformed input request: required key [input_type] not found');
      const size = body.output_dimension ?? 1024;
      const floats = body.texts.map((t: string) => vector(t, size));
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': String(body.texts.reduce((n: number, t: string) => n + tokens(t), 0)) });
      res.end(JSON.stringify({ id: 'emb-1', texts: body.texts, response_type: 'embeddings_by_type', embeddings: body.embedding_types ? { float: floats } : floats }));
      return;
    }
    awsError(res, 400, 'ValidationException', `The provided model identifier is invalid for InvokeModel in this fake: ${model}`);
  };
}

export async function startFake(): Promise<Fake> {
  // One route object per fake, so ids count from 1 in each.
  const converse = converseRoute(false);
  const converseStream = converseRoute(true);
  return startFakeServer({
    prefix: '',
    routes: {},
    match(method, path) {
      const m = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/.exec(path);
      if (method !== 'POST' || !m) return undefined;
      const action = m[2]!;
      if (action === 'converse') return converse;
      if (action === 'converse-stream') return converseStream;
      return invokeRoute(decodeURIComponent(m[1]!));
    },
  });
}
