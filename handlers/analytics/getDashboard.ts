import { dashboardPage } from '../../analytics/dashboard.ts';
import type { Handler } from '../types.ts';
import type { GetDashboardData } from '../../generated/analytics/types.gen.ts';

const page = dashboardPage();

const handler: Handler<GetDashboardData> = async (ctx) => {
  ctx.set('Content-Security-Policy', page.csp);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  page.asset.send(ctx);
};

export default handler;
