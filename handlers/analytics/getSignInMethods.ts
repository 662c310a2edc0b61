import type { Handler } from '../types.ts';
import type { GetSignInMethodsData } from '../../generated/analytics/types.gen.ts';
import { accountsOf } from './_accounts.ts';

const getSignInMethods: Handler<GetSignInMethodsData> = async (ctx) => {
  const accounts = accountsOf(ctx);
  ctx.body = { methods: accounts.methods, signup: accounts.settings.signup };
};

export default getSignInMethods;
