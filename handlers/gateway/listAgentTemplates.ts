import type { Handler } from '../types.ts';
import type { ListAgentTemplatesData } from '../../generated/gateway/types.gen.ts';
import { listTemplates } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok } from './_context.ts';

const listAgentTemplates: Handler<ListAgentTemplatesData> = async (ctx, { query }) => {
  ok(ctx, await listTemplates(agentsDepsOf(ctx), keyOf(ctx).keyId, query.limit ?? 100));
};

export default listAgentTemplates;
