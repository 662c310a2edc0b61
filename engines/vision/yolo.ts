// YOLO (Ultralytics export) detectors run through onnxruntime-node from the
// operator's model directory: letterbox to the model's square input, decode
// the [1, 4 + classes, anchors] head, NMS, boxes back to original pixels.
import { existsSync } from 'node:fs';
import ort from 'onnxruntime-node';
import { EngineError } from '../workerPool.ts';
import { letterboxGeometry, nms, unletterbox, type Scored } from './geometry.ts';
import { letterboxRgb, type Rgb } from './image.ts';

export interface YoloModel {
  session: ort.InferenceSession;
  inputName: string;
  outputName: string;
  size: number;
}

export async function loadYolo(file: string, what: string): Promise<YoloModel> {
  if (!existsSync(file)) throw modelMissing(what, file);
  const session = await ort.InferenceSession.create(file, { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1 });
  const inputName = session.inputNames[0]!;
  const meta = session.inputMetadata.find((m) => m.name === inputName) as { shape?: Array<number | string> } | undefined;
  const side = meta?.shape?.[2];
  // Dynamic-shape exports name their dimensions; they are run at 640 like the fixed ones.
  const size = typeof side === 'number' && side > 0 ? side : 640;
  return { session, inputName, outputName: session.outputNames[0]!, size };
}

export function modelMissing(what: string, file: string): EngineError {
  return new EngineError(`${what} is not installed: put its ONNX file at ${file} (VISION_MODEL_DIR)`, 'model_not_installed');
}

/** RGB bytes of the letterboxed square to a [1, 3, size, size] float tensor in 0-1. */
export function chwTensor(square: Uint8Array, size: number): ort.Tensor {
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  for (let i = 0, p = 0; p < plane; p++, i += 3) {
    out[p] = square[i]! / 255;
    out[plane + p] = square[i + 1]! / 255;
    out[2 * plane + p] = square[i + 2]! / 255;
  }
  return new ort.Tensor('float32', out, [1, 3, size, size]);
}

/**
 * Decodes an Ultralytics detection head: per anchor cx, cy, w, h (input
 * pixels) then one score per class, laid out [1, C, N] (or [1, N, C]).
 * `classes` limits the score columns read (a face model's extra keypoint
 * columns are ignored).
 */
export function decodeYolo(data: Float32Array, dims: readonly number[], classes: number, confidence: number): Scored[] {
  const [, a, b] = dims as [number, number, number];
  // Ultralytics exports channels first; some converters transpose. Anchors usually outnumber channels.
  const need = 4 + classes;
  const channelsFirst = a >= need && (b < need || a <= b);
  const channels = channelsFirst ? a : b;
  const anchors = channelsFirst ? b : a;
  if (channels < 4 + classes) throw new EngineError(`model output has ${channels} channels, fewer than 4 + ${classes} classes`, 'model_invalid');
  const at = channelsFirst ? (c: number, n: number) => data[c * anchors + n]! : (c: number, n: number) => data[n * channels + c]!;
  const out: Scored[] = [];
  for (let n = 0; n < anchors; n++) {
    let best = -1;
    let score = -Infinity;
    for (let c = 0; c < classes; c++) {
      const s = at(4 + c, n);
      if (s > score) {
        score = s;
        best = c;
      }
    }
    if (score < confidence) continue;
    const cx = at(0, n);
    const cy = at(1, n);
    const w = at(2, n);
    const h = at(3, n);
    out.push({ box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h }, score, classId: best });
  }
  return out;
}

export async function runYolo(model: YoloModel, rgb: Rgb, classes: number, confidence: number, iouThreshold = 0.5): Promise<Scored[]> {
  const lb = letterboxGeometry(rgb.width, rgb.height, model.size);
  const square = await letterboxRgb(rgb, lb);
  const output = await model.session.run({ [model.inputName]: chwTensor(square, model.size) });
  const tensor = output[model.outputName]!;
  const raw = decodeYolo(tensor.data as Float32Array, tensor.dims, classes, confidence);
  return nms(raw, iouThreshold).map((s) => ({ ...s, box: unletterbox(s.box, lb, rgb.width, rgb.height) }));
}
