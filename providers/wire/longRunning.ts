// Polling a provider's long-running job: bounded (an overall deadline),
// backing off (the interval doubles up to a ceiling, with jitter, and honours
// none of the provider's own hints because none of them give one), and
// cancellable at every wait.
import { sleep } from '../transport/http.ts';
import { ProviderError } from '../types.ts';
import type { MediaCallContext, VideoJob, VideoPoll } from '../media.ts';
import type { VideoRequest } from '../../protocols/media.ts';
import type { ProviderId } from '../../protocols/canonical.ts';

export async function pollUntilDone(
  provider: ProviderId,
  job: VideoJob,
  req: VideoRequest,
  ctx: MediaCallContext,
  poll: (job: VideoJob, req: VideoRequest, ctx: MediaCallContext) => Promise<VideoPoll>,
): Promise<Extract<VideoPoll, { state: 'done' }>> {
  const { initialMs, maxMs, timeoutMs } = ctx.poll;
  const deadline = Date.now() + timeoutMs;
  let wait = initialMs;
  for (let polls = 1; ; polls++) {
    const state = await poll(job, req, ctx);
    if (state.state === 'done') return state;
    if (state.state === 'failed') throw new ProviderError(provider, 'upstream_error', `${provider} video job ${job.id} failed: ${state.message}`);
    ctx.progress({ stage: 'generating', percent: state.percent ?? null, polls });
    if (Date.now() + wait > deadline) {
      throw new ProviderError(provider, 'timeout', `${provider} video job ${job.id} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    }
    await sleep(wait * (0.85 + Math.random() * 0.3), ctx.signal).catch(() => {
      throw new ProviderError(provider, 'cancelled', `${provider} video job polling was cancelled`);
    });
    wait = Math.min(wait * 2, maxMs);
  }
}
