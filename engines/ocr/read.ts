// Reading text from upright pixels, inside a pool worker. Tesseract runs in
// tesseract.js readers (each its own WebAssembly instance on a thread of this
// worker), kept per language set so a worker loads a model once; the levels
// differ in how the image is prepared (see `read`).
import Tesseract from 'tesseract.js';
import sharp from 'sharp';
import { franc } from 'franc';
import type { Raster } from './image.ts';
import { measureBend, paperLevel, straighten, straightenedExtent, unbendRows, worthStraightening, type Bend } from './dewarp.ts';
import { separateLines } from './lines.ts';
import { installedLanguages, type OcrLanguage, type OcrLevel, type Script } from './languages.ts';

/** Pixels Tesseract reads at most: larger images are downscaled, boxes scaled back. */
export const RECOGNITION_PIXELS = 24_000_000;
/** Line-box height (ascender to descender) the LSTM reads best, in pixels; measured on the evaluation set. */
const TARGET_LINE_HEIGHT = 36;
const MAX_UPSCALE = 4;
/** Orientation detection's own margin: below it the page is read as it stands. */
const MIN_ORIENTATION_CONFIDENCE = 2;
const MIN_SCRIPT_CONFIDENCE = 1;
/**
 * The paper's brightness is estimated over windows of this fraction of the
 * image's shorter side (at least MIN_PAPER_WINDOW pixels): several lines tall
 * on a page, so a window always holds paper, yet small enough to follow a
 * shadow across it. Measured on the real pages (bench/ocrPages.ts).
 */
const PAPER_WINDOW_FRACTION = 1 / 10;
const MIN_PAPER_WINDOW = 24;
/** Readers (model sets) one worker keeps; each holds its own WebAssembly memory. */
const MAX_READERS = 4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Word {
  text: string;
  confidence: number;
  bbox: Box;
}

export interface Line extends Word {
  words: Word[];
}

export interface Reading {
  lines: Line[];
  /** Languages read with, BCP 47. */
  languages: string[];
  /** Set when languages were detected rather than given: BCP 47, or `und` for no text. */
  detectedLanguage?: string;
  orientation: 0 | 90 | 180 | 270;
}

export interface ReadOptions {
  level: OcrLevel;
  /** Tesseract codes, most likely first; undefined turns on detection. */
  languages?: string[];
}

interface Reader {
  worker: Tesseract.Worker;
  lastUsed: number;
}

// Output of tesseract.js' JSON dump (blocks / layoutBlocks).
interface TBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TWord {
  text: string | null;
  confidence: number | null;
  bbox: TBox;
}
interface TLine extends TWord {
  words: TWord[];
}
interface TBlock {
  paragraphs: Array<{ lines: TLine[] }>;
}

export class Readers {
  private readonly dataDir: string;
  private readonly readers = new Map<string, Promise<Reader>>();
  private osd: Promise<Tesseract.Worker> | undefined;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  private async reader(codes: string[]): Promise<Tesseract.Worker> {
    const key = codes.join('+');
    let entry = this.readers.get(key);
    if (!entry) {
      entry = this.create(codes);
      this.readers.set(key, entry);
      entry.catch(() => this.readers.delete(key));
      await this.evict(key);
    }
    const reader = await entry;
    reader.lastUsed = Date.now();
    return reader.worker;
  }

  private async create(codes: string[]): Promise<Reader> {
    const worker = await Tesseract.createWorker(
      codes,
      Tesseract.OEM.LSTM_ONLY,
      // A local langPath is read from disk; cacheMethod none writes no copy into the working directory.
      { langPath: this.dataDir, gzip: true, cacheMethod: 'none', errorHandler: () => {} },
      // Tesseract prints diagnostics ("Too few characters") to stdout otherwise.
      { debug_file: '/dev/null' } as unknown as Partial<Tesseract.InitOptions>,
    );
    return { worker, lastUsed: Date.now() };
  }

  private async evict(keep: string): Promise<void> {
    if (this.readers.size <= MAX_READERS) return;
    let oldest: [string, Reader] | undefined;
    for (const [key, p] of this.readers) {
      if (key === keep) continue;
      const r = await p.catch(() => undefined);
      if (r && (!oldest || r.lastUsed < oldest[1].lastUsed)) oldest = [key, r];
    }
    if (!oldest) return;
    this.readers.delete(oldest[0]);
    await oldest[1].worker.terminate();
  }

