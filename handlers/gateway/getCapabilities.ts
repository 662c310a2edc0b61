import type { Handler } from '../types.ts';
import { allCapabilities } from '../../core/discovery.ts';
import { ok } from './_context.ts';
import type { GetCapabilitiesData } from '../../generated/gateway/types.gen.ts';

const getCapabilities: Handler<GetCapabilitiesData> = (ctx) => ok(ctx, allCapabilities());

export default getCapabilities;
