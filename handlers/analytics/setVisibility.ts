import type { Handler } from '../types.ts';
import type { SetVisibilityData } from '../../generated/analytics/types.gen.ts';
import { projectIdOf } from './_stats.ts';
import { SECTIONS } from '../../analytics/sections.ts';
import { setHiddenSections } from '../../db/analytics/setHiddenSections.ts';

const setVisibility: Handler<SetVisibilityData> = async (ctx, { body }) => {
  // In the dashboard's order, whatever order they came in.
  const hidden = SECTIONS.filter((s) => body.hiddenSections.includes(s));
  await setHiddenSections(ctx.state.deps.db, projectIdOf(ctx), hidden);
  ctx.body = { hiddenSections: hidden };
};

export default setVisibility;
