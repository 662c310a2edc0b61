import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { unzip } from 'fflate';
import { ApiError } from '../../protocols/errors.ts';

const CHUNK = 64 * 1024;

/** The upload a chunk at a time: the parsers below take turns with other requests between chunks. */
function* chunks(data: Uint8Array): Generator<Buffer> {
  for (let i = 0; i < data.length; i += CHUNK) yield Buffer.from(data.buffer, data.byteOffset + i, Math.min(CHUNK, data.length - i));
}

/** CSV rows as objects keyed by the lower-cased header names. */
export function csvRows(data: Uint8Array): AsyncIterable<Record<string, string>> {
  const parser = parse({
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    relax_column_count: true,
    bom: true,
  });
  return Readable.from(chunks(data)).pipe(parser);
}

/** Lines of an NDJSON upload, parsed; a line that is not a JSON object is null (counted as skipped). */
export async function* ndjsonRows(data: Uint8Array): AsyncGenerator<Record<string, unknown> | null> {
  let rest = '';
  const decoder = new TextDecoder();
  for (const chunk of chunks(data)) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line.trim()) yield parseLine(line);
    // One chunk's lines, then a turn for everyone else.
    await new Promise((r) => setImmediate(r));
  }
  rest += decoder.decode();
  if (rest.trim()) yield parseLine(rest);
}

function parseLine(line: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(line);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** The files of a ZIP (inflated by fflate off the main thread), by their base names; directories and macOS metadata left out. */
export function unzipFiles(data: Uint8Array): Promise<Map<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    unzip(data, (err, files) => {
      if (err) return reject(new ApiError('invalid_request', `The upload is not a readable ZIP: ${err.message}`, { code: 'bad_request' }));
      const out = new Map<string, Uint8Array>();
      for (const [name, bytes] of Object.entries(files)) {
        if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
        out.set(name.slice(name.lastIndexOf('/') + 1), bytes);
      }
      resolve(out);
    });
  });
}

export function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}
