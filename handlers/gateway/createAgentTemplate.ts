import type { Handler } from '../types.ts';
import type { CreateAgentTemplateData } from '../../generated/gateway/types.gen.ts';
import { createTemplate } from '../../core/agents/templates.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok } from './_context.ts';

const createAgentTemplate: Handler<CreateAgentTemplateData> = async (ctx, { body }) => {
  ok(ctx, await createTemplate(agentsDepsOf(ctx), keyOf(ctx).keyId, body), 201, 'Template created.');
};

export default createAgentTemplate;
