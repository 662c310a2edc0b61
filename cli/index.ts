// `npm run cli -- <command>`: operators' commands (gateway keys). Every command
// answers --help; a mistake is one line on stderr (exit 2 for a wrong command
// line, 1 for anything else), never a stack.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, StartupError } from '../server/config.ts';
import { sharedEmbeddedPostgres, type Database } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { mintKey } from '../protocols/keys.ts';
import { GATEWAY_KEY_PREFIX } from '../core/gatewayAuth.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';
import { listGatewayKeys } from '../db/gateway/listGatewayKeys.ts';
import { revokeGatewayKey } from '../db/gateway/revokeGatewayKey.ts';
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
  options?: Record<string, { type: 'string' | 'boolean' }>;
  /** Positional arguments: how many at least and at most. */
  args: [min: number, max: number];
  run(db: Knex, args: string[], options: Record<string, string | boolean | undefined>, io: Io): Promise<number>;
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

const KEYS: Record<string, Command> = {
  create: {
    usage: 'keys create [--name NAME] [--routing JSON]',
    summary: 'mint a gateway key; it is printed once',
    help: `Mints a gateway key (gw_live_…) and prints it once: only its hash is stored.
Options:
  --name NAME   a label shown by \`keys list\` (default: unnamed)
  --quiet       print the key alone, for scripts: GATEWAY_KEY=$(npm run -s cli -- keys create --quiet)
  --routing JSON  the key's default routing policy (retries, fallbacks, timeouts: the Routing
                schema of openapi/gateway.yaml); a request's own routing overrides it`,
    options: { name: { type: 'string' }, quiet: { type: 'boolean' }, routing: { type: 'string' } },
    args: [0, 0],
    async run(db, _args, options, io) {
      const routing = options.routing === undefined ? undefined : parseRouting(options.routing as string);
      const key = mintKey(GATEWAY_KEY_PREFIX);
      const id = await insertGatewayKey(db, { lookup: key.lookup, hash: key.hash, name: (options.name as string | undefined) ?? 'unnamed', routing });
      if (options.quiet) io.out(key.plaintext);
      else io.out(`key id: ${id}\napi key (shown once, store it now): ${key.plaintext}`);
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
        io.out(`${k.id}  ${k.lookup}…  ${k.name}  created ${new Date(k.created_at).toISOString()}${k.revoked_at ? '  REVOKED' : ''}`);
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
      const selector = keySelector(given!);
      const revoked = await revokeGatewayKey(db, selector);
      if (revoked) {
        io.out(`revoked ${revoked.id} (${revoked.lookup}…, ${revoked.name})`);
        return 0;
      }
      io.err(`error: no active key matches "${given}" (see npm run cli -- keys list)`);
      return 1;
    },
  },
};

const GROUPS: Record<string, { summary: string; commands: Record<string, Command> }> = {
  keys: { summary: 'gateway keys', commands: KEYS },
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
