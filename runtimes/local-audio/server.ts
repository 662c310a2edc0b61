// A small server speaking the OpenAI audio protocol, so the gateway's
// local-audio provider works offline: POST /v1/audio/speech,
// POST /v1/audio/transcriptions (multipart), GET /v1/audio/voices,
// GET /v1/models. Errors use OpenAI's shape { error: { message, type, param, code } }.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { RuntimeError, speak, transcribe, voices, close as closeEngines, type SttEngine } from './engines.ts';
import { readWav, toMono16k } from './wav.ts';

const MAX_AUDIO_BYTES = 25 * 1024 * 1024; // OpenAI's own limit for transcriptions
const MAX_TEXT = 4096; // and for speech input
const PCM_RATE = 24_000;

const SPEECH_MODELS: Record<string, 'mespeak' | 'espeak-ng'> = { mespeak: 'mespeak', 'espeak-ng': 'espeak-ng', 'tts-1': 'mespeak', 'tts-1-hd': 'mespeak', kokoro: 'mespeak', 'gpt-4o-mini-tts': 'mespeak' };
/**
 * Transcription models: OpenAI's names are Moonshine, which hears recorded
 * speech far better than pocketsphinx (docs/audio.md), except that a prompt
 * asks for pocketsphinx's vocabulary restricted to the prompt's words.
 */
const STT_MODELS: Record<string, SttEngine | 'auto'> = {
  'moonshine-tiny': 'moonshine-tiny',
  pocketsphinx: 'pocketsphinx',
  'whisper-1': 'auto',
  'gpt-4o-transcribe': 'auto',
  'gpt-4o-mini-transcribe': 'auto',
};
const DEFAULT_STT_MODEL = 'moonshine-tiny';

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  res.writeHead(status, { 'content-type': type, 'content-length': String(data.length) });
  res.end(data);
}

function fail(res: ServerResponse, err: unknown): void {
  const e = err instanceof RuntimeError ? err : new RuntimeError(500, (err as Error)?.message ?? 'internal error');
  send(res, e.status, { error: { message: e.message, type: e.type, param: null, code: null } });
}

function readJson(req: IncomingMessage): Promise<any> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1024 * 1024) reject(new RuntimeError(413, 'request body too large'));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new RuntimeError(400, 'body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function readForm(req: IncomingMessage): Promise<{ fields: Record<string, string[]>; file?: Buffer }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_AUDIO_BYTES } });
    } catch {
      return reject(new RuntimeError(400, 'expected multipart/form-data'));
    }
    const fields: Record<string, string[]> = {};
    let file: Buffer | undefined;
    parser.on('field', (name, value) => (fields[name] ??= []).push(value));
    parser.on('file', (_name, stream) => {
      const parts: Buffer[] = [];
      stream.on('data', (c: Buffer) => parts.push(c));
      stream.on('limit', () => reject(new RuntimeError(413, `audio larger than ${MAX_AUDIO_BYTES} bytes`)));
      stream.on('end', () => (file = Buffer.concat(parts)));
    });
    parser.on('close', () => resolve({ fields, file }));
    parser.on('error', (err) => reject(new RuntimeError(400, `bad multipart body: ${(err as Error).message}`)));
    req.pipe(parser);
  });
}

async function handleSpeech(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const input = body?.input;
  if (typeof input !== 'string' || !input.trim()) throw new RuntimeError(400, 'input is required');
  if (input.length > MAX_TEXT) throw new RuntimeError(400, `input is longer than ${MAX_TEXT} characters`);
  const model = String(body.model ?? 'mespeak');
  const engine = SPEECH_MODELS[model];
  if (!engine) throw new RuntimeError(400, `unknown model ${model}; speech models: ${Object.keys(SPEECH_MODELS).join(', ')}`);
  const format = String(body.response_format ?? 'wav');
  if (format !== 'wav' && format !== 'pcm') throw new RuntimeError(400, `response_format ${format} is not available offline; use wav or pcm`);
  const speed = body.speed === undefined ? 1 : Number(body.speed);
  if (!(speed >= 0.25 && speed <= 4)) throw new RuntimeError(400, 'speed must be between 0.25 and 4');
  const wav = await speak({ text: input, voice: String(body.voice ?? 'alloy'), speed, engine });
  if (format === 'pcm') {
    // OpenAI's pcm is 24 kHz 16-bit mono little-endian, whatever rate the engine speaks at.
    const samples = toMono16k(readWav(wav), PCM_RATE);
    send(res, 200, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), 'audio/pcm');
  } else send(res, 200, wav, 'audio/wav');
}

