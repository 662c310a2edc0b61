import { isIP } from 'node:net';
import { classifyUserAgent, type UserAgentClass } from './userAgent.ts';
import { lookupGeo, type GeoClass } from './geo.ts';
import { asnTablesReady, ipv4Number, loadAsnTables, lookupAsn, lookupAsnV4 } from './asn.ts';
import { DATACENTER_ASNS, DATACENTER_NAME, VPN_ASNS } from './networks.ts';

export interface NetworkClass {
  asn: number | null;
  asOrganization: string | null;
  isVpn: boolean;
  /** Set when the network itself marks the traffic as automated. */
  datacenter: string | null;
}

const NO_NETWORK: NetworkClass = { asn: null, asOrganization: null, isVpn: false, datacenter: null };

export function classifyNetwork(ip: string): NetworkClass {
  return isIP(ip) ? networkOf(ip) : NO_NETWORK;
}

function networkOf(ip: string | number): NetworkClass {
  const hit = typeof ip === 'number' ? lookupAsnV4(ip) : lookupAsn(ip);
  if (!hit) return NO_NETWORK;
  const vpn = VPN_ASNS.has(hit.asn);
  const dc = vpn ? null : (DATACENTER_ASNS.get(hit.asn) ?? (DATACENTER_NAME.test(hit.organization) ? hit.organization : null));
  return { asn: hit.asn, asOrganization: hit.organization, isVpn: vpn, datacenter: dc };
}

export type VisitorClass = UserAgentClass & GeoClass & Omit<NetworkClass, 'datacenter'>;

const NO_GEO: GeoClass = { country: null, region: null, regionCode: null, city: null };

/** Everything ingest derives from the client's IP and user agent; the IP goes no further. */
export function classifyVisitor(ip: string, userAgent: string): VisitorClass {
  const ua = classifyUserAgent(userAgent);
  const v4 = ipv4Number(ip);
  const valid = v4 >= 0 || isIP(ip) !== 0;
  // 0.0.0.0 keeps the text path: geoip-lite takes a number 0 for no address at all.
  const key = v4 > 0 ? v4 : ip;
  const geo = valid ? lookupGeo(key) : NO_GEO;
  const net = valid ? networkOf(key) : NO_NETWORK;
  const dcBot = !ua.isBot && net.datacenter !== null;
  return {
    browser: ua.browser,
    os: ua.os,
    deviceType: ua.deviceType,
    isBot: ua.isBot || dcBot,
    botName: ua.botName ?? (dcBot ? `datacenter: ${net.datacenter}` : null),
    country: geo.country,
    region: geo.region,
    regionCode: geo.regionCode,
    city: geo.city,
    asn: net.asn,
    asOrganization: net.asOrganization,
    isVpn: net.isVpn,
  };
}

/**
 * Warms the classifiers at start: the user-agent parser and geo data here, the ASN
 * tables on a worker thread (resolves when they are ready; until then
 * classifiersReady() is false and ingest takes its asynchronous path, which waits).
 */
export function warmClassifiers(): Promise<void> {
  classifyUserAgent('Mozilla/5.0');
  lookupGeo('8.8.8.8');
  lookupGeo('2001:4860:4860::8888');
  return loadAsnTables();
}

/** classifyVisitor answers from memory (no table to read first). */
export function classifiersReady(): boolean {
  return asnTablesReady();
}

/** Resolves when classifyVisitor answers from memory; if the worker failed, the next lookup reads the tables itself. */
export function classifiersLoaded(): Promise<void> {
  return loadAsnTables().catch(() => undefined);
}
