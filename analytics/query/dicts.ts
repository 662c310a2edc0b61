/**
 * The dictionaries of the query layer's segments (store.ts): the strings this process
 * has seen, one dictionary per kind of value, as the codes its typed arrays hold.
 */

/** Strings seen by this process, one dictionary per kind of value; code 0 is null. */
export class Dict {
  readonly values: (string | null)[];
  private readonly index = new Map<string, number>();
  constructor(zero: string | null = null) {
    this.values = [zero];
    if (zero !== null) this.index.set(zero, 0);
  }
  code(v: string | null | undefined): number {
    if (v === null || v === undefined) return 0;
    let c = this.index.get(v);
    if (c === undefined) {
      c = this.values.push(v) - 1;
      this.index.set(v, c);
    }
    return c;
  }
  find(v: string): number | undefined {
    return this.index.get(v);
  }
  get size(): number {
    return this.values.length;
  }
}

export const VISIT_DIMS = [
  'source', 'channel', 'channel_group', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
  'country', 'region', 'city', 'device', 'browser', 'os', 'locale', 'entry_page', 'exit_page',
] as const;
export type VisitDim = (typeof VISIT_DIMS)[number];

/** Pages share one dictionary (event:page, entry and exit pages); custom event names code 0 as "pageview". */
export const dicts = {
  page: new Dict(),
  name: new Dict('pageview'),
  propKey: new Dict(),
  propValue: new Dict(),
  currency: new Dict(),
  source: new Dict(),
  channel: new Dict(),
  channel_group: new Dict(),
  referrer: new Dict(),
  utm_source: new Dict(),
  utm_medium: new Dict(),
  utm_campaign: new Dict(),
  utm_term: new Dict(),
  utm_content: new Dict(),
  country: new Dict(),
  region: new Dict(),
  city: new Dict(),
  device: new Dict(),
  browser: new Dict(),
  os: new Dict(),
  locale: new Dict(),
};
export function dictOf(dim: VisitDim): Dict {
  return dim === 'entry_page' || dim === 'exit_page' ? dicts.page : dicts[dim];
}
/** ISO 3166-2 code -> subdivision name, as stored with the sessions. */
export const regionNames = new Map<string, string>();
