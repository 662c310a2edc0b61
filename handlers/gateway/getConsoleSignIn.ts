import type { Handler } from '../types.ts';
import type { GetConsoleSignInData } from '../../generated/gateway/types.gen.ts';
import { ok } from './_context.ts';
import { consoleOf } from './_console.ts';

const getConsoleSignIn: Handler<GetConsoleSignInData> = async (ctx) => ok(ctx, { methods: consoleOf(ctx).methods });

export default getConsoleSignIn;
