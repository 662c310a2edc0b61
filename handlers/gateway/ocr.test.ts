// Text recognition and redaction through the real service: HTTP, the queue on
// PostgreSQL, the OCR worker threads, usage rows. Accuracy is measured in
// engines/ocr/eval.test.ts; here the contract, the errors and the proof that
// redaction removes what it should and only that.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import sharp, { type Metadata } from 'sharp';
import { createClient, type Client } from '../../generated/gateway/client/index.ts';
import * as sdk from '../../generated/gateway/sdk.gen.ts';
import type { OcrResult, RedactionResult } from '../../generated/gateway/types.gen.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { mediaStore } from '../../media/store.ts';
import { needs } from '../../test/systemPackages.ts';
import { evaluationSet, personalDataPage, type EvalImage } from '../../engines/ocr/testing/evalSet.ts';

// Reading takes seconds (a model loads at a worker's first task), and the whole suite shares two cores.
vi.setConfig({ testTimeout: 120_000 });

let service: TestService;
let client: Client;
let key: string;
let keyId: string;
let page: EvalImage;

async function post(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function result<T>(queueId: string, timeoutMs = 110_000): Promise<{ status: number; json: any; result: T }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await sdk.getQueueResult({ client, body: { queueId } });
    const status = res.response!.status;
    if (status !== 202) {
      const json = (res.data ?? res.error) as any;
      return { status, json, result: json?.data?.result as T };
    }
    if (Date.now() > deadline) throw new Error(`task ${queueId} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function submitAndWait<T>(path: string, body: unknown): Promise<T> {
  const submitted = await post(path, body);
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  expect(submitted.json.data.status).toBe('queued');
  const done = await result<T>(submitted.json.data.queueId);
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  return done.result;
}

beforeAll(async () => {
  service = await startTestService(['gateway'], { PROVIDER_CONCURRENCY_OCR: '2' });
  const minted = await createGatewayKey(service.db, 'ocr-test');
  key = minted.key;
  keyId = minted.id;
  client = createClient({ baseUrl: service.gatewayUrl!, headers: { authorization: `Bearer ${key}` } });
  page = (await evaluationSet()).find((i) => i.name === 'en sans 22px')!;
});

afterAll(async () => {
  await service?.close();
});

describe('GET /api/ocr/languages', () => {
  it('lists what each level has installed, the model per level and what detection can choose', async () => {
    const res = await sdk.listOcrLanguages({ client });
    expect(res.response!.status).toBe(200);
    const data = res.data!.data;
    for (const level of ['fast', 'accurate'] as const) {
      expect(data[level]).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'de', 'it', 'pt', 'ca', 'zh-Hans']));
    }
    // One fixed model id at both levels.
    expect([data.models.fast.model, data.models.accurate.model]).toEqual(['tesseract-lstm', 'tesseract-lstm']);
    expect(data.models.accurate.data).toBe('4.0.0_best_int');
    expect(data.autoDetection).toEqual({ languages: data.accurate, orientation: true });
  });
});

describe('POST /api/ocr/recognize', () => {
  it('reads words with boxes and confidences, records usage at the catalogue price', async () => {
    const r = await submitAndWait<OcrResult>('/api/ocr/recognize', {
      image: page.bytes.toString('base64'),
      recognitionLevel: 'fast',
      granularity: 'word',
      languages: ['en-GB'],
      tag: 'ocr-usage',
    });
    expect(r.text).toBe(page.truth.map((l) => l.text).join('\n'));
    expect(r.imageSize).toEqual({ width: page.width, height: page.height });
    expect(r.model).toBe('tesseract-lstm');
    expect(r.recognitionLevel).toBe('fast');
    expect(r.languages).toEqual(['en']);
    expect(r.detectedLanguage).toBeUndefined();
    expect(r.orientation).toBe(0);
    expect(r.cost).toEqual({ customerPrice: 0, currency: 'USD', billing: 'metered' });
    const first = r.lines[0]!;
    expect(first.words!.map((w) => w.text).join(' ')).toBe(first.text);
    for (const w of first.words!) {
      expect(w.confidence).toBeGreaterThan(0.5);
      expect(w.confidence).toBeLessThanOrEqual(1);
      // Each word lies inside its line.
      expect(w.bbox.x).toBeGreaterThanOrEqual(first.bbox.x);
      expect(w.bbox.x + w.bbox.width).toBeLessThanOrEqual(first.bbox.x + first.bbox.width);
    }
    // The image is not kept once the task has ended.
    const task = await service.db('gateway_tasks').where({ key_id: keyId, tag: 'ocr-usage' }).first();
    expect(task.request.image).toBeUndefined();
    expect(task.request.level).toBe('fast');
    const usage = await service.db('gateway_usage').where({ key_id: keyId, tag: 'ocr-usage' });
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ kind: 'ocr', provider: 'local-ocr', model: 'tesseract-lstm', billing: 'metered', surface: 'native' });
    expect(Number(usage[0].cost)).toBe(0);
  });

  it('line granularity leaves words out; omitted languages are detected and reported', async () => {
    const r = await submitAndWait<OcrResult>('/api/ocr/recognize', {
      image: `data:image/png;base64,${page.bytes.toString('base64')}`,
      recognitionLevel: 'fast',
      granularity: 'line',
    });
    expect(r.lines.length).toBe(page.truth.length);
    expect(r.lines.every((l) => l.words === undefined)).toBe(true);
    expect(r.detectedLanguage).toBe('en');
  });

  it('an image without text is a success with empty arrays', async () => {
    const blank = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const r = await submitAndWait<OcrResult>('/api/ocr/recognize', { image: blank.toString('base64'), recognitionLevel: 'accurate', granularity: 'word' });
    expect(r.text).toBe('');
    expect(r.lines).toEqual([]);
    expect(r.detectedLanguage).toBe('und');
  });

  it('answers 400 with a code for what can be checked at submit', async () => {
    const png = page.bytes;
    const cases: Array<[string, unknown, string, string]> = [
      ['not an image', { image: Buffer.from('GIF89a not really').toString('base64') }, 'unsupported_image_format', 'body.image'],
      ['truncated PNG', { image: png.subarray(0, Math.floor(png.length / 2)).toString('base64') }, 'invalid_image', 'body.image'],
      ['not base64', { image: '%%% not base64 %%%' }, 'invalid_request', 'body.image'],
      ['language not installed (the schema lists the installed ones)', { image: png.toString('base64'), languages: ['en', 'ru'] }, 'invalid_request', 'body.languages.1'],
    ];
    for (const [what, extra, code, path] of cases) {
      const res = await post('/api/ocr/recognize', { recognitionLevel: 'fast', granularity: 'line', ...(extra as object) });
      expect(res.status, what).toBe(400);
      expect(res.json.code, what).toBe(code);
      expect(res.json.errors?.[0]?.path, what).toBe(path);
    }
  });

  it('a file that is whole but does not decode ends its task as an error, never a 500 or a hang', async () => {
    // Same length, PNG signature and IEND intact, the image data in between destroyed.
    const broken = Buffer.from(page.bytes);
    broken.fill(0x5a, 120, broken.length - 40);
    const submitted = await post('/api/ocr/recognize', { image: broken.toString('base64'), recognitionLevel: 'fast', granularity: 'line' });
    expect(submitted.status).toBe(200);
    const done = await result(submitted.json.data.queueId);
    expect(done.status).toBe(409);
    expect(done.json.code).toBe('task_failed');
    expect(done.json.message).toMatch(/cannot be decoded/);
    const task = await service.db('gateway_tasks').where({ id: submitted.json.data.queueId }).first();
    expect(task.status).toBe('error');
    expect(task.error.code).toBe('invalid_image');
    expect(task.request.image).toBeUndefined();
    // The runner deletes it just after writing the end.
    await expect.poll(() => existsSync(path.join(mediaStore().root, task.id)), { timeout: 5_000, interval: 20 }).toBe(false);
  });
});

describe('OCR on the queue', () => {
  it('runs at most PROVIDER_CONCURRENCY_OCR tasks at once, and a cancel drops the image too', async () => {
    const body = { image: page.bytes.toString('base64'), recognitionLevel: 'fast', granularity: 'line', languages: ['en'] };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post('/api/ocr/recognize', body)).json.data.queueId);
    // Queued, the image is a file beside the task, and its row holds only the reference.
    const waiting = await service.db('gateway_tasks').where({ id: ids.at(-1)! }).first();
    expect(waiting.request.image).toBeUndefined();
    expect(waiting.request.input).toEqual({ file: 'input.png', size: page.bytes.length });
    const taskDir = (id: string) => path.join(mediaStore().root, id);
    expect(existsSync(path.join(taskDir(waiting.id), 'input.png'))).toBe(true);
    const cancelled = ids.pop()!;
    const cancel = await sdk.cancelQueueTask({ client, body: { queueId: cancelled } });
    expect(cancel.response!.status).toBe(200);
    let most = 0;
    for (;;) {
      const rows = await service.db('gateway_tasks').whereIn('id', ids).select('status');
      most = Math.max(most, rows.filter((r) => r.status === 'processing').length);
      if (rows.every((r) => r.status === 'completed')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // Four tasks of seconds each, submitted within milliseconds: two run, two wait.
    expect(most).toBe(2);
    const row = await service.db('gateway_tasks').where({ id: cancelled }).first();
    expect(row.status).toBe('cancelled');
    expect(row.request.image).toBeUndefined();
    // Nothing of any of them is left on disk: the cancel deleted its image, each runner its own just after writing the end.
    expect(existsSync(taskDir(cancelled))).toBe(false);
    await expect.poll(() => ids.filter((id) => existsSync(taskDir(id))), { timeout: 5_000, interval: 20 }).toEqual([]);
  });
});

describe('polling a task this process runs', () => {
  // Such polls are answered from the queue's own knowledge, not the database:
  // the answers must be the ones the database would give.
  it('answers processing to its key only, and cancelled the moment a cancel has answered', async () => {
    const other = await createGatewayKey(service.db, 'ocr-other');
    const pollAs = async (apiKey: string, queueId: string) => {
      const res = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ queueId }),
      });
      return { status: res.status, json: (await res.json()) as any };
    };
    // The accurate level on a page takes long enough to be seen running.
    const body = { image: page.bytes.toString('base64'), recognitionLevel: 'accurate', granularity: 'word', languages: ['en'] };
    const first = (await post('/api/ocr/recognize', body)).json.data.queueId as string;
    await expect.poll(async () => (await service.db('gateway_tasks').where({ id: first }).first()).status, { timeout: 10_000, interval: 10 }).toBe('processing');
    const polled = await pollAs(key, first);
    expect(polled.status).toBe(202);
    expect(polled.json.data).toEqual({ queueId: first, status: 'processing' });
    expect((await pollAs(other.key, first)).status).toBe(404);
    const cancel = await sdk.cancelQueueTask({ client, body: { queueId: first } });
    expect(cancel.response!.status).toBe(200);
    const after = await pollAs(key, first);
    expect(after.status).toBe(409);
    expect(after.json.code).toBe('task_cancelled');

    const second = (await post('/api/ocr/recognize', body)).json.data.queueId as string;
    const done = await result<OcrResult>(second);
    expect(done.status).toBe(200);
    expect(done.result.text).toContain(page.truth[0]!.text.split(' ')[0]);
  });
});

describe('POST /api/ocr/redact', () => {
  it('rejects a bad regular expression, an empty request and a region outside the image at submit', async () => {
    const image = page.bytes.toString('base64');
    const cases: Array<[unknown, string, string]> = [
      [{ patterns: ['ok-\\d+', '(\\w+)\\1'] }, 'invalid_pattern', 'body.patterns/1'],
      [{ patterns: ['(?=lookahead)'] }, 'invalid_pattern', 'body.patterns/0'],
      [{}, 'invalid_request', 'body'],
      [{ regions: [{ x: 5, y: 5, width: 10, height: 10 }, { x: page.width, y: 0, width: 5, height: 5 }] }, 'region_outside_image', 'body.regions/1'],
    ];
    for (const [extra, code, path] of cases) {
      const res = await post('/api/ocr/redact', { image, ...(extra as object) });
      expect(res.status, code).toBe(400);
      expect(res.json.code).toBe(code);
      expect(res.json.errors?.[0]?.path).toBe(path);
    }
  });

  it('redacts every preset, a pattern and a region so that OCR no longer finds them, and leaves the rest readable', async () => {
    const { bytes, secrets, kept } = await personalDataPage();
    const r = await submitAndWait<RedactionResult>('/api/ocr/redact', {
      image: bytes.toString('base64'),
      presets: ['email', 'phone', 'iban', 'credit_card', 'dni_nie'],
      patterns: ['ORD-\\d{6}'],
      regions: [{ x: 0, y: 0, width: 4, height: 4 }],
      style: 'box',
      languages: ['en'],
    });
    expect(r.counts).toEqual({ email: 1, phone: 1, iban: 1, credit_card: 1, dni_nie: 1, pattern: 1, region: 1 });
    expect(r.regionsRedacted).toBe(7);
    const byPattern = Object.fromEntries(r.detections.map((d) => [d.pattern, d]));
    expect(byPattern.email!.text).toBe(secrets.email);
    expect(byPattern.iban!.text).toBe(secrets.iban);
    expect(byPattern['ORD-\\d{6}']!.text).toBe(secrets.pattern);
    expect(byPattern.region).toMatchObject({ granularity: 'region', text: '' });
    // The 16-digit reference fails Luhn: not a card, left alone.
    expect(r.detections.some((d) => d.text.includes('1234 5678'))).toBe(false);

    const out = Buffer.from(r.redactedImage, 'base64');
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('png');
    // The row refers to the redacted image beside the task instead of holding its base64.
    const row = await service.db('gateway_tasks').where({ key_id: keyId, kind: 'redaction', status: 'completed' }).orderBy('finished_at', 'desc').first();
    expect(row.result.redactedImage).toEqual({ $file: 'redacted.png', size: out.length });
    expect(existsSync(path.join(mediaStore().root, row.id, 'redacted.png'))).toBe(true);
    const reread = await submitAndWait<OcrResult>('/api/ocr/recognize', { image: r.redactedImage, recognitionLevel: 'accurate', granularity: 'line', languages: ['en'] });
    const compact = reread.text.replace(/\s+/g, '');
    for (const [preset, secret] of Object.entries(secrets)) {
      expect(compact, `${preset} still readable`).not.toContain(secret.replace(/\s+/g, ''));
    }
    // Not even a part survives: the lines that held them keep no run of digits, and no address.
    for (const label of ['Email', 'IBAN', 'Card', 'DNI', 'Phone', 'Order']) {
      const line = reread.text.split('\n').find((l) => l.includes(label)) ?? '';
      expect(line, label).not.toMatch(/\d{3}|@|example/);
    }
    for (const text of kept) expect(reread.text).toContain(text);
    expect(reread.text).toContain('Reference 1234 5678 9012 3456');
  });

  it('blur and pixelate hide a match too; nothing found is a success with the image unchanged', async () => {
    const { bytes, secrets } = await personalDataPage();
    for (const style of ['blur', 'pixelate'] as const) {
      const r = await submitAndWait<RedactionResult>('/api/ocr/redact', { image: bytes.toString('base64'), presets: ['email'], style, recognitionLevel: 'fast', languages: ['en'] });
      expect(r.counts).toEqual({ email: 1 });
      const reread = await submitAndWait<OcrResult>('/api/ocr/recognize', { image: r.redactedImage, recognitionLevel: 'fast', granularity: 'line', languages: ['en'] });
      expect(reread.text, style).not.toContain('example.com');
      expect(reread.text, style).toContain(secrets.iban);
    }
    const blank = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const none = await submitAndWait<RedactionResult>('/api/ocr/redact', { image: blank.toString('base64'), presets: ['email'] });
    expect(none.detections).toEqual([]);
    expect(none.counts).toEqual({ email: 0 });
    const { data: before } = await sharp(blank).raw().toBuffer({ resolveWithObject: true });
    const { data: after } = await sharp(Buffer.from(none.redactedImage, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect(after.equals(before)).toBe(true);
  });
});

/** A PNG or JPEG rendered by ImageMagick, so neither the decoder nor the encoder under test made it. */
function render(background: string, args: string[], out: string): Buffer {
  return execFileSync('convert', [
    '-size', '900x240', background,
    '-font', 'DejaVu-Sans', '-pointsize', '40', '-fill', 'black',
    '-annotate', '+20+80', 'Contact jane.doe@example.com today',
    '-annotate', '+20+180', 'Invoice 4521',
    ...args, `${out}:-`,
  ], { maxBuffer: 1 << 26 });
}

/** Upright (EXIF applied) RGBA at 16 bits per sample, decoded by ImageMagick: one scale for every depth and layout. */
function pixels(image: Buffer): { width: number; height: number; data: Uint16Array } {
  const [width, height] = execFileSync('convert', ['-', '-auto-orient', '-format', '%w %h', 'info:'], { input: image }).toString().split(' ').map(Number) as [number, number];
  const raw = execFileSync('convert', ['-', '-auto-orient', '-depth', '16', '-endian', 'LSB', 'rgba:-'], { input: image, maxBuffer: 1 << 27 });
  return { width, height, data: new Uint16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2) };
}

describe('POST /api/ocr/redact keeps every pixel it does not cover', () => {
  // ImageMagick renders and reads back these images, so neither sharp's decoder nor its encoder checks itself.
  beforeEach((ctx) => needs(ctx, 'imagemagick'));
  const cases: Array<[string, () => Promise<Buffer>, (meta: Metadata) => void]> = [
    ['RGB PNG', async () => render('xc:white', [], 'PNG24'), (m) => expect([m.channels, m.depth]).toEqual([3, 'uchar'])],
    ['RGBA PNG', async () => render('xc:white', ['-alpha', 'set', '-channel', 'A', '-fx', '0.75+0.25*i/w', '+channel'], 'PNG32'), (m) => expect([m.channels, m.hasAlpha]).toEqual([4, true])],
    ['grey PNG', async () => render('xc:white', ['-type', 'Grayscale', '-define', 'png:color-type=0', '-depth', '8'], 'PNG'), (m) => expect([m.channels, m.isPalette]).toEqual([1, false])],
    ['palette PNG', async () => render('gradient:#fff8e8-#e0ecff', ['-colors', '24'], 'PNG8'), (m) => expect(m.isPalette).toBe(true)],
    ['16-bit PNG', async () => render('gradient:#fff8e8-#e0ecff', ['-depth', '16'], 'PNG48'), (m) => expect([m.channels, m.depth]).toEqual([3, 'ushort'])],
    ['JPEG', async () => render('gradient:#fff8e8-#e0ecff', ['-quality', '85', '-sampling-factor', '2x2'], 'JPEG'), (m) => expect(m.format).toBe('jpeg')],
    ['EXIF-rotated JPEG', async () => {
      // Stored a quarter turn anticlockwise; orientation 6 tells a viewer to turn it back.
      const stored = render('gradient:#fff8e8-#e0ecff', ['-rotate', '-90', '-quality', '85'], 'JPEG');
      return sharp(stored).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer();
    }, (m) => expect([m.orientation, m.width, m.height]).toEqual([6, 240, 900])],
  ];

  it.each(cases)('%s: pixels outside the boxes are the input\'s, the rest still reads', async (_name, make, check) => {
    const input = await make();
    check(await sharp(input).metadata());
    const r = await submitAndWait<RedactionResult>('/api/ocr/redact', { image: input.toString('base64'), presets: ['email'], style: 'box', recognitionLevel: 'fast', languages: ['en'] });
    expect(r.counts).toEqual({ email: 1 });
    expect([r.model, r.recognitionLevel]).toEqual(['tesseract-lstm', 'fast']);
    expect(r.imageSize).toEqual({ width: 900, height: 240 });
    const output = Buffer.from(r.redactedImage, 'base64');
    const outMeta = await sharp(output).metadata();
    expect(outMeta.format).toBe('png');
    expect(outMeta.orientation).toBeUndefined();
    const before = pixels(input);
    const after = pixels(output);
    expect([after.width, after.height]).toEqual([900, 240]);
    expect([before.width, before.height]).toEqual([900, 240]);
    const inBox = (x: number, y: number) => r.detections.some(({ bbox: b }) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
    let changed = 0;
    let covered = 0;
    for (let y = 0; y < 240; y++) for (let x = 0; x < 900; x++) {
      const at = (y * 900 + x) * 4;
      if (inBox(x, y)) {
        // Opaque black, whatever the input's alpha was.
        if (after.data[at] === 0 && after.data[at + 1] === 0 && after.data[at + 2] === 0 && after.data[at + 3] === 65535) covered++;
        continue;
      }
      for (let c = 0; c < 4; c++) if (after.data[at + c] !== before.data[at + c]) changed++;
    }
    expect(changed).toBe(0);
    const box = r.detections[0]!.bbox;
    expect(covered).toBe(box.width * box.height);
    const reread = await submitAndWait<OcrResult>('/api/ocr/recognize', { image: r.redactedImage, recognitionLevel: 'fast', granularity: 'line', languages: ['en'] });
    expect(reread.text).toContain('Invoice 4521');
    expect(reread.text).not.toContain('example.com');
  });

  it('the issue\'s page with the defaults: the email boxed, "Invoice 4521" still read at the accurate level', async () => {
    const input = render('xc:white', [], 'PNG24');
    const r = await submitAndWait<RedactionResult>('/api/ocr/redact', { image: input.toString('base64'), presets: ['email'], style: 'box' });
    expect(r.counts.email).toBe(1);
    // The fixed model id, the level beside it (accurate is redaction's default).
    expect([r.model, r.recognitionLevel]).toEqual(['tesseract-lstm', 'accurate']);
    const reread = await submitAndWait<OcrResult>('/api/ocr/recognize', { image: r.redactedImage, recognitionLevel: 'accurate', granularity: 'line' });
    expect([reread.model, reread.recognitionLevel]).toEqual(['tesseract-lstm', 'accurate']);
    expect(reread.text).toContain('Invoice 4521');
    expect(reread.text).toContain('Contact');
    expect(reread.text).not.toContain('jane.doe');
  });
});
