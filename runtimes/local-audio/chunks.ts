// Where to cut long audio for Moonshine, which was trained on segments of at
// most 30 s (its generation config caps tokens at 30 s x 6.5 per second) and
// drops or repeats words on longer input. Cuts fall in the quietest stretch
// of each window, so a word is rarely split; speech with no pause at all is
// still cut, at the window's quietest point.

export const RATE = 16_000;
const FRAME = 480; // 30 ms
const SMOOTH = 7; // frames: a pause of about 0.2 s, not a stop consonant
const SILENCE = 0.003; // RMS, about -50 dBFS

export interface Chunk {
  /** Sample offsets, end exclusive. */
  start: number;
  end: number;
}

/** Root mean square of each 30 ms frame. */
export function frameLevels(samples: Float32Array): Float32Array {
  const levels = new Float32Array(Math.ceil(samples.length / FRAME));
  for (let f = 0; f < levels.length; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * FRAME);
    for (let i = f * FRAME; i < end; i++) sum += samples[i]! * samples[i]!;
    levels[f] = Math.sqrt(sum / Math.max(1, end - f * FRAME));
  }
  return levels;
}

/**
 * Chunks of at most `maxSeconds`, each cut in the quietest 0.2 s between
 * half and all of `maxSeconds` after the previous cut. Audio no longer than
 * `maxSeconds` is one chunk.
 */
export function chunksOf(samples: Float32Array, maxSeconds = 20): Chunk[] {
  const max = Math.floor(maxSeconds * RATE);
  if (samples.length <= max) return [{ start: 0, end: samples.length }];
  const levels = frameLevels(samples);
  const out: Chunk[] = [];
  let start = 0;
  while (samples.length - start > max) {
    const from = Math.ceil((start + max / 2) / FRAME);
    const to = Math.floor((start + max) / FRAME) - SMOOTH;
    let best = from;
    let bestLevel = Infinity;
    for (let f = from; f <= to; f++) {
      let level = 0;
      for (let k = 0; k < SMOOTH; k++) level += levels[f + k] ?? 0;
      if (level < bestLevel) {
        bestLevel = level;
        best = f;
      }
    }
    const cut = Math.min(start + max, (best + Math.floor(SMOOTH / 2)) * FRAME + FRAME / 2);
    out.push({ start, end: cut });
    start = cut;
  }
  out.push({ start, end: samples.length });
  return out;
}

/** A chunk with nothing above -50 dBFS anywhere: the encoder is not run on it (Moonshine invents words for silence). */
export function isSilent(samples: Float32Array): boolean {
  for (const level of frameLevels(samples)) if (level > SILENCE) return false;
  return true;
}

/**
 * Where the sound of a chunk starts and ends (seconds from the chunk's
 * start): the first and last 30 ms frame within 28 dB of the chunk's
 * loudest, so a segment's timestamps leave out the silence around its words
 * but keep a word's quiet last consonant (the "t" of "left" is 24 dB down).
 */
export function soundBounds(samples: Float32Array): { start: number; end: number } {
  const levels = frameLevels(samples);
  let peak = 0;
  for (const level of levels) peak = Math.max(peak, level);
  const floor = Math.max(SILENCE, peak / 25);
  const first = levels.findIndex((l) => l > floor);
  if (first === -1) return { start: 0, end: samples.length / RATE };
  let last = first;
  for (let f = levels.length - 1; f > first; f--) {
    if (levels[f]! > floor) {
      last = f;
      break;
    }
  }
  return { start: (first * FRAME) / RATE, end: Math.min(samples.length, (last + 1) * FRAME) / RATE };
}
