// The refusals the fuzz stage found in requests the spec accepts, one of each,
// sent on purpose: each request is valid against its operation's schemas, and
// the 400 it gets carries a code the operation's description documents as a
// "- `code`: rule" line (test/fuzz/check.ts documentedCodes, the same reading
// the fuzz stage applies to every generated request).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Spec } from '../../contract-tests/spec.ts';
import { createGatewayKey, startTestService, type TestService } from '../support.ts';
import { documentedCodes } from './check.ts';

const specs = { gateway: new Spec('gateway'), compat: new Spec('compat') };
let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startTestService(['gateway'], {
    // Providers on a closed loopback port: every refusal here comes before any call.
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_API_KEY: 'sk-test',
    LOCALAI_BASE_URL: 'http://127.0.0.1:9',
    LOCAL_AUDIO_BASE_URL: 'http://127.0.0.1:9',
    ELEVENLABS_BASE_URL: 'http://127.0.0.1:9',
    ELEVENLABS_API_KEY: 'el-test',
    XAI_BASE_URL: 'http://127.0.0.1:9/v1',
    XAI_API_KEY: 'xai-test',
  });
  key = (await createGatewayKey(service.db, 'documented')).key;
});

afterAll(async () => {
  await service?.close();
});

const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1').toString('base64');

interface Case {
  spec: keyof typeof specs;
  operationId: string;
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
  form?: () => FormData;
  code: string;
}

const CASES: Record<string, Case> = {
  'recognizeText: an image the base64 pattern allows that is no accepted format': {
    spec: 'gateway',
    operationId: 'recognizeText',
    body: { image: GIF, recognitionLevel: 'fast', granularity: 'line', languages: ['en-US'] },
    code: 'unsupported_image_format',
  },
  'redactImage: nothing to redact': { spec: 'gateway', operationId: 'redactImage', body: { image: GIF, presets: [] }, code: 'invalid_request' },
  'redactImage: an image of no accepted format': { spec: 'gateway', operationId: 'redactImage', body: { image: GIF, presets: ['email'], languages: ['zh-Hans'] }, code: 'unsupported_image_format' },
  'createAgentTemplate: questions on a template that is no interview': {
    spec: 'gateway',
    operationId: 'createAgentTemplate',
    body: { name: 'Support', type: 'conversation', systemPrompt: 'Help.', firstMessage: 'Hello', questions: [{ question: 'Why?' }] },
    code: 'invalid_template',
  },
  'createAgentTemplate: a webhook URL the SSRF guard refuses': {
    spec: 'gateway',
    operationId: 'createAgentTemplate',
    body: { name: 'Support', type: 'conversation', systemPrompt: 'Help.', firstMessage: 'Hello', clientWebhookUrl: 'http://127.0.0.1/hook' },
    code: 'invalid_webhook_url',
  },
  'generateImage: more references than the provider takes': {
    spec: 'gateway',
    operationId: 'generateImage',
    body: { provider: 'localai', model: 'stablediffusion', prompt: 'x', referenceImages: [GIF] },
    code: 'TOO_MANY_REFERENCE_IMAGES',
  },
  'generateImage: a reference that is no image': {
    spec: 'gateway',
    operationId: 'generateImage',
    body: { provider: 'openai', model: 'gpt-image-1', prompt: 'x', referenceImages: [Buffer.from('not an image at all').toString('base64')] },
    code: 'invalid_reference',
  },
  'transcribe: blank audio': { spec: 'gateway', operationId: 'transcribe', body: { provider: 'local-audio', audio: ' ', mimeType: 'audio/wav' }, code: 'empty_audio' },
  'createTranscription: an empty file': {
    spec: 'compat',
    operationId: 'createTranscription',
    form: () => {
      const form = new FormData();
      form.set('model', 'local-audio/whisper-1');
      form.set('file', new Blob([new Uint8Array(0)], { type: 'audio/wav' }), 'empty.wav');
      return form;
    },
    code: 'empty_audio',
  },
  'createImageEdit: more images than the provider takes': {
    spec: 'compat',
    operationId: 'createImageEdit',
    form: () => {
      const form = new FormData();
      form.set('model', 'xai/grok-2-image');
      form.set('prompt', 'x');
      for (let i = 0; i < 4; i++) form.append('image[]', new Blob([Buffer.from(GIF, 'base64')], { type: 'image/gif' }), `${i}.gif`);
      return form;
    },
    code: 'TOO_MANY_REFERENCE_IMAGES',
  },
  'uploadVideo: an empty file': {
    spec: 'gateway',
    operationId: 'uploadVideo',
    form: () => {
      const form = new FormData();
      form.set('video', new Blob([new Uint8Array(0)], { type: 'video/mp4' }), 'empty.mp4');
      return form;
    },
    code: 'invalid_request',
  },
  'listModels: a cursor that names no listed model': {
    spec: 'compat',
    operationId: 'listModels',
    query: 'after_id=nobody%2Fnothing',
    headers: { 'anthropic-version': '2023-06-01' },
    code: 'invalid_request',
  },
};

