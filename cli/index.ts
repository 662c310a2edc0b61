// `npm run cli -- keys create|list|revoke`: gateway key management for operators.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { startEmbeddedPostgres, type Database } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { mintKey } from '../protocols/keys.ts';
import { GATEWAY_KEY_PREFIX } from '../core/gatewayAuth.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';
import { listGatewayKeys } from '../db/gateway/listGatewayKeys.ts';
import { revokeGatewayKey } from '../db/gateway/revokeGatewayKey.ts';
import { REPO_ROOT } from '../server/paths.ts';
import { isProviderId } from '../protocols/canonical.ts';
import type { RoutingPolicy } from '../protocols/routing.ts';

const USAGE = `usage:
  npm run cli -- keys create [--name NAME] [--routing JSON]
                                              mint a gateway key; it is printed once. --routing sets the
                                              key's default routing policy (retries, fallbacks, timeouts;
                                              the Routing schema of openapi/gateway.yaml)
  npm run cli -- keys list                    list keys (never their secrets)
  npm run cli -- keys revoke ID               revoke a key`;

/** A --routing policy, checked enough that a typo is refused here rather than met by every call. */
function parseRouting(text: string): RoutingPolicy {
  let policy: unknown;
  try {
    policy = JSON.parse(text);
  } catch {
    throw new Error(`--routing is not JSON: ${text}`);
  }
  if (!policy || typeof policy !== 'object' || Array.isArray(policy)) throw new Error('--routing must be a JSON object');
  const known = new Set(['retry', 'fallbacks', 'strategy', 'weight', 'timeout']);
  for (const field of Object.keys(policy)) if (!known.has(field)) throw new Error(`--routing: unknown member "${field}" (known: ${[...known].join(', ')})`);
  for (const target of (policy as RoutingPolicy).fallbacks ?? []) {
    if (!isProviderId(target?.provider)) throw new Error(`--routing: unknown provider in fallbacks: ${JSON.stringify(target)}`);
  }
  return policy as RoutingPolicy;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' }, routing: { type: 'string' } } });
  const [group, command, arg] = positionals;
  if (group !== 'keys' || !command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let database: Database | undefined;
  let url = config.databaseUrl;
  if (!url) {
    database = await startEmbeddedPostgres({ dir: path.resolve(REPO_ROOT, config.dataDir, 'postgres'), persistent: true });
    url = database.url;
  }
  const db = createDb(url, { max: 2 });
  try {
    await migrate(db);
    switch (command) {
      case 'create': {
        const routing = values.routing === undefined ? undefined : parseRouting(values.routing);
        const key = mintKey(GATEWAY_KEY_PREFIX);
        const id = await insertGatewayKey(db, { lookup: key.lookup, hash: key.hash, name: values.name ?? 'unnamed', routing });
        console.log(`key id: ${id}\napi key (shown once, store it now): ${key.plaintext}`);
        return 0;
      }
      case 'list':
        for (const k of await listGatewayKeys(db)) {
          console.log(`${k.id}  ${k.lookup}…  ${k.name}  created ${new Date(k.created_at).toISOString()}${k.revoked_at ? '  REVOKED' : ''}`);
        }
        return 0;
      case 'revoke':
        if (!arg) break;
        if (await revokeGatewayKey(db, arg)) {
          console.log(`revoked ${arg}`);
          return 0;
        }
        console.error(`no active key with id ${arg}`);
        return 1;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.destroy();
    await database?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
