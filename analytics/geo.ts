import geoip from 'geoip-lite';
import iso from 'iso-3166-2';

export interface GeoClass {
  country: string | null;
  region: string | null;
  regionCode: string | null;
  city: string | null;
}

const NONE: GeoClass = { country: null, region: null, regionCode: null, city: null };

// geoip-lite ships GeoLite2 city data inside its npm tarball and answers ISO 3166-2
// subdivision codes; iso-3166-2 turns those into display names.
export function lookupGeo(ip: string): GeoClass {
  const hit = geoip.lookup(ip);
  if (!hit || !hit.country) return NONE;
  const regionCode = hit.region ? `${hit.country}-${hit.region}` : null;
  const sub = regionCode ? iso.subdivision(regionCode) : null;
  return {
    country: hit.country,
    region: sub && 'name' in sub ? sub.name : null,
    regionCode,
    city: hit.city || null,
  };
}
