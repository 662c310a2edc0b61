// The offline runtime end to end over HTTP: speak a known sentence, then
// transcribe it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/systemPackages.ts';
import { startLocalAudio, type LocalAudioServer } from './server.ts';

let runtime: LocalAudioServer;
beforeAll(async () => {
  runtime = await startLocalAudio();
});
afterAll(() => runtime?.close());

async function speech(body: unknown): Promise<Response> {
  return fetch(`${runtime.url}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function transcription(audio: Buffer, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'speech.wav');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${runtime.url}/audio/transcriptions`, { method: 'POST', body: form });
}

const SENTENCE = 'one two three four five six seven eight nine ten';

describe('local-audio runtime', () => {
  it('speaks WAV and lists voices and models', async () => {
    const res = await speech({ model: 'tts-1', input: 'hello there', voice: 'alloy' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(10_000);
    const voices = (await (await fetch(`${runtime.url}/audio/voices`)).json()) as { voices: Array<{ id: string }> };
    expect(voices.voices.map((v) => v.id)).toEqual(expect.arrayContaining(['alloy', 'en-us', 'de']));
    const models = (await (await fetch(`${runtime.url}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['mespeak', 'moonshine-tiny', 'pocketsphinx']));
  });

  it('speaks pcm as OpenAI documents it: raw 24 kHz 16-bit mono, as long as the WAV of the same words', async () => {
    const body = { model: 'tts-1', input: 'one two three', voice: 'alloy' };
    const wav = Buffer.from(await (await speech(body)).arrayBuffer());
    const res = await speech({ ...body, response_format: 'pcm' });
    expect(res.headers.get('content-type')).toBe('audio/pcm');
    const pcm = Buffer.from(await res.arrayBuffer());
    expect(pcm.toString('latin1', 0, 4)).not.toBe('RIFF');
    const rate = wav.readUInt32LE(24);
    const wavSeconds = (wav.length - 44) / (2 * wav.readUInt16LE(22) * rate);
    expect(pcm.length / (2 * 24_000)).toBeCloseTo(wavSeconds, 1);
    expect(pcm.some((b) => b !== 0)).toBe(true);
  });

  it('answers bad requests in the OpenAI error shape', async () => {
    const mp3 = await speech({ model: 'tts-1', input: 'x', voice: 'alloy', response_format: 'mp3' });
    expect(mp3.status).toBe(400);
    expect(await mp3.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/wav or pcm/) } });
    expect((await speech({ model: 'tts-1', input: 'x', voice: 'nobody' })).status).toBe(400);
    const empty = await transcription(Buffer.alloc(0), { model: 'whisper-1' });
    expect(empty.status).toBe(400);
  });

  it('transcribes spoken words back', async (ctx) => {
    needs(ctx, 'pocketsphinx');
    const wav = Buffer.from(await (await speech({ model: 'mespeak', input: SENTENCE, voice: 'en-us', speed: 0.75 })).arrayBuffer());
    // A vocabulary prompt restricts recognition to its words: most come back.
    const hinted = await transcription(wav, { model: 'whisper-1', prompt: SENTENCE, response_format: 'verbose_json', 'timestamp_granularities[]': 'word' });
    expect(hinted.status).toBe(200);
    const body = (await hinted.json()) as { text: string; words: Array<{ word: string; start: number; end: number }>; duration: number };
    const heard = new Set(body.words.map((w) => w.word));
    const back = SENTENCE.split(' ').filter((w) => heard.has(w));
    expect(back.length, `heard "${body.text}"`).toBeGreaterThanOrEqual(5);
    expect(body.duration).toBeGreaterThan(1);
    for (const w of body.words) expect(w.end).toBeGreaterThanOrEqual(w.start);
    // Without a prompt (the general model) is covered through the gateway in handlers/gateway/media.test.ts.
  });
});
