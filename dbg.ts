import { VisionEngine, visionConfig } from './engines/vision/index.ts';
import { buildDatasetZip } from './engines/vision/dataset.ts';
import { shapeImage, yoloLabels } from './engines/vision/testing/shapes.ts';
const items = [];
for (let i = 0; i < 20; i++) { const img = await shapeImage(i + 1); items.push({ name: `s${i}.png`, split: (i % 5 === 4 ? 'val' : 'train') as 'train'|'val', bytes: img.png, boxes: yoloLabels(img) }); }
const zip = buildDatasetZip(items, ['circle','square','triangle']);
const e = new VisionEngine({ ...visionConfig({}), concurrency: 1 });
const t = Date.now();
console.log(await e.trainStart({ jobId: 'j', zip, spec: { arch: { kind: 'switchyard-grid-detector', version: 1, size: 64, widths: [16,32,64,64], classes: 3 }, augmentation: 'high', epochs: 5, patience: 30 } }), Date.now() - t);
const c = await e.trainRun('j', 3); console.log(c.progress, c.checkpoint.weights.length, Date.now() - t);
await e.close();
