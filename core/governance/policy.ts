// What a key, a team or a tag may do and spend (openapi/gateway.yaml
// Governance), the windows its limits and budgets are counted in, and the
// meters a call is counted against.
import { ApiError } from '../../protocols/errors.ts';

export interface Limits {
  requestsPerMinute?: number;
  requestsPerDay?: number;
  tokensPerMinute?: number;
  tokensPerDay?: number;
}

export type BudgetPeriod = 'day' | 'week' | 'month' | 'total';
export interface Budget {
  period: BudgetPeriod;
  amountUsd: number;
  mode: 'hard' | 'soft';
}

export interface Policy {
  allowedModels: string[] | null;
  limits: Limits | null;
  budgets: Budget[] | null;
  alertWebhookUrl: string | null;
}

export type Scope = 'key' | 'team' | 'tag';

/** One party whose policy a call must pass: the key, its team, one of its tags. */
export interface Governed {
  scope: Scope;
  /** The key's or team's id, or the tag. */
  id: string;
  /** How refusals and alerts name it. */
  label: string;
  policy: Policy;
}

export type Metric = 'requests' | 'tokens' | 'spend';
export type Period = 'minute' | 'day' | 'week' | 'month' | 'total';

/** One limit or budget of one party. */
export interface MeterSpec {
  /** `<scope>:<id>:<metric>:<period>`: the row key in gateway_allowances. */
  meter: string;
  owner: Governed;
  metric: Metric;
  period: Period;
  cap: number;
  /** Hard meters refuse; soft budgets only count (and alert). */
  hard: boolean;
}

export const EMPTY_POLICY: Policy = { allowedModels: null, limits: null, budgets: null, alertWebhookUrl: null };

export function hasRules(p: Policy): boolean {
  return p.allowedModels !== null || p.limits !== null || (p.budgets !== null && p.budgets.length > 0);
}

/** The policy columns of a gateway_keys, gateway_teams or gateway_tag_policies row. */
export function policyOfRow(row: { allowed_models: string[] | null; limits: unknown; budgets: unknown; alert_webhook_url: string | null }): Policy {
  return {
    allowedModels: row.allowed_models ?? null,
    limits: (row.limits as Limits | null) ?? null,
    budgets: (row.budgets as Budget[] | null) ?? null,
    alertWebhookUrl: row.alert_webhook_url ?? null,
  };
}

const LIMIT_METERS: Array<[keyof Limits, Metric, Period]> = [
  ['requestsPerMinute', 'requests', 'minute'],
  ['requestsPerDay', 'requests', 'day'],
  ['tokensPerMinute', 'tokens', 'minute'],
  ['tokensPerDay', 'tokens', 'day'],
];

/** Every meter of a party, rate limits first. */
export function metersOf(owner: Governed): MeterSpec[] {
  const out: MeterSpec[] = [];
  const { limits, budgets } = owner.policy;
  for (const [field, metric, period] of LIMIT_METERS) {
    const cap = limits?.[field];
    if (cap) out.push({ meter: `${owner.scope}:${owner.id}:${metric}:${period}`, owner, metric, period, cap, hard: true });
  }
  for (const b of budgets ?? []) {
    out.push({ meter: `${owner.scope}:${owner.id}:spend:${b.period}`, owner, metric: 'spend', period: b.period, cap: b.amountUsd, hard: b.mode !== 'soft' });
  }
  return out;
}

/** The UTC window `at` falls in: its start and end (epoch ms; end undefined for all time). */
export function windowOf(period: Period, at: number): { start: number; end?: number } {
  if (period === 'total') return { start: 0 };
  if (period === 'minute') {
    const start = at - (at % 60_000);
    return { start, end: start + 60_000 };
  }
  const d = new Date(at);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (period === 'month') return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
  const day = Date.UTC(y, m, d.getUTCDate());
  if (period === 'day') return { start: day, end: day + 86_400_000 };
  // Weeks start on Monday.
  const start = day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return { start, end: start + 7 * 86_400_000 };
}

// Pattern → RegExp, compiled once per distinct pattern.
const compiled = new Map<string, RegExp>();

function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    re = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`);
    compiled.set(pattern, re);
  }
  return re;
}

/** Whether `<provider>/<model>` matches one of the patterns (null allows every model). */
export function modelAllowed(allowed: readonly string[] | null, provider: string, model: string): boolean {
  if (allowed === null) return true;
  const id = `${provider}/${model}`;
  return allowed.some((p) => patternRegExp(p).test(id));
}

/**
 * The rules across fields the schema cannot say (400 `invalid_policy`); the
 * SSRF check of alertWebhookUrl is the caller's (it needs the network).
 */
export function checkPolicy(p: Partial<Policy>): void {
  const periods = new Set<string>();
  for (const b of p.budgets ?? []) {
    if (periods.has(b.period)) throw new ApiError('invalid_request', `budgets: the ${b.period} period is given twice`, { code: 'invalid_policy', param: 'budgets' });
    periods.add(b.period);
  }
}

/** A policy as the API shows it. */
export function policyView(p: Policy): Record<string, unknown> {
  return { allowedModels: p.allowedModels, limits: p.limits, budgets: p.budgets?.map((b) => ({ ...b, mode: b.mode ?? 'hard' })) ?? null, alertWebhookUrl: p.alertWebhookUrl };
}
