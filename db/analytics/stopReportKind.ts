import type { Knex } from 'knex';
import type { ReportKind } from './claimReportSend.ts';

/** Turns one kind of mail off for a subscription (the unsubscribe link). */
export async function stopReportKind(db: Knex, subscriptionId: string, kind: ReportKind): Promise<void> {
  const set = kind === 'spike' ? 'spike_visitors = NULL' : `${kind === 'weekly' ? 'weekly' : 'monthly'} = false`;
  await db.raw(`UPDATE analytics_report_subscriptions SET ${set} WHERE id = ?`, [subscriptionId]);
}
