import { consolePage } from '../../core/console/page.ts';
import type { Handler } from '../types.ts';
import type { GetConsoleData } from '../../generated/gateway/types.gen.ts';

const page = consolePage();

const getConsole: Handler<GetConsoleData> = async (ctx) => {
  ctx.set('Content-Security-Policy', page.csp);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  page.asset.send(ctx);
};

export default getConsole;
