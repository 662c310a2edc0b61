import type { Handler } from '../types.ts';
import type { GetAgentTemplateData } from '../../generated/gateway/types.gen.ts';
import { getTemplate } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok, pathId } from './_context.ts';

const getAgentTemplate: Handler<GetAgentTemplateData> = async (ctx, { path }) => {
  ok(ctx, await getTemplate(agentsDepsOf(ctx), keyOf(ctx).keyId, pathId(path.id)));
};

export default getAgentTemplate;
