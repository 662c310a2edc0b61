// Loopback stand-ins for the media wire protocols, one server per fake:
// OpenAI images (openai, xai, localai), Google image output, Imagen and Veo
// (gemini and vertex layouts), xAI deferred video, the OpenAI videos protocol
// (local-video) and ElevenLabs. They capture every request with its raw body
// (multipart included), answer in each protocol's shapes, including binary
// audio and video, long-running jobs that need polling, and errors inside an
// HTTP 200 where the protocol has them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

export interface MediaRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** Parsed JSON body, when it is JSON. */
  json?: any;
  /** Names of multipart parts, in order, with their content types. */
  parts?: Array<{ name: string; filename?: string; contentType?: string; value?: string }>;
}

export type MediaStep = { status: number; body: unknown } | { hang: true };

export interface MediaFake {
  url: string;
  requests: MediaRequest[];
  /** The next requests matching `pathPattern` get these answers instead of the protocol's. */
  script(pathPattern: RegExp, ...steps: MediaStep[]): void;
  /** How many status polls a job answers "running" before it is done (default 1). */
  pollsBeforeDone: number;
  /** Ends jobs as failed instead of done. */
  failJobs: boolean;
  /** Bytes of each generated video (default a small MP4). */
  videoBytes: number;
  /** When each video download's last byte was handed to the socket (Date.now()), by path. */
  downloadsFinished: Array<{ path: string; at: number }>;
  close(): Promise<void>;
}

// ---- sample media ----

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid 8x8 RGB PNG; `extra` chunks go before IDAT (e.g. a caBX C2PA manifest). */
export function samplePng(seed = 1, extra: Array<[string, Buffer]> = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(8 * 25);
  for (let i = 0; i < rows.length; i++) rows[i] = i % 25 === 0 ? 0 : (i * seed) & 0xff;
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    ...extra.map(([t, d]) => pngChunk(t, d)),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Silent MPEG-1 Layer III frames, 128 kbit/s: `frames` x 417 bytes (26 ms each). */
export function sampleMp3(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array(frames).fill(frame));
}

/** An MP4 of `size` bytes: ftyp, then an mdat filling the rest. */
export function sampleMp4(size = 4096): Buffer {
  const ftyp = Buffer.from('00000018667479706d703432000000006d70343269736f6d', 'hex');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size - ftyp.length);
  head.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, head, Buffer.alloc(size - ftyp.length - 8, 7)]);
}

/** Writes an MP4 of `size` bytes in 64 KB pieces, never holding it whole. */
function streamMp4(res: ServerResponse, size: number): void {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
  const first = sampleMp4(Math.min(size, 64 * 1024));
  if (size <= first.length) return void res.end(first);
  // The first piece carries the box headers for the whole size.
  first.writeUInt32BE(size - 24, 24);
  const filler = Buffer.alloc(64 * 1024, 7);
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      const piece = sent === 0 ? first : filler.subarray(0, Math.min(filler.length, size - sent));
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

// ---- server ----

function parseMultipart(raw: Buffer, contentType: string): MediaRequest['parts'] {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const parts: NonNullable<MediaRequest['parts']> = [];
  const text = raw.toString('latin1');
  for (const section of text.split(`--${boundary}`).slice(1)) {
    if (section.startsWith('--')) break;
    const [head, ...rest] = section.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head!)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head!)?.[1];
    const type = /content-type: *([^\r\n]+)/i.exec(head!)?.[1];
    parts.push({ name, filename, contentType: type, value: filename ? undefined : body });
  }
  return parts;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function binary(res: ServerResponse, type: string, bytes: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length), ...headers });
  res.end(bytes);
}

export type Handler = (req: MediaRequest, res: ServerResponse, fake: MediaFake) => void;
export type FakeRoute = [method: string, path: RegExp, handler: Handler];

