import type { ReportSubscriptionRow } from '../db/analytics/reportSubscriptionRow.ts';

/** Per project: enough for a team, small enough that the job's walk stays short. */
export const MAX_SUBSCRIPTIONS = 100;

export function toSubscription(r: ReportSubscriptionRow) {
  return {
    id: r.id,
    email: r.email,
    weekly: r.weekly,
    monthly: r.monthly,
    spikeVisitorsPerHour: r.spike_visitors,
    timeZone: r.time_zone,
    hour: r.send_hour,
    createdAt: r.created_at.toISOString(),
  };
}

/** Addresses compare case-insensitively (the local part too: no mail service people use tells them apart). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
