import type { Handler } from '../types.ts';
import type { AgentWebhookCompleteData } from '../../generated/gateway/types.gen.ts';
import { completeWebhook } from '../../core/agents/webhooks.ts';
import { agentsDepsOf, ok, webhookSecretOf } from './_context.ts';

const agentWebhookComplete: Handler<AgentWebhookCompleteData> = async (ctx, { body }) => {
  ok(ctx, await completeWebhook(agentsDepsOf(ctx), webhookSecretOf(ctx), body));
};

export default agentWebhookComplete;
