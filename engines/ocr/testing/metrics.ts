// Accuracy measures for the evaluation set: character error rate (edit
// distance over the truth's length, lines joined by newlines) and box
// intersection over union, each recognised line against the truth line it
// overlaps most.
import type { Box } from '../read.ts';
import type { TruthLine } from './evalSet.ts';

/** Levenshtein distance between two strings' characters, or two lists' items (words, for a word error rate). */
export function editDistance(a: string | readonly string[], b: string | readonly string[]): number {
  const A = [...a];
  const B = [...b];
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (A[i - 1] === B[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[B.length]!;
}

/**
 * Spaces between CJK characters are Tesseract's, not the text's; a
 * typographic apostrophe and a straight one are the same letter to a reader.
 */
function normalise(s: string): string {
  return s.replace(/(?<=[\p{Script=Han}，。])\s+(?=[\p{Script=Han}，。])/gu, '').replace(/[’‘]/g, "'").trim();
}

export function cer(recognised: string, truth: string): number {
  const t = normalise(truth);
  return editDistance(normalise(recognised), t) / Math.max(1, [...t].length);
}

export function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Mean IoU of each truth line with the best recognised line box (0 for a line not found). */
export function meanLineIou(found: Array<{ bbox: Box }>, truth: TruthLine[]): number {
  if (!truth.length) return 1;
  let sum = 0;
  for (const t of truth) sum += Math.max(0, ...found.map((f) => iou(f.bbox, t.bbox)));
  return sum / truth.length;
}
