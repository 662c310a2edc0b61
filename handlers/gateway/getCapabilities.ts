import type { Handler } from '../types.ts';
import { allCapabilities } from '../../core/discovery.ts';
import { ok } from './_context.ts';

const getCapabilities: Handler = (ctx) => ok(ctx, allCapabilities());

export default getCapabilities;
