// Parsing @ip-location-db/asn's CSV ("start,end,asn,organisation", addresses as
// decimal integers) into sorted typed arrays. It runs once per process, off the
// event loop (analytics/asnLoader.ts), and reads the bytes directly: no string per
// line, an organisation decoded once per AS number.

export interface AsnTable<T extends Uint32Array | BigUint64Array> {
  starts: T;
  ends: T;
  asns: Uint32Array;
  orgIndex: Uint32Array;
  orgs: string[];
}

const NL = 0x0a;
const COMMA = 0x2c;
const QUOTE = 0x22;
const ZERO = 0x30;

function countLines(buf: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < buf.length; i++) if (buf[i] === NL) n++;
  return n + 1;
}

function organisation(buf: Buffer, from: number, to: number): string {
  let end = to;
  while (end > from && (buf[end - 1] === 0x0d || buf[end - 1] === 0x20)) end--;
  if (buf[from] === QUOTE && end - from >= 2 && buf[end - 1] === QUOTE) return buf.toString('utf8', from + 1, end - 1).replace(/""/g, '"');
  return buf.toString('utf8', from, end).trim();
}

interface Rows {
  asns: Uint32Array;
  orgIndex: Uint32Array;
  orgs: string[];
  n: number;
}

/**
 * Walks the lines: `addresses` reads a line's two address fields into row n and
 * returns where its AS number starts; the AS number and organisation are read here.
 */
function readLines(buf: Buffer, size: number, addresses: (at: number, row: number) => number): Rows {
  const asns = new Uint32Array(size);
  const orgIndex = new Uint32Array(size);
  const orgs: string[] = [];
  // An AS number has one registered name: decoded the first time it is seen.
  const orgOfAsn = new Map<number, number>();
  let n = 0;
  let i = 0;
  while (i < buf.length) {
    let end = buf.indexOf(NL, i);
    if (end < 0) end = buf.length;
    if (end - i > 1) {
      i = addresses(i, n);
      let asn = 0;
      for (; buf[i] !== COMMA; i++) asn = asn * 10 + buf[i]! - ZERO;
      let org = orgOfAsn.get(asn);
      if (org === undefined) {
        org = orgs.push(organisation(buf, i + 1, end)) - 1;
        orgOfAsn.set(asn, org);
      }
      asns[n] = asn;
      orgIndex[n] = org;
      n++;
    }
    i = end + 1;
  }
  return { asns: asns.subarray(0, n), orgIndex: orgIndex.subarray(0, n), orgs, n };
}

/** Lines of the IPv4 file: addresses fit a Uint32. */
export function parseIpv4Table(buf: Buffer): AsnTable<Uint32Array> {
  const size = countLines(buf);
  const starts = new Uint32Array(size);
  const ends = new Uint32Array(size);
  const rows = readLines(buf, size, (at, row) => {
    let i = at;
    let start = 0;
    for (; buf[i] !== COMMA; i++) start = start * 10 + buf[i]! - ZERO;
    let last = 0;
    for (i++; buf[i] !== COMMA; i++) last = last * 10 + buf[i]! - ZERO;
    starts[row] = start;
    ends[row] = last;
    return i + 1;
  });
  return { starts: starts.subarray(0, rows.n), ends: ends.subarray(0, rows.n), asns: rows.asns, orgIndex: rows.orgIndex, orgs: rows.orgs };
}

/**
 * Lines of the IPv6 file: only the upper 64 bits of each 128-bit decimal are kept
 * (allocations are never finer than a /64), computed in four 32-bit limbs without BigInt.
 */
export function parseIpv6Table(buf: Buffer): AsnTable<BigUint64Array> {
  const size = countLines(buf);
  const starts = new BigUint64Array(size);
  const ends = new BigUint64Array(size);
  const limbs = new Uint32Array(4);
  // Reads one decimal field into the limbs (most significant first); returns the index after its comma.
  const decimal = (at: number) => {
    limbs.fill(0);
    let i = at;
    for (; buf[i] !== COMMA; i++) {
      let carry = buf[i]! - ZERO;
      for (let k = 3; k >= 0; k--) {
        const v = limbs[k]! * 10 + carry;
        limbs[k] = v % 0x1_0000_0000;
        carry = Math.floor(v / 0x1_0000_0000);
      }
    }
    return i + 1;
  };
  // Little-endian words: [low, high] of each 64-bit value.
  const startWords = new Uint32Array(starts.buffer);
  const endWords = new Uint32Array(ends.buffer);
  const high64 = (words: Uint32Array, row: number) => {
    words[row * 2] = limbs[1]!;
    words[row * 2 + 1] = limbs[0]!;
  };
  const rows = readLines(buf, size, (at, row) => {
    let i = decimal(at);
    high64(startWords, row);
    i = decimal(i);
    high64(endWords, row);
    return i;
  });
  return { starts: starts.subarray(0, rows.n), ends: ends.subarray(0, rows.n), asns: rows.asns, orgIndex: rows.orgIndex, orgs: rows.orgs };
}
