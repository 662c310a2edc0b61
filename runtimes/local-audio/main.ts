// npm run local-audio: the offline audio runtime behind the local-audio
// provider (LOCAL_AUDIO_BASE_URL, default http://127.0.0.1:8880/v1: the
// routes live under /v1).
import { startLocalAudio } from './server.ts';

const port = Number(process.env.LOCAL_AUDIO_PORT || 8880);
const host = process.env.LOCAL_AUDIO_HOST || '127.0.0.1';
const running = await startLocalAudio(port, host);
console.log(`local-audio listening on ${running.url.replace(/\/v1$/, '')} (speech: mespeak${'' /* espeak-ng when installed */}; transcription: moonshine-tiny, pocketsphinx)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
