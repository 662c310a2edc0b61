import type { Knex } from 'knex';
import type { ReportKind } from './claimReportSend.ts';

/** The subscription and kind of mail an unsubscribe token came with. */
export async function findReportSendByToken(db: Knex, tokenHash: Buffer): Promise<{ subscriptionId: string; kind: ReportKind; email: string; projectName: string } | null> {
  const { rows } = await db.raw(
    `SELECT s.subscription_id, s.kind, r.email, p.name
     FROM analytics_report_sends s JOIN analytics_report_subscriptions r ON r.id = s.subscription_id
     JOIN analytics_projects p ON p.id = r.project_id
     WHERE s.token_hash = ?`,
    [tokenHash],
  );
  const r = rows[0];
  return r ? { subscriptionId: r.subscription_id, kind: r.kind, email: r.email, projectName: r.name } : null;
}
