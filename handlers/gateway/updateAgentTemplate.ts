import type { Handler } from '../types.ts';
import type { UpdateAgentTemplateData } from '../../generated/gateway/types.gen.ts';
import { updateTemplate } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok, pathId } from './_context.ts';

const updateAgentTemplate: Handler<UpdateAgentTemplateData> = async (ctx, { path, body }) => {
  ok(ctx, await updateTemplate(agentsDepsOf(ctx), keyOf(ctx).keyId, pathId(path.id), body), 200, 'Template updated.');
};

export default updateAgentTemplate;
