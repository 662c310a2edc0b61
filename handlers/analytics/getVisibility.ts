import type { Handler } from '../types.ts';
import type { GetVisibilityData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { getHiddenSections } from '../../db/analytics/getHiddenSections.ts';

const getVisibility: Handler<GetVisibilityData> = async (ctx) => {
  ctx.body = { hiddenSections: await getHiddenSections(ctx.state.deps.db, projectIdOf(ctx)) };
};

export default getVisibility;
