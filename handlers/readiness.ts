import type { NotReadyReason } from '../db/readiness.ts';

const MESSAGES: Record<NotReadyReason, string> = {
  warming_up: 'Not ready: warming up.',
  shutting_down: 'Not ready: shutting down; in-flight requests are finishing.',
  database_unreachable: 'Not ready: the database is unreachable.',
};

export function notReadyMessage(reason: NotReadyReason): string {
  return MESSAGES[reason];
}
