import type { Handler } from '../types.ts';
import { PROVIDERS } from '../../providers/registry.ts';
import { ok } from './_context.ts';
import type { ListProviderStatusData } from '../../generated/gateway/types.gen.ts';

// Read per request, as the providers read their settings: a changed variable shows at once.
const listProviderStatus: Handler<ListProviderStatusData> = (ctx) => {
  const env = ctx.state.deps.env;
  ok(ctx, PROVIDERS.map((d) => {
    const variables = [d.keyEnv, d.baseUrlEnv].filter((name): name is string => Boolean(name)).map((name) => ({ name, set: Boolean(env[name]?.trim()) }));
    const missing = d.keyEnv && !env[d.keyEnv]?.trim() ? [d.keyEnv] : [];
    return { provider: d.id, configured: missing.length === 0, local: d.local, variables, missing };
  }));
};

export default listProviderStatus;
