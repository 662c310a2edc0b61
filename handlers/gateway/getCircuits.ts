import type { Handler } from '../types.ts';
import { circuits } from '../../core/circuitBreaker.ts';
import { circuitStates } from '../../core/deployments.ts';
import type { GetCircuitsData } from '../../generated/gateway/types.gen.ts';
import { ok } from './_context.ts';

const getCircuits: Handler<GetCircuitsData> = async (ctx) => ok(ctx, circuitStates(circuits()));

export default getCircuits;
