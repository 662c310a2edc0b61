import type { Handler } from '../types.ts';
import { requestLogPage } from '../../core/requestLog.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { ListRequestLogsData } from '../../generated/gateway/types.gen.ts';

const listRequestLogs: Handler<ListRequestLogsData> = async (ctx, { query }) => ok(ctx, await requestLogPage(ctx.state.deps.db, keyOf(ctx), query));

export default listRequestLogs;
