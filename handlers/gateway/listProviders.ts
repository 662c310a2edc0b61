import type { Handler } from '../types.ts';
import { PROVIDERS } from '../../providers/registry.ts';
import { ok } from './_context.ts';
import type { ListProvidersData } from '../../generated/gateway/types.gen.ts';

const providers = PROVIDERS.map((d) => d.id);

const listProviders: Handler<ListProvidersData> = (ctx) => ok(ctx, { providers });

export default listProviders;
