// Several deployments of one provider (two keys, two regions, two servers of
// one OpenAI-compatible provider), read from switchyard.yaml and checked
// against config/switchyard.schema.json. Every fault names the file, line and
// column, so an operator fixes it before the gateway starts rather than when a
// call fails. A deployment's settings are the environment's for its provider
// with the deployment's own values laid over them, resolved once here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isMap, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { ProviderId } from '../protocols/canonical.ts';
import { descriptorOf, PROVIDERS } from './registry.ts';
import { resolveSettings } from './settings.ts';
import type { ProviderSettings } from './types.ts';

export const CONFIG_ENV = 'SWITCHYARD_CONFIG';
export const DEFAULT_CONFIG_FILE = 'switchyard.yaml';
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../config/switchyard.schema.json');

export interface Deployment {
  provider: ProviderId;
  name: string;
  /** `<provider>/<name>`: what its circuit and its slots are kept under. */
  key: string;
  weight: number;
  /** When given, the only models it is called for. */
  models?: readonly string[];
  /** Calls at once per process; undefined: the provider's limit. */
  concurrency?: number;
  region?: string;
  /** Where and how to reach it, resolved when the file was read. */
  settings: ProviderSettings;
}

/** A fault of the configuration file, said in one line that names the file, line and column. */
export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigFileError';
  }
}

interface DeploymentEntry {
  name?: string;
  apiKey?: string;
  baseUrl?: string;
  region?: string;
  weight?: number;
  models?: string[];
  concurrency?: number;
  timeoutMs?: number;
  env?: Record<string, string>;
}

interface ConfigFile {
  providers?: Record<string, { deployments: DeploymentEntry[] }>;
}

let validator: ValidateFunction | undefined;

function validate(value: unknown): ErrorObject[] | null {
  validator ??= new Ajv2020.default({ allErrors: true, useDefaults: true }).compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
  return validator(value) ? null : (validator.errors ?? []);
}

/** The file to read: SWITCHYARD_CONFIG (which must exist), else ./switchyard.yaml when there is one. */
export function configFileOf(env: NodeJS.ProcessEnv, cwd = process.cwd()): string | undefined {
  const given = env[CONFIG_ENV]?.trim();
  if (given) {
    const file = path.resolve(cwd, given);
    if (!existsSync(file)) throw new ConfigFileError(`${CONFIG_ENV}=${given}: no such file`);
    return file;
  }
  const fallback = path.join(cwd, DEFAULT_CONFIG_FILE);
  return existsSync(fallback) ? fallback : undefined;
}

