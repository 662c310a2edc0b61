// Straightening text lines that bend with a curled page. Tesseract follows a
// line with a straight (if skewed) baseline: on the foot of a curled catalogue
// page (fixtures/pages/catalogue-fr.jpg) the lines drop 26 px over the left
// quarter of its text and about 2 px at the text's right end, most of the 32
// px line pitch, so the ends of every line were read as noise (12.6% CER at
// both levels; 7.5% straightened). The bend is measured as a vertical shift per column: the page is cut
// into vertical strips, each strip's ink per row is cross-correlated with its
// neighbour's, the offsets are chained from the centre strip and a smooth
// curve over x is fitted through them; every column is then moved by it. A
// flat page measures no shift and is returned untouched.
import type { Raster } from './image.ts';

/** Strips the width is cut into: wide enough to hold several words, narrow enough to follow the curl. */
const STRIPS = 12;
/** Steepest slope between neighbouring strips searched (about 15 degrees). */
const MAX_SLOPE = 0.27;
/** A neighbour's profile must match this well (normalised correlation) to count. */
const MIN_MATCH = 0.5;
/** Strips holding less ink than this fraction of the inkiest one are blank margins, left out. */
const MIN_INK = 0.15;
/**
 * Lines are straightened once they drift by this fraction of the line pitch
 * across the text (the curve's rise from its lowest to its highest point).
 * Tesseract's line finder follows a skewed or gently bowed line itself; it
 * loses the line when the drift nears the gap to the next one. Measured: the
 * curled catalogue page drifts 0.8 of a pitch and reads 12.6% -> 7.5% CER
 * straightened; the photographed textbook page drifts 0.3 of a pitch and
 * read worse straightened (1.3% -> 6.7% fast); the newspaper scans and
 * rendered pages drift less than 0.2.
 */
const MIN_DRIFT = 0.5;

/** A column's vertical shift: upright row y of column x shows working row y + shift(x). */
export interface Bend {
  /** Shift at each column, in pixels (column-wise, length = width). */
  shift: Float64Array;
  /** The strips the curve was fitted through: centre column and measured offset. */
  strips: Array<{ x: number; measured: number }>;
  /** Rise of the curve over the measured text, from its lowest to its highest point, in pixels. */
  drift: number;
  /** Distance between text lines (baseline to baseline) in pixels. */
  pitch: number;
}

/** Ink (darkness) per row of columns [x0, x1). */
function profile(r: Raster, x0: number, x1: number): Float64Array {
  const p = new Float64Array(r.height);
  for (let y = 0; y < r.height; y++) {
    let s = 0;
    const row = y * r.width;
    for (let x = x0; x < x1; x++) s += 255 - r.data[row + x]!;
    p[y] = s;
  }
  return p;
}

/** Shift d (sub-pixel) maximising the normalised correlation of a[y] with b[y + d], |d| <= range. */
function bestShift(a: Float64Array, b: Float64Array, range: number): { d: number; match: number } {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  const scores = new Float64Array(2 * range + 1);
  for (let d = -range; d <= range; d++) {
    let ab = 0, aa = 0, bb = 0;
    for (let y = Math.max(0, -d); y < Math.min(n, n - d); y++) {
      const u = a[y]! - ma;
      const v = b[y + d]! - mb;
      ab += u * v;
      aa += u * u;
      bb += v * v;
    }
    scores[d + range] = aa && bb ? ab / Math.sqrt(aa * bb) : -1;
  }
  let k = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[k]!) k = i;
  let d = k - range;
  // The parabola through the peak and its neighbours places it between pixels.
  if (k > 0 && k < scores.length - 1) {
    const [l, c, r] = [scores[k - 1]!, scores[k]!, scores[k + 1]!];
    const den = l - 2 * c + r;
    if (den < 0) d += (0.5 * (l - r)) / den;
  }
  return { d, match: scores[k]! };
}

