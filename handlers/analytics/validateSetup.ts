import type { ApiContext } from '../types.ts';
import { projectIdOf } from './_stats.ts';
import { evaluateIngest } from '../../analytics/origins.ts';
import { dashboardOrigin, projectPolicy } from '../../analytics/policies.ts';

export default async function handler(ctx: ApiContext) {
  const q = ctx.state.op.request.query as { domain: string; origin?: string };
  const policy = (await projectPolicy(ctx.state.deps.db, projectIdOf(ctx)))!;
  ctx.body = evaluateIngest(
    { domain: q.domain, origin: q.origin ?? null },
    { domains: policy.domains, allowLocalOrigins: policy.allowLocalOrigins, dashboardOrigin: dashboardOrigin(ctx.state.deps.env) },
  );
}
