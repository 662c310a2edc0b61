// The dewarp on a page bent by a known curve: straight text rendered, every
// column moved down by a quadratic of x (as a page curling towards its edges
// bends its lines), then measured, straightened and read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Raster } from './image.ts';
import { measureBend, worthStraightening } from './dewarp.ts';
import { dataDirectory } from './languages.ts';
import { read, Readers, type Box } from './read.ts';
import { EN, renderLines } from './testing/evalSet.ts';
import { cer } from './testing/metrics.ts';

/** Column x moved down by bend(x) pixels, linearly interpolated; rows moved in are white. */
function bent(r: Raster, bend: (x: number) => number): Raster {
  const out = Buffer.alloc(r.width * r.height, 255);
  for (let x = 0; x < r.width; x++) {
    const s = bend(x);
    for (let y = 0; y < r.height; y++) {
      const src = y - s;
      const y0 = Math.floor(src);
      const f = src - y0;
      if (y0 < 0 || y0 + 1 >= r.height) continue;
      out[y * r.width + x] = Math.round((1 - f) * r.data[y0 * r.width + x]! + f * r.data[(y0 + 1) * r.width + x]!);
    }
  }
  return { ...r, data: out };
}

const pgm = (r: Raster) => Buffer.concat([Buffer.from(`P5\n${r.width} ${r.height}\n255\n`), r.data]);

let readers: Readers;
let page: Raster;
let truth: Array<{ text: string; bbox: Box }>;
// Close-set lines (a pitch of 28 px, as in the catalogue); the left edge drops 70 px, two and a half pitches.
const DROP = 70;
let bend: (x: number) => number;

beforeAll(async () => {
  readers = new Readers(dataDirectory());
  const r = await renderLines(EN, 'DejaVu Serif', 22, { margin: 50, leading: 1.25 });
  const { data, info } = await sharp(r.png).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const straight: Raster = { data, width: info.width, height: info.height, channels: 1, space: 'b-w' };
  // Steepest at the left edge and flat at the right, as the catalogue page curls.
  bend = (x) => DROP * (1 - x / info.width) ** 2;
  page = bent(straight, bend);
  truth = r.truth;
});
afterAll(async () => {
  await readers?.close();
});

describe('dewarp', () => {
  it('measures a known quadratic bend within a pixel or two, and leaves the straight page alone', async () => {
    const b = measureBend(page);
    expect(worthStraightening(b)).toBe(true);
    // Offsets are chained from the strip nearest the middle; compare the shapes from there.
    const mid = b!.strips.reduce((m, s) => (Math.abs(s.x - page.width / 2) < Math.abs(m.x - page.width / 2) ? s : m));
    for (const s of b!.strips) expect(Math.abs(b!.shift[Math.round(s.x)]! - (bend(s.x) - bend(mid.x))), `strip at ${s.x}`).toBeLessThan(2);
    expect(b!.strips.length).toBeGreaterThanOrEqual(6);
    const r = await renderLines(EN, 'DejaVu Serif', 22, { margin: 50, leading: 1.25 });
    const { data, info } = await sharp(r.png).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const flat = measureBend({ data, width: info.width, height: info.height, channels: 1, space: 'b-w' });
    expect(worthStraightening(flat)).toBe(false);
    expect(flat!.drift).toBeLessThan(1);
    // Evenly repeating rows under strips wider than the pitch: a shift by one whole pitch must not pass for a bend.
    const [w, h, pitch] = [3600, 400, 40];
    const stripes = Buffer.alloc(w * h, 255);
    for (let y = 0; y < h; y++) if (y % pitch < 16) for (let x = 100; x < w - 100; x += 2) stripes[y * w + x] = 0;
    const even = measureBend({ data: stripes, width: w, height: h, channels: 1, space: 'b-w' });
    expect(even?.pitch).toBe(pitch);
    expect(even!.drift).toBeLessThan(1);
  });

  it('reads the bent page better straightened, with line boxes on the bent lines', async () => {
    const text = truth.map((t) => t.text).join('\n');
    const raw = await readers.recognize(pgm(page), ['eng']);
    const before = cer(raw.map((l) => l.words.map((w) => w.text ?? '').join(' ')).join('\n'), text);
    const out = await read(readers, page, { level: 'fast', languages: ['eng'] });
    const after = cer(out.lines.map((l) => l.text).join('\n'), text);
    expect(before, 'the bent page, read as it stands').toBeGreaterThan(0.05);
    expect(after, out.lines.map((l) => l.text).join('\n')).toBeLessThan(0.02);
    // Each line's box, in the bent page's pixels, spans its text's rows at both ends of the curve.
    expect(out.lines).toHaveLength(truth.length);
    for (const [i, line] of out.lines.entries()) {
      const t = truth[i]!.bbox;
      const top = t.y + Math.min(bend(t.x), bend(t.x + t.width), bend(page.width / 2));
      // Clipped to the image: the bend pushes the last line's left end off the page.
      const bottom = Math.min(page.height, t.y + t.height + Math.max(bend(t.x), bend(t.x + t.width)));
      expect(Math.abs(line.bbox.y - top), `line ${i} top`).toBeLessThan(6);
      expect(Math.abs(line.bbox.y + line.bbox.height - bottom), `line ${i} bottom`).toBeLessThan(6);
      expect(Math.abs(line.bbox.x - t.x)).toBeLessThan(6);
    }
  }, 30_000);
});
