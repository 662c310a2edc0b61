// Separating text lines before Tesseract's line finder sees them. It groups
// connected ink into lines, so a descender that touches the ascender of the
// line below pulls a letter of one line into the other (on the curled
// catalogue page "l'Irlande sociale" read "l'irlaude édiales"), and the
// remains of a line cut by the image border, joined to a letter of the first
// whole line, turn that letter into noise. On a page whose lines run level
// (straightened, if they bent) the rows between two lines are the emptiest:
// one row of paper painted there parts the strokes that cross it from one
// line's body into the next's, and ink above the first line or below the
// last (past the reach of the lines' ascenders and descenders) that is
// connected to the border is what the border left of a cut line, painted
// over. Measured on the real pages (bench/ocrPages.ts): the catalogue page
// 7.5% -> 2.0% CER at both levels, no other page worse.
import type { Raster } from './image.ts';

/** Rows whose ink is at least this fraction of the inkiest row's are a line's body (its x-height). */
const CORE = 0.3;
/** Rows between two lines hold under this fraction of the inkiest row's ink somewhere (touching strokes at most); otherwise they are one line. */
const MAX_GAP_INK = 0.15;
/** Lines further apart than this many times the usual spacing are separate blocks, with their own gap. */
const MAX_SPACING = 1.6;
/** Ink joining two lines is a pair of letters when at least this fraction of the usual body height wide; narrower, a piece of a rule. */
const MIN_LETTER_WIDTH = 0.4;
/** Gaps a column must hold ink in to be a rule; told only on pages with more gaps than that. */
const MIN_RULE_GAPS = 2;
/** A rule may lean or waver by this many columns from one gap to the next. */
const RULE_SLACK = 2;
/** A line at the border whose body is shorter than this fraction of the usual body was cut by the border. */
const CUT_BODY = 0.7;
/** Rows next to the border that count as touching it. */
const BORDER_ROWS = 2;

/** The first and last row of each column that hold the image's own pixels (straightening moves paper in at the ends). */
export interface Extent {
  top: Int32Array;
  bottom: Int32Array;
}

export interface Separation {
  raster: Raster;
  /** The emptiest row between each two neighbouring lines, where ink crossing from one line's body into the other's was parted. */
  cuts: number[];
  /** Row ranges [from, to] beyond the first or last line where ink reaching the border was painted over. */
  cleared: Array<[number, number]>;
}

/** Otsu's threshold over the grey levels: ink at or below it. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let wB = 0, sumB = 0, best = -1, t = 127;
  for (let v = 0; v < 256; v++) {
    wB += hist[v]!;
    if (!wB) continue;
    const wF = data.length - wB;
    if (!wF) break;
    sumB += v * hist[v]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      t = v;
    }
  }
  return t;
}

interface Core {
  start: number;
  end: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Paints paper between the lines of a page whose lines run level (paper
 * light, ink dark, as flattenLighting leaves it), and over lines cut by its
 * top or bottom border. A page with fewer than two lines of text, or whose
 * rows show no clear gaps (columns with lines out of step), comes back
 * untouched.
 */
export function separateLines(r: Raster, paper: number, extent?: Extent): Separation {
  const { width, height } = r;
  const none: Separation = { raster: r, cuts: [], cleared: [] };
  if (width < 8 || height < 8) return none;
  const t = otsu(r.data);
  const ink = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    const row = y * width;
    for (let x = 0; x < width; x++) if (r.data[row + x]! <= t) n++;
    ink[y] = n;
  }
  const most = ink.reduce((m, v) => Math.max(m, v), 0);
  if (!most) return none;
  const cores: Core[] = [];
  for (let y = 0; y < height; y++) {
    if (ink[y]! < CORE * most) continue;
    const last = cores.at(-1);
    // Rows between two bodies that never empty out are inside one line (a serif font's rows between its baseline and x-height).
    let least = Infinity;
    for (let k = (last?.end ?? y) + 1; k < y; k++) least = Math.min(least, ink[k]!);
    if (last && least > MAX_GAP_INK * most) last.end = y;
    else cores.push({ start: y, end: y });
  }
  if (cores.length < 2) return none;
  const centre = (c: Core) => (c.start + c.end) / 2;
  const spacing = median(cores.slice(1).map((c, i) => centre(c) - centre(cores[i]!)));
  const cuts: number[] = [];
  const pairs: Array<[number, Core, Core]> = [];
  const ascent: number[] = [];
  const descent: number[] = [];
  for (let i = 1; i < cores.length; i++) {
    const a = cores[i - 1]!;
    const b = cores[i]!;
    if (centre(b) - centre(a) > MAX_SPACING * spacing) continue;
    let g = a.end + 1;
    for (let y = a.end + 1; y < b.start; y++) if (ink[y]! < ink[g]!) g = y;
    if (g >= b.start) continue;
    cuts.push(g);
    pairs.push([g, a, b]);
    ascent.push(b.start - g);
    descent.push(g - a.end);
  }
  if (!cuts.length) return none;

  const out = Buffer.from(r.data);
  // Columns with ink in two gaps or more may hold a rule (a column's border, broken as old print is): what reaches the border there is no cut line.
  const rule = new Uint8Array(width);
  if (cuts.length >= MIN_RULE_GAPS + 1) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (const g of cuts) {
        for (let dx = -RULE_SLACK; dx <= RULE_SLACK; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width && r.data[g * width + xx]! <= t) {
            n++;
            break;
          }
        }
      }
      if (n >= MIN_RULE_GAPS) rule[x] = 1;
    }
  }
  const usual = median(cores.map((c) => c.end - c.start + 1));
  for (const [g, a, b] of pairs) partTouching(r, out, t, paper, g, a, b, MIN_LETTER_WIDTH * usual);
  // Beyond the first and last line, past the reach of the lines' own ascenders and descenders; or, when
  // the border cuts through a line's body, that line from the border to the gap after (or before) it.
  const cleared: Array<[number, number]> = [];
  const cutBody = (c: Core) => c.end - c.start + 1 < CUT_BODY * usual;
  const first = cores[0]!;
  const last = cores.at(-1)!;
  // Spread arguments would overflow the stack on a page tens of thousands of pixels wide.
  const topEdge = extent ? extent.top.reduce((m, v) => Math.max(m, v), 0) : 0;
  const bottomEdge = extent ? extent.bottom.reduce((m, v) => Math.min(m, v), height - 1) : height - 1;
  const firstGap = pairs[0]?.[1] === first ? pairs[0]![0] : undefined;
  const lastGap = pairs.at(-1)?.[2] === last ? pairs.at(-1)![0] : undefined;
  const top = first.start <= topEdge + BORDER_ROWS && cutBody(first) && firstGap !== undefined ? firstGap : first.start - Math.max(...ascent);
  if (top > 0 && clearCut(r, out, t, paper, rule, spacing, 0, top - 1, 'top', extent)) cleared.push([0, top - 1]);
  const bottom = last.end >= bottomEdge - BORDER_ROWS && cutBody(last) && lastGap !== undefined ? lastGap : last.end + Math.max(...descent);
  if (bottom < height - 1 && clearCut(r, out, t, paper, rule, spacing, bottom + 1, height - 1, 'bottom', extent)) cleared.push([bottom + 1, height - 1]);
  return { raster: { ...r, data: out }, cuts, cleared };
}

