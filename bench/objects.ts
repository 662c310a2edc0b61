// CenterNet's confidence threshold calibrated on the labelled object set
// (engines/vision/testing/objectSet.ts): precision, recall and F1 (IoU 0.5,
// the label must match) at each threshold, and how many detections call
// their label uncertain. `npm run bench -- objects`.
import { VisionEngine, visionConfig } from '../engines/vision/index.ts';
import { iou, type Box } from '../engines/vision/geometry.ts';
import { objectSet, type ObjectImage } from '../engines/vision/testing/objectSet.ts';

type Found = Array<{ label: string; confidence: number; bbox: Box; runnerUp?: unknown }>;

export function score(set: ObjectImage[], found: Found[], threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  set.forEach((image, i) => {
    const used = new Set<number>();
    for (const d of found[i]!.filter((x) => x.confidence >= threshold)) {
      const hit = image.objects.findIndex((t, k) => !used.has(k) && t.label === d.label && iou(t.box, d.bbox) >= 0.5);
      if (hit !== -1) {
        used.add(hit);
        tp++;
      } else if (!image.ignore.includes(d.label)) fp++;
    }
    fn += image.objects.length - used.size;
  });
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, fp, fn };
}

export async function runObjectsBench() {
  const set = objectSet();
  const engine = new VisionEngine({ ...visionConfig({}), concurrency: 1 });
  const found: Found[] = [];
  try {
    for (const image of set) {
      const r = await engine.detectObjects({ image: new Uint8Array(image.bytes), model: 'centernet', confidence: 0.05 });
      found.push(r.detections);
      const shown = r.detections.filter((d) => d.confidence >= 0.2 && !image.ignore.includes(d.label));
      console.log(`${image.name}: ${shown.map((d) => `${d.label} ${d.confidence.toFixed(2)}${d.runnerUp ? ` (runner-up ${d.runnerUp.label} ${d.runnerUp.confidence.toFixed(2)})` : ''}`).join(', ')}`);
    }
  } finally {
    await engine.close();
  }
  const n = set.reduce((a, i) => a + i.objects.length, 0);
  console.log(`\n${set.length} images, ${n} objects`);
  console.log('| threshold | precision | recall | F1 | tp | fp | fn |\n|---|---|---|---|---|---|---|');
  const rows = [];
  for (const t of [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]) {
    const s = score(set, found, t);
    rows.push({ threshold: t, ...s });
    console.log(`| ${t} | ${s.precision.toFixed(2)} | ${s.recall.toFixed(2)} | ${s.f1.toFixed(2)} | ${s.tp} | ${s.fp} | ${s.fn} |`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await runObjectsBench();
