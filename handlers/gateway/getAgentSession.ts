import type { Handler } from '../types.ts';
import type { GetAgentSessionData } from '../../generated/gateway/types.gen.ts';
import { getSession } from '../../core/agents/sessions.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok, pathId } from './_context.ts';

const getAgentSession: Handler<GetAgentSessionData> = async (ctx, { path }) => {
  ok(ctx, await getSession(agentsDepsOf(ctx), keyOf(ctx).keyId, pathId(path.id)));
};

export default getAgentSession;
