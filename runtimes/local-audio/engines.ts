// The runtime's engines: speech from mespeak (shipped in npm, always there)
// or espeak-ng (Debian's espeak-ng, when installed); transcription from
// Moonshine tiny (its weights ship in the @moonshine-ai/moonshine-js npm
// package) or pocketsphinx (Debian's pocketsphinx and pocketsphinx-en-us).
// Child processes and worker threads keep the event loop free.
import { execFile } from 'node:child_process';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { EngineError, ownBuffer, WorkerPool } from '../../engines/workerPool.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export class RuntimeError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, message: string, type = status >= 500 ? 'server_error' : 'invalid_request_error') {
    super(message);
    this.status = status;
    this.type = type;
  }
}

/** OpenAI's voice names, so clients written for it work unchanged, mapped onto eSpeak voices. */
const OPENAI_VOICES: Record<string, { voice: string; pitch: number }> = {
  alloy: { voice: 'en/en-us', pitch: 50 },
  ash: { voice: 'en/en-us', pitch: 35 },
  ballad: { voice: 'en/en-rp', pitch: 45 },
  coral: { voice: 'en/en-us', pitch: 65 },
  echo: { voice: 'en/en', pitch: 40 },
  fable: { voice: 'en/en-rp', pitch: 55 },
  nova: { voice: 'en/en-us', pitch: 70 },
  onyx: { voice: 'en/en-sc', pitch: 25 },
  sage: { voice: 'en/en-wm', pitch: 50 },
  shimmer: { voice: 'en/en-n', pitch: 75 },
  verse: { voice: 'en/en-wm', pitch: 60 },
};

export interface Voice {
  id: string;
  name: string;
  language: string;
}

let voiceList: Voice[] | undefined;

/** Every voice the runtime speaks: mespeak's languages plus OpenAI's names. */
export async function voices(): Promise<Voice[]> {
  if (voiceList) return voiceList;
  const root = join(dirname(require.resolve('mespeak/package.json')), 'voices');
  const list: Voice[] = Object.entries(OPENAI_VOICES).map(([id, v]) => ({ id, name: `${id} (eSpeak ${v.voice.split('/').pop()})`, language: 'en' }));
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      for (const f of await readdir(join(root, entry.name))) list.push({ id: f.replace(/\.json$/, ''), name: `eSpeak ${f.replace(/\.json$/, '')}`, language: f.replace(/\.json$/, '') });
    } else if (entry.name.endsWith('.json')) {
      const id = entry.name.replace(/\.json$/, '');
      list.push({ id, name: `eSpeak ${id}`, language: id });
    }
  }
  voiceList = list;
  return list;
}

async function resolveVoice(id: string): Promise<{ voice: string; pitch: number }> {
  if (OPENAI_VOICES[id]) return OPENAI_VOICES[id]!;
  const known = await voices();
  if (!known.some((v) => v.id === id)) throw new RuntimeError(400, `unknown voice ${id}; GET /v1/audio/voices lists them`);
  const root = join(dirname(require.resolve('mespeak/package.json')), 'voices');
  const nested = id.startsWith('en') && (await access(join(root, 'en', `${id}.json`)).then(() => true, () => false));
  return { voice: nested ? `en/${id}` : id, pitch: 50 };
}

const pool = new WorkerPool({ name: 'local-audio tts', script: new URL('./ttsWorker.ts', import.meta.url), size: 1, jobTimeoutMs: 60_000, idleTimeoutMs: 300_000 });

