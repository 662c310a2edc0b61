// The three conversation webhooks. Each is authenticated by the secret of the
// template it names (constant-time, the same answer for a wrong secret and an
// unknown template), tied to a session of that template, and relayed to the
// template's clientWebhookUrl in the documented payload shape. Completion is
// written once, in one transaction with its usage row; the transcript is
// relayed and dropped, never stored.
import type {
  CompleteWebhookPayload,
  CompleteWebhookRequest,
  ContextWebhookPayload,
  EventWebhookPayload,
  WebhookPayload,
} from '../../generated/gateway/types.gen.ts';
import type { AgentSessionRow } from '../../db/gateway/agentSessionRow.ts';
import type { AgentTemplateRow } from '../../db/gateway/agentTemplateRow.ts';
import { activateAgentSession } from '../../db/gateway/activateAgentSession.ts';
import { findAgentSessionByConversation } from '../../db/gateway/findAgentSessionByConversation.ts';
import { findAgentTemplateByAgent } from '../../db/gateway/findAgentTemplateByAgent.ts';
import { finishAgentSession } from '../../db/gateway/finishAgentSession.ts';
import { getAgentSession } from '../../db/gateway/getAgentSession.ts';
import { getAgentTemplate } from '../../db/gateway/getAgentTemplate.ts';
import { insertUsageBatch } from '../../db/gateway/insertUsage.ts';
import { lockAgentSession } from '../../db/gateway/lockAgentSession.ts';
import { isRowId } from '../../db/rowId.ts';
import { isUnpriced, unitCost } from '../../pricing/cost.ts';
import { SESSION_VARIABLE, TEMPLATE_VARIABLE, type PostCallReport } from '../../protocols/agents.ts';
import { ApiError } from '../../protocols/errors.ts';
import { agentsProvider } from '../../providers/registry.ts';
import { relayForReply, relayInBackground } from './relay.ts';
import { secretBox, webhookSecretMatches } from './secrets.ts';
import type { AgentsDeps } from './upstream.ts';
import { unitUsage } from '../unitUsage.ts';
import { agentModel } from './sessions.ts';
import { settleAllowances, type CrossedThreshold } from '../../db/gateway/settleAllowances.ts';

const ENDED = new Set(['completed', 'failed']);

function unauthorized(): ApiError {
  return new ApiError('unauthorized', 'Missing or invalid X-Webhook-Secret for this template', { code: 'unauthorized' });
}

/** The template whose secret the header carries; a missing template and a wrong secret look the same. */
function authenticated(template: AgentTemplateRow | undefined, presented: string | undefined): AgentTemplateRow {
  if (!webhookSecretMatches(presented, template?.webhook_secret_hash)) throw unauthorized();
  return template!;
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value;
  return isRowId(n) ? n : undefined;
}

/** The template a webhook names; an id past PostgreSQL's integer range names none (and never reaches the query). */
async function templateNamed(deps: AgentsDeps, id: unknown): Promise<AgentTemplateRow | undefined> {
  const n = positiveInt(id);
  return n === undefined ? undefined : getAgentTemplate(deps.db, n);
}

async function sessionOf(deps: AgentsDeps, template: AgentTemplateRow, sessionId: number): Promise<AgentSessionRow> {
  const session = positiveInt(sessionId) ? await getAgentSession(deps.db, sessionId) : undefined;
  if (!session || session.template_id !== template.id) {
    throw new ApiError('not_found', `No session ${sessionId} of template ${template.id}`, { code: 'not_found' });
  }
  return session;
}

function notEnded(session: AgentSessionRow): void {
  if (ENDED.has(session.status)) throw new ApiError('conflict', `Session ${session.id} is already ${session.status}`, { code: 'conflict' });
}

/** The payload as the customer receives it: the documented shape, with the template's current name. */
function relayed(payload: WebhookPayload, template: AgentTemplateRow): WebhookPayload {
  return { event: payload.event, sessionId: payload.sessionId, templateId: template.id, templateName: template.name, timestamp: payload.timestamp, data: payload.data };
}

async function secretOf(deps: AgentsDeps, template: AgentTemplateRow): Promise<string> {
  return (await secretBox(deps.env)).open(template.webhook_secret_sealed);
}

export async function contextWebhook(deps: AgentsDeps, presented: string | undefined, payload: ContextWebhookPayload): Promise<{ sessionId: number; context: unknown }> {
  const template = authenticated(await templateNamed(deps, payload.templateId), presented);
  const session = await sessionOf(deps, template, payload.sessionId);
  notEnded(session);
  await activateAgentSession(deps.db, session.id);
  if (!template.client_webhook_url) return { sessionId: session.id, context: null };
  const context = await relayForReply(template.client_webhook_url, await secretOf(deps, template), relayed(payload, template), deps.env);
  return { sessionId: session.id, context };
}