  /** Orientation and script (Tesseract's legacy OSD model); undefined when it cannot tell. */
  async detectOrientation(pgm: Uint8Array): Promise<{ orientation: 0 | 90 | 180 | 270; script?: string } | undefined> {
    this.osd ??= Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, {
      langPath: this.dataDir,
      gzip: true,
      cacheMethod: 'none',
      legacyCore: true,
      legacyLang: true,
      errorHandler: () => {},
    }, { debug_file: '/dev/null' } as unknown as Partial<Tesseract.InitOptions>);
    const { data } = await (await this.osd).detect(Buffer.from(pgm));
    if (data.orientation_degrees === null) return undefined;
    const orientation = (data.orientation_confidence ?? 0) >= MIN_ORIENTATION_CONFIDENCE ? (data.orientation_degrees as 0 | 90 | 180 | 270) : 0;
    const script = (data.script_confidence ?? 0) >= MIN_SCRIPT_CONFIDENCE ? (data.script ?? undefined) : undefined;
    return { orientation, script };
  }

  /** Line heights from a layout pass (no recognition): what the text's size is. */
  async lineHeights(pgm: Uint8Array, codes: string[]): Promise<number[]> {
    const worker = await this.reader(codes);
    const { data } = await worker.recognize(Buffer.from(pgm), {}, { text: false, layoutBlocks: true });
    const blocks = ((data as unknown as { layoutBlocks: TBlock[] | null }).layoutBlocks ?? []) as TBlock[];
    const heights: number[] = [];
    for (const b of blocks) for (const p of b.paragraphs) for (const l of p.lines) {
      const w = l.bbox.x1 - l.bbox.x0;
      const h = l.bbox.y1 - l.bbox.y0;
      if (w > h) heights.push(h);
    }
    return heights;
  }

  async recognize(pgm: Uint8Array, codes: string[]): Promise<TLine[]> {
    const worker = await this.reader(codes);
    const { data } = await worker.recognize(Buffer.from(pgm), {}, { text: false, blocks: true });
    const blocks = (data.blocks ?? []) as unknown as TBlock[];
    return blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  }

  async close(): Promise<void> {
    const all = [...this.readers.values(), ...(this.osd ? [this.osd.then((worker) => ({ worker }))] : [])];
    this.readers.clear();
    this.osd = undefined;
    await Promise.all(all.map((p) => p.then((r) => r.worker.terminate()).catch(() => {})));
  }
}

/** A working copy of the upright image and how to map its pixels back. */
interface Working {
  grey: Raster;
  /** Working pixels per upright pixel. */
  scale: number;
  /** Clockwise turn from the (scaled) upright image to the working one. */
  turn: 0 | 90 | 180 | 270;
  /** The scaled upright size, before the turn. */
  width: number;
  height: number;
  /** Set when the lines were straightened (dewarp.ts): the bend, measured on the working image `bendScale` times smaller. */
  bend?: Bend;
  bendScale?: number;
}

function pgm(r: Raster): Uint8Array {
  const header = Buffer.from(`P5\n${r.width} ${r.height}\n255\n`, 'latin1');
  return Buffer.concat([header, r.data]);
}

async function transform(r: Raster, o: { scale?: number; turn?: number; normalise?: boolean }): Promise<Raster> {
  let img = sharp(r.data, { raw: { width: r.width, height: r.height, channels: 1 } });
  if (o.normalise) img = img.normalise();
  if (o.scale && o.scale !== 1) {
    img = img.resize(Math.max(1, Math.round(r.width * o.scale)), Math.max(1, Math.round(r.height * o.scale)), { kernel: 'lanczos3', fit: 'fill' });
  }
  if (o.turn) img = img.rotate(o.turn);
  const { data, info } = await img.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 1, space: 'b-w' };
}

/** Separable maximum over a (2r+1)-square window, edges clamped. */
function maxFilter(a: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const rows = new Uint8Array(a.length);
  const out = new Uint8Array(a.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) m = Math.max(m, a[y * width + k]!);
      rows[y * width + x] = m;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++) m = Math.max(m, rows[k * width + x]!);
      out[y * width + x] = m;
    }
  }
  return out;
}

/**
 * Divides the image by its paper so the page is evenly lit, then stretches
 * the contrast. Tesseract thresholds the whole page at one level (Otsu), which
 * turns a shadow black and a faded column white; once every part of the page
 * has paper at the same brightness, one level fits all of it. The paper is
 * the brightest grey in each window (print is darker), found on a copy
 * scaled down by a fifth of the window, smoothed and scaled back up. Cheaper
 * than the reading by two orders of magnitude; an evenly lit page comes out
 * as it went in, stretched.
 */