function operation(c: Case) {
  const op = specs[c.spec].operations().find((o) => o.operationId === c.operationId);
  if (!op) throw new Error(`no operation ${c.operationId}`);
  return op;
}

function errorCode(json: any): string | undefined {
  return json?.code ?? json?.error?.code ?? json?.error?.message?.split(':')[0];
}

it.each(Object.keys(CASES))('%s: refused with a code the description documents', async (name) => {
  const c = CASES[name]!;
  const op = operation(c);
  if (c.body !== undefined) {
    const pointer = `/paths/${op.path.replace(/\//g, '~1')}/${op.method}/requestBody/content/application~1json/schema`;
    const validate = specs[c.spec].validator(pointer);
    expect(validate(c.body), JSON.stringify(validate.errors)).toBe(true);
  }
  const res = await fetch(`${service.gatewayUrl}${op.path}${c.query ? `?${c.query}` : ''}`, {
    method: op.method.toUpperCase(),
    headers: { authorization: `Bearer ${key}`, ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}), ...c.headers },
    body: c.form ? c.form() : c.body !== undefined ? JSON.stringify(c.body) : undefined,
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(400);
  expect(errorCode(json), JSON.stringify(json)).toBe(c.code);
  expect([...documentedCodes(op)]).toContain(c.code);
});

it('reads every form of a documented refusal line, and nothing else', () => {
  const codes = documentedCodes({
    op: { description: 'Prose naming `not_this` in passing.\n\nRefused:\n- `one`: a rule\n- `two`, `three`: another rule\n  - `nested_too`: a sub-rule\n* `starred`: not the list form' },
  });
  expect([...codes].sort()).toEqual(['nested_too', 'one', 'three', 'two']);
});

it('the OCR language tags of the spec are the installed ones', async () => {
  const { installedLanguages } = await import('../../engines/ocr/languages.ts');
  const tag = specs.gateway.resolve(specs.gateway.doc.components.schemas.OcrLanguageTag);
  const listed = tag.anyOf.find((b: { enum?: string[] }) => b.enum).enum;
  for (const level of ['fast', 'accurate'] as const) expect(installedLanguages(level).map((l) => l.tag).sort()).toEqual([...listed].sort());
});


it('retrieveModel: an id its schema refuses is refused, and a dot segment is the listing, as its description says', async () => {
  const get = async (path: string) => {
    const res = await fetch(`${service.gatewayUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, json: (await res.json()) as any };
  };
  const short = await get('/v1/models/ab');
  expect(short.status).toBe(400);
  expect(short.json.error.code).toBe('invalid_request');
  const dot = await get('/v1/models/.');
  expect(dot.status).toBe(200);
  expect(dot.json.object).toBe('list');
  expect(specs.compat.operations().find((o) => o.operationId === 'retrieveModel')!.op.description).toMatch(/`\/v1\/models\/\.` are GET \/v1\/models/);
});
