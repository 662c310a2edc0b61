import type { Handler } from '../types.ts';
import type { DeleteAgentTemplateData } from '../../generated/gateway/types.gen.ts';
import { deleteTemplate } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok } from './_context.ts';

const deleteAgentTemplate: Handler<DeleteAgentTemplateData> = async (ctx, { path }) => {
  await deleteTemplate(agentsDepsOf(ctx), keyOf(ctx).keyId, path.id);
  ok(ctx, { id: path.id, deleted: true }, 200, 'Template deleted.');
};

export default deleteAgentTemplate;