export async function speak(o: { text: string; voice: string; speed: number; engine: 'mespeak' | 'espeak-ng' }): Promise<Buffer> {
  const { voice, pitch } = await resolveVoice(o.voice);
  const wordsPerMinute = Math.round(175 * o.speed);
  if (o.engine === 'espeak-ng') {
    const dir = await mkdtemp(join(tmpdir(), 'tts-'));
    try {
      const out = join(dir, 'out.wav');
      await run('espeak-ng', ['-v', voice.split('/').pop()!.replace(/^en-us$/, 'en-us'), '-s', String(wordsPerMinute), '-p', String(pitch), '-w', out, '--', o.text]).catch((err) => {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new RuntimeError(400, 'the espeak-ng engine needs the Debian package espeak-ng; use model mespeak instead');
        throw err;
      });
      const { readFile } = await import('node:fs/promises');
      return await readFile(out);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const bytes = await pool.run<Uint8Array>('speak', { text: o.text, voice, speed: wordsPerMinute, pitch });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us';

export type SttEngine = 'moonshine-tiny' | 'pocketsphinx';

export interface Transcript {
  text: string;
  /** Word timings: pocketsphinx only (Moonshine's decoder has none). */
  words?: Array<{ word: string; start: number; end: number }>;
  segments: Array<{ start: number; end: number; text: string }>;
  duration: number;
}

function grammarOf(prompt: string): string | undefined {
  const words = [...new Set(prompt.toLowerCase().match(/[a-z']+/g) ?? [])];
  if (!words.length) return undefined;
  return `#JSGF V1.0;\ngrammar prompt;\npublic <s> = ( ${words.join(' | ')} )* ;\n`;
}

/**
 * The words of pocketsphinx_continuous's `-time yes` output (`word start end
 * probability` per line). Sentence marks, silence and the model's filler
 * words (`[SPEECH]`, `[NOISE]`, `[BREATH]`, `++UM++` and the like, whatever
 * the acoustic model's filler dictionary names) are not words; an alternate
 * pronunciation's `(2)` is dropped.
 */
export function wordsOf(stdout: string): NonNullable<Transcript['words']> {
  const words: NonNullable<Transcript['words']> = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+)(?: |$)/.exec(line);
    if (!m || /^(<.*>|\[.*\]|\+\+.*\+\+|\(NULL\))$/.test(m[1]!)) continue;
    words.push({ word: m[1]!.replace(/\(\d+\)$/, ''), start: Number(m[2]), end: Number(m[3]) });
  }
  return words;
}

const sttPool = new WorkerPool({ name: 'local-audio stt', script: new URL('./sttWorker.ts', import.meta.url), size: 1, jobTimeoutMs: 600_000, idleTimeoutMs: 300_000 });

/** A job of the transcription worker on WAV bytes (moved, not copied); a WAV it cannot read is a 400. */
async function sttJob<T>(method: string, audio: Buffer): Promise<T> {
  const wav = ownBuffer(audio);
  try {
    return await sttPool.run<T>(method, { wav }, { transfer: [wav.buffer as ArrayBuffer] });
  } catch (err) {
    if (err instanceof EngineError && err.code === 'bad_audio') throw new RuntimeError(400, `${err.message}; the local runtime transcribes 16-bit PCM WAV only`);
    throw err;
  }
}

/** Transcribes WAV audio with the engine asked for; both know English only. */
export async function transcribe(audio: Buffer, opts: { engine: SttEngine; prompt?: string; language?: string }): Promise<Transcript> {
  if (opts.language && !/^en\b/i.test(opts.language)) throw new RuntimeError(400, `${opts.engine} here has an English model only, not ${opts.language}`);
  return opts.engine === 'moonshine-tiny' ? moonshine(audio) : pocketsphinx(audio, opts);
}

async function moonshine(audio: Buffer): Promise<Transcript> {
  const out = await sttJob<{ duration: number; segments: Transcript['segments'] }>('transcribe', audio);
  return { text: out.segments.map((s) => s.text).join(' '), segments: out.segments, duration: out.duration };
}

/**
 * pocketsphinx: a prompt restricts recognition to the prompt's words
 * (pocketsphinx has no soft vocabulary boost), which suits command
 * vocabularies; without one the general US English model is used.
 */
async function pocketsphinx(audio: Buffer, opts: { prompt?: string }): Promise<Transcript> {
  // A copy moves to the worker: the caller may still need the audio (Moonshine where pocketsphinx is missing).
  const wav16k = await sttJob<Uint8Array>('wav16k', Buffer.from(audio));
  const dir = await mkdtemp(join(tmpdir(), 'stt-'));
  try {
    const input = join(dir, 'in.wav');
    await writeFile(input, wav16k);
    const args = ['-infile', input, '-time', 'yes', '-logfn', '/dev/null', '-hmm', join(MODEL_DIR, 'en-us'), '-dict', join(MODEL_DIR, 'cmudict-en-us.dict')];
    const grammar = opts.prompt ? grammarOf(opts.prompt) : undefined;
    if (grammar) {
      await writeFile(join(dir, 'prompt.gram'), grammar);
      args.push('-jsgf', join(dir, 'prompt.gram'));
    } else args.push('-lm', join(MODEL_DIR, 'en-us.lm.bin'));
    let stdout: string;
    try {
      ({ stdout } = await run('pocketsphinx_continuous', args, { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new RuntimeError(503, 'transcription needs the Debian packages pocketsphinx and pocketsphinx-en-us (apt-get install pocketsphinx pocketsphinx-en-us)', 'server_error');
      }
      throw new RuntimeError(500, `pocketsphinx failed: ${(err as Error).message.slice(0, 300)}`);
    }
    const words = wordsOf(stdout);
    const text = words.map((w) => w.word).join(' ');
    const segments = words.length ? [{ start: words[0]!.start, end: words[words.length - 1]!.end, text }] : [];
    return { text, words, segments, duration: (wav16k.byteLength - 44) / 2 / 16_000 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function close(): Promise<void> {
  await Promise.all([pool.close(), sttPool.close()]);
}
