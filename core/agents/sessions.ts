// Conversation sessions: started from a template of the calling key with a
// signed URL that carries its conversation id, and the dynamic variables that
// tie the agent's webhooks to the session. Metadata only.
import type { AgentSession, AgentSessionStart, AgentSessionStatus, SignedUrl } from '../../generated/gateway/types.gen.ts';
import type { AgentTemplateRow } from '../../db/gateway/agentTemplateRow.ts';
import { findAgentTemplateByAgent } from '../../db/gateway/findAgentTemplateByAgent.ts';
import { getAgentSession } from '../../db/gateway/getAgentSession.ts';
import { getAgentTemplate } from '../../db/gateway/getAgentTemplate.ts';
import { insertAgentSession } from '../../db/gateway/insertAgentSession.ts';
import { listAgentSessions } from '../../db/gateway/listAgentSessions.ts';
import { SESSION_VARIABLE, TEMPLATE_VARIABLE } from '../../protocols/agents.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ProviderError } from '../../providers/types.ts';
import { sessionRecord } from './records.ts';
import { agentsUpstream, callFailure, type AgentsDeps } from './upstream.ts';
import { defaultMediaModel } from '../../pricing/catalogue.ts';
import type { GatewayAuth } from '../gatewayAuth.ts';
import type { Ticket } from '../governance/governor.ts';
import { estimateUnits } from '../governance/estimate.ts';

export const SIGNED_URL_SECONDS = 900;

/** The catalogue model agent minutes are priced and governed as. */
export function agentModel(): string {
  return defaultMediaModel('elevenlabs', 'agent') ?? 'conversational-agent';
}

/**
 * Admits a session as a call of its key, before the provider is asked: the
 * allow-lists, one request against request limits, and on hard budgets its
 * worst case, the template's longest conversation in started minutes (the
 * provider ends a conversation at that length). Its own account's agent
 * (byok) costs nothing, so no budget refuses it.
 */
function admitSession(deps: AgentsDeps, auth: GatewayAuth | undefined, maxSeconds: number, byok = false): Ticket | null | Promise<Ticket | null> {
  if (!auth || !deps.governor) return null;
  return deps.governor.admit(auth, () => estimateUnits('elevenlabs', agentModel(), { minutes: Math.ceil(maxSeconds / 60) }, { byok }));
}

async function startFor(deps: AgentsDeps, template: AgentTemplateRow, auth?: GatewayAuth): Promise<AgentSessionStart> {
  const up = agentsUpstream();
  const ticket = await admitSession(deps, auth, template.max_duration_seconds);
  // The reservation leaves this process with the session, settled by its post-call webhook wherever it lands.
  const charges = ticket?.hold();
  let session;
  let signed;
  try {
    try {
      signed = await up.adapter.signedUrl(template.agent_id, up.context());
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404) {
        throw new ApiError('upstream', `The voice agent of template ${template.id} is missing at ${up.adapter.id}; update the template to recreate its configuration or create it again`, { code: 'upstream_error' });
      }
      throw callFailure(up, 'to sign a conversation URL', err);
    }
    session = await insertAgentSession(deps.db, {
      keyId: template.key_id,
      templateId: template.id,
      agentId: template.agent_id,
      conversationId: signed.conversationId,
      ...(charges?.length ? { charges } : {}),
    });
  } catch (err) {
    // No session was stored: the reservation was never its.
    ticket?.unhold();
    throw err;
  }
  return {
    session: sessionRecord(session),
    signedUrl: signed.signedUrl,
    expiresIn: SIGNED_URL_SECONDS,
    dynamicVariables: { [SESSION_VARIABLE]: session.id, [TEMPLATE_VARIABLE]: template.id } as AgentSessionStart['dynamicVariables'],
  };
}

export async function startSession(deps: AgentsDeps, keyId: string, templateId: number, auth?: GatewayAuth): Promise<AgentSessionStart> {
  const template = await getAgentTemplate(deps.db, templateId, keyId);
  if (!template) throw new ApiError('not_found', `No template ${templateId}`, { code: 'not_found' });
  return startFor(deps, template, auth);
}

/**
 * A signed URL for an agent: with the caller's own provider key, any agent of
 * their account, passed through; otherwise only the agent of one of the
 * caller's templates, and then as a tracked (billed) session.
 */
export async function signedUrlFor(deps: AgentsDeps, keyId: string, agentId: string, providerKey?: string, auth?: GatewayAuth): Promise<SignedUrl> {
  if (providerKey) {
    const up = agentsUpstream(providerKey);
    // Not a session of the gateway's: how long it runs is unknown, and it costs nothing here.
    (await admitSession(deps, auth, 0, true))?.settle(0, 0);
    try {
      const signed = await up.adapter.signedUrl(agentId, up.context());
      return { signedUrl: signed.signedUrl, expiresIn: SIGNED_URL_SECONDS };
    } catch (err) {
      if (err instanceof ProviderError && err.status === 404) throw new ApiError('not_found', `Your ${up.adapter.id} account has no agent ${agentId}`, { code: 'not_found' });
      throw callFailure(up, 'to sign a conversation URL', err);
    }
  }
  const template = await findAgentTemplateByAgent(deps.db, agentId, keyId);
  if (!template) throw new ApiError('not_found', `No agent ${agentId} among your templates (send X-Provider-Key for an agent of your own account)`, { code: 'not_found' });
  const started = await startFor(deps, template, auth);
  return { signedUrl: started.signedUrl, expiresIn: SIGNED_URL_SECONDS, sessionId: started.session.id, dynamicVariables: started.dynamicVariables };
}

export async function listSessions(
  deps: AgentsDeps,
  keyId: string,
  filter: { templateId?: number; status?: AgentSessionStatus; limit?: number },
): Promise<AgentSession[]> {
  const rows = await listAgentSessions(deps.db, keyId, { templateId: filter.templateId, status: filter.status, limit: filter.limit ?? 100 });
  return rows.map(sessionRecord);
}

export async function getSession(deps: AgentsDeps, keyId: string, id: number): Promise<AgentSession> {
  const row = await getAgentSession(deps.db, id, keyId);
  if (!row) throw new ApiError('not_found', `No session ${id}`, { code: 'not_found' });
  return sessionRecord(row);
}
