import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parseIpv4Table, parseIpv6Table, type AsnTable } from './asnTables.ts';

// The ASN ranges ship as CSV in @ip-location-db/asn; they are read once into
// sorted typed arrays so a lookup is a binary search, not a scan. Reading them
// takes a while (~500k lines), so the service does it on a worker thread at start
// (loadAsnTables) and ingest waits for it only until then.
interface Tables {
  v4: AsnTable<Uint32Array>;
  v6: AsnTable<BigUint64Array>;
}

let tables: Tables | undefined;
let loading: Promise<void> | undefined;

function csvPath(file: string): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@ip-location-db/asn/${file}`);
}

const V4_FILE = 'asn-ipv4-num.csv';
const V6_FILE = 'asn-ipv6-num.csv';

/** Reads the tables on a worker thread; resolves once lookups can be answered. */
export function loadAsnTables(): Promise<void> {
  if (tables) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL('./asnWorker.ts', import.meta.url), { workerData: { v4File: csvPath(V4_FILE), v6File: csvPath(V6_FILE) } });
    // A process that stops while the tables load does not wait for them.
    worker.unref();
    worker.once('message', (loaded: Tables) => {
      tables ??= loaded;
      resolve();
    });
    worker.once('error', (err) => {
      loading = undefined;
      reject(err);
    });
    worker.once('exit', () => {
      if (!tables) {
        loading = undefined;
        reject(new Error('the ASN table worker exited without an answer'));
      }
    });
  });
  return loading;
}

/** True once lookupAsn answers without reading the tables first. */
export function asnTablesReady(): boolean {
  return tables !== undefined;
}

function loaded(): Tables {
  // Outside the service (scripts, tests) the first lookup reads them on this thread.
  tables ??= { v4: parseIpv4Table(readFileSync(csvPath(V4_FILE))), v6: parseIpv6Table(readFileSync(csvPath(V6_FILE))) };
  return tables;
}

function search<T extends Uint32Array | BigUint64Array>(t: AsnTable<T>, ip: number | bigint): { asn: number; organization: string } | null {
  let lo = 0;
  let hi = t.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (t.starts[mid]! <= ip) lo = mid + 1;
    else hi = mid - 1;
  }
  if (hi < 0 || ip > t.ends[hi]!) return null;
  return { asn: t.asns[hi]!, organization: t.orgs[t.orgIndex[hi]!]! };
}

/**
 * A dotted-quad IPv4 address as its 32-bit number, or -1 for anything else (IPv6,
 * leading zeros, junk): the same addresses node:net's isIPv4 accepts. Ingest parses
 * it once (analytics/classify.ts) for both the geo and the ASN lookup.
 */
export function ipv4Number(ip: string): number {
  let n = 0;
  let octet = -1;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      // No leading zeros: "0" alone is an octet, "01" is not.
      if (digits > 0 && octet === 0) return -1;
      octet = digits === 0 ? c - 48 : octet * 10 + (c - 48);
      if (++digits > 3 || octet > 255) return -1;
    } else if (c === 46 && digits > 0 && dots < 3) {
      n = n * 256 + octet;
      dots++;
      digits = 0;
    } else {
      return -1;
    }
  }
  return dots === 3 && digits > 0 ? n * 256 + octet : -1;
}

// Only the upper 64 bits of an IPv6 address are compared: allocations are never finer than a /64.
function ipv6High(ip: string): bigint {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  let v = 0n;
  for (let i = 0; i < 4; i++) v = (v << 16n) | BigInt(parseInt(groups[i] || '0', 16));
  return v;
}

/** lookupAsn for an IPv4 address already parsed to its 32-bit number. */
export function lookupAsnV4(ip: number): { asn: number; organization: string } | null {
  return search(loaded().v4, ip);
}

export function lookupAsn(ip: string): { asn: number; organization: string } | null {
  // An IPv4-mapped IPv6 address is looked up as its IPv4 address.
  const v4 = ipv4Number(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  if (v4 >= 0) return lookupAsnV4(v4);
  return search(loaded().v6, ipv6High(ip));
}
