import type { Knex } from 'knex';

export interface ProviderCircuitRow {
  provider: string;
  origin: string;
  failures: number;
  opened_at: Date;
}

/** The providers whose circuit is open. */
export async function listProviderCircuits(db: Knex): Promise<ProviderCircuitRow[]> {
  return db('provider_circuits').select('provider', 'origin', 'failures', 'opened_at');
}
