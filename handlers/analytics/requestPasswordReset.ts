import type { Handler } from '../types.ts';
import type { RequestPasswordResetData } from '../../generated/analytics/types.gen.ts';
import { accountsOf, clientAddress, originOf } from './_accounts.ts';

const requestPasswordReset: Handler<RequestPasswordResetData> = async (ctx, { body }) => {
  await accountsOf(ctx).requestReset(body.email, originOf(ctx), clientAddress(ctx));
  ctx.status = 202;
  ctx.body = { accepted: true };
};

export default requestPasswordReset;