/** Every deployment the configuration file gives (none without a file). Throws ConfigFileError. */
export function loadDeployments(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Deployment[] {
  const file = configFileOf(env, cwd);
  return file ? parseDeployments(readFileSync(file, 'utf8'), env, path.relative(cwd, file) || file) : [];
}

/** The deployments a configuration text gives; `file` is how messages name it. */
export function parseDeployments(text: string, env: NodeJS.ProcessEnv, file = DEFAULT_CONFIG_FILE): Deployment[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const syntax = doc.errors[0];
  if (syntax) throw new ConfigFileError(`${at(syntax.pos[0])}: ${syntax.message.split('\n')[0]}`);
  const where = (p: readonly (string | number)[]) => at(nodeAt(doc, p)?.range?.[0] ?? 0);

  const value = withEnv(doc.toJS() ?? {}, [], env, where);
  const errors = validate(value);
  if (errors?.length) {
    const e = errors[0]!;
    const p = e.instancePath.split('/').slice(1).map(unescape);
    const extra = e.params && 'additionalProperty' in e.params ? String(e.params.additionalProperty) : undefined;
    const offset = extra !== undefined ? keyOffset(doc, p, extra) : nodeAt(doc, p)?.range?.[0];
    const subject = extra !== undefined ? `${[...p, extra].join('.')} is not a setting` : `${p.join('.') || 'the file'} ${e.message}`;
    throw new ConfigFileError(`${at(offset ?? 0)}: ${subject}`);
  }
  const config = value as ConfigFile;
  const known = new Set(PROVIDERS.map((d) => d.id as string));
  const out: Deployment[] = [];
  for (const [provider, entry] of Object.entries(config.providers ?? {})) {
    if (!known.has(provider)) {
      throw new ConfigFileError(`${at(keyOffset(doc, ['providers'], provider) ?? 0)}: providers.${provider}: no such provider (known: ${[...known].join(', ')})`);
    }
    out.push(...deploymentsOf(provider as ProviderId, entry.deployments, env, (i, field) => where(['providers', provider, 'deployments', i, ...(field ? [field] : [])])));
  }
  return out;
}

function deploymentsOf(
  provider: ProviderId,
  entries: DeploymentEntry[],
  env: NodeJS.ProcessEnv,
  where: (i: number, field?: string) => string,
): Deployment[] {
  const d = descriptorOf(provider);
  const taken = new Map<string, number>();
  // Explicit names first, so a derived name steps aside for them, not the other way round.
  entries.forEach((e, i) => {
    if (!e.name) return;
    if (taken.has(e.name)) throw new ConfigFileError(`${where(i, 'name')}: providers.${provider} names the deployment ${e.name} twice`);
    taken.set(e.name, 1);
  });
  return entries.map((e, i) => {
    if (e.region && !d.regionEnv) throw new ConfigFileError(`${where(i, 'region')}: ${provider} has no region; give its baseUrl instead`);
    const overlay: NodeJS.ProcessEnv = { ...env, ...e.env };
    if (e.apiKey !== undefined) {
      if (!d.keyEnv) throw new ConfigFileError(`${where(i, 'apiKey')}: ${provider} takes no key`);
      overlay[d.keyEnv] = e.apiKey;
    }
    if (e.baseUrl !== undefined) overlay[d.baseUrlEnv] = e.baseUrl;
    if (e.region && d.regionEnv) overlay[d.regionEnv] = e.region;
    if (e.timeoutMs !== undefined) overlay[`PROVIDER_TIMEOUT_MS_${provider.toUpperCase().replace(/-/g, '_')}`] = String(e.timeoutMs);
    const name = e.name ?? derivedName(e, taken);
    const settings = resolveSettings(provider, d, overlay);
    // Said now, not when the first call to it fails.
    if (!d.local && d.keyEnv && !settings.apiKey) {
      throw new ConfigFileError(`${where(i)}: the ${provider} deployment ${name} has no key: give its apiKey (as \${SOME_VARIABLE}) or set ${d.keyEnv}`);
    }
    return {
      provider,
      name,
      key: `${provider}/${name}`,
      weight: e.weight ?? 1,
      ...(e.models ? { models: e.models } : {}),
      ...(e.concurrency ? { concurrency: e.concurrency } : {}),
      ...(e.region ? { region: e.region } : {}),
      settings,
    };
  });
}

// Named after what tells it apart (its region, its host), so the name stays as
// the file is reordered or a key rotated, and usage rows keep meaning one place.
function derivedName(e: DeploymentEntry, taken: Map<string, number>): string {
  let base = e.region ?? 'default';
  if (!e.region && e.baseUrl) {
    try {
      base = new URL(e.baseUrl).host.toLowerCase().replace(/[^a-z0-9._-]/g, '-');
    } catch {
      // The schema let it through as http(s)://...; a host that does not parse keeps `default`.
    }
  }
  base = base.slice(0, 56);
  const seen = taken.get(base);
  taken.set(base, (seen ?? 0) + 1);
  if (seen === undefined) return base;
  let n = seen + 1;
  while (taken.has(`${base}-${n}`)) n++;
  taken.set(`${base}-${n}`, 1);
  return `${base}-${n}`;
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Every string with its ${NAME} references replaced by the environment's values; an unset one is a fault naming its line. */
function withEnv(value: unknown, at: (string | number)[], env: NodeJS.ProcessEnv, where: (p: readonly (string | number)[]) => string): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${')) return value;
    return value.replace(REFERENCE, (_, name: string) => {
      const set = env[name];
      if (set === undefined || set === '') throw new ConfigFileError(`${where(at)}: ${at.join('.')} references \${${name}}, which is not set`);
      return set;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => withEnv(v, [...at, i], env, where));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withEnv(v, [...at, k], env, where);
    return out;
  }
  return value;
}

function unescape(segment: string): string | number {
  const s = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  return /^\d+$/.test(s) ? Number(s) : s;
}

function nodeAt(doc: Document, p: readonly (string | number)[]): Node | undefined {
  // The nearest node that exists: a missing property is reported where its object is.
  for (let n = p.length; n >= 0; n--) {
    const node = (n === 0 ? doc.contents : doc.getIn(p.slice(0, n), true)) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node) return node;
  }
  return undefined;
}

function keyOffset(doc: Document, p: readonly (string | number)[], key: string): number | undefined {
  const map = nodeAt(doc, p);
  if (!isMap(map)) return map?.range?.[0];
  const pair = map.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
  return (pair?.key as Node | undefined)?.range?.[0] ?? map.range?.[0];
}
