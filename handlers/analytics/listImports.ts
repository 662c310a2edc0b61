import { projectIdOf } from './_stats.ts';
import { toImport } from '../../analytics/imports/index.ts';
import { listImports } from '../../db/analytics/listImports.ts';
import type { Handler } from '../types.ts';
import type { ListImportsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ListImportsData> = async (ctx) => {
  ctx.body = { imports: (await listImports(ctx.state.deps.db, projectIdOf(ctx))).map(toImport) };
};

export default handler;
