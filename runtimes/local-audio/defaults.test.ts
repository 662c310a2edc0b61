// The offline runtimes with their defaults, as the README gives them:
// `npm run local-audio` in a process of its own and the gateway with no
// LOCAL_AUDIO_BASE_URL / LOCAL_VIDEO_BASE_URL of its own, called through the
// official openai client. The runtime listens on an ephemeral port
// (LOCAL_AUDIO_PORT=0, so parallel runs cannot collide on 8880); the gateway
// gets the provider's default base URL with only that port changed, so its
// path is what is proven to meet the runtime's routes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { toFile } from 'openai';
import localAudio from '../../providers/local-audio/index.ts';
import localVideo from '../../providers/local-video/index.ts';
import { startVideosFake, type MediaFake } from '../../providers/testing/mediaFake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';

let runtime: ChildProcess;
let runtimeUrl: URL;

/** The default base URL of a provider, at another port. */
function atPort(defaultBaseUrl: string, port: string): string {
  const url = new URL(defaultBaseUrl);
  url.port = port;
  return url.href.replace(/\/$/, '');
}

beforeAll(async () => {
  // Its own process group, so the runtime npm starts is stopped with npm.
  runtime = spawn('npm', ['run', 'local-audio'], { cwd: new URL('../..', import.meta.url), env: { ...process.env, LOCAL_AUDIO_PORT: '0' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  runtime.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  for await (const chunk of runtime.stdout!) {
    out += chunk.toString();
    const m = /local-audio listening on (http:\/\/\S+)/.exec(out);
    if (m) {
      runtimeUrl = new URL(m[1]!);
      break;
    }
  }
  if (!runtimeUrl) throw new Error(`npm run local-audio did not start: ${out}`);
  runtime.stdout!.resume();
}, 60_000);

afterAll(async () => {
  if (runtime?.exitCode === null) {
    const exited = once(runtime, 'exit');
    process.kill(-runtime.pid!, 'SIGTERM');
    await exited;
  }
});

async function gateway(env: Record<string, string>): Promise<{ service: TestService; oai: OpenAI }> {
  const service = await startTestService(['gateway'], env);
  const { key } = await createGatewayKey(service.db, 'offline-defaults');
  return { service, oai: new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0, timeout: 60_000 }) };
}

describe('the default base URLs meet the runtimes', () => {
  let service: TestService;
  let oai: OpenAI;
  let videos: MediaFake;

  beforeAll(async () => {
    videos = await startVideosFake();
    ({ service, oai } = await gateway({
      LOCAL_AUDIO_BASE_URL: atPort(localAudio.defaultBaseUrl, runtimeUrl.port),
      LOCAL_VIDEO_BASE_URL: atPort(localVideo.defaultBaseUrl, new URL(videos.url).port),
      MEDIA_POLL_MAX_MS: '40',
    }));
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await videos?.close();
  });

  it('documents the port npm run local-audio listens on by default', () => {
    expect(new URL(localAudio.defaultBaseUrl).port).toBe('8880');
    expect(localAudio.defaultBaseUrl).toBe('http://127.0.0.1:8880/v1');
    expect(localVideo.defaultBaseUrl).toBe('http://127.0.0.1:8000/v1');
  });

  it('speaks local-audio/tts-1 and hears it back through /v1/audio with the openai client', async () => {
    const spoken = await oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'one two three', voice: 'alloy', response_format: 'wav' });
    const wav = Buffer.from(await spoken.arrayBuffer());
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(10_000);
    // With a prompt pocketsphinx hears it, or Moonshine where Debian's pocketsphinx is not installed.
    const heard = await oai.audio.transcriptions.create({ model: 'local-audio/whisper-1', file: await toFile(wav, 'speech.wav', { type: 'audio/wav' }), prompt: 'one two three', language: 'en' });
    expect(heard.text.toLowerCase()).toMatch(/one|two|three/);
  }, 120_000);

  it('renders a local-video job at POST /v1/videos', async () => {
    const submitted = await fetch(`${service.gatewayUrl}/api/llm/generate-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${oai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'local-video', prompt: 'a boat' }),
    });
    const queued = (await submitted.json()) as any;
    expect(submitted.status, JSON.stringify(queued)).toBe(200);
    let result: { status: number; body: any } | undefined;
    for (let i = 0; i < 1000 && !result; i++) {
      const res = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, {
        method: 'POST',
        headers: { authorization: `Bearer ${oai.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ queueId: queued.data.queueId }),
      });
      if (res.status !== 202) result = { status: res.status, body: await res.json() };
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(result?.status, JSON.stringify(result?.body)).toBe(200);
    expect(videos.requests.some((r) => r.method === 'POST' && r.path === '/v1/videos')).toBe(true);
  }, 120_000);
});

describe('a base URL whose path the runtime does not serve', () => {
  let service: TestService;
  let oai: OpenAI;

  beforeAll(async () => {
    ({ service, oai } = await gateway({ LOCAL_AUDIO_BASE_URL: `${runtimeUrl.origin}/speech-api` }));
  }, 60_000);

  afterAll(() => service?.close());

  it('is an upstream error naming the path, not a missing model', async () => {
    const err = await oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'one', voice: 'alloy' }).then(
      () => undefined,
      (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
    );
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err!.status).toBe(502);
    expect(err!.code).toBe('upstream_error');
    expect(err!.message).toContain('local-audio has no POST /speech-api/audio/speech');
    expect(err!.code).not.toBe('model_not_found');
  }, 60_000);
});
