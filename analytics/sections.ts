// What a site's viewers may see. The dashboard is cut into sections; an owner
// may hide any of them from viewers. A hidden section is hidden by the API:
// its routes answer 403 `section_hidden` to a viewer, a breakdown or filter on
// one of its properties too, and the dashboard's one call leaves its parts out.
// Owners and admins always see everything; keys are not people and are not cut.

export const SECTIONS = ['pages', 'sources', 'campaigns', 'locations', 'devices', 'languages', 'events', 'goals', 'funnels', 'sessions'] as const;
export type Section = (typeof SECTIONS)[number];

const OPERATION_SECTION: Record<string, Section> = {
  getPages: 'pages',
  getSources: 'sources',
  getUtm: 'campaigns',
  getCountries: 'locations',
  getRegions: 'locations',
  getDevices: 'devices',
  getLocales: 'languages',
  getEventStats: 'events',
  getGoals: 'goals',
  listGoals: 'goals',
  getFunnel: 'funnels',
  listFunnels: 'funnels',
  listSessions: 'sessions',
  getSession: 'sessions',
};

/** The section a stats property (`event:page`, `visit:country`, ...) belongs to, if any. */
export function sectionOfProperty(property: string): Section | undefined {
  if (property === 'event:page' || property === 'visit:entry_page' || property === 'visit:exit_page') return 'pages';
  if (property === 'event:name' || property.startsWith('event:props:')) return 'events';
  if (property === 'event:goal') return 'goals';
  const dim = property.replace(/^visit:/, '');
  if (dim === property) return undefined;
  if (['channel_group', 'channel', 'source', 'referrer'].includes(dim)) return 'sources';
  if (dim.startsWith('utm_')) return 'campaigns';
  if (['country', 'region', 'city'].includes(dim)) return 'locations';
  if (['device', 'browser', 'os', 'screen'].includes(dim)) return 'devices';
  if (dim === 'locale') return 'languages';
  return undefined;
}

/** Every stats property named anywhere in a `filters` parameter (any nesting the filter syntax allows). */
function propertiesIn(filters: unknown): string[] {
  if (typeof filters !== 'string' || !filters) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^(visit|event):/.test(v)) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(parsed);
  return out;
}

/** The hidden section a viewer's request would reach, if any: its route's, its breakdown property's or a filter's. */
export function hiddenSectionReached(operationId: string, query: Record<string, unknown>, hidden: readonly string[]): Section | undefined {
  if (!hidden.length) return undefined;
  const reached: Array<Section | undefined> = [OPERATION_SECTION[operationId]];
  if (typeof query.property === 'string') reached.push(sectionOfProperty(query.property));
  for (const p of propertiesIn(query.filters)) reached.push(sectionOfProperty(p));
  return reached.find((s): s is Section => s !== undefined && hidden.includes(s));
}

/** A stats body as a viewer may see it: the parts of hidden sections left out (the dashboard's call, the overview's sources). */
export function withoutHidden(operationId: string, body: unknown, hidden: readonly string[]): unknown {
  if (!hidden.length || !body || typeof body !== 'object') return body;
  const out = { ...(body as Record<string, unknown>) };
  const strip = (overview: Record<string, unknown>) => (hidden.includes('sources') ? { ...overview, bySource: [] } : overview);
  if (operationId === 'getOverview') return strip(out);
  if (operationId !== 'getDashboardStats') return body;
  if (out.overview) out.overview = strip(out.overview as Record<string, unknown>);
  if (hidden.includes('goals') && out.goals) out.goals = { ...(out.goals as Record<string, unknown>), results: [] };
  const breakdowns = out.breakdowns as Record<string, unknown> | undefined;
  if (breakdowns) out.breakdowns = Object.fromEntries(Object.entries(breakdowns).filter(([p]) => !hidden.includes(sectionOfProperty(p) ?? '')));
  return out;
}
