import { CsvError } from 'csv-parse';
import { ApiError } from '../../protocols/errors.ts';
import { isZip, unzipFiles } from './files.ts';
import { readGa4 } from './ga4.ts';
import { plausibleTable, readPlausible } from './plausible.ts';
import { DailyTable, type ImportSource } from './types.ts';
import { readUmami } from './umami.ts';

export { IMPORT_DIMS, type ImportDim, type ImportedRow, type ImportSource } from './types.ts';

const bad = (message: string) => new ApiError('invalid_request', message, { code: 'bad_request' });

/** An upload of one of the supported exports, read into daily aggregates; a file the CSV reader cannot read is a 400 naming where. */
export async function readExport(source: ImportSource, data: Uint8Array): Promise<DailyTable> {
  try {
    return await readTables(source, data);
  } catch (err) {
    // csv-parse's own errors (an unclosed quote, a quote inside a bare field) name the line.
    if (err instanceof CsvError) throw bad(`The upload is not CSV that can be read as ${source} data: ${err.message}`);
    throw err;
  }
}

async function readTables(source: ImportSource, data: Uint8Array): Promise<DailyTable> {
  const table = new DailyTable();
  const zipped = isZip(data);
  if (source === 'plausible') {
    if (!zipped) throw bad("A Plausible import is the ZIP of its CSV export (application/zip).");
    const files = await unzipFiles(data);
    if (!(await readPlausible(files, table))) {
      throw bad(`The ZIP holds none of Plausible's tables (imported_visitors_….csv, imported_pages_….csv, …): found ${[...files.keys()].slice(0, 5).join(', ') || 'no files'}.`);
    }
  } else {
    const wanted = source === 'umami' ? /\.csv$/i : /\.(nd)?json(l)?$/i;
    const files = zipped ? [...(await unzipFiles(data))].filter(([name]) => wanted.test(name) && !plausibleTable(name)).map(([, bytes]) => bytes) : [data];
    if (files.length === 0) throw bad(`The ZIP holds no ${source === 'umami' ? 'CSV' : 'NDJSON'} file.`);
    await (source === 'umami' ? readUmami(files, table) : readGa4(files, table));
  }
  if (table.size === 0) throw bad(`No row of the upload could be read as ${source} data (${table.rowsRead} rows read, ${table.rowsSkipped} skipped).`);
  return table;
}

/** An import as the API answers it (AnalyticsImport). */
export function toImport(r: {
  id: string; source: string; file_name: string | null; first_day: string | null; last_day: string | null;
  rows_read: string | number; rows_skipped: string | number; created_at: Date; days: string | number; visits: string | number; pageviews: string | number; events: string | number;
}) {
  return {
    id: r.id,
    source: r.source as ImportSource,
    fileName: r.file_name,
    firstDay: r.first_day,
    lastDay: r.last_day,
    days: Number(r.days),
    rowsRead: Number(r.rows_read),
    rowsSkipped: Number(r.rows_skipped),
    totals: { visits: Number(r.visits), pageviews: Number(r.pageviews), events: Number(r.events) },
    createdAt: r.created_at.toISOString(),
  };
}

/** The first and last day of the aggregates read. */
export function dayRange(table: DailyTable): { first: string; last: string } {
  let first = '9999-12-31';
  let last = '0000-01-01';
  for (const r of table.values()) {
    if (r.day < first) first = r.day;
    if (r.day > last) last = r.day;
  }
  return { first, last };
}