/** Weighted least-squares polynomial of `degree` through (x, y); coefficients lowest first. */
function fit(xs: number[], ys: number[], ws: number[], degree: number): number[] {
  const m = degree + 1;
  const A = Array.from({ length: m }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i < xs.length; i++) {
    const pow = Array.from({ length: m }, (_, j) => xs[i]! ** j);
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < m; c++) A[r]![c]! += ws[i]! * pow[r]! * pow[c]!;
      A[r]![m]! += ws[i]! * pow[r]! * ys[i]!;
    }
  }
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    const piv = A[c]![c]!;
    if (Math.abs(piv) < 1e-12) return new Array<number>(m).fill(0);
    for (let r = 0; r < m; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / piv;
      for (let k = c; k <= m; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  return A.map((row, i) => row[m]! / row[i]!);
}

/**
 * The bend of the text lines of a greyscale page (paper light, ink dark, as
 * flattenLighting leaves it), or undefined when the strips do not agree on
 * one (a blank page, columns of unrelated text) or the rows show no line
 * pitch (a single line).
 */
export function measureBend(r: Raster, degree = 2): Bend | undefined {
  if (r.width < STRIPS * 8 || r.height < 16) return undefined;
  const bounds = Array.from({ length: STRIPS + 1 }, (_, i) => Math.round((i * r.width) / STRIPS));
  const profiles = bounds.slice(0, -1).map((x0, i) => profile(r, x0, bounds[i + 1]!));
  const ink = profiles.map((p) => {
    const mean = p.reduce((s, v) => s + v, 0) / p.length;
    return p.reduce((s, v) => s + (v - mean) ** 2, 0);
  });
  const most = Math.max(...ink);
  if (!most) return undefined;
  const inked = ink.map((v, i) => (v >= MIN_INK * most ? i : -1)).filter((i) => i >= 0);
  if (inked.length < 4) return undefined;
  const centreX = (i: number) => (bounds[i]! + bounds[i + 1]!) / 2;
  // Chain from the inked strip nearest the middle outwards, each to its nearest inked neighbour.
  const mid = inked.reduce((b, i) => (Math.abs(centreX(i) - r.width / 2) < Math.abs(centreX(b) - r.width / 2) ? i : b), inked[0]!);
  const pitch = linePitch(profiles[mid]!);
  // Text lines repeat: a shift of a whole pitch would match as well as none, so the search stays within half of one.
  if (pitch === undefined) return undefined;
  const at = inked.indexOf(mid);
  const offset = new Map<number, number>([[mid, 0]]);
  const weight = new Map<number, number>([[mid, 1]]);
  for (const dir of [-1, 1]) {
    for (let k = at + dir; k >= 0 && k < inked.length; k += dir) {
      const from = inked[k - dir]!;
      const to = inked[k]!;
      const range = Math.max(2, Math.ceil(MAX_SLOPE * Math.abs(centreX(to) - centreX(from))));
      const { d, match } = bestShift(profiles[from]!, profiles[to]!, Math.min(range, Math.floor(0.45 * pitch)));
          if (match < MIN_MATCH) break;
      offset.set(to, offset.get(from)! + d);
      weight.set(to, match);
    }
  }
  if (offset.size < 4) return undefined;
  const idx = [...offset.keys()].sort((a, b) => a - b);
  const xs = idx.map((i) => centreX(i) / r.width - 0.5);
  const coeffs = fit(xs, idx.map((i) => offset.get(i)!), idx.map((i) => weight.get(i)!), Math.min(degree, idx.length - 2));
  const shift = new Float64Array(r.width);
  for (let x = 0; x < r.width; x++) {
    const u = x / r.width - 0.5;
    shift[x] = coeffs.reduce((s, c, j) => s + c * u ** j, 0);
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (let x = Math.round(centreX(idx[0]!)); x <= Math.min(r.width - 1, Math.round(centreX(idx.at(-1)!))); x++) {
    lo = Math.min(lo, shift[x]!);
    hi = Math.max(hi, shift[x]!);
  }
  return { shift, strips: idx.map((i) => ({ x: centreX(i), measured: offset.get(i)! })), drift: hi - lo, pitch };
}

/** Whether a bend is worth straightening (MIN_DRIFT). */
export function worthStraightening(b: Bend | undefined): b is Bend {
  return !!b && b.drift >= MIN_DRIFT * b.pitch;
}

/**
 * The line pitch: the first strong repeat in the autocorrelation of the row
 * profile's slope (the slope, not the profile, so a block of text over blank
 * paper does not read as one long period).
 */
function linePitch(p: Float64Array): number | undefined {
  const q = p.slice(1).map((v, i) => v - p[i]!);
  const n = q.length;
  const zero = q.reduce((s, v) => s + v * v, 0);
  if (!zero) return undefined;
  const ac = (lag: number) => {
    let s = 0;
    for (let y = 0; y + lag < n; y++) s += q[y]! * q[y + lag]!;
    return s / zero;
  };
  let lag = 1;
  while (lag < n / 2 && ac(lag) > 0) lag++;
  const scores: number[] = [];
  for (let l = 0; l < n / 2; l++) scores.push(l < lag ? 0 : ac(l));
  const best = Math.max(...scores);
  if (best <= 0.1) return undefined;
  // The first peak nearly as strong as the best: a multiple of the pitch repeats as well as the pitch.
  for (let l = lag + 1; l < scores.length - 1; l++) {
    if (scores[l]! >= 0.6 * best && scores[l]! >= scores[l - 1]! && scores[l]! >= scores[l + 1]!) return l;
  }
  return undefined;
}

/** The page with column x moved up by shift(x), linearly interpolated; rows moved in from outside are paper. */
export function straighten(r: Raster, b: Bend, paper: number): Raster {
  const out = Buffer.alloc(r.width * r.height, paper);
  for (let x = 0; x < r.width; x++) {
    const s = b.shift[x]!;
    const whole = Math.floor(s);
    const f = s - whole;
    for (let y = 0; y < r.height; y++) {
      const y0 = y + whole;
      if (y0 < 0 || y0 + 1 >= r.height) continue;
      out[y * r.width + x] = Math.round((1 - f) * r.data[y0 * r.width + x]! + f * r.data[(y0 + 1) * r.width + x]!);
    }
  }
  return { data: out, width: r.width, height: r.height, channels: 1, space: 'b-w' };
}

/** The paper's grey: the brightest common level (90th percentile). */
export function paperLevel(r: Raster): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < r.data.length; i++) hist[r.data[i]!]!++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= 0.9 * r.data.length) return v;
  }
  return 255;
}

/** Rows [y0, y1) of straightened columns [x0, x1) back to the rows they came from. */
export function unbendRows(b: Bend, x0: number, x1: number, y0: number, y1: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let x = Math.max(0, Math.floor(x0)); x < Math.min(b.shift.length, Math.ceil(x1)); x++) {
    lo = Math.min(lo, b.shift[x]!);
    hi = Math.max(hi, b.shift[x]!);
  }
  if (lo === Infinity) return [y0, y1];
  return [y0 + lo, y1 + hi];
}

/** The rows of each straightened column that hold the page's own pixels (the rest is paper moved in). */
export function straightenedExtent(b: Bend, height: number): { top: Int32Array; bottom: Int32Array } {
  const top = new Int32Array(b.shift.length);
  const bottom = new Int32Array(b.shift.length);
  for (let x = 0; x < b.shift.length; x++) {
    const whole = Math.floor(b.shift[x]!);
    top[x] = Math.min(height - 1, Math.max(0, -whole));
    bottom[x] = Math.max(0, Math.min(height - 1, height - 2 - whole));
  }
  return { top, bottom };
}
