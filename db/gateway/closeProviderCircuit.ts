import type { Knex } from 'knex';

/** A probe succeeded: the provider's (or deployment's) circuit is closed for every process; the database announces it. */
export async function closeProviderCircuit(db: Knex, provider: string, deployment?: string): Promise<void> {
  await db('provider_circuits').where({ provider, deployment: deployment ?? '' }).delete();
}
