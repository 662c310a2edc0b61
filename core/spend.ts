// GET /api/llm/spend: who may read which rows, the range rules, and the CSV form.
import type { Knex } from 'knex';
import { getSpend, SPEND_DIMENSIONS, type SpendBucket, type SpendDimension, type SpendResult } from '../db/gateway/getSpend.ts';
import { ApiError } from '../protocols/errors.ts';
import type { GatewayAuth } from './gatewayAuth.ts';

export interface SpendRequest {
  from?: string;
  to?: string;
  groupBy?: string;
  bucket?: SpendBucket;
  keyId?: string;
  teamId?: string;
  tag?: string;
  model?: string;
  provider?: string;
  limit?: number;
}

export interface SpendReport extends SpendResult {
  from: string;
  to: string;
  bucket: SpendBucket;
  groupBy: SpendDimension[];
  currency: 'USD';
}

const DAY_MS = 86_400_000;
/** Days a report may span: a daily one is at most a year of periods. */
const MAX_DAYS: Record<SpendBucket, number> = { day: 366, month: 3660, none: 3660 };

/**
 * The report for `caller`: an admin (a viewer's console session too) reads
 * every key's rows; a member's console session its team's (its own key's
 * without a team); any other key its own only.
 */
export async function spendReport(db: Knex, caller: GatewayAuth, q: SpendRequest, now = Date.now()): Promise<SpendReport> {
  if (caller.role !== 'admin') q = scoped(caller, q);
  const to = q.to ?? new Date(now).toISOString().slice(0, 10);
  const toMs = dayMs(to, 'to');
  const from = q.from ?? new Date(toMs - 29 * DAY_MS).toISOString().slice(0, 10);
  const fromMs = dayMs(from, 'from');
  if (fromMs > toMs) throw new ApiError('invalid_request', `from (${from}) is after to (${to})`, { code: 'invalid_range', param: 'from' });
  const bucket = q.bucket ?? 'none';
  const days = (toMs - fromMs) / DAY_MS + 1;
  if (days > MAX_DAYS[bucket]) {
    throw new ApiError('invalid_request', `The range spans ${days} days; at most ${MAX_DAYS[bucket]} with bucket=${bucket}`, { code: 'range_too_large', param: 'from' });
  }
  const groupBy = [...new Set(q.groupBy ? q.groupBy.split(',') : [])] as SpendDimension[];
  for (const g of groupBy) {
    // The spec's pattern refuses these first; kept so no other text reaches the SQL.
    if (!SPEND_DIMENSIONS.includes(g)) throw new ApiError('invalid_request', `Unknown groupBy ${g}`, { code: 'invalid_request', param: 'groupBy' });
  }
  const result = await getSpend(db, {
    from, to, bucket, groupBy, limit: q.limit ?? 1000,
    ...pick(q, ['keyId', 'teamId', 'tag', 'model', 'provider']),
  });
  return { from, to, bucket, groupBy, currency: 'USD', ...result };
}

function scoped(caller: GatewayAuth, q: SpendRequest): SpendRequest {
  // A member's person sees what its team spends; a member's key stays private to whoever holds it.
  if (caller.principal && caller.teamId) {
    if (q.teamId !== undefined && q.teamId !== caller.teamId) {
      throw new ApiError('forbidden', "A member's console session reads its own team's spend only", { code: 'forbidden', param: 'teamId' });
    }
    return { ...q, teamId: caller.teamId };
  }
  if (q.keyId !== undefined && q.keyId !== caller.keyId) {
    throw new ApiError('forbidden', "Only an admin key may read another key's spend", { code: 'forbidden', param: 'keyId' });
  }
  return { ...q, keyId: caller.keyId };
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

// The spec's format refuses a day that does not exist first; this keeps one that slips through from a 500.
function dayMs(day: string, param: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new ApiError('invalid_request', `${param} must be a day, YYYY-MM-DD`, { code: 'invalid_request', param });
  }
  return ms;
}

const CSV_COLUMNS: Record<SpendDimension, string[]> = {
  key: ['keyId', 'keyName'],
  team: ['teamId', 'teamName'],
  tag: ['tag'],
  model: ['model'],
  provider: ['provider'],
  surface: ['surface'],
};
const AMOUNT_COLUMNS = ['calls', 'inputTokens', 'outputTokens', 'totalTokens', 'spend'];

/** RFC 4180 text, one line per row, columns in the order the spec gives. */
export function spendCsv(report: SpendReport): string {
  const columns = [...(report.bucket === 'none' ? [] : ['period']), ...report.groupBy.flatMap((g) => CSV_COLUMNS[g]), ...AMOUNT_COLUMNS];
  const lines = [columns.join(',')];
  for (const row of report.rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  // Names, tags and models are chosen by callers: a spreadsheet must not run one as a formula.
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
