import { describe, expect, it } from 'vitest';
import { parseIpv4Table, parseIpv6Table } from './asnTables.ts';
import { asnTablesReady, loadAsnTables, lookupAsn } from './asn.ts';

describe('ASN tables', () => {
  it('parse quoted names, CRLF endings and a missing last newline; one name per AS number', () => {
    const csv = '16777216,16777471,13335,"Cloudflare, Inc."\r\n16778240,16779263,38803,Gtelecom Pty Ltd\n' +
      '16793600,16809983,18144,"Say ""hi"", Inc."\n4294967040,4294967295,13335,Cloudflare again';
    const t = parseIpv4Table(Buffer.from(csv));
    expect([...t.starts]).toEqual([16777216, 16778240, 16793600, 4294967040]);
    expect([...t.ends]).toEqual([16777471, 16779263, 16809983, 4294967295]);
    expect([...t.asns]).toEqual([13335, 38803, 18144, 13335]);
    expect([...t.orgIndex].map((i) => t.orgs[i])).toEqual(['Cloudflare, Inc.', 'Gtelecom Pty Ltd', 'Say "hi", Inc.', 'Cloudflare, Inc.']);
  });

  it('keep the upper 64 bits of 128-bit decimal addresses exactly', () => {
    const values = ['42540488161975842760550356425300246528', '42540488241204005274814694018844196863',
      '340282366920938463463374607431768211455', '18446744073709551616', '0'];
    const csv = `${values[0]},${values[1]},6939,Hurricane Electric LLC\n${values[2]},${values[3]},1,x\n${values[4]},${values[4]},2,y\n`;
    const t = parseIpv6Table(Buffer.from(csv));
    expect([...t.starts]).toEqual([values[0], values[2], values[4]].map((v) => BigInt(v!) >> 64n));
    expect([...t.ends]).toEqual([values[1], values[3], values[4]].map((v) => BigInt(v!) >> 64n));
    expect(t.orgs).toEqual(['Hurricane Electric LLC', 'x', 'y']);
  });

  it('load on a worker thread and answer lookups for real networks', async () => {
    await loadAsnTables();
    expect(asnTablesReady()).toBe(true);
    expect(lookupAsn('1.1.1.1')).toEqual({ asn: 13335, organization: 'Cloudflare, Inc.' });
    expect(lookupAsn('8.8.8.8')?.asn).toBe(15169);
    expect(lookupAsn('::ffff:8.8.8.8')?.asn).toBe(15169);
    expect(lookupAsn('2001:4860:4860::8888')?.asn).toBe(15169);
    expect(lookupAsn('10.0.0.1')).toBeNull();
  });
});
