// Google Analytics 4's BigQuery export: one event per row (NDJSON when exported
// from BigQuery), its parameters a list of { key, value: { string_value |
// int_value | … } }. A visit is user_pseudo_id with the ga_session_id parameter.
import { ndjsonRows } from './files.ts';
import { browserName, countryCode, deviceType, osName, pathOf, sourceOfVisit } from './normalize.ts';
import type { DailyTable } from './types.ts';
import { VisitAggregator } from './visits.ts';

/** GA4's own bookkeeping events: not page views, not the site's custom events. */
const SKIPPED = new Set(['session_start', 'first_visit', 'user_engagement']);

type Params = Array<{ key?: string; value?: Record<string, unknown> }>;

function param(params: unknown, key: string): string | null {
  if (!Array.isArray(params)) return null;
  const p = (params as Params).find((x) => x?.key === key)?.value;
  if (!p) return null;
  const v = p.string_value ?? p.int_value ?? p.double_value ?? p.float_value;
  return v === undefined || v === null ? null : String(v);
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** event_timestamp is microseconds since the epoch, as a number or a string. */
function instantOf(v: unknown): number {
  const s = str(v);
  return s && /^\d{1,19}$/.test(s) ? Number(BigInt(s) / 1000n) : NaN;
}

export async function readGa4(files: Uint8Array[], table: DailyTable): Promise<void> {
  const visits = new VisitAggregator();
  for (const bytes of files) {
    for await (const r of ndjsonRows(bytes)) {
      table.rowsRead++;
      const name = r ? str(r.event_name) : null;
      const at = r ? instantOf(r.event_timestamp) : NaN;
      const visitor = r ? str(r.user_pseudo_id) : null;
      if (!r || !name || Number.isNaN(at) || !visitor) {
        table.rowsSkipped++;
        continue;
      }
      if (SKIPPED.has(name)) continue;
      const session = param(r.event_params, 'ga_session_id');
      const location = param(r.event_params, 'page_location');
      const device = obj(r.device);
      const web = obj(device.web_info);
      const manual = obj(r.collected_traffic_source);
      const host = str(web.hostname) ?? (location ? safeHost(location) : null);
      const referrer = param(r.event_params, 'page_referrer');
      const utm = str(manual.manual_source);
      visits.add({
        at,
        visitorId: visitor,
        visitId: `${visitor}\u0000${session ?? ''}`,
        kind: name === 'page_view' ? 'pageview' : 'event',
        path: pathOf(location),
        name: name === 'page_view' ? null : name,
        source: referrer || utm ? sourceOfVisit(referrer, utm, host) : null,
        country: countryCode(str(obj(r.geo).country)),
        browser: browserName(str(web.browser)),
        os: osName(str(device.operating_system)),
        device: deviceType(str(device.category)),
      });
    }
  }
  visits.into(table);
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
