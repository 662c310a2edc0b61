import type { Handler } from '../types.ts';
import { PROVIDER_IDS } from '../../protocols/canonical.ts';
import { ok } from './_context.ts';

const listProviders: Handler = (ctx) => ok(ctx, { providers: [...PROVIDER_IDS] });

export default listProviders;
