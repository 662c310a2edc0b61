import type { Handler } from '../types.ts';
import type { CreateAgentSignedUrlData } from '../../generated/gateway/types.gen.ts';
import { signedUrlFor } from '../../core/agents/sessions.ts';
import { callerOf, keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, ok } from './_context.ts';

const createAgentSignedUrl: Handler<CreateAgentSignedUrlData> = async (ctx, { body }) => {
  ok(ctx, await signedUrlFor(agentsDepsOf(ctx), keyOf(ctx).keyId, body.agentId, callerOf(ctx).providerKey, keyOf(ctx)));
};

export default createAgentSignedUrl;
