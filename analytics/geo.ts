import geoip from 'geoip-lite';
import iso from 'iso-3166-2';

export interface GeoClass {
  country: string | null;
  region: string | null;
  regionCode: string | null;
  city: string | null;
}

const NONE: GeoClass = { country: null, region: null, regionCode: null, city: null };
const regionNames = new Map<string, string | null>();

function regionName(code: string): string | null {
  let name = regionNames.get(code);
  if (name === undefined) {
    const sub = iso.subdivision(code);
    name = sub && 'name' in sub ? sub.name : null;
    regionNames.set(code, name);
  }
  return name;
}

// geoip-lite ships GeoLite2 city data inside its npm tarball and answers ISO 3166-2
// subdivision codes; iso-3166-2 turns those into display names. An IPv4 address may
// come as its 32-bit number (geoip-lite's own form), parsed once by the caller.
export function lookupGeo(ip: string | number): GeoClass {
  const hit = geoip.lookup(ip);
  if (!hit || !hit.country) return NONE;
  const regionCode = hit.region ? `${hit.country}-${hit.region}` : null;
  return {
    country: hit.country,
    region: regionCode ? regionName(regionCode) : null,
    regionCode,
    city: hit.city || null,
  };
}
