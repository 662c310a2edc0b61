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

export const SIGNED_URL_SECONDS = 900;

async function startFor(deps: AgentsDeps, template: AgentTemplateRow): Promise<AgentSessionStart> {
  const up = agentsUpstream();
  let signed;
  try {
    signed = await up.adapter.signedUrl(template.agent_id, up.context());
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) {
      throw new ApiError('upstream', `The voice agent of template ${template.id} is missing at ${up.adapter.id}; update the template to recreate its configuration or create it again`, { code: 'upstream_error' });
    }
    throw callFailure(up, 'to sign a conversation URL', err);
  }
  const session = await insertAgentSession(deps.db, { keyId: template.key_id, templateId: template.id, agentId: template.agent_id, conversationId: signed.conversationId });
  return {
    session: sessionRecord(session),
    signedUrl: signed.signedUrl,
    expiresIn: SIGNED_URL_SECONDS,
    dynamicVariables: { [SESSION_VARIABLE]: session.id, [TEMPLATE_VARIABLE]: template.id } as AgentSessionStart['dynamicVariables'],
  };
}

export async function startSession(deps: AgentsDeps, keyId: string, templateId: number): Promise<AgentSessionStart> {
  const template = await getAgentTemplate(deps.db, templateId, keyId);
  if (!template) throw new ApiError('not_found', `No template ${templateId}`, { code: 'not_found' });
  return startFor(deps, template);
}

/**
 * A signed URL for an agent: with the caller's own provider key, any agent of
 * their account, passed through; otherwise only the agent of one of the
 * caller's templates, and then as a tracked (billed) session.
 */
export async function signedUrlFor(deps: AgentsDeps, keyId: string, agentId: string, providerKey?: string): Promise<SignedUrl> {
  if (providerKey) {
    const up = agentsUpstream(providerKey);
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
  const started = await startFor(deps, template);
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
