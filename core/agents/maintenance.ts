// The agents' hourly upkeep (a pg-boss schedule, core/runtime.ts): recordings
// nobody fetched are deleted upstream 30 days after their session ended;
// claims of a process that died while sending a recording are given back;
// sessions no webhook touched for a day expire; upstream parts a rollback or
// delete could not remove are deleted now.
import { expireIdleAgentSessions } from '../../db/gateway/expireIdleAgentSessions.ts';
import { listUnclaimedRecordings } from '../../db/gateway/listUnclaimedRecordings.ts';
import { listUpstreamLeftovers } from '../../db/gateway/listUpstreamLeftovers.ts';
import { releaseStaleRecordingClaims } from '../../db/gateway/releaseStaleRecordingClaims.ts';
import { setSessionRecording } from '../../db/gateway/setSessionRecording.ts';
import { settleUpstreamLeftover } from '../../db/gateway/settleUpstreamLeftover.ts';
import { ApiError } from '../../protocols/errors.ts';
import { RECORDING_RETENTION_DAYS } from './recordings.ts';
import { agentsUpstream, type AgentsDeps, type AgentsUpstream } from './upstream.ts';

export const AGENT_MAINTENANCE_JOB = 'agent-maintenance';
const DAY_MS = 86_400_000;
const IDLE_SESSION_MS = DAY_MS;
const STALE_CLAIM_MS = 3_600_000;
const BATCH = 100;

export interface MaintenanceReport {
  recordingsPurged: number;
  claimsReleased: number;
  sessionsExpired: number;
  leftoversRemoved: number;
  failures: number;
}

function upstream(): AgentsUpstream | undefined {
  try {
    return agentsUpstream();
  } catch (err) {
    if (err instanceof ApiError) return undefined; // not configured: nothing upstream can be deleted now
    throw err;
  }
}

export async function runAgentMaintenance(deps: AgentsDeps, now = new Date()): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { recordingsPurged: 0, claimsReleased: 0, sessionsExpired: 0, leftoversRemoved: 0, failures: 0 };
  report.claimsReleased = await releaseStaleRecordingClaims(deps.db, new Date(now.getTime() - STALE_CLAIM_MS));
  report.sessionsExpired = await expireIdleAgentSessions(deps.db, new Date(now.getTime() - IDLE_SESSION_MS));
  const up = upstream();
  if (!up) return report;

  const cutoff = new Date(now.getTime() - RECORDING_RETENTION_DAYS * DAY_MS);
  for (;;) {
    const due = await listUnclaimedRecordings(deps.db, cutoff, BATCH);
    let failed = 0;
    for (const { id, conversation_id } of due) {
      try {
        await up.adapter.deleteConversation(conversation_id, up.context());
        if (await setSessionRecording(deps.db, id, 'available', 'purged')) report.recordingsPurged++;
      } catch (err) {
        failed++;
        deps.log.warn({ sessionId: id, err: (err as Error).message }, 'could not purge a recording upstream; retried at the next run');
      }
    }
    report.failures += failed;
    // A batch that failed whole would come back the same: stop until the next run.
    if (due.length < BATCH || failed === due.length) break;
  }

  for (const leftover of await listUpstreamLeftovers(deps.db, BATCH)) {
    try {
      if (leftover.kind === 'conversation') await up.adapter.deleteConversation(leftover.upstream_id, up.context());
      else await up.adapter.deletePart(leftover.kind, leftover.upstream_id, up.context());
      await settleUpstreamLeftover(deps.db, leftover.id, { removed: true });
      report.leftoversRemoved++;
    } catch (err) {
      report.failures++;
      await settleUpstreamLeftover(deps.db, leftover.id, { removed: false, reason: (err as Error).message });
    }
  }
  return report;
}
