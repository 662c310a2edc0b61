import type { Handler } from '../types.ts';
import { concurrency } from '../../core/concurrency.ts';
import { runtimeOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetConcurrencyData } from '../../generated/gateway/types.gen.ts';

const getConcurrency: Handler<GetConcurrencyData> = async (ctx) => ok(ctx, await concurrency(ctx.state.deps.db, runtimeOf(ctx)));

export default getConcurrency;
