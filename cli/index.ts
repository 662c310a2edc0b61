// `npm run cli -- <command>`: operators' commands (gateway keys). Every command
// answers --help; a mistake is one line on stderr (exit 2 for a wrong command
// line, 1 for anything else), never a stack.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, StartupError } from '../server/config.ts';
import { sharedEmbeddedPostgres, type Database } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { GATEWAY_KEY_PREFIX } from '../core/gatewayAuth.ts';
import { listGatewayKeys } from '../db/gateway/listGatewayKeys.ts';
import { findGatewayKey } from '../db/gateway/findGatewayKey.ts';
import { listTeams } from '../db/gateway/listTeams.ts';
import { ApiError } from '../protocols/errors.ts';
import { CLI_ACTOR, createKey, createTeam, revokeKey, rotateKey, setTagPolicy, updateKey, type KeyInput, type PolicyInput } from '../core/governance/admin.ts';
import type { Budget, Limits } from '../core/governance/policy.ts';
import { REPO_ROOT } from '../server/paths.ts';
import type { Knex } from 'knex';
import { isProviderId } from '../protocols/canonical.ts';
import type { RoutingPolicy } from '../protocols/routing.ts';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
}

/** A mistake on the command line: one line, then where to look. */
class UsageError extends Error {}

interface Command {
  usage: string;
  summary: string;
  help: string;
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  /** Positional arguments: how many at least and at most. */
  args: [min: number, max: number];
  run(db: Knex, args: string[], options: Record<string, string | boolean | string[] | undefined>, io: Io): Promise<number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `keys list` shows (the id, the key's first characters with or without the ellipsis) or the key itself. */
function keySelector(given: string): { id: string } | { lookup: string } {
  const text = given.trim().replace(/(…|\.\.\.)$/, '');
  if (UUID.test(text)) return { id: text.toLowerCase() };
  if (text.startsWith(GATEWAY_KEY_PREFIX)) return { lookup: text.slice(0, GATEWAY_KEY_PREFIX.length + 8) };
  if (text === 'bootstrap') return { lookup: text };
  throw new UsageError(`"${given}" is not a key id or key prefix: give the id or the gw_live_… prefix that \`keys list\` shows`);
}

/** A --routing policy, checked enough that a typo is refused here rather than met by every call. */
function parseRouting(text: string): RoutingPolicy {
  let policy: unknown;
  try {
    policy = JSON.parse(text);
  } catch {
    throw new UsageError(`--routing is not JSON: ${text}`);
  }
  if (!policy || typeof policy !== 'object' || Array.isArray(policy)) throw new UsageError('--routing must be a JSON object');
  const known = new Set(['retry', 'fallbacks', 'strategy', 'weight', 'timeout']);
  for (const field of Object.keys(policy)) if (!known.has(field)) throw new UsageError(`--routing: unknown member "${field}" (known: ${[...known].join(', ')})`);
  for (const target of (policy as RoutingPolicy).fallbacks ?? []) {
    if (!isProviderId(target?.provider)) throw new UsageError(`--routing: unknown provider in fallbacks: ${JSON.stringify(target)}`);
  }
  return policy as RoutingPolicy;
}

// What keys, teams and tags may do and spend, as options (the Governance schema of openapi/gateway.yaml).
const POLICY_OPTIONS = {
  models: { type: 'string' },
  rpm: { type: 'string' },
  rpd: { type: 'string' },
  tpm: { type: 'string' },
  tpd: { type: 'string' },
  budget: { type: 'string', multiple: true },
  'alert-url': { type: 'string' },
} as const;

const POLICY_HELP = `  --models LIST  allow-list, comma-separated <provider>/<model> patterns: openai/*,anthropic/claude-*
  --rpm N, --rpd N, --tpm N, --tpd N  requests and tokens per minute and per day
  --budget PERIOD:USD[:hard|soft]  day, week, month or total (repeat for several; hard by default)
  --alert-url URL  where budget alerts (50, 80, 100%) are POSTed, signed with GATEWAY_ALERT_SECRET`;

function positiveInteger(text: string, option: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${option} must be a whole number of at least 1, not "${text}"`);
  return n;
}

function parsePolicy(options: Record<string, unknown>): PolicyInput {
  const out: PolicyInput = {};
  if (options.models !== undefined) out.allowedModels = String(options.models).split(',').map((p) => p.trim()).filter(Boolean);
  const limits: Limits = {};
  for (const [option, field] of [['rpm', 'requestsPerMinute'], ['rpd', 'requestsPerDay'], ['tpm', 'tokensPerMinute'], ['tpd', 'tokensPerDay']] as const) {
    if (options[option] !== undefined) limits[field] = positiveInteger(String(options[option]), option);
  }
  if (Object.keys(limits).length) out.limits = limits;
  const budgets = options.budget as string[] | undefined;
  if (budgets?.length) {
    out.budgets = budgets.map((text): Budget => {
      const [period, amount, mode = 'hard'] = text.split(':');
      const amountUsd = Number(amount);
      if (!['day', 'week', 'month', 'total'].includes(period!) || !(amountUsd > 0) || !['hard', 'soft'].includes(mode)) {
        throw new UsageError(`--budget "${text}": give PERIOD:USD[:hard|soft], PERIOD one of day, week, month, total`);
      }
      return { period: period as Budget['period'], amountUsd, mode: mode as Budget['mode'] };
    });
  }
  if (options['alert-url'] !== undefined) out.alertWebhookUrl = String(options['alert-url']);
  return out;
}

function parseKeyOptions(options: Record<string, unknown>): KeyInput {
  const out: KeyInput = parsePolicy(options);
  if (options.name !== undefined) out.name = String(options.name);
  if (options.role !== undefined) {
    if (options.role !== 'admin' && options.role !== 'member') throw new UsageError(`--role must be admin or member, not "${String(options.role)}"`);
    out.role = options.role;
  }
  if (options.team !== undefined) out.teamId = String(options.team);
  if (options.tags !== undefined) out.tags = String(options.tags).split(',').map((t) => t.trim()).filter(Boolean);
  if (options.expires !== undefined) {
    const at = Date.parse(String(options.expires));
    if (Number.isNaN(at)) throw new UsageError(`--expires "${String(options.expires)}" is not a date (give ISO 8601: 2026-12-31T00:00:00Z)`);
    out.expiresAt = new Date(at).toISOString();
  }
  return out;
}

const KEY_OPTIONS = {
  ...POLICY_OPTIONS,
  name: { type: 'string' },
  role: { type: 'string' },
  team: { type: 'string' },
  tags: { type: 'string' },
  expires: { type: 'string' },
} as const;

const KEY_HELP = `  --name NAME   a label shown by \`keys list\`
  --role admin|member  an admin key may use the admin API (keys, teams, tag budgets); default member
  --team ID     a team (see \`teams list\`) whose limits and budgets apply on top of the key's
  --tags a,b    free labels; tags an admin gave a budget (\`tags set\`) limit the key too
  --expires ISO when the key stops working (403 key_expired from then on)
${POLICY_HELP}`;

/** An id, a prefix or the key itself, resolved to the key's id. */
async function keyIdOf(db: Knex, given: string): Promise<string | undefined> {
  const selector = keySelector(given);
  if ('id' in selector) return selector.id;
  return (await findGatewayKey(db, selector.lookup))?.id;
}

const KEYS: Record<string, Command> = {
  create: {
    usage: 'keys create [--name NAME] [--role admin] ...',
    summary: 'mint a gateway key; it is printed once',
    help: `Mints a gateway key (gw_live_…) and prints it once: only its hash is stored.
The first admin key comes from here: npm run cli -- keys create --name ops --role admin
Options:
${KEY_HELP}
  --quiet       print the key alone, for scripts: GATEWAY_KEY=$(npm run -s cli -- keys create --quiet)
  --routing JSON  the key's default routing policy (retries, fallbacks, timeouts: the Routing
                schema of openapi/gateway.yaml); a request's own routing overrides it`,
    options: { ...KEY_OPTIONS, quiet: { type: 'boolean' }, routing: { type: 'string' } },
    args: [0, 0],
    async run(db, _args, options, io) {
      const routing = options.routing === undefined ? undefined : parseRouting(options.routing as string);
      const input = { name: 'unnamed', ...parseKeyOptions(options), ...(routing ? { routing } : {}) };
      const { key, secret } = await createKey(db, CLI_ACTOR, input, Date.now());
      if (options.quiet) io.out(secret);
      else io.out(`key id: ${key.id}\napi key (shown once, store it now): ${secret}`);
      return 0;
    },
  },
  update: {
    usage: 'keys update ID|PREFIX [options]',
    summary: 'change a key\'s role, team, tags, expiry, allow-list, limits or budgets',
    help: `Changes only what is given; --budget and --tags replace the key's whole list. Every running
process applies the change within about a second.
Options:
${KEY_HELP}`,
    options: KEY_OPTIONS,
    args: [1, 1],
    async run(db, [given], options, io) {
      const input = parseKeyOptions(options);
      if (!Object.keys(input).length) throw new UsageError('nothing to change: give at least one option (keys update --help)');
      const id = await keyIdOf(db, given!);
      if (!id) throw new ApiError('not_found', `no active key matches "${given}" (see npm run cli -- keys list)`);
      const key = await updateKey(db, CLI_ACTOR, id, input, Date.now());
      io.out(`updated ${key.id} (${String(key.prefix)}…, ${String(key.name)})`);
      return 0;
    },
  },
  rotate: {
    usage: 'keys rotate ID|PREFIX [--grace SECONDS]',
    summary: 'give a key a new secret; the old one works for a grace period',
    help: `Prints the key's new secret once. The secret it replaces keeps working for --grace seconds
(default 3600, 0 ends it at once); limits, budgets and spend stay with the key.`,
    options: { grace: { type: 'string' } },
    args: [1, 1],
    async run(db, [given], options, io) {
      const grace = options.grace === undefined ? undefined : Number(options.grace);
      if (grace !== undefined && (!Number.isInteger(grace) || grace < 0 || grace > 2_592_000)) throw new UsageError('--grace must be whole seconds from 0 to 2592000');
      const id = await keyIdOf(db, given!);
      if (!id) throw new ApiError('not_found', `no active key matches "${given}" (see npm run cli -- keys list)`);
      const { key, secret } = await rotateKey(db, CLI_ACTOR, id, grace, Date.now());
      io.out(`key id: ${String(key.id)}\nnew api key (shown once, store it now): ${secret}\nthe old one works until ${String(key.previousKeyValidUntil ?? 'now')}`);
      return 0;
    },
  },
  list: {
    usage: 'keys list',
    summary: 'list keys (never their secrets)',
    help: 'Lists every gateway key: id, prefix, name, creation time, and whether it is revoked. Secrets are never stored, so never shown.',
    args: [0, 0],
    async run(db, _args, _options, io) {
      const keys = await listGatewayKeys(db);
      if (!keys.length) io.out('no keys yet: npm run cli -- keys create --name <name>');
      for (const k of keys) {
        const extra = `${k.role === 'admin' ? '  ADMIN' : ''}${k.team_id ? `  team ${k.team_id}` : ''}${k.tags.length ? `  tags ${k.tags.join(',')}` : ''}`;
        io.out(`${k.id}  ${k.lookup}…  ${k.name}  created ${new Date(k.created_at).toISOString()}${extra}${k.revoked_at ? '  REVOKED' : ''}`);
      }
      return 0;
    },
  },
  revoke: {
    usage: 'keys revoke ID|PREFIX',
    summary: 'revoke a key by its id or prefix (as `keys list` shows them)',
    help: `Revokes one key: requests with it are refused from then on, by every running process (each is told
through PostgreSQL within about a second). A revoke is for good: nothing re-enables a key.
ID|PREFIX is what \`keys list\` shows: the id, or the gw_live_… prefix (with or without the …); the whole key works too.
\`keys revoke bootstrap\` revokes the GATEWAY_BOOTSTRAP_KEY: restarting with the same value leaves it
refused (the log says so at start); set GATEWAY_BOOTSTRAP_KEY to a new value, or create a key with
\`keys create\` and unset GATEWAY_BOOTSTRAP_KEY.`,
    args: [1, 1],
    async run(db, [given], _options, io) {
      const id = await keyIdOf(db, given!);
      const revoked = id && (await revokeKey(db, CLI_ACTOR, id, Date.now()).catch((err) => (err instanceof ApiError && err.code === 'not_found' ? undefined : Promise.reject(err))));
      if (revoked) {
        io.out(`revoked ${String(revoked.id)} (${String(revoked.prefix)}…, ${String(revoked.name)})`);
        return 0;
      }
      io.err(`error: no active key matches "${given}" (see npm run cli -- keys list)`);
      return 1;
    },
  },
};

const TEAMS: Record<string, Command> = {
  create: {
    usage: 'teams create NAME [options]',
    summary: 'create a team; its limits and budgets apply on top of its keys\'',
    help: `Creates a team and prints its id (for keys create --team).
Options:
${POLICY_HELP}`,
    options: POLICY_OPTIONS,
    args: [1, 1],
    async run(db, [name], options, io) {
      const team = await createTeam(db, CLI_ACTOR, { name: name!, ...parsePolicy(options) }, Date.now());
      io.out(`team id: ${String(team.id)}`);
      return 0;
    },
  },
  list: {
    usage: 'teams list',
    summary: 'list teams',
    help: 'Lists every team: id and name.',
    args: [0, 0],
    async run(db, _args, _options, io) {
      const teams = await listTeams(db);
      if (!teams.length) io.out('no teams yet: npm run cli -- teams create <name>');
      for (const t of teams) io.out(`${t.id}  ${t.name}`);
      return 0;
    },
  },
};

const TAGS: Record<string, Command> = {
  set: {
    usage: 'tags set TAG [options]',
    summary: 'give a tag limits and budgets (replaces its whole policy)',
    help: `Every call of a key carrying TAG must pass these and counts against them.
Options:
${POLICY_HELP}`,
    options: POLICY_OPTIONS,
    args: [1, 1],
    async run(db, [tag], options, io) {
      await setTagPolicy(db, CLI_ACTOR, tag!, parsePolicy(options), Date.now());
      io.out(`tag ${tag} set`);
      return 0;
    },
  },
};

const GROUPS: Record<string, { summary: string; commands: Record<string, Command> }> = {
  keys: { summary: 'gateway keys', commands: KEYS },
  teams: { summary: 'teams of keys', commands: TEAMS },
  tags: { summary: 'limits and budgets of tags', commands: TAGS },
};

function overview(): string {
  const lines = ['usage: npm run cli -- <command> [options]   (--help after any command for more)', '', 'commands:'];
  for (const [group, { commands }] of Object.entries(GROUPS)) {
    for (const command of Object.values(commands)) lines.push(`  ${command.usage.padEnd(28)} ${command.summary}`);
    void group;
  }
  return lines.join('\n');
}

function commandHelp(command: Command): string {
  return `usage: npm run cli -- ${command.usage}\n\n${command.help}`;
}

/** The database the server uses: DATABASE_URL, or the embedded cluster (joined if running, else started for this command). */
async function withDatabase<T>(io: Io, work: (db: Knex) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env);
  let database: Database | undefined;
  let url = config.databaseUrl;
  if (!url) {
    database = await sharedEmbeddedPostgres({ dir: path.resolve(REPO_ROOT, config.dataDir, 'postgres'), log: (msg) => io.err(msg) });
    url = database.url;
  }
  const db = createDb(url, { max: 2 });
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.destroy();
    await database?.stop();
  }
}

/** Runs one command line; answers the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  const [groupName, commandName, ...rest] = argv;
  try {
    if (!groupName || groupName === '--help' || groupName === '-h' || groupName === 'help') {
      (groupName ? io.out : io.err)(overview());
      return groupName ? 0 : 2;
    }
    const group = GROUPS[groupName];
    if (!group) throw new UsageError(`unknown command "${groupName}"`);
    if (!commandName || commandName === '--help' || commandName === '-h') {
      const lines = Object.values(group.commands).map((c) => `  ${c.usage.padEnd(28)} ${c.summary}`);
      (commandName ? io.out : io.err)([`${groupName}: ${group.summary}`, ...lines].join('\n'));
      return commandName ? 0 : 2;
    }
    const command = group.commands[commandName];
    if (!command) throw new UsageError(`unknown command "${groupName} ${commandName}"`);
    const parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
    });
    if (parsed.values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    const [min, max] = command.args;
    if (parsed.positionals.length < min) throw new UsageError(`missing argument: ${command.usage}`);
    if (parsed.positionals.length > max) throw new UsageError(`unexpected argument "${parsed.positionals[max]}": ${command.usage}`);
    return await withDatabase(io, (db) => command.run(db, parsed.positionals, parsed.values, io));
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`error: ${(err as Error).message} (npm run cli -- --help)`);
      return 2;
    }
    // What the admin functions refuse (a team that does not exist, a budget period twice): the operator's to fix.
    if (err instanceof ApiError && err.status < 500) {
      io.err(`error: ${err.message}`);
      return 1;
    }
    if (err instanceof StartupError) {
      io.err(`error: ${err.message}`);
      return 1;
    }
    // Not the operator's mistake: still one line, with what the database or the system said.
    const e = err as { code?: string; message?: string };
    io.err(`error: ${e.message ?? String(err)}${e.code ? ` (${e.code})` : ''}`);
    return 1;
  }
}

if (import.meta.main) {
  const io: Io = { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env };
  runCli(process.argv.slice(2), io).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`error: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
