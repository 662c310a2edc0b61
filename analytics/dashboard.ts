import { inlinePage, type StaticAsset } from '../protocols/staticAsset.ts';

/** The dashboard page, built from analytics/dashboard/ once per process. */
export function dashboardPage(): { asset: StaticAsset; csp: string } {
  return inlinePage(new URL('./dashboard/', import.meta.url), { style: 'dashboard.css', script: 'dashboard.js' });
}
