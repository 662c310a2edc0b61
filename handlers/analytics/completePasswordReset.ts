import type { Handler } from '../types.ts';
import type { CompletePasswordResetData } from '../../generated/analytics/types.gen.ts';
import { accountsOf } from './_accounts.ts';

const completePasswordReset: Handler<CompletePasswordResetData> = async (ctx, { body }) => {
  await accountsOf(ctx).completeReset(body.token, body.password);
  ctx.body = { passwordSet: true };
};

export default completePasswordReset;