/**
 * Paints over the ink within rows [y0, y1] connected (inside those rows) to
 * the image's own top or bottom edge: what is left of a line the border cut.
 * Ink there that keeps clear of the border (a page number, a heading, a
 * short last line) is whole and stays. Whether anything was painted.
 */
function clearCut(r: Raster, out: Buffer, t: number, paper: number, rule: Uint8Array, least: number, y0: number, y1: number, side: 'top' | 'bottom', extent?: Extent): boolean {
  const { width } = r;
  const seen = new Uint8Array(width * (y1 - y0 + 1));
  const stack: number[] = [];
  for (let x = 0; x < width; x++) {
    const edge = side === 'top' ? (extent?.top[x] ?? 0) : (extent?.bottom[x] ?? r.height - 1);
    const from = Math.max(y0, side === 'top' ? edge : edge - BORDER_ROWS + 1);
    const to = Math.min(y1, side === 'top' ? edge + BORDER_ROWS - 1 : edge);
    for (let y = from; y <= to; y++) {
      const k = (y - y0) * width + x;
      if (r.data[y * width + x]! <= t && !seen[k] && !rule[x]) {
        seen[k] = 1;
        stack.push(k);
      }
    }
  }
  const found: number[] = [];
  flood(r, t, y0, y1, seen, stack, (k) => found.push(k), rule);
  // Specks at the border (dust, JPEG noise) are no line; painting them only unsettles the line finder.
  if (found.length < least) return false;
  for (const k of found) out[y0 * width + k] = paper;
  return true;
}

/**
 * Paints paper on row g where ink crosses it from the body of line a into the
 * body of line b (a descender touching an ascender), found by following the
 * ink between the two bodies; joined ink reaches at least halfway into both.
 * Ink that reaches only one of them (a comma, a descender alone, even one
 * that dips into the next line's rows beside its letters, as in a column
 * whose lines are out of step with the one beside it) needs no parting. Neither does a rule (a column's
 * border, whole or broken as old print is), which cut into pieces would read
 * as a "|" on every line: ink narrower than a letter.
 */
function partTouching(r: Raster, out: Buffer, t: number, paper: number, g: number, a: Core, b: Core, narrowest: number): void {
  const { width } = r;
  const y0 = a.start;
  const y1 = b.end;
  const seen = new Uint8Array(width * (y1 - y0 + 1));
  for (let x0 = 0; x0 < width; x0++) {
    if (r.data[g * width + x0]! > t || seen[(g - y0) * width + x0]) continue;
    const stack = [(g - y0) * width + x0];
    seen[stack[0]!] = 1;
    const crossing: number[] = [];
    let top = g;
    let bottom = g;
    let left = x0;
    let right = x0;
    flood(r, t, y0, y1, seen, stack, (_k, x, y) => {
      if (y === g) crossing.push(x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    });
    if (top > (a.start + a.end) / 2 || bottom < (b.start + b.end) / 2 || right - left + 1 < narrowest) continue;
    for (const x of crossing) out[g * width + x] = paper;
  }
}

/**
 * Follows the ink (at or under threshold t, 8-connected) from the pixels on
 * `stack` within rows [y0, y1], never into a column marked in `rule`. Pixels
 * are indexed from row y0 (k = (y - y0) * width + x) and marked in `seen`;
 * `visit` is told each one reached, the starting ones included.
 */
function flood(r: Raster, t: number, y0: number, y1: number, seen: Uint8Array, stack: number[], visit: (k: number, x: number, y: number) => void, rule?: Uint8Array): void {
  const { width } = r;
  while (stack.length) {
    const k = stack.pop()!;
    const x = k % width;
    const y = (k - x) / width + y0;
    visit(k, x, y);
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < y0 || ny > y1) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if (nx < 0 || nx >= width) continue;
        const nk = (ny - y0) * width + nx;
        if (!seen[nk] && !rule?.[nx] && r.data[ny * width + nx]! <= t) {
          seen[nk] = 1;
          stack.push(nk);
        }
      }
    }
  }
}
