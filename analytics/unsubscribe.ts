import type { Knex } from 'knex';
import { findReportSendByToken } from '../db/analytics/findReportSendByToken.ts';
import { stopReportKind } from '../db/analytics/stopReportKind.ts';
import { tokenHash } from './emailReports.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const WHAT = { weekly: 'the weekly report', monthly: 'the monthly report', spike: 'traffic-spike alerts' } as const;

// The token is in the URL: no referrer may carry it away, and the page runs no script.
export const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>body{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>${esc(title)}</h1>${body}</body></html>`;
}

const UNKNOWN = page('Link not recognised', '<p>This unsubscribe link is not known. It may belong to a subscription that was removed.</p>');

/** The confirm page (GET): unsubscribes nobody, so a scanner that opens links changes nothing. */
export async function confirmPage(db: Knex, token: string): Promise<{ status: number; html: string }> {
  const found = await findReportSendByToken(db, tokenHash(token));
  if (!found) return { status: 404, html: UNKNOWN };
  return {
    status: 200,
    html: page('Unsubscribe', `<p>Stop sending ${WHAT[found.kind]} of <b>${esc(found.projectName)}</b> to <b>${esc(found.email)}</b>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`),
  };
}

/** POST: the confirm button and RFC 8058 one-click both end here; repeating it changes nothing. */
export async function unsubscribeByToken(db: Knex, token: string): Promise<{ status: number; html: string }> {
  const found = await findReportSendByToken(db, tokenHash(token));
  if (!found) return { status: 404, html: UNKNOWN };
  await stopReportKind(db, found.subscriptionId, found.kind);
  return { status: 200, html: page('Unsubscribed', `<p>${esc(found.email)} no longer receives ${WHAT[found.kind]} of <b>${esc(found.projectName)}</b>.</p>`) };
}
