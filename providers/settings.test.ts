// Base URLs as users write them, and the upstream deadline's settings.
import { describe, expect, test } from 'vitest';
import { providerSettings } from './settings.ts';
import { DEFAULT_TIMEOUT_MS } from './transport/http.ts';

const baseUrl = (id: Parameters<typeof providerSettings>[0], env: Record<string, string>) => providerSettings(id, env).baseUrl;

describe('base URLs as users write them', () => {
  test('a provider whose API lives under /v1 gets it when the URL has no path', () => {
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'http://127.0.0.1:8000' })).toBe('http://127.0.0.1:8000/v1');
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'http://127.0.0.1:8000/' })).toBe('http://127.0.0.1:8000/v1');
    expect(baseUrl('xai', { XAI_BASE_URL: 'https://api.x.ai' })).toBe('https://api.x.ai/v1');
    expect(baseUrl('mistral', { MISTRAL_BASE_URL: 'http://localhost:9' })).toBe('http://localhost:9/v1');
  });

  test('trailing slashes go; a path as written (a proxy prefix, /v1 itself) stays', () => {
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1///' })).toBe('http://127.0.0.1:8000/v1');
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'https://proxy.example/openai/v1' })).toBe('https://proxy.example/openai/v1');
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'https://proxy.example/openai' })).toBe('https://proxy.example/openai');
  });

  test('a provider whose adapter adds the version itself drops a version written at the end', () => {
    expect(baseUrl('anthropic', { ANTHROPIC_BASE_URL: 'https://api.anthropic.com/v1/' })).toBe('https://api.anthropic.com');
    expect(baseUrl('anthropic', { ANTHROPIC_BASE_URL: 'https://api.anthropic.com' })).toBe('https://api.anthropic.com');
    expect(baseUrl('gemini', { GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com/v1beta' })).toBe('https://generativelanguage.googleapis.com');
    expect(baseUrl('localai', { LOCALAI_BASE_URL: 'http://127.0.0.1:8090/v1' })).toBe('http://127.0.0.1:8090');
    expect(baseUrl('ollama', { OLLAMA_BASE_URL: 'http://127.0.0.1:11434/v1' })).toBe('http://127.0.0.1:11434');
    expect(baseUrl('deepseek', { DEEPSEEK_BASE_URL: 'https://api.deepseek.com/v1' })).toBe('https://api.deepseek.com');
    expect(baseUrl('anthropic', { ANTHROPIC_BASE_URL: 'https://gateway.example/anthropic' })).toBe('https://gateway.example/anthropic');
    // The local media runtimes serve under /v1 as OpenAI does: their defaults carry it, an address without a path gets it.
    expect(baseUrl('local-audio', { LOCAL_AUDIO_BASE_URL: 'http://127.0.0.1:8880/v1/' })).toBe('http://127.0.0.1:8880/v1');
    expect(baseUrl('local-video', { LOCAL_VIDEO_BASE_URL: 'http://127.0.0.1:8000/v1' })).toBe('http://127.0.0.1:8000/v1');
    expect(baseUrl('local-audio', { LOCAL_AUDIO_BASE_URL: 'http://127.0.0.1:8880' })).toBe('http://127.0.0.1:8880/v1');
    expect(baseUrl('local-video', { LOCAL_VIDEO_BASE_URL: 'http://127.0.0.1:8000/' })).toBe('http://127.0.0.1:8000/v1');
    expect([baseUrl('local-audio', {}), baseUrl('local-video', {})]).toEqual(['http://127.0.0.1:8880/v1', 'http://127.0.0.1:8000/v1']);
  });

  test('defaults are untouched, and what is not a URL is passed on for the call to name', () => {
    expect(baseUrl('openai', {})).toBe('https://api.openai.com/v1');
    expect(baseUrl('openai', { OPENAI_BASE_URL: 'localhost:8000' })).toBe('localhost:8000');
  });
});

test('the upstream deadline: PROVIDER_TIMEOUT_MS_<ID>, else PROVIDER_TIMEOUT_MS, else the default', () => {
  expect(providerSettings('openai', {}).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  expect(providerSettings('openai', { PROVIDER_TIMEOUT_MS: '5000' }).timeoutMs).toBe(5000);
  expect(providerSettings('local-audio', { PROVIDER_TIMEOUT_MS: '5000', PROVIDER_TIMEOUT_MS_LOCAL_AUDIO: '600000' }).timeoutMs).toBe(600_000);
  expect(providerSettings('openai', { PROVIDER_TIMEOUT_MS: 'soon' }).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
});

test('process.env is read once per provider and turn of the event loop: a change is seen by the next turn', async () => {
  const saved = process.env.MISTRAL_BASE_URL;
  try {
    process.env.MISTRAL_BASE_URL = 'http://127.0.0.1:1/v1';
    await new Promise((r) => setImmediate(r));
    expect(providerSettings('mistral').baseUrl).toBe('http://127.0.0.1:1/v1');
    process.env.MISTRAL_BASE_URL = 'http://127.0.0.1:2/v1';
    // The same turn: the settings read at its start.
    expect(providerSettings('mistral').baseUrl).toBe('http://127.0.0.1:1/v1');
    await new Promise((r) => setImmediate(r));
    expect(providerSettings('mistral').baseUrl).toBe('http://127.0.0.1:2/v1');
    // Each call gets its own copy to adjust.
    const a = providerSettings('mistral');
    a.extra.changed = 'yes';
    expect(providerSettings('mistral').extra).toEqual({});
  } finally {
    if (saved === undefined) delete process.env.MISTRAL_BASE_URL;
    else process.env.MISTRAL_BASE_URL = saved;
  }
});
