import { describeSource } from './sources.ts';

/**
 * A session's channel in the contract's four values, from its source alone: a
 * search engine is search, a social network or video site social, no source direct,
 * anything else (a referring site, a UTM source, email) referral.
 */
export const CHANNELS = ['search', 'social', 'direct', 'referral'] as const;
export type Channel = (typeof CHANNELS)[number];

export function channelOf(source: string | null): Channel {
  if (!source || source === 'direct') return 'direct';
  const category = describeSource(source).category;
  if (category === 'search') return 'search';
  if (category === 'social' || category === 'video') return 'social';
  return 'referral';
}

/**
 * Channel groups as Plausible and GA4's default channel group define them, in their
 * order of precedence. Derived when read from a session's source, UTM medium,
 * campaign and UTM source, so a better rule improves old data too.
 */
export const CHANNEL_GROUPS = [
  'Cross-network', 'Direct', 'Paid Shopping', 'Paid Search', 'Paid Social', 'Paid Video', 'Display', 'Paid Other',
  'Organic Shopping', 'Organic Social', 'Organic Video', 'Organic Search', 'Email', 'Affiliates', 'Audio', 'SMS',
  'Mobile Push Notifications', 'Referral', 'Unassigned',
] as const;
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];

const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const SHOPPING_CAMPAIGN = /^(.*(([^a-df-z]|^)shop|shopping).*)$/;
const DISPLAY_MEDIUM = new Set(['display', 'banner', 'expandable', 'interstitial', 'cpm']);
const SOCIAL_MEDIUM = new Set(['social', 'social-network', 'social-media', 'sm', 'social network', 'social media']);
const EMAIL = /^(e[-_ ]?mail|newsletter)$/;

export interface ChannelGroupInput {
  /** The session's raw source id (see analytics/sources.ts). */
  source: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The session arrived with a referrer from another site. */
  referrer: string | null;
}

export function channelGroupOf(s: ChannelGroupInput): ChannelGroup {
  const source = (s.source ?? 'direct').toLowerCase();
  const medium = (s.utmMedium ?? '').trim().toLowerCase();
  const campaign = (s.utmCampaign ?? '').trim().toLowerCase();
  const utmSource = (s.utmSource ?? '').trim().toLowerCase();
  const category = describeSource(source).category;
  const paid = PAID_MEDIUM.test(medium);
  if (campaign.includes('cross-network')) return 'Cross-network';
  if (source === 'direct' && !medium && !utmSource) return 'Direct';
  if ((category === 'shopping' || SHOPPING_CAMPAIGN.test(campaign)) && paid) return 'Paid Shopping';
  if (category === 'search' && paid) return 'Paid Search';
  if (category === 'social' && paid) return 'Paid Social';
  if (category === 'video' && paid) return 'Paid Video';
  if (DISPLAY_MEDIUM.has(medium)) return 'Display';
  if (paid) return 'Paid Other';
  if (category === 'shopping' || SHOPPING_CAMPAIGN.test(campaign)) return 'Organic Shopping';
  if (category === 'social' || SOCIAL_MEDIUM.has(medium)) return 'Organic Social';
  if (category === 'video' || medium.includes('video')) return 'Organic Video';
  if (category === 'search' || medium === 'organic') return 'Organic Search';
  if (category === 'email' || EMAIL.test(medium) || EMAIL.test(utmSource)) return 'Email';
  if (medium === 'affiliate') return 'Affiliates';
  if (medium === 'audio') return 'Audio';
  if (medium === 'sms' || utmSource === 'sms') return 'SMS';
  if (medium.endsWith('push') || medium.includes('mobile') || medium.includes('notification') || utmSource === 'firebase') return 'Mobile Push Notifications';
  if (medium === 'referral' || medium === 'app' || medium === 'link' || s.referrer || source !== 'direct') return 'Referral';
  return 'Unassigned';
}
