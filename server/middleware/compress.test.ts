// Text responses worth compressing are compressed by Accept-Encoding; small
// ones (the /v1 hot path) and event streams are not.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { chooseEncoding, MIN_COMPRESS_BYTES } from './compress.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await startTestService(['gateway']);
  key = (await createGatewayKey(service.db, 'compress-test')).key;
});
afterAll(() => service?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as sent (fetch would decompress them). */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${service.gatewayUrl}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(raw: Raw): Buffer {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body);
  return raw.body;
}

describe('compression', () => {
  test('the specs and swagger-ui: brotli or gzip as accepted, identical once decoded, 304 by ETag', async () => {
    const spec = readFileSync(path.join(ROOT, 'openapi/gateway.yaml'));
    const br = await get('/openapi/gateway.yaml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(spec.length / 4);
    expect(decoded(br).equals(spec)).toBe(true);

    const gz = await get('/openapi/gateway.yaml', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(spec)).toBe(true);

    const plain = await get('/openapi/gateway.yaml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(spec)).toBe(true);

    expect((await get('/openapi/gateway.yaml', { 'if-none-match': br.headers.etag! })).status).toBe(304);

    const bundle = await get('/docs/assets/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(bundle.headers['content-encoding']).toBe('br');
    expect(bundle.body.length).toBeLessThan(600_000);
    expect(decoded(bundle).length).toBeGreaterThan(1_500_000);
  });

  test('large JSON is compressed; a small answer and a client that does not accept it are not', async () => {
    const models = await get('/api/public/models', { 'accept-encoding': 'gzip, br' });
    expect(models.status).toBe(200);
    expect(models.headers['content-encoding']).toBe('br');
    expect(models.headers['content-type']).toMatch(/^application\/json/);
    const plainModels = await get('/api/public/models');
    expect(plainModels.headers['content-encoding']).toBeUndefined();
    expect(plainModels.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decoded(models).toString())).toEqual(JSON.parse(plainModels.body.toString()));
    expect(plainModels.body.length).toBeGreaterThan(MIN_COMPRESS_BYTES);

    const small = await get('/api/llm/health', { 'accept-encoding': 'gzip, br', authorization: `Bearer ${key}` });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).status).toBe('healthy');

    const refused = await get('/openapi/gateway.yaml', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  test('Accept-Encoding is read with its q-values', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
