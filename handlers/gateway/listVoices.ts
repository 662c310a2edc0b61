import type { Handler } from '../types.ts';
import type { ListVoicesData } from '../../generated/gateway/types.gen.ts';
import { listVoices as voicesOf } from '../../core/media/voices.ts';
import { callerOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';

const listVoices: Handler<ListVoicesData> = async (ctx, { query }) => {
  ok(ctx, { provider: query.provider, voices: await voicesOf(query.provider, callerOf(ctx).providerKey) });
};

export default listVoices;
