// A job pg-boss runs on a cron schedule, once per occurrence whatever the
// number of processes; what it does is given by the caller.
import type { PgBoss } from 'pg-boss';

export async function scheduleRecurring(boss: PgBoss, name: string, cron: string, work: () => Promise<unknown>): Promise<void> {
  await boss.createQueue(name).catch(() => {});
  await boss.schedule(name, cron, {}, { tz: 'UTC' });
  await boss.work(name, async () => {
    await work();
  });
}
