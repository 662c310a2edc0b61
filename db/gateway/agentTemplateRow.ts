// The stored shape of an agent template (agent_templates), shared by its queries.
export interface AgentTemplateRow {
  id: number;
  key_id: string;
  name: string;
  type: 'interview' | 'conversation';
  system_prompt: string;
  first_message: string | null;
  voice_id: string | null;
  voice_model: string | null;
  voice_settings: { stability?: number; speed?: number; similarityBoost?: number } | null;
  language: string;
  llm_provider: string | null;
  llm_model: string | null;
  tag: string | null;
  client_webhook_url: string | null;
  max_duration_seconds: number;
  tools: Array<{ name: string; description?: string }>;
  questions: Array<{ question: string; isRequired?: boolean; context?: string }>;
  ai_disclosure: boolean;
  webhook_secret_hash: Buffer;
  webhook_secret_sealed: Buffer;
  webhook_secret_updated_at: Date;
  agent_id: string;
  /** The upstream parts' ids, and the gateway address they were configured to call back. */
  upstream: { contextTool: string; eventTool: string; webhook: string; agent: string; publicUrl: string };
  created_at: Date;
  updated_at: Date;
}

/** The columns a template is written with (everything but its timestamps). */
export type AgentTemplateValues = Omit<AgentTemplateRow, 'created_at' | 'updated_at' | 'webhook_secret_updated_at'>;

/** jsonb columns go to pg as JSON text (pg would send a JS array as a PostgreSQL array). */
export function templateColumns(values: Partial<AgentTemplateValues>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const column of ['voice_settings', 'tools', 'questions', 'upstream'] as const) {
    if (column in values) out[column] = values[column] === null ? null : JSON.stringify(values[column]);
  }
  return out;
}
