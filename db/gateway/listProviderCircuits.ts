import type { Knex } from 'knex';

export interface ProviderCircuitRow {
  provider: string;
  /** '' for the provider's own circuit. */
  deployment: string;
  origin: string;
  failures: number;
  opened_at: Date;
}

/** The providers and deployments whose circuit is open. */
export async function listProviderCircuits(db: Knex): Promise<ProviderCircuitRow[]> {
  return db('provider_circuits').select('provider', 'deployment', 'origin', 'failures', 'opened_at');
}
