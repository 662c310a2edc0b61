// Boxes, non-maximum suppression and the letterbox that square-input
// detectors need, with the inverse that puts boxes back in original pixels.

/** A box in pixels, top-left origin. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Scored {
  box: Box;
  score: number;
  classId: number;
  /** The next most likely class at the same place, when it comes close (see UNCERTAIN_RATIO). */
  runnerUp?: { classId: number; score: number };
}

/** Document 2's detection record, plus `runnerUp` when the label is uncertain. */
export interface Detection {
  label: string;
  confidence: number;
  bbox: Box;
  count: number;
  runnerUp?: { label: string; confidence: number };
}

/**
 * A label is uncertain when its own score is under UNCERTAIN_SCORE or another
 * class scores at least UNCERTAIN_RATIO of it at the same place: the answer
 * then names the runner-up class and its score too.
 */
export const UNCERTAIN_SCORE = 0.5;
export const UNCERTAIN_RATIO = 0.5;

export function uncertain(score: number, runnerUp: number): boolean {
  return score < UNCERTAIN_SCORE || runnerUp >= UNCERTAIN_RATIO * score;
}

export function iou(a: Box, b: Box): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy NMS within each class (a person and a bicycle may overlap), best first. */
export function nms(candidates: Scored[], iouThreshold: number, maxDetections = 300): Scored[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: Scored[] = [];
  for (const c of sorted) {
    if (kept.length >= maxDetections) break;
    if (kept.some((k) => k.classId === c.classId && iou(k.box, c.box) > iouThreshold)) continue;
    kept.push(c);
  }
  return kept;
}

/** Where an image of w x h lands inside a square of `size` when scaled to fit and padded evenly (Ultralytics' letterbox). */
export interface Letterbox {
  size: number;
  scale: number;
  /** The scaled image's size and its offset inside the square. */
  width: number;
  height: number;
  left: number;
  top: number;
}

export function letterboxGeometry(width: number, height: number, size: number): Letterbox {
  const scale = Math.min(size / width, size / height);
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  // Ultralytics rounds dw/2 - 0.1 and dh/2 - 0.1, so an odd padding puts the extra pixel at the bottom/right.
  const left = Math.max(0, Math.round((size - w) / 2 - 0.1));
  const top = Math.max(0, Math.round((size - h) / 2 - 0.1));
  return { size, scale, width: w, height: h, left, top };
}

/** A box in letterboxed-square pixels back to the original image's pixels, clipped to it. */
export function unletterbox(box: Box, lb: Letterbox, imageWidth: number, imageHeight: number): Box {
  const x1 = clamp((box.x - lb.left) / lb.scale, 0, imageWidth);
  const y1 = clamp((box.y - lb.top) / lb.scale, 0, imageHeight);
  const x2 = clamp((box.x + box.width - lb.left) / lb.scale, 0, imageWidth);
  const y2 = clamp((box.y + box.height - lb.top) / lb.scale, 0, imageHeight);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function clipBox(box: Box, width: number, height: number): Box {
  const x1 = clamp(box.x, 0, width);
  const y1 = clamp(box.y, 0, height);
  const x2 = clamp(box.x + box.width, 0, width);
  const y2 = clamp(box.y + box.height, 0, height);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Scored boxes to document 2's detections: rounded, best first, each carrying how many of its label the image holds. */
export function toDetections(scored: Scored[], labels: readonly string[]): Detection[] {
  const kept = scored.filter((s) => s.box.width > 0 && s.box.height > 0).sort((a, b) => b.score - a.score);
  const counts = new Map<string, number>();
  const labelOf = (s: Scored) => labels[s.classId] ?? `class_${s.classId}`;
  for (const s of kept) counts.set(labelOf(s), (counts.get(labelOf(s)) ?? 0) + 1);
  return kept.map((s) => ({
    label: labelOf(s),
    confidence: Math.round(s.score * 10_000) / 10_000,
    bbox: { x: round2(s.box.x), y: round2(s.box.y), width: round2(s.box.width), height: round2(s.box.height) },
    count: counts.get(labelOf(s))!,
    ...(s.runnerUp ? { runnerUp: { label: labels[s.runnerUp.classId] ?? `class_${s.runnerUp.classId}`, confidence: Math.round(s.runnerUp.score * 10_000) / 10_000 } } : {}),
  }));
}
