import { isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { classifyNetwork, classifyVisitor } from './classify.ts';
import { ipv4Number } from './asn.ts';
import { lookupGeo } from './geo.ts';

const reference = (ip: string) => (isIPv4(ip) ? ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0) : -1);

describe('ipv4Number', () => {
  it('accepts exactly what isIPv4 accepts, with the same value', () => {
    const odd = [
      '0.0.0.0', '255.255.255.255', '1.2.3.4', '10.0.0.1', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', '1.2.3.00',
      '1..3.4', '.1.2.3', '1.2.3.', '1.2.3.4 ', ' 1.2.3.4', '1.2.3.4\n', '::1', '::ffff:1.2.3.4', '', 'a.b.c.d', '1.2.3.1000',
      '199.200.249.250', '9.99.249.255', '300.0.0.0', '1.2.3.-4', '+1.2.3.4', '1e1.2.3.4', '1.2.3.4/24', '١.٢.٣.٤',
    ];
    for (const ip of odd) expect([ip, ipv4Number(ip)]).toEqual([ip, reference(ip)]);
    for (let i = 0; i < 2000; i++) {
      const ip = Array.from({ length: 4 }, () => Math.floor(Math.random() * 256)).join('.');
      expect(ipv4Number(ip)).toBe(reference(ip));
    }
  });

  it('classifies an address read as a number exactly as from its text', () => {
    for (const ip of ['8.8.8.8', '81.2.69.160', '1.1.1.1', '52.94.236.248', '0.0.0.0', '127.0.0.1', '255.255.255.255', '2001:4860:4860::8888', 'junk']) {
      const v = classifyVisitor(ip, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
      const geo = lookupGeo(ip);
      const net = classifyNetwork(ip);
      expect({ ip, country: v.country, region: v.region, regionCode: v.regionCode, city: v.city, asn: v.asn, org: v.asOrganization, vpn: v.isVpn })
        .toEqual({ ip, ...geo, asn: net.asn, org: net.asOrganization, vpn: net.isVpn });
    }
    // Real networks, so the comparison above is not between two empty answers.
    expect(classifyVisitor('8.8.8.8', '').asn).toBe(15169);
    expect(classifyVisitor('81.2.69.160', '').country).toBe('GB');
  });
});
