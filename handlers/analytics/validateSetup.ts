import { projectIdOf } from './_stats.ts';
import { evaluateIngest } from '../../analytics/origins.ts';
import { dashboardOrigin, projectPolicy } from '../../analytics/policies.ts';
import type { Handler } from '../types.ts';
import type { ValidateSetupData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ValidateSetupData> = async (ctx, { query }) => {
  const q = query;
  const policy = (await projectPolicy(ctx.state.deps.db, projectIdOf(ctx)))!;
  ctx.body = evaluateIngest(
    { domain: q.domain, origin: q.origin ?? null },
    { domains: policy.domains, allowLocalOrigins: policy.allowLocalOrigins, dashboardOrigin: dashboardOrigin(ctx.state.deps.env) },
  );
};

export default handler;
