// Moonshine tiny through the runtime's HTTP API: recorded human speech read
// back within a word error rate, long audio cut into segments, the work in
// a worker thread, and what it refuses.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/systemPackages.ts';
import { startLocalAudio, type LocalAudioServer } from './server.ts';
import { readWav, writeWav } from './wav.ts';
import { clips, wordErrors, words } from './wer.ts';

let runtime: LocalAudioServer;
beforeAll(async () => {
  runtime = await startLocalAudio();
});
afterAll(() => runtime?.close());

interface Verbose {
  text: string;
  duration: number;
  words?: unknown;
  segments: Array<{ id: number; start: number; end: number; text: string }>;
}

async function transcription(audio: Buffer, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'speech.wav');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${runtime.url}/audio/transcriptions`, { method: 'POST', body: form });
}

/** CPU microseconds of the calling thread (Node 23.9+). */
function threadCpu(): number {
  const u = (process as unknown as { threadCpuUsage(): NodeJS.CpuUsage }).threadCpuUsage();
  return u.user + u.system;
}

const librivox = () => clips().filter((c) => c.set === 'librivox');

describe('moonshine-tiny', () => {
  it('is listed, and reads a recorded LibriVox sentence as the default model', async (ctx) => {
    needs(ctx, 'pocketsphinx-testdata');
    const models = (await (await fetch(`${runtime.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['moonshine-tiny', 'pocketsphinx', 'whisper-1']));
    const clip = librivox()[0]!;
    const res = await transcription(readFileSync(clip.file), { response_format: 'verbose_json', 'timestamp_granularities[]': 'word' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Verbose;
    // pocketsphinx got 7 of these 23 words wrong.
    expect(wordErrors(body.text, clip.truth) / words(clip.truth).length, `heard "${body.text}"`).toBeLessThanOrEqual(0.1);
    // No word timings rather than invented ones; the segment is where the sound is.
    expect(body).not.toHaveProperty('words');
    expect(body.segments).toHaveLength(1);
    expect(body.segments[0]!.start).toBeGreaterThanOrEqual(0);
    expect(body.segments[0]!.end).toBeLessThanOrEqual(body.duration);
    expect(body.segments[0]!.end).toBeGreaterThan(body.segments[0]!.start + 3);
  });

  it('cuts long 48 kHz audio into segments at pauses, off the event loop', async (ctx) => {
    needs(ctx, 'pocketsphinx-testdata');
    // The five LibriVox sentences one after another (25 s, longer than one
    // chunk), at 48 kHz, so decoding and resampling are work of their own.
    const parts = librivox().map((c) => readWav(readFileSync(c.file)).samples);
    const joined = new Int16Array(parts.reduce((n, p) => n + p.length, 0) * 3);
    let at = 0;
    for (const p of parts) for (const v of p) joined.fill(v, at, (at += 3));
    const truth = librivox().map((c) => c.truth).join(' ');
    // CPU time, not a clock: this thread's (the event loop's, serving HTTP
    // here) against the whole process's, whatever else the machine runs.
    const thread0 = threadCpu();
    const process0 = process.cpuUsage();
    const res = await transcription(writeWav(joined, 48_000), { model: 'moonshine-tiny', response_format: 'verbose_json' });
    const thread = threadCpu() - thread0;
    const used = process.cpuUsage(process0);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Verbose;
    expect(body.duration).toBeCloseTo(joined.length / 48_000, 1);
    expect(wordErrors(body.text, truth) / words(truth).length, `heard "${body.text}"`).toBeLessThanOrEqual(0.1);
    expect(body.segments.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < body.segments.length; i++) {
      const s = body.segments[i]!;
      expect(s.id).toBe(i);
      expect(s.end).toBeGreaterThan(s.start);
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(body.segments[i - 1]!.end);
    }
    expect(body.segments.at(-1)!.end).toBeLessThanOrEqual(body.duration);
    // The event loop's share is the HTTP exchange (2 to 3% measured);
    // onnxruntime-node runs a session on the thread that calls it, so
    // recognising here would make it most of the process's CPU.
    expect(thread / (used.user + used.system)).toBeLessThan(0.06);
  });

  it('reads speech without a Debian package: the runtime’s own voice', async () => {
    const spoken = await fetch(`${runtime.url}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: 'one two three four five six seven eight nine ten', voice: 'alloy' }) });
    const res = await transcription(Buffer.from(await spoken.arrayBuffer()), { model: 'moonshine-tiny' });
    expect(res.status).toBe(200);
    const { text } = (await res.json()) as { text: string };
    expect(wordErrors(text, 'one two three four five six seven eight nine ten'), `heard "${text}"`).toBeLessThanOrEqual(2);
  });

  it('refuses other languages and audio that is not 16-bit PCM WAV in OpenAI’s error shape', async () => {
    const wav = writeWav(new Int16Array(16_000), 16_000);
    const german = await transcription(wav, { model: 'moonshine-tiny', language: 'de' });
    expect(german.status).toBe(400);
    expect(await german.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/English .*not de/) } });
    const float = Buffer.from(wav);
    float.writeUInt16LE(3, 20);
    float.writeUInt16LE(32, 34);
    const bad = await transcription(float, { model: 'moonshine-tiny' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/16-bit PCM WAV/) } });
  });
});
