// The recording streams from the provider to the client; only a transfer
// that reached its end counts as the single retrieval.
import type { Handler } from '../types.ts';
import type { GetAgentSessionAudioData } from '../../generated/gateway/types.gen.ts';
import { sessionRecording } from '../../core/agents/recordings.ts';
import { keyOf } from '../gatewayContext.ts';
import { agentsDepsOf, pathId } from './_context.ts';

const getAgentSessionAudio: Handler<GetAgentSessionAudioData> = async (ctx, { path }) => {
  const id = pathId(path.id);
  const recording = await sessionRecording(agentsDepsOf(ctx), keyOf(ctx).keyId, id);
  const res = ctx.res;
  let failed = false;
  recording.body.once('error', () => (failed = true));
  res.once('close', () => {
    recording.settle(res.writableFinished && !failed).catch((err) => ctx.state.log.error({ err }, 'could not settle a recording download'));
  });
  ctx.status = 200;
  ctx.type = recording.contentType;
  ctx.set('content-disposition', `attachment; filename="session-${id}.mp3"`);
  ctx.set('cache-control', 'no-store');
  if (recording.length !== undefined) ctx.length = recording.length;
  ctx.body = recording.body;
};

export default getAgentSessionAudio;
