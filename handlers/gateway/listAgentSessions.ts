import { ApiError } from '../../protocols/errors.ts';
import type { Handler } from '../types.ts';
import type { ListAgentSessionsData } from '../../generated/gateway/types.gen.ts';
import { listSessions } from '../../core/agents/sessions.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok } from './_context.ts';

const listAgentSessions: Handler<ListAgentSessionsData> = async (ctx, { query }) => {
  const templateId = query.templateId;
  // Ids are PostgreSQL integers; the validator's coercion lets "Infinity" through as a number.
  if (templateId !== undefined && (!Number.isInteger(templateId) || templateId < 1 || templateId > 2_147_483_647)) {
    throw new ApiError('invalid_request', 'templateId must be a whole number from 1 to 2147483647', { code: 'bad_request', param: 'templateId' });
  }
  ok(ctx, await listSessions(agentsDepsOf(ctx), keyOf(ctx).keyId, query));
};

export default listAgentSessions;
