// Open-vocabulary detection with OWL-ViT exported to ONNX (one graph taking
// input_ids, attention_mask and pixel_values, answering logits [1, patches,
// queries] and pred_boxes [1, patches, 4] as normalised cx, cy, w, h), run
// through onnxruntime-node from the operator's model directory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { EngineError } from '../workerPool.ts';
import { clipBox, nms, type Scored } from './geometry.ts';
import type { Rgb } from './image.ts';
import { ClipTokenizer } from './clipTokenizer.ts';

export interface OwlVit {
  session: ort.InferenceSession;
  tokenizer: ClipTokenizer;
  size: number;
  textLength: number;
}

const MEAN = [0.48145466, 0.4578275, 0.40821073];
const STD = [0.26862954, 0.26130258, 0.27577711];

export async function loadOwlVit(modelFile: string, tokenizerFile: string): Promise<OwlVit> {
  const missing = [modelFile, tokenizerFile].filter((f) => !existsSync(f));
  if (missing.length) {
    throw new EngineError(
      `the zero-shot model (OWL-ViT) is not installed: put ${missing.map((f) => path.basename(f)).join(' and ')} in ${path.dirname(modelFile)} (VISION_MODEL_DIR/owlvit)`,
      'model_not_installed',
    );
  }
  const session = await ort.InferenceSession.create(modelFile, { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1 });
  for (const name of ['input_ids', 'attention_mask', 'pixel_values']) {
    if (!session.inputNames.includes(name)) throw new EngineError(`${modelFile} has no ${name} input: not an OWL-ViT export`, 'model_invalid');
  }
  const dims = (name: string) => (session.inputMetadata.find((m) => m.name === name) as { shape?: Array<number | string> } | undefined)?.shape ?? [];
  const side = dims('pixel_values')[2];
  const textLength = dims('input_ids')[1];
  return {
    session,
    tokenizer: ClipTokenizer.fromFile(tokenizerFile),
    size: typeof side === 'number' && side > 0 ? side : 768,
    textLength: typeof textLength === 'number' && textLength > 0 ? textLength : 16,
  };
}

/** OWL-ViT's processor: resize to the square input (no letterbox), scale to 0-1, CLIP mean/std per channel, CHW. */
async function pixelValues(rgb: Rgb, size: number): Promise<ort.Tensor> {
  const { data } = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .resize(size, size, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) out[c * plane + p] = (data[p * 3 + c]! / 255 - MEAN[c]!) / STD[c]!;
  }
  return new ort.Tensor('float32', out, [1, 3, size, size]);
}

/** Detections of the given class phrases, boxes in original pixels, classId indexing `classes`. */
export async function runOwlVit(model: OwlVit, rgb: Rgb, classes: string[], confidence: number): Promise<Scored[]> {
  if (!classes.length) throw new EngineError('no class phrases to look for', 'invalid_request');
  const L = model.textLength;
  const ids = new BigInt64Array(classes.length * L);
  const mask = new BigInt64Array(classes.length * L);
  classes.forEach((phrase, q) => {
    const t = model.tokenizer.encode(phrase, L);
    t.ids.forEach((v, i) => (ids[q * L + i] = BigInt(v)));
    t.mask.forEach((v, i) => (mask[q * L + i] = BigInt(v)));
  });
  const out = await model.session.run({
    input_ids: new ort.Tensor('int64', ids, [classes.length, L]),
    attention_mask: new ort.Tensor('int64', mask, [classes.length, L]),
    pixel_values: await pixelValues(rgb, model.size),
  });
  const logits = out.logits!;
  const boxes = out.pred_boxes!;
  const [, patches, queries] = logits.dims as [number, number, number];
  const l = logits.data as Float32Array;
  const b = boxes.data as Float32Array;
  const found: Scored[] = [];
  for (let p = 0; p < patches; p++) {
    let best = 0;
    let top = -Infinity;
    for (let q = 0; q < queries; q++) {
      if (l[p * queries + q]! > top) {
        top = l[p * queries + q]!;
        best = q;
      }
    }
    const score = 1 / (1 + Math.exp(-top));
    if (score < confidence) continue;
    const [cx, cy, w, h] = [b[p * 4]!, b[p * 4 + 1]!, b[p * 4 + 2]!, b[p * 4 + 3]!];
    const box = clipBox({ x: (cx - w / 2) * rgb.width, y: (cy - h / 2) * rgb.height, width: w * rgb.width, height: h * rgb.height }, rgb.width, rgb.height);
    found.push({ score, classId: best, box });
  }
  return nms(found, 0.3);
}
