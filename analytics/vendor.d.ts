// Minimal typings for the classification packages that ship none.
declare module 'geoip-lite' {
  interface Lookup {
    country: string;
    region: string;
    city: string;
  }
  // A number is an IPv4 address as its 32-bit value.
  const geoip: { lookup(ip: string | number): Lookup | null };
  export default geoip;
}

declare module 'iso-3166-2' {
  const iso: { subdivision(country: string, code?: string): { name: string; code: string } | Record<string, never> };
  export default iso;
}

declare module 'ua-parser-js' {
  interface Result {
    browser: { name?: string };
    os: { name?: string };
    device: { type?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): Result;
  }
}
