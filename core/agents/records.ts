// A template's fields as core works with them, and the API records of
// templates and sessions, typed by the generated contract.
import type { AgentSession, AgentTemplate, AgentTemplateInput } from '../../generated/gateway/types.gen.ts';
import type { AgentTemplateRow, AgentTemplateValues } from '../../db/gateway/agentTemplateRow.ts';
import type { AgentSessionRow } from '../../db/gateway/agentSessionRow.ts';
import type { AgentSystemTool } from '../../protocols/agents.ts';

/** Every field of a template with its defaults filled in; unset optional fields are null (the stored record without its bookkeeping). */
export type TemplateFields = Omit<AgentTemplate, 'id' | 'agentId' | 'createdAt' | 'updatedAt' | 'webhookSecretUpdatedAt' | 'questions'> & {
  questions: Array<{ question: string; isRequired: boolean; context?: string }>;
};

export const TEMPLATE_DEFAULTS = {
  language: 'en',
  maxDurationSeconds: 600,
  tools: [{ name: 'end_call' as const }] as Array<{ name: AgentSystemTool; description?: string }>,
  aiDisclosure: true,
};

/** A create request with the document's defaults (ajv fills them too; the service does not rely on it). */
export function fieldsOfInput(input: AgentTemplateInput): TemplateFields {
  return {
    name: input.name,
    type: input.type,
    systemPrompt: input.systemPrompt,
    firstMessage: input.firstMessage ?? null,
    voiceId: input.voiceId ?? null,
    voiceModel: input.voiceModel ?? null,
    voiceSettings: input.voiceSettings ?? null,
    language: input.language ?? TEMPLATE_DEFAULTS.language,
    llmProvider: (input.llmProvider as TemplateFields['llmProvider'] | undefined) ?? null,
    llmModel: input.llmModel ?? null,
    tag: input.tag ?? null,
    clientWebhookUrl: input.clientWebhookUrl ?? null,
    maxDurationSeconds: input.maxDurationSeconds ?? TEMPLATE_DEFAULTS.maxDurationSeconds,
    tools: (input.tools ?? TEMPLATE_DEFAULTS.tools).map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}) })),
    questions: (input.questions ?? []).map((q) => ({ question: q.question, isRequired: q.isRequired ?? true, ...(q.context !== undefined ? { context: q.context } : {}) })),
    aiDisclosure: input.aiDisclosure ?? TEMPLATE_DEFAULTS.aiDisclosure,
  };
}

export function fieldsOfRow(row: AgentTemplateRow): TemplateFields {
  return {
    name: row.name,
    type: row.type,
    systemPrompt: row.system_prompt,
    firstMessage: row.first_message,
    voiceId: row.voice_id,
    voiceModel: row.voice_model,
    voiceSettings: row.voice_settings,
    language: row.language,
    llmProvider: row.llm_provider as TemplateFields['llmProvider'],
    llmModel: row.llm_model,
    tag: row.tag,
    clientWebhookUrl: row.client_webhook_url,
    maxDurationSeconds: row.max_duration_seconds,
    tools: row.tools as TemplateFields['tools'],
    questions: row.questions.map((q) => ({ ...q, isRequired: q.isRequired ?? true })),
    aiDisclosure: row.ai_disclosure,
  };
}

/** The columns that hold a template's fields. */
export function columnsOf(f: TemplateFields): Omit<AgentTemplateValues, 'id' | 'key_id' | 'webhook_secret_hash' | 'webhook_secret_sealed' | 'agent_id' | 'upstream'> {
  return {
    name: f.name,
    type: f.type,
    system_prompt: f.systemPrompt,
    first_message: f.firstMessage,
    voice_id: f.voiceId,
    voice_model: f.voiceModel,
    voice_settings: f.voiceSettings,
    language: f.language,
    llm_provider: f.llmProvider,
    llm_model: f.llmModel,
    tag: f.tag,
    client_webhook_url: f.clientWebhookUrl,
    max_duration_seconds: f.maxDurationSeconds,
    tools: f.tools,
    questions: f.questions,
    ai_disclosure: f.aiDisclosure,
  };
}

/** What get, list and update answer: the fields, plus id, agentId and times; never the secret. */
export function templateRecord(row: AgentTemplateRow): AgentTemplate {
  const f = fieldsOfRow(row);
  return {
    id: row.id,
    ...f,
    agentId: row.agent_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    webhookSecretUpdatedAt: row.webhook_secret_updated_at.toISOString(),
  };
}

export function sessionRecord(row: AgentSessionRow): AgentSession {
  const ended = row.status === 'completed' || row.status === 'failed';
  return {
    id: row.id,
    templateId: row.template_id,
    status: row.status,
    conversationId: row.conversation_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    cost: ended && row.cost !== null ? { customerPrice: Number(row.cost), currency: 'USD', billing: row.billing ?? 'metered' } : null,
    recordingAvailable: row.recording === 'available',
  };
}
