import type { Handler } from '../types.ts';
import type { AgentWebhookEventData } from '../../generated/gateway/types.gen.ts';
import { eventWebhook } from '../../core/agents/webhooks.ts';
import { agentsDepsOf, ok, webhookSecretOf } from './_context.ts';

const agentWebhookEvent: Handler<AgentWebhookEventData> = async (ctx, { body }) => {
  ok(ctx, await eventWebhook(agentsDepsOf(ctx), webhookSecretOf(ctx), body));
};

export default agentWebhookEvent;
