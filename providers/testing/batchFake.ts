// What the fakes of providers' own batch APIs share: submitted batches kept in
// memory, in progress until a test ends them (endBatches), each line then
// answered by the same fake's own endpoint over loopback, so a batched line
// gets exactly what the call would have got. No timers: a test decides when
// the provider has finished.
import type { ServerResponse } from 'node:http';
import type { Fake } from './fake.ts';

export interface FakeBatch {
  id: string;
  /** Each line's custom id and the body its endpoint gets. */
  lines: Array<{ customId: string; body: unknown }>;
  status: 'in_progress' | 'cancelling' | 'cancelled' | 'ended';
  /** Each answered line's custom id, HTTP status and body, once ended. */
  answers: Array<{ customId: string; status: number; body: any }>;
  createdAt: number;
}

export class BatchStore {
  readonly batches = new Map<string, FakeBatch>();
  private next = 1;
  private readonly prefix: string;
  private readonly path: string;
  /** The fake's own URL, known once it listens. */
  url = '';
  constructor(prefix: string, path: string) {
    this.prefix = prefix;
    this.path = path;
  }

  add(lines: FakeBatch['lines']): FakeBatch {
    const batch: FakeBatch = { id: `${this.prefix}${String(this.next++).padStart(6, '0')}`, lines, status: 'in_progress', answers: [], createdAt: 1_763_800_000 };
    this.batches.set(batch.id, batch);
    return batch;
  }

  /** Runs every batch still in progress (a cancelled one answers none of its lines) and ends it. */
  async endAll(headers: Record<string, string>): Promise<void> {
    for (const batch of this.batches.values()) {
      if (batch.status === 'cancelling') batch.status = 'cancelled';
      if (batch.status !== 'in_progress') continue;
      for (const line of batch.lines) {
        const res = await fetch(`${this.url}${this.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(line.body) });
        batch.answers.push({ customId: line.customId, status: res.status, body: await res.json() });
      }
      batch.status = 'ended';
    }
  }
}

const stores = new WeakMap<object, { store: BatchStore; headers: Record<string, string> }>();

/** Registers a fake's batch store, for endBatches. */
export function withBatches<F extends Fake>(fake: F, store: BatchStore, headers: Record<string, string>): F {
  stores.set(fake, { store, headers });
  return fake;
}

/** The provider finishes every batch submitted to this fake so far. */
export async function endBatches(fake: Fake): Promise<void> {
  const entry = stores.get(fake);
  if (!entry) throw new Error('this fake has no batch API');
  await entry.store.endAll(entry.headers);
}

export function batchesOf(fake: Fake): FakeBatch[] {
  return [...(stores.get(fake)?.store.batches.values() ?? [])];
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The file part of a multipart/form-data body, as text (what a JSONL upload is). */
export function multipartFile(raw: string, contentType: string | undefined): { filename: string; text: string; fields: Record<string, string> } | undefined {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? '')?.[2];
  if (!boundary) return undefined;
  const fields: Record<string, string> = {};
  let file: { filename: string; text: string } | undefined;
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { filename, text: body };
    else if (name) fields[name] = body;
  }
  return file ? { ...file, fields } : undefined;
}
