import type { Knex } from 'knex';

export type ReportKind = 'weekly' | 'monthly' | 'spike';

/**
 * Claims one subscription's mail for one period inside the caller's transaction.
 * false when it is claimed already: a concurrent claim waits here for the other
 * transaction and sees its row once that commits (or takes the claim if it rolls back).
 */
export async function claimReportSend(trx: Knex.Transaction, subscriptionId: string, kind: ReportKind, periodStart: Date, tokenHash: Buffer): Promise<boolean> {
  const { rowCount } = await trx.raw(
    `INSERT INTO analytics_report_sends (subscription_id, kind, period_start, token_hash) VALUES (?, ?, ?, ?)
     ON CONFLICT (subscription_id, kind, period_start) DO NOTHING`,
    [subscriptionId, kind, periodStart, tokenHash],
  );
  return rowCount === 1;
}
