import type { Knex } from 'knex';

/** The import and (by cascade) all its aggregates; false when the project has no such import. */
export async function deleteImport(db: Knex, projectId: string, importId: string): Promise<boolean> {
  return (await db('analytics_imports').where({ project_id: projectId, id: importId }).delete()) > 0;
}
