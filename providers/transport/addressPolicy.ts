// Which IP addresses a customer-given URL may reach: public unicast only.
// Everything the gateway itself can reach but the customer must not (the
// loopback, the operator's private networks, the cloud metadata service,
// carrier-grade NAT, multicast, reserved and documentation ranges) is refused,
// in IPv4 and IPv6, including IPv6 forms that carry an IPv4 address inside
// (IPv4-mapped, IPv4-compatible, NAT64, 6to4), which would otherwise smuggle
// a private IPv4 address past an IPv6-only check.
import { isIP } from 'node:net';

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

interface Range {
  bits: number;
  prefix: number[]; // bytes of the network, as many as bits needs
  reason: string;
}

function v4(cidr: string, reason: string): Range {
  const [ip, bits] = cidr.split('/');
  return { prefix: ip!.split('.').map(Number), bits: Number(bits), reason };
}

const V4_REFUSED: Range[] = [
  v4('0.0.0.0/8', 'the "this network" range'),
  v4('10.0.0.0/8', 'a private range'),
  v4('100.64.0.0/10', 'carrier-grade NAT (shared address space)'),
  v4('127.0.0.0/8', 'the loopback range'),
  v4('169.254.0.0/16', 'link-local (cloud metadata service)'),
  v4('172.16.0.0/12', 'a private range'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'a documentation range'),
  v4('192.88.99.0/24', 'the 6to4 relay anycast range'),
  v4('192.168.0.0/16', 'a private range'),
  v4('198.18.0.0/15', 'the benchmarking range'),
  v4('198.51.100.0/24', 'a documentation range'),
  v4('203.0.113.0/24', 'a documentation range'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved (includes broadcast)'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (range.prefix[i]! & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (zone id dropped), or undefined when it is not one. */
export function ipv6Bytes(address: string): number[] | undefined {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(text) !== 6) return undefined;
  // A trailing dotted IPv4 part becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1]!.split('.').map(Number);
    text = text.slice(0, dotted.index) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function checkV4(bytes: number[], via = ''): AddressVerdict {
  for (const range of V4_REFUSED) {
    if (inRange(bytes, range)) return { allowed: false, reason: `${bytes.join('.')}${via} is in ${range.reason}` };
  }
  return { allowed: true };
}

function zeros(bytes: number[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return false;
  return true;
}

function checkV6(bytes: number[], shown: string): AddressVerdict {
  const refuse = (reason: string): AddressVerdict => ({ allowed: false, reason: `${shown} is ${reason}` });
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) reach the IPv4 address itself.
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return checkV4(bytes.slice(12), ` (IPv4-mapped ${shown})`);
  if (zeros(bytes, 0, 12)) {
    if (zeros(bytes, 12, 15) && (bytes[15] === 0 || bytes[15] === 1)) return refuse(bytes[15] ? 'the IPv6 loopback' : 'the unspecified address');
    return checkV4(bytes.slice(12), ` (IPv4-compatible ${shown})`);
  }
  // 64:ff9b::/96 is NAT64 to the embedded IPv4 address; 64:ff9b:1::/48 is local-use NAT64.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(bytes, 4, 12)) return checkV4(bytes.slice(12), ` (NAT64 ${shown})`);
    return refuse('in the local-use NAT64 range');
  }
  // 2002::/16 is 6to4: the IPv4 address sits in bytes 2-5.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return checkV4(bytes.slice(2, 6), ` (6to4 ${shown})`);
  if ((bytes[0]! & 0xfe) === 0xfc) return refuse('a unique-local address (private network; includes fd00:ec2::254, a metadata service)');
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return refuse('link-local');
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return refuse('site-local (deprecated private range)');
  if (bytes[0] === 0xff) return refuse('multicast');
  if (bytes[0] === 0x01 && bytes[1] === 0x00 && zeros(bytes, 2, 8)) return refuse('in the discard-only range');
  // 2001::/23 holds Teredo (2001::/32, which tunnels to an IPv4 address) and other IETF assignments.
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2]! < 0x02) return refuse('in the IETF protocol assignments range (includes Teredo)');
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return refuse('a documentation address');
  // Global unicast is 2000::/3; everything outside it is unassigned or special.
  if ((bytes[0]! & 0xe0) !== 0x20) return refuse('outside global unicast (2000::/3)');
  return { allowed: true };
}

/**
 * Whether an outgoing connection to `address` (a literal IPv4 or IPv6
 * address) is allowed. `allowLoopback` admits 127.0.0.0/8 and ::1 only, for
 * tests whose servers listen on the loopback; nothing else opens with it.
 */
export function checkAddress(address: string, opts: { allowLoopback?: boolean } = {}): AddressVerdict {
  const family = isIP(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (family === 4) {
    const bytes = address.split('.').map(Number);
    if (opts.allowLoopback && bytes[0] === 127) return { allowed: true };
    return checkV4(bytes);
  }
  const bytes = family === 6 ? ipv6Bytes(address) : undefined;
  if (!bytes) return { allowed: false, reason: `${address} is not an IP address` };
  if (opts.allowLoopback) {
    if (zeros(bytes, 0, 15) && bytes[15] === 1) return { allowed: true };
    if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff && bytes[12] === 127) return { allowed: true };
  }
  return checkV6(bytes, address);
}