export async function flattenLighting(r: Raster): Promise<Raster> {
  const window = Math.max(MIN_PAPER_WINDOW, Math.round(Math.min(r.width, r.height) * PAPER_WINDOW_FRACTION));
  const cell = Math.max(1, Math.round(window / 5));
  const sw = Math.max(1, Math.round(r.width / cell));
  const sh = Math.max(1, Math.round(r.height / cell));
  const small = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 1 } })
    .resize(sw, sh, { kernel: 'cubic', fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const paper = await sharp(maxFilter(small, sw, sh, 2), { raw: { width: sw, height: sh, channels: 1 } })
    .blur(2)
    .resize(r.width, r.height, { kernel: 'cubic', fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.allocUnsafe(r.width * r.height);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.round((255 * r.data[i]!) / Math.max(1, paper[i]!)));
  return transform({ data: out, width: r.width, height: r.height, channels: 1, space: 'b-w' }, { normalise: true });
}

/** A box in working pixels back to upright pixels, clipped to the image. */
function toUpright(box: TBox, w: Working, uprightWidth: number, uprightHeight: number): Box {
  let b = box;
  if (w.bend) {
    // Straightened rows back to the bent rows they were moved from, before the turn and scale are undone.
    const k = w.bendScale ?? 1;
    const [y0, y1] = unbendRows(w.bend, b.x0 / k, b.x1 / k, b.y0 / k, b.y1 / k);
    b = { x0: b.x0, x1: b.x1, y0: y0 * k, y1: y1 * k };
  }
  const W = w.width;
  const H = w.height;
  let x0: number, y0: number, x1: number, y1: number;
  switch (w.turn) {
    case 0:
      [x0, y0, x1, y1] = [b.x0, b.y0, b.x1, b.y1];
      break;
    case 90: // working (x, y) = (H - y', x')
      [x0, y0, x1, y1] = [b.y0, H - b.x1, b.y1, H - b.x0];
      break;
    case 180:
      [x0, y0, x1, y1] = [W - b.x1, H - b.y1, W - b.x0, H - b.y0];
      break;
    case 270: // working (x, y) = (y', W - x')
      [x0, y0, x1, y1] = [W - b.y1, b.x0, W - b.y0, b.x1];
      break;
  }
  const left = clamp(Math.round(x0 / w.scale), 0, uprightWidth);
  const top = clamp(Math.round(y0 / w.scale), 0, uprightHeight);
  const right = clamp(Math.round(x1 / w.scale), 0, uprightWidth);
  const bottom = clamp(Math.round(y1 / w.scale), 0, uprightHeight);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function median(xs: number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Words joined as the script writes them: spaces between words, none between CJK characters. */
export function joinWords(words: string[]): string {
  let out = '';
  for (const w of words) {
    if (out && !(CJK.test(out.at(-1)!) && CJK.test(w[0]!))) out += ' ';
    out += w;
  }
  return out;
}

function toLines(raw: TLine[], w: Working, uprightWidth: number, uprightHeight: number): Line[] {
  const lines: Line[] = [];
  for (const l of raw) {
    const words: Word[] = [];
    for (const word of l.words) {
      const text = (word.text ?? '').trim();
      if (!text) continue;
      words.push({ text, confidence: round((word.confidence ?? 0) / 100), bbox: toUpright(word.bbox, w, uprightWidth, uprightHeight) });
    }
    if (!words.length) continue;
    lines.push({
      text: joinWords(words.map((x) => x.text)),
      confidence: round((l.confidence ?? 0) / 100),
      bbox: toUpright(l.bbox, w, uprightWidth, uprightHeight),
      words,
    });
  }
  return lines;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function meanConfidence(lines: Line[]): number {
  let sum = 0;
  let n = 0;
  for (const l of lines) for (const w of l.words) {
    sum += w.confidence * w.text.length;
    n += w.text.length;
  }
  return n ? sum / n : 0;
}

/**
 * Reads an upright greyscale image. Both levels first even out the lighting
 * (flattenLighting): a photographed page's shadow or a faded column would
 * otherwise fall on the wrong side of Tesseract's one global threshold. Once
 * the page is upright, lines bent by a curl are straightened (dewarp.ts) and
 * lines that touch are parted, what the border left of a cut line painted
 * over (lines.ts).
 * - fast: one reading at the image's own scale (downscaled past 24 MP).
 * - accurate: orientation detected and corrected; a
 *   layout pass measures the text, and the image is rescaled so the median
 *   line is TARGET_LINE_HEIGHT pixels (up to 4x, within the pixel budget)
 *   before the reading. Small print is where the LSTM loses most.
 * - languages omitted (either level): orientation and script detection, a
 *   reading with the script's first installed language, then franc on that
 *   text; another installed language of the script found there is read
 *   again. A Latin reading with little confidence also tries one installed
 *   language of each other script, and the most confident reading wins.
 */
export async function read(readers: Readers, upright: Raster, o: ReadOptions): Promise<Reading> {
  const installed = installedLanguages(o.level);
  const base = Math.min(1, Math.sqrt(RECOGNITION_PIXELS / (upright.width * upright.height)));
  const grey = await flattenLighting(await transform(upright, { scale: base }));
  let w: Working = { grey, scale: base, turn: 0, width: grey.width, height: grey.height };

  let script: string | undefined;
  if (o.level === 'accurate' || !o.languages) {
    const osd = await readers.detectOrientation(pgm(w.grey)).catch(() => undefined);
    script = osd?.script;
    if (osd && osd.orientation !== 0) {
      w = { ...w, grey: await transform(w.grey, { turn: osd.orientation }), turn: osd.orientation };
    }
  }

  // OSD's script names; Japanese text is often reported by its kana. A script with no installed language reads as Latin.
  const scriptOf = (s: string | undefined): Script => (s === 'Katakana' || s === 'Hiragana' ? 'Japanese' : (s as Script | undefined) ?? 'Latin');
  const byScript = (s: string | undefined) => {
    const found = installed.filter((l) => l.script === scriptOf(s));
    return found.length ? found : installed.filter((l) => l.script === 'Latin');
  };
  // Bent lines are straightened once the page is upright, before the layout pass measures them.
  const bend = measureBend(w.grey);
  if (worthStraightening(bend)) {
    w = { ...w, grey: straighten(w.grey, bend, paperLevel(w.grey)), bend, bendScale: 1 };
  }
  // Level lines now: touching lines are parted and a line cut by the border painted over.
  w = { ...w, grey: separateLines(w.grey, paperLevel(w.grey), w.bend && straightenedExtent(w.bend, w.grey.height)).raster };

  let candidates: OcrLanguage[] = o.languages ? [] : byScript(script);
  if (!o.languages && !candidates.length) candidates = installed.slice(0, 1);
  const first = o.languages ?? (candidates.length ? [candidates[0]!.code] : ['eng']);

  if (o.level === 'accurate') {
    const h = median(await readers.lineHeights(pgm(w.grey), first));
    if (h) {
      const budget = Math.sqrt(RECOGNITION_PIXELS / (w.grey.width * w.grey.height));
      const s = Math.min(MAX_UPSCALE, budget, TARGET_LINE_HEIGHT / h);
      if (s > 1.15) {
        const turned = w.turn === 90 || w.turn === 270;
        w = {
          grey: await transform(w.grey, { scale: s }),
          scale: w.scale * s,
          turn: w.turn,
          width: Math.round((turned ? w.grey.height : w.grey.width) * s),
          height: Math.round((turned ? w.grey.width : w.grey.height) * s),
          ...(w.bend ? { bend: w.bend, bendScale: (w.bendScale ?? 1) * s } : {}),
        };
      }
    }
  }

  const image = pgm(w.grey);
  const readWith = async (codes: string[]) => toLines(await readers.recognize(image, codes), w, upright.width, upright.height);
  let codes = first;
  let lines = await readWith(codes);

  let detectedLanguage: string | undefined;
  if (!o.languages) {
    // A weak Latin reading may be text in another script that detection missed.
    if (meanConfidence(lines) < 0.6 && candidates[0]?.script === 'Latin') {
      // One language per other installed script: the first of each.
      const others = installed.filter((l, i) => l.script !== 'Latin' && installed.findIndex((m) => m.script === l.script) === i);
      for (const other of others) {
        const reading = await readWith([other.code]);
        if (meanConfidence(reading) > meanConfidence(lines) + 0.1) {
          lines = reading;
          codes = [other.code];
          candidates = installed.filter((l) => l.script === other.script);
        }
      }
    }
    const text = lines.map((l) => l.text).join('\n');
    if (candidates.length > 1 && text.trim()) {
      const guess = franc(text, { only: candidates.map((l) => l.franc), minLength: 10 });
      const found = candidates.find((l) => l.franc === guess);
      if (found && found.code !== codes[0]) {
        codes = [found.code];
        lines = await readWith(codes);
      }
    }
    detectedLanguage = lines.length ? (installed.find((l) => l.code === codes[0])?.tag ?? 'und') : 'und';
  }

  const tags = codes.map((c) => installed.find((l) => l.code === c)?.tag ?? c);
  return { lines, languages: tags, ...(detectedLanguage ? { detectedLanguage } : {}), orientation: w.turn };
}
