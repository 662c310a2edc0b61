import type { Knex } from 'knex';
import type { AgentSessionRow, RecordingState } from './agentSessionRow.ts';

/** Records a conversation's end: status, when, how long, what it cost, whether a recording waits. */
export async function finishAgentSession(
  db: Knex,
  id: number,
  end: { status: 'completed' | 'failed'; endedAt: Date; durationSeconds: number; cost: number; billing: 'metered' | 'byok'; recording: RecordingState; conversationId?: string },
): Promise<AgentSessionRow> {
  const [row] = await db('agent_sessions')
    .where({ id })
    .update({
      status: end.status,
      ended_at: end.endedAt,
      duration_seconds: end.durationSeconds,
      cost: end.cost,
      billing: end.billing,
      recording: end.recording,
      // Settled in the same transaction (core/agents/webhooks.ts).
      charges: null,
      ...(end.conversationId ? { conversation_id: end.conversationId } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row;
}