async function handleTranscription(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { fields, file } = await readForm(req);
  if (!file) throw new RuntimeError(400, 'file is required');
  if (!file.length) throw new RuntimeError(400, 'file is empty');
  const model = fields.model?.[0] || DEFAULT_STT_MODEL;
  const choice = STT_MODELS[model];
  if (!choice) throw new RuntimeError(400, `unknown model ${model}; transcription models: ${Object.keys(STT_MODELS).join(', ')}`);
  const format = fields.response_format?.[0] ?? 'json';
  if (!['json', 'text', 'verbose_json'].includes(format)) throw new RuntimeError(400, `response_format ${format} is not offered; use json, text or verbose_json`);
  const prompt = fields.prompt?.[0]?.trim() || undefined;
  const language = fields.language?.[0];
  const out = await transcribeWith(choice, file, prompt, language);
  if (format === 'text') return send(res, 200, out.text, 'text/plain; charset=utf-8');
  if (format === 'verbose_json') {
    const granularities = [...(fields['timestamp_granularities[]'] ?? []), ...(fields.timestamp_granularities ?? [])];
    return send(res, 200, {
      task: 'transcribe',
      language: 'english',
      duration: out.duration,
      text: out.text,
      // Moonshine has no word timings: its answer has no `words` rather than invented ones.
      ...(out.words && (granularities.length === 0 || granularities.includes('word')) ? { words: out.words } : {}),
      segments: out.segments.map((s, id) => ({ id, ...s })),
    });
  }
  send(res, 200, { text: out.text });
}

/**
 * OpenAI's model names with a prompt go to pocketsphinx's restricted
 * vocabulary, or to Moonshine (the prompt unused) where Debian's pocketsphinx
 * is not installed: a prompt is a hint in OpenAI's protocol, not a condition.
 */
async function transcribeWith(choice: SttEngine | 'auto', file: Buffer, prompt: string | undefined, language: string | undefined) {
  if (choice !== 'auto') return transcribe(file, { engine: choice, prompt, language });
  if (!prompt) return transcribe(file, { engine: 'moonshine-tiny', language });
  try {
    return await transcribe(file, { engine: 'pocketsphinx', prompt, language });
  } catch (err) {
    if (!(err instanceof RuntimeError && err.status === 503)) throw err;
    return transcribe(file, { engine: 'moonshine-tiny', language });
  }
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://local').pathname;
  const key = `${req.method} ${path}`;
  try {
    if (key === 'POST /v1/audio/speech') return await handleSpeech(req, res);
    if (key === 'POST /v1/audio/transcriptions') return await handleTranscription(req, res);
    if (key === 'GET /v1/audio/voices') return send(res, 200, { voices: await voices() });
    if (key === 'GET /v1/models') {
      const ids = [...Object.keys(SPEECH_MODELS), ...Object.keys(STT_MODELS)];
      return send(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'local-audio' })) });
    }
    if (key === 'GET /health') return send(res, 200, { status: 'ok' });
    send(res, 404, { error: { message: `no route ${key}`, type: 'invalid_request_error', param: null, code: 'not_found' } });
  } catch (err) {
    fail(res, err);
  }
}

export interface LocalAudioServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLocalAudio(port = 0, host = '127.0.0.1'): Promise<LocalAudioServer> {
  const server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}/v1`,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeEngines();
    },
  };
}