export async function eventWebhook(deps: AgentsDeps, presented: string | undefined, payload: EventWebhookPayload) {
  const template = authenticated(await templateNamed(deps, payload.templateId), presented);
  const session = await sessionOf(deps, template, payload.sessionId);
  notEnded(session);
  const now = (await activateAgentSession(deps.db, session.id)) ?? session;
  const url = template.client_webhook_url;
  if (url) relayInBackground(url, await secretOf(deps, template), relayed(payload, template), deps.env, deps.log);
  return { sessionId: session.id, status: now.status, relayed: url !== null };
}

/** The provider's post-call webhook: its session by conversation id (else its variables), its template by the session (else the agent). */
async function fromProvider(deps: AgentsDeps, report: PostCallReport, presented: string | undefined) {
  const bySession = positiveInt(report.dynamicVariables[SESSION_VARIABLE]);
  const session = (await findAgentSessionByConversation(deps.db, report.conversationId)) ?? (bySession ? await getAgentSession(deps.db, bySession) : undefined);
  const byTemplate = positiveInt(report.dynamicVariables[TEMPLATE_VARIABLE]);
  const template = authenticated(
    session
      ? await getAgentTemplate(deps.db, session.template_id)
      : ((await findAgentTemplateByAgent(deps.db, report.agentId)) ?? (byTemplate ? await getAgentTemplate(deps.db, byTemplate) : undefined)),
    presented,
  );
  if (!session || session.template_id !== template.id) {
    throw new ApiError('not_found', `No session of template ${template.id} for conversation ${report.conversationId}`, { code: 'not_found' });
  }
  const payload: CompleteWebhookPayload = {
    event: 'complete',
    sessionId: session.id,
    templateId: template.id,
    templateName: template.name,
    timestamp: (report.endedAt ?? new Date()).toISOString(),
    data: {
      durationSeconds: report.durationSeconds,
      callSuccessful: report.successful,
      conversationId: report.conversationId,
      transcript: report.transcript,
      ...(report.analysis ? { analysis: report.analysis } : {}),
    },
  };
  return { template, session, payload, hasAudio: report.hasAudio };
}

export async function completeWebhook(deps: AgentsDeps, presented: string | undefined, body: CompleteWebhookRequest) {
  const report = agentsProvider()?.parsePostCall(body);
  let found: { template: AgentTemplateRow; session: AgentSessionRow; payload: CompleteWebhookPayload; hasAudio?: boolean };
  if (report) {
    found = await fromProvider(deps, report, presented);
  } else {
    const payload = body as CompleteWebhookPayload;
    const template = authenticated(await templateNamed(deps, payload.templateId), presented);
    found = { template, session: await sessionOf(deps, template, payload.sessionId), payload };
  }
  const { template, payload } = found;
  const duration = payload.data.durationSeconds;
  const model = agentModel();
  // Billed per started minute.
  const cost = unitCost('elevenlabs', model, { minutes: Math.ceil(duration / 60) });
  if (isUnpriced(cost)) deps.log.warn({ provider: 'elevenlabs', model }, 'agent minutes have no catalogue price; billed 0');
  const status = payload.data.callSuccessful === false ? 'failed' : 'completed';
  const endedAt = new Date(payload.timestamp);

  let crossed: CrossedThreshold[] = [];
  const session = await deps.db.transaction(async (trx) => {
    const locked = await lockAgentSession(trx, found.session.id);
    if (!locked) throw new ApiError('not_found', `No session ${found.session.id}`, { code: 'not_found' });
    notEnded(locked);
    const conversationId = locked.conversation_id ?? payload.data.conversationId;
    const finished = await finishAgentSession(trx, locked.id, {
      status,
      endedAt: Number.isNaN(endedAt.getTime()) ? new Date() : endedAt,
      durationSeconds: duration,
      cost: cost.customerPrice,
      billing: cost.billing,
      recording: conversationId && found.hasAudio !== false ? 'available' : 'none',
      ...(conversationId ? { conversationId } : {}),
    });
    await insertUsageBatch(trx, [
      unitUsage({ keyId: locked.key_id, kind: 'agent_session', surface: 'native', provider: 'elevenlabs', model, cost, ...(template.tag ? { tag: template.tag } : {}) }),
    ]);
    // What the session reserved at start is settled with its usage row: the minutes spent, the rest released.
    const charges = (locked.charges ?? []).map((c) => ({ m: c.m, w: c.w, cap: c.cap, spent: cost.customerPrice, release: c.r }));
    if (charges.length) crossed = await settleAllowances(trx, charges);
    return finished;
  });
  if (crossed.length) deps.governor?.crossed(crossed);

  const url = template.client_webhook_url;
  if (url) relayInBackground(url, await secretOf(deps, template), relayed(payload, template), deps.env, deps.log);
  return { sessionId: session.id, status: session.status, relayed: url !== null };
}
