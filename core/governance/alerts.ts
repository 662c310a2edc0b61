// Budget alerts: when a budget's spend crosses 50, 80 or 100% in its period,
// once per threshold and period (gateway_budget_alerts claims each in the
// settlement that crossed it): a log line, a metric, and a signed webhook
// sent through the SSRF guard and retried by pg-boss.
import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PgBoss } from 'pg-boss';
import { guardedFetch, GuardedFetchError } from '../../providers/transport/guardedFetch.ts';
import { budgetAlerts } from '../../metrics/index.ts';
import { getAlertTarget } from '../../db/gateway/getAlertTarget.ts';
import type { CrossedThreshold } from '../../db/gateway/settleAllowances.ts';
import type { Budget, Scope } from './policy.ts';

export const BUDGET_ALERT_QUEUE = 'gateway-budget-alert';
export const SIGNATURE_HEADER = 'x-switchyard-signature';

export interface BudgetAlertJob {
  url: string;
  body: string;
}

export async function ensureAlertQueue(boss: PgBoss): Promise<void> {
  // About 15 minutes of retries with backoff, then the alert is dropped (the log line and metric remain).
  await boss.createQueue(BUDGET_ALERT_QUEUE, { retryLimit: 8, retryDelay: 2, retryBackoff: true, deleteAfterSeconds: 7 * 86_400 });
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as openapi/gateway.yaml AlertWebhookUrl says. */
export function signAlert(body: string, secret: string, at: number): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** One attempt; a failure throws, and pg-boss tries again later. */
export async function sendBudgetAlert(job: BudgetAlertJob, env: NodeJS.ProcessEnv): Promise<void> {
  const secret = env.GATEWAY_ALERT_SECRET;
  if (!secret) throw new Error('GATEWAY_ALERT_SECRET is not set: budget alert webhooks cannot be signed');
  const res = await guardedFetch(job.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signAlert(job.body, secret, Date.now()), 'user-agent': 'switchyard-budget-alert' },
    body: job.body,
    timeoutMs: 10_000,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
  });
  res.dispose();
  if (res.status < 200 || res.status >= 300) throw new GuardedFetchError('http_status', `budget alert webhook answered HTTP ${res.status}`, { status: res.status });
}

/** Announces thresholds a settlement crossed; never throws (the usage is written already). */
export async function announceCrossed(o: { db: Knex; boss: PgBoss; log: Logger; sign: boolean }, rows: CrossedThreshold[], now: number): Promise<void> {
  for (const row of rows) {
    try {
      const [scope, ...rest] = row.meter.split(':');
      const period = rest.pop()!;
      rest.pop();
      const id = rest.join(':');
      const target = await getAlertTarget(o.db, scope as Scope, id);
      const budget = ((target?.budgets as Budget[] | null) ?? []).find((b) => b.period === period);
      const mode = budget?.mode ?? 'hard';
      const alert = {
        type: 'budget.threshold',
        scope,
        subject: id,
        period,
        mode,
        threshold: row.threshold,
        amountUsd: Number(row.cap),
        spentUsd: Number(row.used),
        windowStart: new Date(row.window_start).toISOString(),
        at: new Date(now).toISOString(),
      };
      budgetAlerts.labels(scope!, period, mode, String(row.threshold)).inc();
      o.log.warn({ alert }, `budget alert: ${scope} ${id} has spent ${row.threshold}% or more of its ${mode} ${period} budget ($${alert.spentUsd} of $${alert.amountUsd})`);
      // Unsigned alerts are not sent: the receiver could not tell them from forgeries.
      if (target?.url && !o.sign) o.log.warn({ alert }, 'budget alert webhook not sent: GATEWAY_ALERT_SECRET is not set');
      else if (target?.url) await o.boss.send(BUDGET_ALERT_QUEUE, { url: target.url, body: JSON.stringify(alert) } satisfies BudgetAlertJob, { retryLimit: 8, retryDelay: 2, retryBackoff: true });
    } catch (err) {
      o.log.error({ err, alert: row }, 'could not announce a budget alert');
    }
  }
}
