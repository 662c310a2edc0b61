import type { Handler } from '../types.ts';
import type { StartAgentSessionData } from '../../generated/gateway/types.gen.ts';
import { startSession } from '../../core/agents/sessions.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, fieldId, ok } from './_context.ts';

const startAgentSession: Handler<StartAgentSessionData> = async (ctx, { body }) => {
  const templateId = fieldId(body.templateId, 'templateId')!;
  ok(ctx, await startSession(agentsDepsOf(ctx), keyOf(ctx).keyId, templateId, keyOf(ctx)), 201, 'Session started.');
};

export default startAgentSession;
