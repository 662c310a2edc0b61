// The OpenAI-compatible servers an operator runs (vLLM, llama.cpp's server,
// LM Studio, TGI), named by the operator in OPENAI_COMPATIBLE_SERVERS:
//   [{"name": "vllm", "baseUrl": "http://gpu1:8000/v1", "apiKey": "...", "models": ["meta-llama/Llama-3.1-8B-Instruct"]},
//    {"name": "lmstudio", "baseUrl": "http://127.0.0.1:1234/v1"}]
// OPENAI_COMPATIBLE_BASE_URL alone configures one server named `default`.
import { jsonSetting } from '../jsonSetting.ts';
import { ProviderError, type ProviderSettings } from '../types.ts';

export const SERVERS_ENV = 'OPENAI_COMPATIBLE_SERVERS';

export interface Server {
  name: string;
  baseUrl: string;
  apiKey?: string;
  /** When given, the only models the server is asked for. */
  models?: string[];
}

const SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'baseUrl'],
    properties: {
      name: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,62}$' },
      baseUrl: { type: 'string', pattern: '^https?://' },
      apiKey: { type: 'string', minLength: 1 },
      models: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    },
  },
};

const read = jsonSetting<Server[]>('compatible', SERVERS_ENV, SCHEMA, '[{"name":"vllm","baseUrl":"http://127.0.0.1:8000/v1"}]');
const checked = new WeakSet<Server[]>();

function parsed(raw: string): Server[] {
  const servers = read(raw);
  if (checked.has(servers)) return servers;
  const names = servers.map((s) => s.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new ProviderError('compatible', 'missing_config', `${SERVERS_ENV} names the server ${twice} twice`);
  for (const server of servers) server.baseUrl = server.baseUrl.replace(/\/+$/, '');
  checked.add(servers);
  return servers;
}

/** Every configured server: the named ones, then `default` (OPENAI_COMPATIBLE_BASE_URL and _API_KEY) unless one is named so. */
export function serversOf(settings: ProviderSettings): Server[] {
  const named = settings.extra.servers ? parsed(settings.extra.servers) : [];
  if (named.some((s) => s.name === 'default')) return named;
  const key = settings.extra.defaultKey;
  return [...named, { name: 'default', baseUrl: settings.baseUrl, ...(key ? { apiKey: key } : {}) }];
}

/**
 * The server a model id names (`<server>/<model>`), with the model as that
 * server knows it. An unknown server is a configuration fault naming the
 * variable; a model outside the server's list answers like a model the
 * upstream does not have.
 */
export function serverFor(model: string, settings: ProviderSettings): { server: Server; model: string } {
  const cut = model.indexOf('/');
  const name = cut > 0 ? model.slice(0, cut) : '';
  const upstreamModel = cut > 0 ? model.slice(cut + 1) : '';
  const servers = serversOf(settings);
  const server = servers.find((s) => s.name === name);
  if (!server || !upstreamModel) {
    const known = servers.map((s) => s.name).join(', ') || 'none';
    throw new ProviderError(
      'compatible',
      'missing_config',
      `compatible models are <server>/<model>; ${name ? `no server is named ${name}` : `${model} names no server`} (configured: ${known}; see ${SERVERS_ENV})`,
    );
  }
  if (server.models && !server.models.includes(upstreamModel)) {
    throw new ProviderError('compatible', 'upstream_rejected', `the server ${server.name} does not offer the model ${upstreamModel} (its models: ${server.models.join(', ')})`, {
      status: 404,
      upstreamBody: `model ${upstreamModel} not offered`,
    });
  }
  return { server, model: upstreamModel };
}
