// Detection quality the way detector papers report it: average precision
// per class (all-point interpolated precision-recall area), mAP@0.5 and
// mAP@0.5:0.95, plus precision and recall at the confidence that maximises F1.
import { iou, type Box } from './geometry.ts';

export interface Truth {
  image: number;
  classId: number;
  box: Box;
}

export interface Prediction extends Truth {
  score: number;
}

export interface Metrics {
  mAP50: number;
  mAP50_95: number;
  precision: number;
  recall: number;
  /** The score threshold where F1 is highest at IoU 0.5. */
  bestThreshold: number;
}

interface Matched {
  score: number;
  tp: boolean;
}

function match(preds: Prediction[], truths: Truth[], classId: number, threshold: number): { matched: Matched[]; positives: number } {
  const gts = truths.filter((t) => t.classId === classId);
  const used = new Set<Truth>();
  const matched: Matched[] = [];
  for (const p of preds.filter((p) => p.classId === classId).sort((a, b) => b.score - a.score)) {
    let best: Truth | undefined;
    let bestIou = threshold;
    for (const t of gts) {
      if (t.image !== p.image || used.has(t)) continue;
      const o = iou(p.box, t.box);
      if (o >= bestIou) {
        bestIou = o;
        best = t;
      }
    }
    if (best) used.add(best);
    matched.push({ score: p.score, tp: !!best });
  }
  return { matched, positives: gts.length };
}

function averagePrecision(matched: Matched[], positives: number): number {
  if (!positives) return NaN;
  let tp = 0;
  const recall: number[] = [];
  const precision: number[] = [];
  matched.forEach((m, i) => {
    if (m.tp) tp++;
    recall.push(tp / positives);
    precision.push(tp / (i + 1));
  });
  // Precision envelope, then the area under the stepwise curve.
  for (let i = precision.length - 2; i >= 0; i--) precision[i] = Math.max(precision[i]!, precision[i + 1]!);
  let ap = 0;
  let prev = 0;
  for (let i = 0; i < recall.length; i++) {
    ap += (recall[i]! - prev) * precision[i]!;
    prev = recall[i]!;
  }
  return ap;
}

const mean = (xs: number[]) => {
  const v = xs.filter((x) => !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0;
};

export function evaluate(preds: Prediction[], truths: Truth[], classes: number): Metrics {
  const ids = [...Array(classes).keys()];
  const mapAt = (t: number) => mean(ids.map((c) => { const m = match(preds, truths, c, t); return averagePrecision(m.matched, m.positives); }));
  const mAP50 = mapAt(0.5);
  const thresholds = Array.from({ length: 10 }, (_, i) => 0.5 + i * 0.05);
  const mAP50_95 = mean(thresholds.map(mapAt));
  // Precision/recall over all classes at the F1-best score threshold (IoU 0.5).
  const all: Matched[] = ids.flatMap((c) => match(preds, truths, c, 0.5).matched).sort((a, b) => b.score - a.score);
  const positives = truths.length;
  let tp = 0;
  let best = { f1: -1, precision: 0, recall: 0, threshold: 0.5 };
  all.forEach((m, i) => {
    if (m.tp) tp++;
    const p = tp / (i + 1);
    const r = positives ? tp / positives : 0;
    const f1 = p + r ? (2 * p * r) / (p + r) : 0;
    // Only where the next prediction scores lower: a threshold cannot split equal scores.
    if (f1 > best.f1 && (i === all.length - 1 || all[i + 1]!.score < m.score)) best = { f1, precision: p, recall: r, threshold: m.score };
  });
  return { mAP50, mAP50_95, precision: best.precision, recall: best.recall, bestThreshold: best.threshold };
}

/** What callers should pass as confidence: the F1-best threshold, rounded down to 0.05 and kept within 0.05-0.9. */
export function recommendedConfidence(m: Metrics): number {
  return Math.min(0.9, Math.max(0.05, Math.floor(m.bestThreshold * 20) / 20));
}
