import type { Handler } from '../types.ts';
import type { ListAgentSessionsData } from '../../generated/gateway/types.gen.ts';
import { listSessions } from '../../core/agents/sessions.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, fieldId, ok } from './_context.ts';

const listAgentSessions: Handler<ListAgentSessionsData> = async (ctx, { query }) => {
  const templateId = fieldId(query.templateId, 'templateId');
  ok(ctx, await listSessions(agentsDepsOf(ctx), keyOf(ctx).keyId, { ...query, templateId }));
};

export default listAgentSessions;
