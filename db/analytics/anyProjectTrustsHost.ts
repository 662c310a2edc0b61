import type { Knex } from 'knex';

/**
 * Whether some project trusts this hostname for CORS: one of its domains is the host
 * itself or a wildcard (`*.parent`) over it (a localhost domain included), or, for a
 * localhost-like host, a project allows local origins.
 */
export async function anyProjectTrustsHost(db: Knex, host: string, local: boolean): Promise<boolean> {
  const labels = host.split('.');
  const candidates = [host, ...labels.slice(1).map((_, i) => `*.${labels.slice(i + 1).join('.')}`)];
  if (await db('analytics_domains').whereIn('domain', candidates).first('domain')) return true;
  return local && Boolean(await db('analytics_projects').where('allow_local_origins', true).first('id'));
}
