// Session recordings: kept by the provider until fetched once through the
// gateway, then deleted there (audio and transcript), so nothing of the
// conversation outlives the single download. The recording is claimed before
// it is sent (two requests cannot both get it) and given back when a
// transfer breaks off.
import { Readable } from 'node:stream';
import { getAgentSession } from '../../db/gateway/getAgentSession.ts';
import { claimSessionRecording } from '../../db/gateway/claimSessionRecording.ts';
import { recordUpstreamLeftover } from '../../db/gateway/recordUpstreamLeftover.ts';
import { setSessionRecording } from '../../db/gateway/setSessionRecording.ts';
import { ApiError } from '../../protocols/errors.ts';
import { ProviderError } from '../../providers/types.ts';
import { agentsUpstream, callFailure, type AgentsDeps } from './upstream.ts';

export const RECORDING_RETENTION_DAYS = 30;

export interface RecordingDownload {
  body: Readable;
  contentType: string;
  length?: number;
  /** Settles the claim: sent whole, the recording is gone for good; otherwise it stays available. */
  settle(sentWhole: boolean): Promise<void>;
}

async function unavailable(deps: AgentsDeps, keyId: string, id: number): Promise<ApiError> {
  const session = await getAgentSession(deps.db, id, keyId);
  if (!session) return new ApiError('not_found', `No session ${id}`, { code: 'not_found' });
  switch (session.recording) {
    case 'retrieved':
      return new ApiError('gone', `The recording of session ${id} was already retrieved and has been deleted`, { code: 'recording_gone' });
    case 'purged':
      return new ApiError('gone', `The recording of session ${id} was deleted (recordings are kept ${RECORDING_RETENTION_DAYS} days after the session ends)`, { code: 'recording_gone' });
    case 'sending':
      return new ApiError('conflict', `The recording of session ${id} is being sent to another request`, { code: 'conflict' });
    default:
      return session.status === 'completed' || session.status === 'failed'
        ? new ApiError('not_found', `Session ${id} has no recording`, { code: 'recording_not_available' })
        : new ApiError('not_found', `Session ${id} has not ended; its recording is available once the conversation is complete`, { code: 'recording_not_available' });
  }
}

export async function sessionRecording(deps: AgentsDeps, keyId: string, id: number): Promise<RecordingDownload> {
  const conversationId = await claimSessionRecording(deps.db, id, keyId);
  if (!conversationId) throw await unavailable(deps, keyId, id);
  const giveBack = () => setSessionRecording(deps.db, id, 'sending', 'available');
  let up;
  let audio;
  try {
    up = agentsUpstream();
    audio = await up.adapter.conversationAudio(conversationId, up.context());
  } catch (err) {
    if (err instanceof ProviderError && err.status === 404) {
      await setSessionRecording(deps.db, id, 'sending', 'purged');
      throw new ApiError('gone', `The recording of session ${id} is no longer kept by the provider`, { code: 'recording_gone' });
    }
    await giveBack();
    throw up ? callFailure(up, 'to send the recording', err) : err;
  }
  const provider = up;
  let settled = false;
  return {
    body: Readable.from(audio.body),
    contentType: audio.contentType?.startsWith('audio/') ? audio.contentType : 'audio/mpeg',
    ...(audio.length !== undefined ? { length: audio.length } : {}),
    async settle(sentWhole) {
      if (settled) return;
      settled = true;
      if (!sentWhole) {
        audio.body.destroy();
        await giveBack();
        return;
      }
      await setSessionRecording(deps.db, id, 'sending', 'retrieved');
      try {
        await provider.adapter.deleteConversation(conversationId, provider.context());
      } catch (err) {
        deps.log.warn({ sessionId: id, err: (err as Error).message }, 'could not delete a retrieved recording upstream; recorded for the maintenance schedule');
        await recordUpstreamLeftover(deps.db, 'conversation', conversationId, `recording retrieved: ${(err as Error).message}`);
      }
    },
  };
}
