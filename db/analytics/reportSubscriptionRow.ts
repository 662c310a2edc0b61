export interface ReportSubscriptionRow {
  id: string;
  project_id: string;
  email: string;
  weekly: boolean;
  monthly: boolean;
  spike_visitors: number | null;
  time_zone: string;
  send_hour: number;
  created_at: Date;
}

export const SUBSCRIPTION_COLUMNS = 'id, project_id, email, weekly, monthly, spike_visitors, time_zone, send_hour, created_at';
