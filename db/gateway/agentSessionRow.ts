// The stored shape of a conversation session (agent_sessions): metadata only.
export type AgentSessionStatus = 'pending' | 'active' | 'completed' | 'failed' | 'expired';
/** none: no recording (yet); available: fetchable once; sending: being sent; retrieved / purged: gone. */
export type RecordingState = 'none' | 'available' | 'sending' | 'retrieved' | 'purged';

export interface AgentSessionRow {
  id: number;
  key_id: string;
  template_id: number;
  agent_id: string;
  conversation_id: string | null;
  status: AgentSessionStatus;
  recording: RecordingState;
  duration_seconds: string | null;
  cost: string | null;
  billing: 'metered' | 'byok' | null;
  created_at: Date;
  updated_at: Date;
  ended_at: Date | null;
  /** What the session holds of its key's budgets until it is settled (core/governance/governor.ts TaskCharge). */
  charges?: Array<{ m: string; w: string; cap: number; r: number }> | null;
}
