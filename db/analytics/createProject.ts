import type { Knex } from 'knex';

export interface NewProject {
  name: string;
  domains: string[];
  allowLocalOrigins: boolean;
  retentionDays: number;
  dailyEventCap: number;
  liveKey: { prefix: string; hash: Buffer };
}

class DomainClaimed extends Error {
  readonly domain: string;
  constructor(domain: string) {
    super(domain);
    this.domain = domain;
  }
}

/** Creates the project, claims its domains and stores its live key; names the first domain already taken instead. */
export async function createProject(db: Knex, p: NewProject): Promise<{ id: string } | { claimed: string }> {
  try {
    return await insertProject(db, p);
  } catch (err) {
    if (err instanceof DomainClaimed) return { claimed: err.domain };
    throw err;
  }
}

function insertProject(db: Knex, p: NewProject): Promise<{ id: string }> {
  return db.transaction(async (trx) => {
    const [project] = await trx('analytics_projects')
      .insert({
        name: p.name,
        domains: p.domains,
        allow_local_origins: p.allowLocalOrigins,
        retention_days: p.retentionDays,
        daily_event_cap: p.dailyEventCap,
      })
      .returning('id');
    const claimed = await trx('analytics_domains')
      .insert(p.domains.map((domain) => ({ domain, project_id: project.id })))
      .onConflict('domain')
      .ignore()
      .returning('domain');
    if (claimed.length !== p.domains.length) {
      const got = new Set(claimed.map((r: { domain: string }) => r.domain));
      throw new DomainClaimed(p.domains.find((d) => !got.has(d))!);
    }
    await trx('analytics_keys').insert({ project_id: project.id, kind: 'live', prefix: p.liveKey.prefix, hash: p.liveKey.hash });
    return { id: project.id as string };
  });
}
