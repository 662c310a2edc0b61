/** Export/import columns in the contract's fixed order; new ones are only appended. */
export const COLUMNS = [
  'id', 'createdAt', 'sessionId', 'eventType', 'eventName', 'props', 'path', 'referrerPath', 'targetPath',
  'country', 'region', 'regionCode', 'city', 'asn', 'asOrganization', 'browser', 'os', 'deviceType',
  'isBot', 'botName', 'isVpn', 'locale', 'trafficSource', 'utmSource', 'utmMedium', 'utmCampaign',
  'userAgent', 'isInternal', 'utmTerm', 'utmContent', 'revenueAmount', 'revenueCurrency',
] as const;

export type Props = Record<string, string | number | boolean>;

export interface EventRow {
  id: string;
  createdAt: string;
  sessionId: string;
  eventType: 'pageview' | 'event';
  eventName: string | null;
  props: Props | null;
  path: string;
  referrerPath: string | null;
  targetPath: string | null;
  country: string | null;
  region: string | null;
  regionCode: string | null;
  city: string | null;
  asn: number | null;
  asOrganization: string | null;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  isBot: boolean;
  botName: string | null;
  isVpn: boolean;
  locale: string | null;
  trafficSource: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  userAgent: string | null;
  isInternal: boolean;
  utmTerm: string | null;
  utmContent: string | null;
  /** Revenue carried by the event (a purchase), with its ISO 4217 currency. */
  revenueAmount: number | null;
  revenueCurrency: string | null;
}

/** An event on its way into analytics_events, tagged with its project. */
export type NewEvent = EventRow & { projectId: string };

const snake = (c: string) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
export const DB_COLUMNS: Record<(typeof COLUMNS)[number], string> = Object.fromEntries(COLUMNS.map((c) => [c, snake(c)])) as never;

/** SELECT list that yields EventRow-shaped objects, in column order. */
export const EVENT_ROW_SELECT = COLUMNS.map((c) =>
  c === 'createdAt'
    ? `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`
    : c === 'revenueAmount'
      ? `revenue_amount::float8 AS "revenueAmount"`
      : `${DB_COLUMNS[c]} AS "${c}"`,
).join(', ');

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = `${COLUMNS.join(',')}\n`;

export function toCsvLine(row: Record<string, unknown>): string {
  return `${COLUMNS.map((c) => csvCell(row[c])).join(',')}\n`;
}

export function toNdjsonLine(row: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = {};
  for (const c of COLUMNS) ordered[c] = row[c] ?? null;
  return `${JSON.stringify(ordered)}\n`;
}
