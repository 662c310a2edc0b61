// Azure OpenAI authenticated by Microsoft Entra ID's client-credentials flow
// against a real OpenID provider (oidc-provider) on loopback, mounted under
// /<tenant>/v2.0 as Entra's authority is, and the Azure fake asking that
// provider whether each bearer it receives is a live token for Azure's scope.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { providerCall } from '../../core/providerCall.ts';
import { providerSettings, providerStatus } from '../settings.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext } from '../types.ts';
import { EntraTokens, RENEW_BEFORE_MS, SCOPE } from './entra.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const TENANT = randomUUID();
const CLIENT = { client_id: 'switchyard-gateway', client_secret: 'entra-client-secret-0123456789' };
const TOKEN_LIFE_S = 3600;

let idpServer: http.Server;
let idp: Provider;
let authorityHost: string;
let fake: Fake;
/** Token requests the identity provider has answered. */
let grants = 0;

beforeAll(async () => {
  idpServer = http.createServer();
  await new Promise<void>((resolve) => idpServer.listen(0, '127.0.0.1', resolve));
  authorityHost = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
  const prefix = `/${TENANT}/v2.0`;
  idp = new Provider(`${authorityHost}${prefix}`, {
    clients: [{ ...CLIENT, grant_types: ['client_credentials'], redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_post', scope: SCOPE }],
    features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
    scopes: [SCOPE],
    ttl: { ClientCredentials: TOKEN_LIFE_S },
  } as never);
  const callback = idp.callback();
  idpServer.on('request', (req, res) => {
    if (!req.url?.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    // As a framework mounting it under a path would: the provider names its endpoints from the original URL.
    Object.assign(req, { originalUrl: req.url });
    req.url = req.url.slice(prefix.length) || '/';
    if (req.method === 'POST' && req.url.startsWith('/token')) res.once('finish', () => res.statusCode === 200 && grants++);
    callback(req, res);
  });
  fake = await startFake({
    deployments: ['chat-mini', 'embed-small', 'images'],
    key: 'azure-key-0123456789',
    async bearer(token) {
      const found = await (idp as unknown as { ClientCredentials: { find(t: string): Promise<{ clientId: string; scope?: string } | undefined> } }).ClientCredentials.find(token);
      return Boolean(found && found.clientId === CLIENT.client_id && found.scope?.split(' ').includes(SCOPE));
    },
  });
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => idpServer?.close(resolve));
});

const DEPLOYMENTS = '{"gpt-4o-mini":"chat-mini","text-embedding-3-small":"embed-small","dall-e-3":"images"}';

/** Azure configured by Entra ID alone: no api key, no static token. */
const entraEnv = (over: Record<string, string> = {}) => ({
  AZURE_OPENAI_ENDPOINT: fake.url,
  AZURE_OPENAI_DEPLOYMENTS: DEPLOYMENTS,
  AZURE_OPENAI_TENANT_ID: TENANT,
  AZURE_OPENAI_CLIENT_ID: CLIENT.client_id,
  AZURE_OPENAI_CLIENT_SECRET: CLIENT.client_secret,
  AZURE_OPENAI_AUTHORITY_HOST: authorityHost,
  ...over,
});

function context(env: Record<string, string>): CallContext {
  return { settings: providerSettings('azure', env), signal: new AbortController().signal, timeoutMs: 5_000 };
}

const app = (clientSecret = CLIENT.client_secret) => ({ authorityHost, tenantId: TENANT, clientId: CLIENT.client_id, clientSecret });

describe('azure with Microsoft Entra ID client credentials', () => {
  test('chat, embeddings and a stream go with a token the identity provider issued for Azure\'s scope, fetched once for them all', async () => {
    const adapter = provider.createAdapter();
    const ctx = context(entraEnv());
    const before = grants;
    const from = fake.requests.length;
    expect((await adapter.complete({ provider: 'azure', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, ctx)).content).toBe('echo: hi');
    expect((await adapter.embed!({ provider: 'azure', model: 'text-embedding-3-small', input: ['a'] }, ctx)).embeddings).toHaveLength(1);
    let streamed = '';
    for await (const e of adapter.stream({ provider: 'azure', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'yo' }] }, ctx)) if (e.type === 'text') streamed += e.delta;
    expect(streamed).toBe('echo: yo');
    const sent = fake.requests.slice(from);
    expect(sent).toHaveLength(3);
    const bearers = new Set(sent.map((r) => r.headers.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer .{20,}$/);
    expect(sent.every((r) => r.headers['api-key'] === undefined)).toBe(true);
    // The settings a call is given keep no token of their own.
    expect(ctx.settings.extra.adToken).toBeUndefined();
    expect(grants - before).toBe(1);
    // The fake's check is real: a bearer the identity provider never issued is refused.
    const forged = await fetch(`${fake.url}/openai/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer forged-0123456789', 'content-type': 'application/json' }, body: '{"model":"chat-mini"}' });
    expect(forged.status).toBe(401);
  });

  test('an api key, when set, is used and no token is asked for', async () => {
    const before = grants;
    const from = fake.requests.length;
    await provider.createAdapter().complete({ provider: 'azure', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, context(entraEnv({ AZURE_OPENAI_API_KEY: 'azure-key-0123456789' })));
    expect(fake.requests[from]!.headers['api-key']).toBe('azure-key-0123456789');
    expect(grants).toBe(before);
  });

  test('callers arriving together share one token request; the token is renewed shortly before it expires, not before', async () => {
    let now = 1_000_000;
    const tokens = new EntraTokens(app(), () => now);
    const before = grants;
    const first = await Promise.all(Array.from({ length: 5 }, () => tokens.token()));
    expect(new Set(first).size).toBe(1);
    expect(grants - before).toBe(1);
    now += TOKEN_LIFE_S * 1000 - RENEW_BEFORE_MS - 1;
    expect(await tokens.token()).toBe(first[0]);
    expect(grants - before).toBe(1);
    now += 1;
    const renewed = await Promise.all([tokens.token(), tokens.token()]);
    expect(grants - before).toBe(2);
    expect(renewed[0]).toBe(renewed[1]);
    expect(renewed[0]).not.toBe(first[0]);
  });

  test('a refused secret is a clear error naming the client and the variables, never the secret', async () => {
    const wrong = 'wrong-secret-9876543210';
    const err = await new EntraTokens(app(wrong)).token().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: 'upstream_rejected', status: 401 });
    expect((err as Error).message).toMatch(/switchyard-gateway.*AZURE_OPENAI_CLIENT_SECRET/);
    expect(JSON.stringify({ message: (err as Error).message, cause: String((err as Error).cause) })).not.toContain(wrong);
  });

  test('the provider status says configured with Entra ID alone, and calls are not refused for a missing key', () => {
    const env = entraEnv();
    expect(providerStatus('azure', env)).toMatchObject({ configured: true, missing: [] });
    expect(providerStatus('azure', { ...env, AZURE_OPENAI_CLIENT_SECRET: '' })).toMatchObject({ configured: false, missing: ['AZURE_OPENAI_API_KEY'] });
    expect(providerStatus('azure', { AZURE_OPENAI_ENDPOINT: fake.url, AZURE_OPENAI_AD_TOKEN: 'static' })).toMatchObject({ configured: true, missing: [] });
    const saved = { ...process.env };
    try {
      Object.assign(process.env, env);
      delete process.env.AZURE_OPENAI_API_KEY;
      delete process.env.AZURE_OPENAI_AD_TOKEN;
      expect(() => providerCall('azure', {})).not.toThrow();
    } finally {
      for (const name of Object.keys(env)) if (saved[name] === undefined) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
