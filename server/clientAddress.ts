// The client's address as both services record it (analytics' location,
// network classification and session hash). X-Forwarded-For is a list anyone
// can start: only the entries appended by proxies the operator trusts
// (TRUSTED_PROXIES) are believed. Walking from the connection's own peer to
// the left, the first address that is not a trusted proxy is the client; a
// visitor's own left-most entry counts only when every hop after it is trusted.
import { BlockList, isIP } from 'node:net';
import type Koa from 'koa';
import { StartupError } from './config.ts';

export const TRUSTED_PROXIES_DEFAULT = 'loopback';

const NAMED: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

export interface ProxyTrust {
  trusts(address: string): boolean;
}

const parsed = new Map<string, ProxyTrust>();

/**
 * TRUSTED_PROXIES: addresses and CIDRs, comma-separated, and the names
 * `loopback` (127.0.0.0/8, ::1) and `private` (10/8, 172.16/12, 192.168/16,
 * fc00::/7); `none` trusts no proxy (the connection's peer is the client).
 * Default `loopback`: a reverse proxy on the same machine.
 */
export function proxyTrust(env: NodeJS.ProcessEnv): ProxyTrust {
  const setting = env.TRUSTED_PROXIES?.trim() || TRUSTED_PROXIES_DEFAULT;
  let trust = parsed.get(setting);
  if (trust) return trust;
  const list = new BlockList();
  for (const raw of setting.split(',')) {
    const entry = raw.trim();
    if (!entry || entry === 'none') continue;
    const named = NAMED[entry];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const prefix = bits === undefined ? (version === 6 ? 128 : 32) : Number(bits);
    if (!version || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (version === 6 ? 128 : 32)) {
      throw new StartupError(`TRUSTED_PROXIES: "${entry}" is not an address, a CIDR, loopback, private or none`);
    }
    list.addSubnet(address!, prefix, version === 6 ? 'ipv6' : 'ipv4');
  }
  trust = {
    trusts(address) {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
    },
  };
  parsed.set(setting, trust);
  return trust;
}

/** An address as a hop writes it (`1.2.3.4:80`, `[::1]:80`, `::ffff:1.2.3.4`) in its plain form; '' when it is none. */
function plain(hop: string): string {
  let text = hop.trim();
  if (text.startsWith('[')) text = text.slice(1, text.indexOf(']') >>> 0);
  else if (text.indexOf(':') === text.lastIndexOf(':') && text.includes('.')) text = text.split(':')[0]!;
  if (text.toLowerCase().startsWith('::ffff:') && isIP(text.slice(7)) === 4) text = text.slice(7);
  return isIP(text) ? text : '';
}

/** The right-most address in the chain (forwarded entries, then the peer) that is not a trusted proxy. */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  let client = plain(peer ?? '');
  if (!forwardedFor || !trust.trusts(client)) return client;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plain(hops[i]!);
    // Not an address: nothing to the left of it can be believed either.
    if (!hop) return client;
    client = hop;
    if (!trust.trusts(hop)) return hop;
  }
  return client;
}

/**
 * Whether the browser reached us over https: this connection is TLS, or the
 * peer is a trusted proxy whose X-Forwarded-Proto (its first entry, the edge
 * proxy's) says https. Anyone else's X-Forwarded-Proto is ignored.
 */
export function cameOverHttps(encrypted: boolean, peer: string | undefined, forwardedProto: string | undefined, trust: ProxyTrust): boolean {
  if (encrypted) return true;
  if (!forwardedProto || !trust.trusts(plain(peer ?? ''))) return false;
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/**
 * Middleware that sets Koa's ctx.ip (through its public setter) to this
 * module's answer, so a handler reading ctx.ip gets the trusted client.
 */
export function clientAddressMiddleware(trust: ProxyTrust): Koa.Middleware {
  return (ctx, next) => {
    ctx.request.ip = clientAddress(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for') || undefined, trust);
    return next();
  };
}
