import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4 } from 'node:net';

// The ASN ranges ship as CSV in @ip-location-db/asn; they are read once into
// sorted typed arrays so a lookup is a binary search, not a scan.
interface Table<T> {
  starts: T;
  ends: T;
  asns: Uint32Array;
  orgIndex: Uint32Array;
  orgs: string[];
}

let v4: Table<Uint32Array> | undefined;
let v6: Table<BigUint64Array> | undefined;

function csvPath(file: string): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@ip-location-db/asn/${file}`);
}

function load<T extends Uint32Array | BigUint64Array>(file: string, make: (n: number) => T, parse: (s: string) => number | bigint): Table<T> {
  const text = readFileSync(csvPath(file), 'utf8');
  const lines = text.split('\n');
  const starts = make(lines.length);
  const ends = make(lines.length);
  const asns = new Uint32Array(lines.length);
  const orgIndex = new Uint32Array(lines.length);
  const orgs: string[] = [];
  const orgIds = new Map<string, number>();
  let n = 0;
  for (const line of lines) {
    if (!line) continue;
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    let org = line.slice(c + 1).trim();
    if (org.startsWith('"')) org = org.slice(1, -1).replace(/""/g, '"');
    let id = orgIds.get(org);
    if (id === undefined) {
      id = orgs.push(org) - 1;
      orgIds.set(org, id);
    }
    (starts as unknown as (number | bigint)[])[n] = parse(line.slice(0, a));
    (ends as unknown as (number | bigint)[])[n] = parse(line.slice(a + 1, b));
    asns[n] = Number(line.slice(b + 1, c));
    orgIndex[n] = id;
    n++;
  }
  return { starts: starts.subarray(0, n) as T, ends: ends.subarray(0, n) as T, asns: asns.subarray(0, n), orgIndex: orgIndex.subarray(0, n), orgs };
}

function search<T extends Uint32Array | BigUint64Array>(t: Table<T>, ip: number | bigint): { asn: number; organization: string } | null {
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

function ipv4ToInt(ip: string): number {
  const p = ip.split('.');
  return ((Number(p[0]) << 24) >>> 0) + (Number(p[1]) << 16) + (Number(p[2]) << 8) + Number(p[3]);
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

export function lookupAsn(ip: string): { asn: number; organization: string } | null {
  if (isIPv4(ip)) {
    v4 ??= load('asn-ipv4-num.csv', (n) => new Uint32Array(n), Number);
    return search(v4, ipv4ToInt(ip));
  }
  if (ip.startsWith('::ffff:') && isIPv4(ip.slice(7))) return lookupAsn(ip.slice(7));
  v6 ??= load('asn-ipv6-num.csv', (n) => new BigUint64Array(n), (s) => BigInt(s) >> 64n);
  return search(v6, ipv6High(ip));
}
