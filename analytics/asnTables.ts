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

/** Lines of the IPv4 file: addresses fit a Uint32. */
export function parseIpv4Table(buf: Buffer): AsnTable<Uint32Array> {
  const size = countLines(buf);
  const starts = new Uint32Array(size);
  const ends = new Uint32Array(size);
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
      let start = 0;
      for (; buf[i] !== COMMA; i++) start = start * 10 + buf[i]! - ZERO;
      i++;
      let last = 0;
      for (; buf[i] !== COMMA; i++) last = last * 10 + buf[i]! - ZERO;
      i++;
      let asn = 0;
      for (; buf[i] !== COMMA; i++) asn = asn * 10 + buf[i]! - ZERO;
      i++;
      let org = orgOfAsn.get(asn);
      if (org === undefined) {
        org = orgs.push(organisation(buf, i, end)) - 1;
        orgOfAsn.set(asn, org);
      }
      starts[n] = start;
      ends[n] = last;
      asns[n] = asn;
      orgIndex[n] = org;
      n++;
    }
    i = end + 1;
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), asns: asns.subarray(0, n), orgIndex: orgIndex.subarray(0, n), orgs };
}

/**
 * Lines of the IPv6 file: only the upper 64 bits of each 128-bit decimal are kept
 * (allocations are never finer than a /64), computed in four 32-bit limbs without BigInt.
 */
export function parseIpv6Table(buf: Buffer): AsnTable<BigUint64Array> {
  const size = countLines(buf);
  const starts = new BigUint64Array(size);
  const ends = new BigUint64Array(size);
  const startWords = new Uint32Array(starts.buffer);
  const endWords = new Uint32Array(ends.buffer);
  const asns = new Uint32Array(size);
  const orgIndex = new Uint32Array(size);
  const orgs: string[] = [];
  const orgOfAsn = new Map<number, number>();
  const limbs = new Uint32Array(4);
  // little-endian words: [low, high] of each 64-bit value
  const high64 = (words: Uint32Array, at: number) => {
    words[at * 2] = limbs[1]!;
    words[at * 2 + 1] = limbs[0]!;
  };
  let n = 0;
  let i = 0;
  const decimal = () => {
    limbs.fill(0);
    for (; buf[i] !== COMMA; i++) {
      let carry = buf[i]! - ZERO;
      for (let k = 3; k >= 0; k--) {
        const v = limbs[k]! * 10 + carry;
        limbs[k] = v % 0x1_0000_0000;
        carry = Math.floor(v / 0x1_0000_0000);
      }
    }
    i++;
  };
  while (i < buf.length) {
    let end = buf.indexOf(NL, i);
    if (end < 0) end = buf.length;
    if (end - i > 1) {
      decimal();
      high64(startWords, n);
      decimal();
      high64(endWords, n);
      let asn = 0;
      for (; buf[i] !== COMMA; i++) asn = asn * 10 + buf[i]! - ZERO;
      i++;
      let org = orgOfAsn.get(asn);
      if (org === undefined) {
        org = orgs.push(organisation(buf, i, end)) - 1;
        orgOfAsn.set(asn, org);
      }
      asns[n] = asn;
      orgIndex[n] = org;
      n++;
    }
    i = end + 1;
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), asns: asns.subarray(0, n), orgIndex: orgIndex.subarray(0, n), orgs };
}
