import { describeSource } from './sources.ts';
import { channelGroupOf, channelOf } from './channels.ts';

/** analytics_sessions row -> SessionRecord of the contract. */
export function toSessionRecord(r: Record<string, any>) {
  const source = r.traffic_source ? describeSource(r.traffic_source) : null;
  return {
    id: r.id as string,
    startedAt: (r.started_at as Date).toISOString(),
    lastSeenAt: (r.last_seen_at as Date).toISOString(),
    durationSeconds: Math.round(((r.last_seen_at as Date).getTime() - (r.started_at as Date).getTime()) / 1000),
    pageviews: r.pageviews as number,
    events: r.events as number,
    entryPath: r.entry_path ?? null,
    country: r.country ?? null,
    region: r.region ?? null,
    regionCode: r.region_code ?? null,
    city: r.city ?? null,
    browser: r.browser ?? null,
    os: r.os ?? null,
    deviceType: r.device_type ?? null,
    locale: r.locale ?? null,
    trafficSource: r.traffic_source ?? null,
    sourceLabel: source?.label ?? null,
    channel: channelOf(r.traffic_source ?? null),
    channelGroup: channelGroupOf({ source: r.traffic_source ?? null, utmSource: r.utm_source ?? null, utmMedium: r.utm_medium ?? null, utmCampaign: r.utm_campaign ?? null, referrer: r.referrer ?? null }),
    utmSource: r.utm_source ?? null,
    utmMedium: r.utm_medium ?? null,
    utmCampaign: r.utm_campaign ?? null,
    utmTerm: r.utm_term ?? null,
    utmContent: r.utm_content ?? null,
    referrer: r.referrer ?? null,
    isBot: r.is_bot as boolean,
    isVpn: r.is_vpn as boolean,
    isInternal: r.is_internal as boolean,
  };
}
