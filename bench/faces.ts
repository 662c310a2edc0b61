// Face detectors on the labelled face set (engines/vision/testing/faceSet.ts):
// precision and recall (IoU 0.5) of each shipped model at several
// confidences (`haarcascade` is the cascade plus the faces only BlazeFace
// finds). `npm run bench -- faces`.
import { VisionEngine, visionConfig } from '../engines/vision/index.ts';
import { iou, type Box } from '../engines/vision/geometry.ts';
import { faceSet } from '../engines/vision/testing/faceSet.ts';

type Found = Array<{ confidence: number; bbox: Box }>;

export function precisionRecall(truth: Box[][], found: Found[]): { precision: number; recall: number; tp: number; fp: number; fn: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  truth.forEach((faces, i) => {
    const used = new Set<number>();
    for (const d of [...found[i]!].sort((a, b) => b.confidence - a.confidence)) {
      const hit = faces.findIndex((t, k) => !used.has(k) && iou(t, d.bbox) >= 0.5);
      if (hit === -1) fp++;
      else {
        used.add(hit);
        tp++;
      }
    }
    fn += faces.length - used.size;
  });
  return { precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1, tp, fp, fn };
}

export async function runFacesBench(models: string[] = ['haarcascade', 'mediapipe']) {
  const set = await faceSet();
  const engine = new VisionEngine({ ...visionConfig({}), concurrency: 1 });
  const raw: Record<string, Found[]> = {};
  try {
    for (const model of models) {
      raw[model] = [];
      for (const image of set) {
        const r = await engine.detectFaces({ image: new Uint8Array(image.bytes), model: model as 'haarcascade', confidence: 0.1, blur: false, blurStrength: 51 });
        raw[model]!.push(r.detections);
        console.log(`${model} ${image.name}: ${r.detections.filter((d) => d.confidence >= 0.3).map((d) => `${d.confidence.toFixed(2)}@${d.bbox.x},${d.bbox.y},${d.bbox.width}x${d.bbox.height}`).join(' ')}`);
      }
    }
  } finally {
    await engine.close();
  }
  const truth = set.map((i) => i.faces);
  console.log(`\n${set.length} images, ${truth.flat().length} faces`);
  console.log('| model | confidence | precision | recall | tp | fp | fn |\n|---|---|---|---|---|---|---|');
  const table: Array<{ model: string; confidence: number; precision: number; recall: number }> = [];
  for (const model of models) {
    for (const c of [0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8]) {
      const s = precisionRecall(truth, raw[model]!.map((f) => f.filter((d) => d.confidence >= c)));
      table.push({ model, confidence: c, precision: s.precision, recall: s.recall });
      console.log(`| ${model} | ${c} | ${s.precision.toFixed(2)} | ${s.recall.toFixed(2)} | ${s.tp} | ${s.fp} | ${s.fn} |`);
    }
  }
  return { set, raw, table };
}

if (import.meta.url === `file://${process.argv[1]}`) await runFacesBench(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
