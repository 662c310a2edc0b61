// Transcription's CPU work in a worker thread: reading and resampling WAV
// (for pocketsphinx too, which is handed a 16 kHz file), and Moonshine tiny
// (Useful Sensors, MIT): the quantized ONNX
// encoder and merged decoder that @moonshine-ai/moonshine-js ships in its
// npm tarball, run by onnxruntime-node, greedy decoding with the decoder's
// key/value cache as the package's own model.ts does it, tokens decoded by
// llama-tokenizer-js (Moonshine uses LLaMA's vocabulary). Decoding the WAV
// and resampling it happen here too: for long audio they are seconds of CPU.
// The sessions are created by a worker's first job and kept.
import { lowerThreadPriority } from '../../engines/priority.ts';
import ort from 'onnxruntime-node';
import llamaTokenizer from 'llama-tokenizer-js';
import { fileURLToPath } from 'node:url';
import { serveWorker, withTransfer } from '../../engines/workerServe.ts';
import { chunksOf, isSilent, RATE, soundBounds } from './chunks.ts';
import { readWav, toMono16k, writeWav } from './wav.ts';

lowerThreadPriority();

// Moonshine tiny's decoder: 6 layers, 8 key/value heads of 36 dimensions.
const LAYERS = 6;
const HEADS = 8;
const HEAD_DIM = 36;
const START = 1;
const END = 2;
/**
 * Shorter clips are padded with silence to this: under about a second
 * Moonshine repeats the last word ("side right right"). Padding longer clips
 * did not help on the recordings of docs/audio.md: 1.5 s turned "rear" into
 * "reer", and 0.25 s either side emptied some clips.
 */
const MIN_SECONDS = 1;
/** Silence either side of a clip that came back empty, for its one retry. */
const RETRY_MARGIN = 0.1;

interface Model {
  encoder: ort.InferenceSession;
  decoder: ort.InferenceSession;
  presents: string[];
}

let loading: Promise<Model> | undefined;

function model(): Promise<Model> {
  loading ??= (async () => {
    const dir = fileURLToPath(new URL('./model/tiny/quantized/', import.meta.resolve('@moonshine-ai/moonshine-js')));
    const options: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1 };
    const encoder = await ort.InferenceSession.create(`${dir}encoder_model.onnx`, options);
    const decoder = await ort.InferenceSession.create(`${dir}decoder_model_merged.onnx`, options);
    return { encoder, decoder, presents: decoder.outputNames.filter((n) => n.startsWith('present.')) };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

function pastNames(): string[] {
  const names: string[] = [];
  for (let i = 0; i < LAYERS; i++) for (const part of ['decoder', 'encoder']) for (const kv of ['key', 'value']) names.push(`past_key_values.${i}.${part}.${kv}`);
  return names;
}

/** `audio` with `before` seconds of silence ahead of it, at least `total` seconds long. */
function padded(audio: Float32Array, before: number, total: number): Float32Array {
  const lead = Math.round(before * RATE);
  const out = new Float32Array(Math.max(Math.ceil(total * RATE), lead + audio.length));
  out.set(audio, lead);
  return out;
}

/**
 * One chunk (16 kHz float samples) to text. Greedy decoding sometimes ends at
 * its first token on speech (a clip's framing, not its content: the same
 * words with a little more silence around them are read): an empty answer is
 * tried once more with a margin of silence.
 */
async function recognise(m: Model, audio: Float32Array): Promise<string> {
  const text = await decode(m, audio.length < MIN_SECONDS * RATE ? padded(audio, 0, MIN_SECONDS) : audio);
  if (text) return text;
  return decode(m, padded(audio, RETRY_MARGIN, Math.max(MIN_SECONDS, audio.length / RATE + 2 * RETRY_MARGIN)));
}

async function decode(m: Model, audio: Float32Array): Promise<string> {
  const seconds = audio.length / RATE;
  const encoded = await m.encoder.run({ input_values: new ort.Tensor('float32', audio, [1, audio.length]) });
  const hidden = encoded[m.encoder.outputNames[0]!]!;
  const names = pastNames();
  const past: Record<string, ort.Tensor> = {};
  for (const n of names) past[n] = new ort.Tensor('float32', new Float32Array(0), [0, HEADS, 1, HEAD_DIM]);
  const tokens: number[] = [];
  let next = START;
  // The generation config's own bound (6.5 tokens a second of speech), plus room for a short clip's full stop.
  const maxTokens = Math.ceil(seconds * 6.5) + 4;
  for (let i = 0; i < maxTokens; i++) {
    const out = await m.decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.of(BigInt(next)), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [i > 0], [1]),
      ...past,
    });
    const logits = out.logits!;
    const vocab = logits.dims[2]!;
    const data = logits.data as Float32Array;
    const base = (logits.dims[1]! - 1) * vocab;
    let best = 0;
    for (let k = 1; k < vocab; k++) if (data[base + k]! > data[base + best]!) best = k;
    if (best === END) break;
    tokens.push(best);
    next = best;
    // The encoder's cross-attention cache is computed on the first step only; later steps return it unchanged.
    names.forEach((n, idx) => {
      if (i === 0 || n.includes('.decoder.')) past[n] = out[m.presents[idx]!]!;
    });
  }
  return llamaTokenizer.decode(tokens).trim();
}

export interface MoonshineSegment {
  start: number;
  end: number;
  text: string;
}

/** 16 kHz mono samples of a WAV; one that is not 16-bit PCM is the job's failure, coded `bad_audio`. */
function mono16k(wav: Uint8Array): Int16Array {
  try {
    return toMono16k(readWav(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength)));
  } catch (err) {
    throw Object.assign(new Error((err as Error).message), { code: 'bad_audio' });
  }
}

serveWorker({
  wav16k: ({ wav }: { wav: Uint8Array }) => {
    const out = new Uint8Array(writeWav(mono16k(wav), RATE));
    return withTransfer(out, [out.buffer]);
  },
  transcribe: async ({ wav }: { wav: Uint8Array }): Promise<{ duration: number; segments: MoonshineSegment[] }> => {
    const samples = Float32Array.from(mono16k(wav), (v) => v / 32768);
    const m = await model();
    const segments: MoonshineSegment[] = [];
    for (const c of chunksOf(samples)) {
      const audio = samples.subarray(c.start, c.end);
      if (isSilent(audio)) continue;
      const text = await recognise(m, audio);
      const sound = soundBounds(audio);
      if (text) segments.push({ start: c.start / RATE + sound.start, end: c.start / RATE + sound.end, text });
    }
    return { duration: samples.length / RATE, segments };
  },
});
