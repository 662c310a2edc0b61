import { randomUUID } from 'node:crypto';
import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext, AppState } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { validateEventRow } from '../../analytics/contract.ts';
import { classifyUserAgent } from '../../analytics/userAgent.ts';
import type { EventRow, NewEvent } from '../../db/analytics/eventRow.ts';
import { insertEvents } from '../../db/analytics/insertEvents.ts';
import type { Handler } from '../types.ts';
import type { ImportEventsData } from '../../generated/analytics/types.gen.ts';

const MAX_EVENTS = 5000;
const FUTURE_SKEW_MS = 60_000;
/**
 * The name of an imported custom event that has none (eventName is optional on
 * import): GA4's word for a missing value. Stored as a name, since the query layer
 * reads a null name as a page view.
 */
export const UNNAMED_EVENT = '(not set)';

function parseBody(body: unknown, ndjson: string | undefined): unknown[] {
  if (ndjson !== undefined) body = ndjson;
  if (typeof body === 'string') {
    const lines = body.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > MAX_EVENTS) throw new ApiError('invalid_request', `At most ${MAX_EVENTS} events per request.`, { code: 'bad_request' });
    return lines.map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return undefined;
      }
    });
  }
  const events = (body as { events?: unknown[] } | undefined)?.events;
  if (!Array.isArray(events)) throw new ApiError('invalid_request', 'Body must be { events: [...] } (application/json) or NDJSON (application/x-ndjson).', { code: 'bad_request' });
  return events;
}

/** A valid row with every column filled in, or null when it must be skipped. */
function toEvent(raw: unknown, projectId: string, now: number): NewEvent | null {
  if (!raw || typeof raw !== 'object' || !validateEventRow(raw)) return null;
  const r = raw as Partial<EventRow>;
  const at = Date.parse(r.createdAt!);
  if (Number.isNaN(at) || at > now + FUTURE_SKEW_MS) return null;
  const derived = r.userAgent && (r.browser == null || r.os == null || r.deviceType == null) ? classifyUserAgent(r.userAgent) : null;
  return {
    projectId,
    id: r.id ?? randomUUID(),
    createdAt: new Date(at).toISOString(),
    sessionId: r.sessionId!,
    eventType: r.eventType!,
    eventName: r.eventType === 'event' ? (r.eventName || UNNAMED_EVENT) : (r.eventName ?? null),
    props: r.props ?? null,
    path: r.path!,
    referrerPath: r.referrerPath ?? null,
    targetPath: r.targetPath ?? null,
    country: r.country ?? null,
    region: r.region ?? null,
    regionCode: r.regionCode ?? null,
    city: r.city ?? null,
    asn: r.asn ?? null,
    asOrganization: r.asOrganization ?? null,
    browser: r.browser ?? derived?.browser ?? null,
    os: r.os ?? derived?.os ?? null,
    deviceType: r.deviceType ?? derived?.deviceType ?? null,
    isBot: r.isBot ?? false,
    botName: r.botName ?? null,
    isVpn: r.isVpn ?? false,
    locale: r.locale ?? null,
    trafficSource: r.trafficSource ?? null,
    utmSource: r.utmSource ?? null,
    utmMedium: r.utmMedium ?? null,
    utmCampaign: r.utmCampaign ?? null,
    userAgent: r.userAgent ?? null,
    isInternal: r.isInternal ?? false,
    utmTerm: r.utmTerm ?? null,
    utmContent: r.utmContent ?? null,
    revenueAmount: r.revenueAmount ?? null,
    revenueCurrency: r.revenueAmount != null ? (r.revenueCurrency?.toUpperCase() ?? null) : null,
  };
}

// Imports bypass the daily cap and the write buffer: the caller waits for the insert.
const handler: Handler<ImportEventsData> = async (ctx, { body }) => {
  const rows = parseBody(body, (ctx.state as AppState & { ndjson?: string }).ndjson);
  const projectId = projectIdOf(ctx);
  const now = Date.now();
  const events = rows.map((r) => toEvent(r, projectId, now)).filter((e): e is NewEvent => e !== null);
  const inserted = await insertEvents(ctx.state.deps.db, events);
  ctx.body = {
    received: rows.length,
    inserted,
    skippedInvalid: rows.length - events.length,
    skippedDuplicate: events.length - inserted,
  };
};

export default handler;
