// A provider's circuit opens and closes for every gateway process on the
// database at once, not per process: an opening or closing decided here is
// written to provider_circuits, whose trigger announces it to every process
// (this one too), and each applies what it hears. A process starting, or
// reconnecting after missing notices, reads the rows. If the database is
// unreachable the circuit still works in this process alone.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Notifier } from '../jobs/notifier.ts';
import { PROVIDER_IDS, type ProviderId } from '../protocols/canonical.ts';
import type { CircuitBreakers, CircuitChange } from './circuitBreaker.ts';
import { openProviderCircuit } from '../db/gateway/openProviderCircuit.ts';
import { closeProviderCircuit } from '../db/gateway/closeProviderCircuit.ts';
import { listProviderCircuits } from '../db/gateway/listProviderCircuits.ts';

const KNOWN: ReadonlySet<string> = new Set(PROVIDER_IDS);

function parseChange(payload: string): CircuitChange | undefined {
  try {
    const c = JSON.parse(payload) as Record<string, unknown>;
    if (typeof c.provider !== 'string' || !KNOWN.has(c.provider)) return undefined;
    const provider = c.provider as ProviderId;
    // A deployment's circuit (switchyard.yaml); absent or null for the provider's own.
    const deployment = typeof c.deployment === 'string' && c.deployment !== '' ? { deployment: c.deployment } : {};
    if (c.state === 'closed') return { provider, ...deployment, state: 'closed' };
    if (c.state === 'open' && typeof c.origin === 'string' && Number.isFinite(c.failures) && Number.isFinite(c.openedAt)) {
      return { provider, ...deployment, state: 'open', origin: c.origin, failures: c.failures as number, openedAt: c.openedAt as number };
    }
  } catch {
    // Not ours to understand (a newer version's notice): ignored.
  }
  return undefined;
}

export async function shareCircuits(o: { db: Knex; notifier: Notifier; log: Logger; breakers: CircuitBreakers }): Promise<{ stop(): void }> {
  const { db, notifier, log, breakers } = o;
  // One write at a time, in the order decided, so the rows end as this process last decided.
  let writes: Promise<void> = Promise.resolve();
  const announce = (change: CircuitChange) => {
    writes = writes
      .then(() => (change.state === 'open' ? openProviderCircuit(db, change) : closeProviderCircuit(db, change.provider, change.deployment)))
      .catch((err) => log.warn({ err: (err as Error).message, provider: change.provider }, 'could not share a circuit change; it holds in this process only'));
  };
  const heard = (payload: string) => {
    const change = parseChange(payload);
    if (change) breakers.apply(change);
  };
  const load = async () => {
    const rows = await listProviderCircuits(db);
    const open = new Set(rows.map((r) => `${r.provider}/${r.deployment}`));
    for (const r of rows) {
      heard(JSON.stringify({ provider: r.provider, deployment: r.deployment, state: 'open', origin: r.origin, failures: r.failures, openedAt: r.opened_at.getTime() }));
    }
    // A closing missed while disconnected.
    for (const s of [...breakers.all(), ...breakers.deploymentCircuits()]) {
      if (s.state !== 'closed' && !open.has(`${s.provider}/${s.deployment ?? ''}`)) breakers.apply({ provider: s.provider, ...(s.deployment ? { deployment: s.deployment } : {}), state: 'closed' });
    }
  };
  const reload = () => void load().catch((err) => log.warn({ err: (err as Error).message }, 'could not read the shared circuits'));
  breakers.onChange = announce;
  notifier.on('provider_circuits', heard);
  notifier.on('reconnected', reload);
  await load();
  return {
    stop() {
      if (breakers.onChange === announce) breakers.onChange = undefined;
      notifier.off('provider_circuits', heard);
      notifier.off('reconnected', reload);
    },
  };
}
