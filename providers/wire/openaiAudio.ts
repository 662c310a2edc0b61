// The OpenAI audio protocol as local runtimes speak it (our own
// `npm run local-audio`, Kokoro-FastAPI, faster-whisper servers):
// POST audio/speech (JSON in, audio out), POST audio/transcriptions
// (multipart, verbose_json with word timestamps), GET audio/voices.
import type { ProviderId } from '../../protocols/canonical.ts';
import type { StoredMedia, Transcript, Voice } from '../../protocols/media.ts';
import { joinUrl, send, sendJson } from '../transport/http.ts';
import { storeStream, type MediaCallContext } from '../media.ts';
import type { CallContext } from '../types.ts';
import { extensionOf, fields, multipart } from './multipart.ts';

function auth(ctx: CallContext): Record<string, string> {
  return ctx.settings.apiKey ? { authorization: `Bearer ${ctx.settings.apiKey}` } : {};
}

export async function speech(provider: ProviderId, ctx: MediaCallContext, body: { model: string; input: string; voice: string; response_format: string; speed?: number }): Promise<StoredMedia> {
  const res = await send(provider, ctx, { url: joinUrl(ctx.settings.baseUrl, 'audio/speech'), headers: auth(ctx), body, attempts: 2 });
  return storeStream(ctx, 'audio-0', res.body, body.response_format === 'pcm' ? 'audio/pcm' : undefined);
}

interface VerboseTranscription {
  text?: string;
  language?: string;
  words?: Array<{ word: string; start: number; end: number }>;
}

export async function transcription(
  provider: ProviderId,
  ctx: MediaCallContext,
  o: { model: string; audio: StoredMedia; language?: string; prompt?: string },
): Promise<Omit<Transcript, 'language'> & { language?: string }> {
  const form = multipart([
    ...fields({ model: o.model, language: o.language, prompt: o.prompt, response_format: 'verbose_json', 'timestamp_granularities[]': 'word' }),
    { name: 'file', filename: `audio.${extensionOf(o.audio.mimeType)}`, contentType: o.audio.mimeType, data: await ctx.read(o.audio) },
  ]);
  const res = await sendJson<VerboseTranscription>(provider, ctx, {
    url: joinUrl(ctx.settings.baseUrl, 'audio/transcriptions'),
    headers: { ...auth(ctx), 'content-type': form.contentType },
    body: form.body,
    attempts: 2,
  });
  return {
    text: res.text ?? '',
    language: res.language,
    model: o.model,
    words: (res.words ?? []).map((w) => ({ text: w.word, start: w.start, end: w.end, type: 'word' as const, speakerId: null })),
  };
}

/** Voices as runtimes list them: names, or objects with an id. */
export async function voices(provider: ProviderId, ctx: CallContext): Promise<Voice[]> {
  const res = await sendJson<{ voices?: Array<string | { id?: string; voice_id?: string; name?: string; language?: string }> }>(provider, ctx, {
    url: joinUrl(ctx.settings.baseUrl, 'audio/voices'),
    headers: auth(ctx),
  });
  return (res.voices ?? []).map((v) => {
    const voiceId = typeof v === 'string' ? v : (v.voice_id ?? v.id ?? '');
    const name = typeof v === 'string' ? v : (v.name ?? voiceId);
    const language = typeof v === 'string' ? undefined : v.language;
    const labels: Record<string, string> = language ? { language } : {};
    return { voice_id: voiceId, name, category: 'local', preview_url: null, labels };
  });
}
