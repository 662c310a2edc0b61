import type { Handler } from '../types.ts';
import type { AgentWebhookContextData } from '../../generated/gateway/types.gen.ts';
import { contextWebhook } from '../../core/agents/webhooks.ts';
import { agentsDepsOf, ok, webhookSecretOf } from './_context.ts';

const agentWebhookContext: Handler<AgentWebhookContextData> = async (ctx, { body }) => {
  ok(ctx, await contextWebhook(agentsDepsOf(ctx), webhookSecretOf(ctx), body));
};

export default agentWebhookContext;
