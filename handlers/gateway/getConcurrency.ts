import type { Handler } from '../types.ts';
import { concurrency } from '../../core/concurrency.ts';
import { ok, runtimeOf } from './_context.ts';

const getConcurrency: Handler = async (ctx) => ok(ctx, await concurrency(ctx.state.deps.db, runtimeOf(ctx)));

export default getConcurrency;
