import type { Handler } from '../types.ts';
import { PROVIDERS } from '../../providers/registry.ts';
import { providerStatus } from '../../providers/settings.ts';
import { deploymentStatus } from '../../core/deployments.ts';
import { ok } from './_context.ts';
import type { ListProviderStatusData } from '../../generated/gateway/types.gen.ts';

// Read per request, as the providers read their settings: a changed variable shows at once.
const listProviderStatus: Handler<ListProviderStatusData> = (ctx) =>
  ok(ctx, PROVIDERS.map((d) => ({ ...providerStatus(d.id, ctx.state.deps.env), ...deploymentStatus(d.id) })));

export default listProviderStatus;
