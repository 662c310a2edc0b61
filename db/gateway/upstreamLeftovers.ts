// The row shape of agent_upstream_leftovers: upstream parts a rollback or a delete could not remove.
export type UpstreamLeftoverKind = 'contextTool' | 'eventTool' | 'webhook' | 'agent' | 'conversation';

export interface UpstreamLeftoverRow {
  id: string;
  kind: UpstreamLeftoverKind;
  upstream_id: string;
  reason: string;
  attempts: number;
  created_at: Date;
  last_attempt_at: Date | null;
}
