// Cutting long audio for Moonshine: on a pause, never past the longest chunk,
// and the timestamps of a segment leave out the silence around its sound.
import { describe, expect, it } from 'vitest';
import { chunksOf, isSilent, RATE, soundBounds } from './chunks.ts';

/** Tone at 0.3 amplitude over [from, to) seconds, silence elsewhere, `seconds` long. */
function bursts(seconds: number, on: Array<[number, number]>): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (const [from, to] of on) for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) out[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return out;
}

describe('chunks', () => {
  it('keeps audio of up to the longest chunk whole', () => {
    expect(chunksOf(bursts(19.9, [[0, 19.9]]), 20)).toEqual([{ start: 0, end: Math.round(19.9 * RATE) }]);
  });

  it('cuts in the pause, not in the sound', () => {
    // Sound everywhere but one pause at 14.0-14.5 s (inside the 10-20 s window) and one at 31.0-31.6 s.
    const audio = bursts(40, [[0, 14], [14.5, 31], [31.6, 40]]);
    const chunks = chunksOf(audio, 20);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(audio.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start).toBe(chunks[i - 1]!.end);
    const cuts = chunks.slice(1).map((c) => c.start / RATE);
    expect(cuts[0]).toBeGreaterThanOrEqual(14);
    expect(cuts[0]).toBeLessThanOrEqual(14.5);
    expect(cuts[1]).toBeGreaterThanOrEqual(31);
    expect(cuts[1]).toBeLessThanOrEqual(31.6);
  });

  it('cuts speech with no pause at all within the longest chunk', () => {
    const audio = bursts(50, [[0, 50]]);
    const chunks = chunksOf(audio, 20);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(20 * RATE);
    expect(chunks.at(-1)!.end).toBe(audio.length);
  });

  it('finds where the sound is, and silence as silence', () => {
    const audio = bursts(3, [[0.6, 2.1]]);
    const b = soundBounds(audio);
    expect(b.start).toBeCloseTo(0.6, 1);
    expect(b.end).toBeCloseTo(2.1, 1);
    expect(isSilent(audio)).toBe(false);
    expect(isSilent(new Float32Array(RATE).fill(0.001))).toBe(true);
  });
});
