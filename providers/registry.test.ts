// The descriptors are the one record of each provider: they must agree with
// the contract's provider list and with what each adapter really does.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROVIDER_IDS } from '../protocols/canonical.ts';
import { adapterOf, PROVIDERS, providerLimits } from './registry.ts';
import { providerSettings } from './settings.ts';
import { findModel } from '../pricing/catalogue.ts';
import { startFake as startGeminiFake } from './gemini/fake.ts';
import { contextFor } from './testing/adapter.ts';

const spec = parse(readFileSync(new URL('../openapi/gateway.yaml', import.meta.url), 'utf8'));

describe('provider registry', () => {
  test('lists exactly the spec enums ProviderId and then MoreProviderId, in their order, and the canonical ids', () => {
    const ids = PROVIDERS.map((d) => d.id);
    expect(ids).toEqual([...spec.components.schemas.ProviderId.enum, ...spec.components.schemas.MoreProviderId.enum]);
    expect(ids).toEqual([...PROVIDER_IDS]);
  });

  test('the spec offers completions on exactly the providers that have a chat adapter', () => {
    expect(PROVIDERS.filter((d) => d.capabilities.chat).map((d) => d.id)).toEqual([
      ...spec.components.schemas.CompletionProviderId.enum,
      ...spec.components.schemas.MoreProviderId.enum,
    ]);
  });

  test.each(PROVIDERS.map((d) => [d.id, d] as const))('%s: capabilities name exactly the operations its adapter has', (id, d) => {
    const adapter = adapterOf(id);
    const has = (name: string) => typeof (adapter as Record<string, unknown> | undefined)?.[name] === 'function';
    expect(d.capabilities.chat !== undefined).toBe(has('complete') && has('stream') && has('validate'));
    expect(d.capabilities.embeddings === true).toBe(has('embed'));
    expect(d.capabilities.liveModels === true).toBe(has('listModels'));
    expect(d.capabilities.chat?.countTokens === true).toBe(has('countTokens'));
    expect(adapter === undefined).toBe(d.createAdapter === undefined);
  });

  test.each(PROVIDERS.map((d) => [d.id, d] as const))('%s: media capabilities name exactly the media operations it has', (_id, d) => {
    const media = d.media;
    expect(d.capabilities.imageGeneration === true).toBe(media?.image !== undefined);
    expect(d.capabilities.videoGeneration === true).toBe(media?.video !== undefined);
    expect(d.capabilities.textToSpeech === true).toBe(media?.speech !== undefined);
    expect(d.capabilities.speechToText === true).toBe(media?.transcription !== undefined);
    expect(d.capabilities.soundEffects === true).toBe(media?.soundEffect !== undefined);
    expect(d.capabilities.musicGeneration === true).toBe(media?.music !== undefined);
    expect(d.capabilities.dialogue === true).toBe(media?.dialogue !== undefined);
  });

  test.each(PROVIDERS.map((d) => [d.id, d] as const))('%s: conversationalAgents is set exactly when it has an agents adapter', (_id, d) => {
    expect(d.capabilities.conversationalAgents === true).toBe(d.agents !== undefined);
  });

  test('hosted providers need a key, local runtimes do not', () => {
    for (const d of PROVIDERS) {
      expect(d.local).toBe(d.keyEnv === undefined);
      // Azure's own SDKs and docs name a resource's address AZURE_OPENAI_ENDPOINT.
      expect(d.baseUrlEnv).toMatch(/^[A-Z_]+_(BASE_URL|ENDPOINT)$/);
    }
  });

  test('settings come from the environment, with the descriptor defaults', () => {
    expect(providerSettings('openai', {})).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: undefined, keyEnv: 'OPENAI_API_KEY', local: false });
    expect(providerSettings('openai', { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/', OPENAI_API_KEY: 'k' })).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' });
    // Vertex's host carries its region.
    expect(providerSettings('vertex', { VERTEX_LOCATION: 'europe-west1', VERTEX_PROJECT: 'p' })).toMatchObject({
      baseUrl: 'https://europe-west1-aiplatform.googleapis.com',
      extra: { project: 'p', location: 'europe-west1' },
    });
    expect(providerSettings('vertex', {}).baseUrl).toBe('https://europe-west4-aiplatform.googleapis.com');
    expect(providerSettings('ollama', {})).toMatchObject({ baseUrl: 'http://127.0.0.1:11434', local: true, apiKey: undefined });
  });

  test('concurrency defaults come from the descriptors; PROVIDER_CONCURRENCY_<ID> overrides', () => {
    const limits = providerLimits({ PROVIDER_CONCURRENCY_OPENAI: '50', PROVIDER_CONCURRENCY_LOCAL_AUDIO: '3', PROVIDER_CONCURRENCY_XAI: 'lots' });
    expect(limits).toMatchObject({ openai: 50, 'local-audio': 3, xai: 20, anthropic: 20, ollama: 2, localai: 2, 'local-video': 1 });
  });

  test.each(['gemini', 'vertex'] as const)('%s is capped by the catalogue like every other adapter', async (id) => {
    const fake = await startGeminiFake();
    try {
      const ctx = contextFor(id, fake);
      ctx.settings.extra.project = 'p';
      await adapterOf(id)!.complete!({ provider: id, model: 'gemini-2.0-flash', maxTokens: 10_000_000, messages: [{ role: 'user', content: 'hi' }] }, ctx);
      const sent = fake.requests[0]!.body as { generationConfig: { maxOutputTokens: number } };
      expect(sent.generationConfig.maxOutputTokens).toBe(8192);
      expect(sent.generationConfig.maxOutputTokens).toBe(findModel(id, 'gemini-2.0-flash')!.maxOutputTokens);
    } finally {
      await fake.close();
    }
  });
});