/** One loopback server answering `routes`, capturing every request; `script` overrides answers; `upgrade` takes WebSocket handshakes. */
export async function serve(routes: FakeRoute[], opts: { upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void } = {}): Promise<MediaFake> {
  const scripted: Array<{ pattern: RegExp; steps: MediaStep[] }> = [];
  const fake: MediaFake = {
    url: '',
    requests: [],
    script: (pattern, ...steps) => scripted.push({ pattern, steps }),
    pollsBeforeDone: 1,
    failJobs: false,
    videoBytes: 4096,
    downloadsFinished: [],
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const type = req.headers['content-type'] ?? '';
      const captured: MediaRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, raw };
      if (type.includes('json')) captured.json = JSON.parse(raw.toString('utf8') || 'null');
      if (type.startsWith('multipart/')) captured.parts = parseMultipart(raw, type);
      fake.requests.push(captured);
      const path = (req.url ?? '/').split('?')[0]!;
      const script = scripted.find((s) => s.steps.length && s.pattern.test(path));
      const step = script?.steps.shift();
      if (step) {
        if ('hang' in step) return;
        return json(res, step.status, step.body);
      }
      const route = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
      if (!route) return json(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      route[2](captured, res, fake);
    });
  });
  if (opts.upgrade) server.on('upgrade', opts.upgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Counts polls per job id: "running" until pollsBeforeDone polls have been answered. */
function jobPolls() {
  const polls = new Map<string, number>();
  return (id: string, fake: MediaFake) => {
    const n = (polls.get(id) ?? 0) + 1;
    polls.set(id, n);
    return n > fake.pollsBeforeDone;
  };
}

// ---- protocols ----

/** OpenAI images protocol (openai, xai, localai): base URL is `<url>/v1`. */
export interface ImagesFakeOptions {
  /** The bytes of the i-th image of an answer; a sample PNG by default. */
  image?: (i: number) => Buffer;
}

let imageOverride: ((i: number) => Buffer) | undefined;

function imagesRoutes(opts: ImagesFakeOptions): Array<[string, RegExp, Handler]> {
  const answer: Handler = (req, res) => {
    const image = imageOverride ?? opts.image ?? ((i: number) => samplePng(i + 1));
    const n = Number(req.json?.n ?? req.parts?.find((p) => p.name === 'n')?.value ?? 1);
    json(res, 200, { created: 1_763_800_000, data: Array.from({ length: n }, (_, i) => ({ b64_json: image(i).toString('base64') })), model: req.json?.model });
  };
  return [
    ['POST', /^\/v1\/images\/generations$/, answer],
    ['POST', /^\/v1\/images\/edits$/, answer],
  ];
}

/** Makes every images fake answer these bytes until reset with undefined (a provider's own marked output, say). */
export function answerImagesWith(image: ((i: number) => Buffer) | undefined): void {
  imageOverride = image;
}

export function startImagesFake(opts: ImagesFakeOptions = {}): Promise<MediaFake> {
  return serve(imagesRoutes(opts));
}

/** Google generateContent image output, Imagen :predict and Veo, on both URL layouts (Gemini API and Vertex). */
export async function startGoogleMediaFake(): Promise<MediaFake> {
  const done = jobPolls();
  let next = 0;
  const operations = new Map<string, { model: string; count: number }>();
  const fake = await serve([
    [
      'POST',
      /:generateContent$/,
      (req, res) => {
        const refs = (req.json?.contents?.[0]?.parts ?? []).filter((p: any) => p.inlineData).length;
        json(res, 200, {
          candidates: [{ content: { role: 'model', parts: [{ text: `made with ${refs} references` }, { inlineData: { mimeType: 'image/png', data: samplePng(refs + 3).toString('base64') } }] }, finishReason: 'STOP' }],
          modelVersion: 'gemini-2.5-flash-image',
        });
      },
    ],
    [
      'POST',
      /:predict$/,
      (req, res) => json(res, 200, { predictions: Array.from({ length: req.json?.parameters?.sampleCount ?? 1 }, (_, i) => ({ mimeType: 'image/png', bytesBase64Encoded: samplePng(i + 9).toString('base64') })) }),
    ],
    [
      'POST',
      /:predictLongRunning$/,
      (req, res) => {
        const model = /models\/([^/:]+):predictLongRunning/.exec(req.path)![1]!;
        const vertex = req.path.startsWith('/v1/projects/');
        const id = `op${++next}`;
        const name = vertex ? `${req.path.split('/publishers/')[0]!.slice(4)}/publishers/google/models/${model}/operations/${id}` : `models/${model}/operations/${id}`;
        operations.set(name, { model, count: req.json?.parameters?.sampleCount ?? 1 });
        json(res, 200, { name });
      },
    ],
    [
      'GET',
      /^\/v1beta\/models\/[^/]+\/operations\/[^/]+$/,
      (req, res, f) => {
        const name = req.path.slice('/v1beta/'.length);
        const op = operations.get(name);
        if (!op) return json(res, 404, { error: { code: 404, message: 'operation not found', status: 'NOT_FOUND' } });
        if (!done(name, f)) return json(res, 200, { name });
        if (f.failJobs) return json(res, 200, { name, done: true, error: { code: 3, message: 'the prompt was refused' } });
        json(res, 200, {
          name,
          done: true,
          response: {
            '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
            generateVideoResponse: { generatedSamples: Array.from({ length: op.count }, (_, i) => ({ video: { uri: `${f.url}/v1beta/files/${name.split('/').pop()}-${i}:download?alt=media` } })) },
          },
        });
      },
    ],
    ['GET', /^\/v1beta\/files\/[^/]+:download$/, (_req, res, f) => streamMp4(res, f.videoBytes)],
    [
      'POST',
      /:fetchPredictOperation$/,
      (req, res, f) => {
        const name = req.json?.operationName as string;
        const op = operations.get(name);
        if (!op) return json(res, 404, { error: { code: 404, message: 'operation not found', status: 'NOT_FOUND' } });
        if (!done(name, f)) return json(res, 200, { name, done: false });
        if (f.failJobs) return json(res, 200, { name, done: true, error: { code: 3, message: 'the prompt was refused' } });
        json(res, 200, { name, done: true, response: { '@type': 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse', videos: Array.from({ length: op.count }, () => ({ mimeType: 'video/mp4', bytesBase64Encoded: sampleMp4(f.videoBytes).toString('base64') })) } });
      },
    ],
  ]);
  return fake;
}

/** xAI: images and deferred video on one base URL `<url>/v1`. A failed video job still answers HTTP 200. */
export async function startXaiFake(): Promise<MediaFake> {
  const done = jobPolls();
  let next = 0;
  return serve([
    ...imagesRoutes({}),
    ['POST', /^\/v1\/videos\/generations$/, (_req, res) => json(res, 200, { request_id: `req-${++next}` })],
    [
      'GET',
      /^\/v1\/videos\/req-\d+$/,
      (req, res, f) => {
        const id = req.path.split('/').pop()!;
        if (!done(id, f)) return json(res, 200, { status: 'pending' });
        if (f.failJobs) return json(res, 200, { status: 'failed', error: 'content moderation' });
        json(res, 200, { status: 'done', model: 'grok-imagine-video', video: { url: `${f.url}/files/${id}.mp4`, duration: 6 } });
      },
    ],
    ['GET', /^\/files\/req-\d+\.mp4$/, (_req, res, f) => streamMp4(res, f.videoBytes)],
  ]);
}

/** The OpenAI videos protocol (local-video): base URL `<url>/v1`. */
export async function startVideosFake(): Promise<MediaFake> {
  const done = jobPolls();
  let next = 0;
  const jobs = new Map<string, { seconds: string; size: string; model: string }>();
  return serve([
    [
      'POST',
      /^\/v1\/videos$/,
      (req, res) => {
        const field = (n: string) => req.parts?.find((p) => p.name === n)?.value;
        const id = `video_${++next}`;
        jobs.set(id, { seconds: field('seconds') ?? '4', size: field('size') ?? '768x448', model: field('model') ?? 'ltx-video' });
        json(res, 200, { id, object: 'video', status: 'queued', progress: 0, created_at: 1_763_800_000, ...jobs.get(id) });
      },
    ],
    [
      'GET',
      /^\/v1\/videos\/video_\d+$/,
      (req, res, f) => {
        const id = req.path.split('/').pop()!;
        const job = jobs.get(id);
        if (!job) return json(res, 404, { error: { message: 'no such video', type: 'invalid_request_error' } });
        if (!done(id, f)) return json(res, 200, { id, object: 'video', status: 'in_progress', progress: 50, ...job });
        if (f.failJobs) return json(res, 200, { id, object: 'video', status: 'failed', progress: 50, error: { code: 'generation_failed', message: 'out of memory' }, ...job });
        json(res, 200, { id, object: 'video', status: 'completed', progress: 100, ...job });
      },
    ],
    [
      'GET',
      /^\/v1\/videos\/video_\d+\/content$/,
      (req, res, f) => {
        res.once('finish', () => f.downloadsFinished.push({ path: req.path, at: Date.now() }));
        streamMp4(res, f.videoBytes);
      },
    ],
  ]);
}

/** ElevenLabs: base URL `<url>`; audio answers are MP3 (or PCM when asked). */
export async function startElevenLabsFake(): Promise<MediaFake> {
  return serve(elevenLabsMediaRoutes());
}

/** ElevenLabs' media endpoints; providers/elevenlabs/fake.ts adds the agents platform to them. */
export function elevenLabsMediaRoutes(): FakeRoute[] {
  const audio: Handler = (req, res) => {
    const format = new URL(req.path, 'http://x').searchParams.get('output_format') ?? 'mp3_44100_128';
    const text = req.json?.text ?? (req.json?.inputs ?? []).map((i: any) => i.text).join('') ?? '';
    const headers = { 'request-id': `req_${req.path.length}_${text.length}`, 'x-character-count': String(text.length) };
    if (format.startsWith('pcm_')) return binary(res, 'audio/pcm', Buffer.alloc(3200), headers);
    binary(res, 'audio/mpeg', sampleMp3(), headers);
  };
  return [
    ['POST', /^\/v1\/text-to-speech\/[^/]+$/, audio],
    ['POST', /^\/v1\/sound-generation$/, audio],
    ['POST', /^\/v1\/music$/, audio],
    ['POST', /^\/v1\/text-to-dialogue$/, audio],
    [
      'POST',
      /^\/v1\/speech-to-text$/,
      (req, res) => {
        const field = (n: string) => req.parts?.find((p) => p.name === n)?.value;
        const diarize = field('diarize') === 'true';
        const words = [
          { text: 'Hello', start: 0.12, end: 0.48, type: 'word', speaker_id: diarize ? 'speaker_0' : null },
          { text: ' ', start: 0.48, end: 0.5, type: 'spacing', speaker_id: diarize ? 'speaker_0' : null },
          ...(field('tag_audio_events') === 'true' ? [{ text: '(laughter)', start: 0.5, end: 1.1, type: 'audio_event', speaker_id: diarize ? 'speaker_1' : null }] : []),
          { text: 'there', start: 1.1, end: 1.5, type: 'word', speaker_id: diarize ? 'speaker_1' : null },
        ];
        json(res, 200, { language_code: field('language_code') ?? 'eng', language_probability: 0.98, text: 'Hello there', words, transcription_id: 'tr_123' });
      },
    ],
    [
      'GET',
      /^\/v1\/voices$/,
      (_req, res) =>
        json(res, 200, {
          voices: [
            { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade', preview_url: 'https://storage.example.org/rachel.mp3', labels: { accent: 'american', gender: 'female' } },
            { voice_id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', category: 'premade', preview_url: null, labels: { gender: 'male' } },
          ],
        }),
    ],
  ];
}
