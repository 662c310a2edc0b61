// Just enough WAV for the runtime: read PCM out of a RIFF file, turn it into
// the 16 kHz mono 16-bit audio both recognisers take (pocketsphinx's model and
// Moonshine were trained on it), write one.

export interface Pcm {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit samples. */
  samples: Int16Array;
}

export class WavError extends Error {}

export function readWav(bytes: Buffer): Pcm {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') throw new WavError('not a WAV file');
  let pos = 12;
  let fmt: { format: number; channels: number; rate: number; bits: number } | undefined;
  while (pos + 8 <= bytes.length) {
    const id = bytes.toString('latin1', pos, pos + 4);
    const size = bytes.readUInt32LE(pos + 4);
    if (id === 'fmt ') {
      fmt = { format: bytes.readUInt16LE(pos + 8), channels: bytes.readUInt16LE(pos + 10), rate: bytes.readUInt32LE(pos + 12), bits: bytes.readUInt16LE(pos + 22) };
    } else if (id === 'data') {
      if (!fmt) throw new WavError('WAV data before its fmt chunk');
      if (fmt.format !== 1 || fmt.bits !== 16) throw new WavError(`only 16-bit PCM WAV is transcribed (got format ${fmt.format}, ${fmt.bits} bits)`);
      // Streamed WAVs carry a placeholder size: the data runs to the end.
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, pos + 8 + size);
      const data = bytes.subarray(pos + 8, end - ((end - pos - 8) % 2));
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { sampleRate: fmt.rate, channels: fmt.channels, samples };
    }
    pos += 8 + size + (size % 2);
  }
  throw new WavError('WAV without a data chunk');
}

/** Mono at `rate`: channels averaged, then a windowed-sinc low-pass and resample. */
export function toMono16k(pcm: Pcm, rate = 16_000): Int16Array {
  const frames = Math.floor(pcm.samples.length / pcm.channels);
  const mono = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < pcm.channels; c++) sum += pcm.samples[i * pcm.channels + c]!;
    mono[i] = sum / pcm.channels;
  }
  if (pcm.sampleRate === rate) return Int16Array.from(mono, (v) => Math.round(v));
  const ratio = pcm.sampleRate / rate;
  const cutoff = Math.min(1, 1 / ratio);
  const half = 16;
  // An output sample's taps depend only on where it falls between two input
  // samples, which repeats every rate / gcd outputs (once for 48 kHz to 16 kHz,
  // 160 times for 44.1 kHz): each such kernel is computed once, not per sample.
  const g = gcd(pcm.sampleRate, rate);
  const phases = rate / g;
  const kernels = new Map<number, { first: number; weights: Float64Array; norm: number }>();
  const kernel = (i: number) => {
    const phase = phases <= 4096 ? (i * (pcm.sampleRate / g)) % phases : -1;
    const cached = phase >= 0 ? kernels.get(phase) : undefined;
    if (cached) return cached;
    const center = phase >= 0 ? phase / phases : (i * ratio) % 1;
    const first = Math.ceil(center - half);
    const weights = new Float64Array(Math.floor(center + half) - first + 1);
    let norm = 0;
    for (let j = 0; j < weights.length; j++) {
      const x = first + j - center;
      const sinc = x === 0 ? cutoff : Math.sin(Math.PI * cutoff * x) / (Math.PI * x);
      weights[j] = sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / half));
      norm += weights[j]!;
    }
    const k = { first, weights, norm };
    if (phase >= 0) kernels.set(phase, k);
    return k;
  };
  const out = new Int16Array(Math.floor(frames / ratio));
  for (let i = 0; i < out.length; i++) {
    const base = Math.floor((i * pcm.sampleRate) / rate);
    const { first, weights } = kernel(i);
    let acc = 0;
    let norm = 0;
    for (let j = 0; j < weights.length; j++) {
      const k = base + first + j;
      if (k < 0 || k >= frames) continue;
      acc += mono[k]! * weights[j]!;
      norm += weights[j]!;
    }
    out[i] = Math.max(-32768, Math.min(32767, Math.round(norm ? acc / norm : 0)));
  }
  return out;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function writeWav(samples: Int16Array, sampleRate: number): Buffer {
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + samples.length * 2, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(sampleRate, 24);
  head.writeUInt32LE(sampleRate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([head, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}
