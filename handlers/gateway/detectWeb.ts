import type { Handler } from '../types.ts';
import type { DetectWebData } from '../../generated/gateway/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { checkImage } from '../../core/vision.ts';
import { webEngine, webEngineSettings } from '../../providers/webEngines.ts';
import { callerOf } from '../gatewayContext.ts';
import { queueVision } from './_vision.ts';

// Web detection calls a hosted engine: no local models, so no VISION_SERVICE_ENABLED.
const detectWeb: Handler<DetectWebData> = async (ctx, { body: b }) => {
  const { env } = ctx.state.deps;
  const engine = b.engine ?? 'google-vision';
  const providerKey = callerOf(ctx).providerKey;
  const settings = webEngineSettings(engine, env);
  if (!settings.apiKey && !providerKey) {
    throw new ApiError('unavailable', `${engine} is not configured: set ${settings.keyEnv} or send X-Provider-Key`, { code: 'provider_not_configured' });
  }
  const { bytes } = await checkImage(b.image, env);
  await queueVision(ctx, { op: 'web', engine, maxResults: b.maxResults }, bytes, { group: engine, model: webEngine(engine).model, providerKey });
};

export default detectWeb;
