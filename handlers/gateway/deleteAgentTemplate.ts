import type { Handler } from '../types.ts';
import type { DeleteAgentTemplateData } from '../../generated/gateway/types.gen.ts';
import { deleteTemplate } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok, pathId } from './_context.ts';

const deleteAgentTemplate: Handler<DeleteAgentTemplateData> = async (ctx, { path }) => {
  const id = pathId(path.id);
  await deleteTemplate(agentsDepsOf(ctx), keyOf(ctx).keyId, id);
  ok(ctx, { id, deleted: true }, 200, 'Template deleted.');
};

export default deleteAgentTemplate;
