import type { Knex } from 'knex';

/** Records a provider's (or one of its deployments') circuit as open (again, after a failed probe); the database announces it. */
export async function openProviderCircuit(
  db: Knex,
  c: { provider: string; deployment?: string; origin: string; failures: number; openedAt: number },
): Promise<void> {
  await db('provider_circuits')
    .insert({ provider: c.provider, deployment: c.deployment ?? '', origin: c.origin, failures: c.failures, opened_at: new Date(c.openedAt) })
    .onConflict(['provider', 'deployment'])
    .merge();
}
