// Umami's event rows as CSV, with its website_event column names (the rows its
// data export and its cloud import use): created_at in UTC, event_type 1 for a
// page view and 2 for a custom event, session_id per visitor and device,
// visit_id per visit.
import { csvRows } from './files.ts';
import { browserName, countryCode, deviceType, osName, pathOf, sourceOfVisit } from './normalize.ts';
import type { DailyTable } from './types.ts';
import { VisitAggregator } from './visits.ts';

/** Umami writes `2024-01-31 12:00:00` (UTC, no zone) or ISO 8601. */
function instantOf(v: string | undefined): number {
  const t = v?.trim() ?? '';
  if (t === '') return NaN;
  const iso = t.includes('T') ? t : t.replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
}

export async function readUmami(files: Uint8Array[], table: DailyTable): Promise<void> {
  const visits = new VisitAggregator();
  for (const bytes of files) {
    for await (const r of csvRows(bytes)) {
      table.rowsRead++;
      const at = instantOf(r.created_at);
      const sessionId = r.session_id?.trim();
      const type = r.event_type?.trim();
      if (Number.isNaN(at) || !sessionId || (type !== '1' && type !== '2')) {
        table.rowsSkipped++;
        continue;
      }
      visits.add({
        at,
        visitorId: sessionId,
        visitId: r.visit_id?.trim() || sessionId,
        kind: type === '1' ? 'pageview' : 'event',
        path: pathOf(r.url_path),
        name: type === '2' ? r.event_name?.trim() || '(not set)' : null,
        source: r.referrer_domain?.trim() || r.utm_source?.trim() ? sourceOfVisit(r.referrer_domain, r.utm_source, r.hostname) : null,
        country: countryCode(r.country),
        browser: browserName(r.browser),
        os: osName(r.os),
        device: deviceType(r.device),
      });
    }
  }
  visits.into(table);
}
