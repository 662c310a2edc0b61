import { randomUUID } from 'node:crypto';
import { ApiError } from '../../protocols/errors.ts';
import type { AnalyticsAuth } from '../../analytics/keys.ts';
import { projectPolicy } from '../../analytics/policies.ts';
import { saltFor, sessionIdOf } from '../../analytics/sessions.ts';
import type { Props } from '../../db/analytics/eventRow.ts';
import { revenueOf } from '../../analytics/ingest.ts';
import { ingestBuffer } from './_shared.ts';
import type { Handler } from '../types.ts';
import type { RecordEventData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<RecordEventData> = async (ctx, { body }) => {
  const auth = ctx.state.auth as AnalyticsAuth;
  const db = ctx.state.deps.db;
  const policy = (await projectPolicy(db, auth.projectId))!;
  // A server has no visitor IP or browser: its events share one daily session per key.
  const sessionId = sessionIdOf(await saltFor(db), auth.projectId, `server:${auth.keyId}`, '');
  const accepted = await ingestBuffer(ctx).offer(
    {
      projectId: auth.projectId, id: randomUUID(), createdAt: new Date().toISOString(), sessionId,
      eventType: 'event', eventName: body.name, props: body.props && Object.keys(body.props).length ? body.props : null,
      path: body.path ?? '/', referrerPath: null, targetPath: null, country: null, region: null, regionCode: null,
      city: null, asn: null, asOrganization: null, browser: null, os: null, deviceType: null, isBot: false,
      botName: null, isVpn: false, locale: null, trafficSource: null, utmSource: null, utmMedium: null,
      utmCampaign: null, userAgent: null, isInternal: body.internal === true,
      utmTerm: null, utmContent: null, ...revenueOf(body.revenue),
    },
    policy.dailyEventCap,
  );
  if (!accepted) {
    throw new ApiError('rate_limited', `The project's daily event cap of ${policy.dailyEventCap} events is reached.`, { code: 'daily_cap_exceeded' });
  }
  ctx.status = 202;
  ctx.body = { accepted: true };
};

export default handler;
