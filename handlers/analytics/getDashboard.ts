import type { ApiContext } from '../../handlers/types.ts';
import { dashboardPage } from '../../analytics/dashboard.ts';

const page = dashboardPage();

export default async function handler(ctx: ApiContext) {
  ctx.set('Content-Security-Policy', page.csp);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  page.asset.send(ctx);
}
