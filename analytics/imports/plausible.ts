// Plausible's CSV export: one CSV per imported_* table, daily aggregates already,
// named imported_<table>_<YYYYMMDD>_<YYYYMMDD>.csv (or without the imported_
// prefix). Columns as its CSV importer reads them; `visits` is preferred to
// `visitors` wherever a row has both, because sessions add up across days.
import { csvRows } from './files.ts';
import { browserName, countryCode, deviceType, osName, pathOf, sourceId } from './normalize.ts';
import { countOf, dayOf, type DailyTable, type DayCounts, type ImportDim } from './types.ts';

interface TableReader {
  dim: ImportDim;
  value: (r: Record<string, string>) => string;
  counts: (r: Record<string, string>) => Partial<Record<keyof DayCounts, string | undefined>>;
}

const sessions = (r: Record<string, string>) => ({ visits: r.visits, visitors: r.visitors, pageviews: r.pageviews, bounces: r.bounces, durationS: r.visit_duration });

const TABLES: Record<string, TableReader> = {
  visitors: { dim: 'total', value: () => '', counts: sessions },
  pages: { dim: 'page', value: (r) => pathOf(r.page), counts: (r) => ({ visits: r.visits ?? r.visitors, visitors: r.visitors, pageviews: r.pageviews }) },
  sources: { dim: 'source', value: (r) => sourceId(r.source), counts: sessions },
  locations: { dim: 'country', value: (r) => countryCode(r.country), counts: sessions },
  devices: { dim: 'device', value: (r) => deviceType(r.device), counts: sessions },
  browsers: { dim: 'browser', value: (r) => browserName(r.browser), counts: sessions },
  operating_systems: { dim: 'os', value: (r) => osName(r.operating_system), counts: sessions },
  custom_events: { dim: 'event', value: (r) => r.name?.trim() || '(not set)', counts: (r) => ({ events: r.events, visitors: r.visitors }) },
};

const FILE = /^(?:imported_)?([a-z_]+?)(?:_\d{8}_\d{8})?\.csv$/;

/** The table a file of the export holds, or null for one this service does not read (entry and exit pages). */
export function plausibleTable(fileName: string): string | null {
  const m = FILE.exec(fileName.toLowerCase());
  return m && m[1]! in TABLES ? m[1]! : null;
}

export async function readPlausible(files: Map<string, Uint8Array>, table: DailyTable): Promise<number> {
  let read = 0;
  for (const [name, bytes] of files) {
    const t = plausibleTable(name);
    if (!t) continue;
    read++;
    const reader = TABLES[t]!;
    for await (const r of csvRows(bytes)) {
      table.rowsRead++;
      const day = dayOf(r.date);
      const raw = reader.counts(r);
      const counts: Partial<DayCounts> = {};
      let bad = day === null;
      for (const [k, v] of Object.entries(raw) as [keyof DayCounts, string | undefined][]) {
        const n = countOf(v);
        if (n === null) bad = true;
        else counts[k] = n;
      }
      if (bad) {
        table.rowsSkipped++;
        continue;
      }
      // A row per city adds into its country; a row per browser version into its browser.
      table.add(day!, reader.dim, reader.value(r), counts);
      // Custom events have no headline row of their own in the export: the day's total is their sum.
      if (reader.dim === 'event') table.add(day!, 'total', '', { events: counts.events ?? 0 });
    }
  }
  return read;
}
