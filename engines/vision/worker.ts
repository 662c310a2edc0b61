// The detection worker thread: each handler decodes the image, runs one
// model (loaded by the first job that needs it, kept for every later one)
// and answers document 2's result shape.
import './priority.ts';
import { workerData } from 'node:worker_threads';
import { lowerSharedHelpers } from '../priority.ts';
import { serveWorker, withTransfer } from '../workerServe.ts';
import { EngineError } from '../workerPool.ts';
import { decodeRgb, encodePng, inspectImage, type Rgb } from './image.ts';
import { iou, toDetections, type Scored } from './geometry.ts';
import { COCO_CLASSES } from './coco.ts';
import { blazefaceFaces, centernetObjects } from './human.ts';
import { haarFaces } from './haar.ts';
import { blurBoxes } from './blur.ts';
import { loadYolo, runYolo, type YoloModel } from './yolo.ts';
import { builtinModel, modelFiles } from './models.ts';
import { createParams, detectWith, type DetectorArch, type Params } from './detector.ts';
import { tfWasm } from './tf.ts';
import { parseDataset, buildDatasetZip, type LabelBox } from './dataset.ts';
import { loadOwlVit, runOwlVit, type OwlVit } from './zeroShot.ts';

const { modelDir, maxPixels } = workerData as { modelDir: string; maxPixels: number };

const yolos = new Map<string, Promise<YoloModel>>();
function yolo(id: string): Promise<YoloModel> {
  let m = yolos.get(id);
  if (!m) {
    const model = builtinModel(id)!;
    m = loadYolo(modelFiles(model, modelDir)[0]!, `${id} (${model.name})`);
    // A missing file is not cached: the operator may install it without a restart.
    m.catch(() => yolos.delete(id));
    yolos.set(id, m);
  }
  return m;
}

let owl: Promise<OwlVit> | undefined;
function owlVit(): Promise<OwlVit> {
  if (!owl) {
    const [model, tokenizer] = modelFiles(builtinModel('owlvit')!, modelDir) as [string, string];
    owl = loadOwlVit(model, tokenizer);
    owl.catch(() => (owl = undefined));
  }
  return owl;
}

/** Custom models, by id and version (a re-trained id is a new version). */
const customs = new Map<string, Params>();
export interface CustomModelInput {
  id: string;
  version: string;
  arch: DetectorArch;
  classes: string[];
  weights: Uint8Array;
}

async function custom(input: CustomModelInput): Promise<Params> {
  const key = `${input.id}@${input.version}`;
  let p = customs.get(key);
  if (!p) {
    await tfWasm();
    const w = input.weights;
    p = createParams(input.arch, new Float32Array(w.buffer, w.byteOffset, w.byteLength / 4));
    for (const [k, old] of customs) {
      if (k.startsWith(`${input.id}@`)) {
        old.vars.forEach((v) => v.dispose());
        customs.delete(k);
      }
    }
    customs.set(key, p);
  }
  return p;
}

async function timed(image: Uint8Array, run: (rgb: Rgb) => Promise<Scored[]>): Promise<{ rgb: Rgb; scored: Scored[]; inferenceTimeMs: number }> {
  const rgb = await decodeRgb(image, maxPixels);
  const started = performance.now();
  const scored = await run(rgb);
  return { rgb, scored, inferenceTimeMs: Math.round((performance.now() - started) * 10) / 10 };
}

export interface ObjectJob {
  image: Uint8Array;
  model: string;
  confidence: number;
  custom?: CustomModelInput;
}

async function objects(job: ObjectJob): Promise<{ scored: Scored[]; labels: readonly string[]; rgb: Rgb; inferenceTimeMs: number }> {
  if (job.custom) {
    const params = await custom(job.custom);
    const r = await timed(job.image, (rgb) => detectWith(params, rgb, job.confidence));
    return { ...r, labels: job.custom.classes };
  }
  if (job.model === 'centernet') return { ...(await timed(job.image, (rgb) => centernetObjects(rgb, job.confidence))), labels: COCO_CLASSES };
  if (/^yolo11[nsm]$/.test(job.model)) {
    const model = await yolo(job.model);
    return { ...(await timed(job.image, (rgb) => runYolo(model, rgb, COCO_CLASSES.length, job.confidence))), labels: COCO_CLASSES };
  }
  throw new EngineError(`unknown object model ${job.model}`, 'unknown_model');
}

export interface FaceJob {
  image: Uint8Array;
  model: 'haarcascade' | 'mediapipe' | 'yolo-face';
  confidence: number;
  blur: boolean;
  blurStrength: number;
  /** 'png': the blurred image comes back as `blurredPng` bytes instead of base64 `blurredImage`. */
  blurredAs?: 'base64' | 'png';
}

/** A BlazeFace box overlapping a cascade's box this much is the same face. */
const SAME_FACE_IOU = 0.3;

/**
 * The default face model: the frontal cascade's faces, plus the faces only
 * BlazeFace (checked by the face mesh) finds: a face in profile, partly
 * hidden or small. On the labelled set the cascade alone found 5 of 8 faces
 * (not the man with a camera at his eye); with these, all 8.
 */
async function haarAndBlazeface(rgb: Rgb, confidence: number): Promise<Scored[]> {
  const haar = await haarFaces(rgb, confidence);
  const blaze = await blazefaceFaces(rgb, confidence);
  return [...haar, ...blaze.filter((b) => !haar.some((h) => iou(h.box, b.box) >= SAME_FACE_IOU))];
}

async function faces(job: FaceJob): Promise<{ scored: Scored[]; rgb: Rgb; inferenceTimeMs: number }> {
  switch (job.model) {
    case 'haarcascade':
      return timed(job.image, (rgb) => haarAndBlazeface(rgb, job.confidence));
    case 'mediapipe':
      return timed(job.image, (rgb) => blazefaceFaces(rgb, job.confidence));
    case 'yolo-face': {
      const model = await yolo('yolo-face');
      return timed(job.image, (rgb) => runYolo(model, rgb, 1, job.confidence));
    }
  }
}

/** Auto-label: detections of the requested classes become YOLO labels. */
async function label(image: Uint8Array, classes: string[], confidence: number): Promise<{ boxes: LabelBox[]; width: number; height: number }> {
  const rgb = await decodeRgb(image, maxPixels);
  let found: Array<{ classId: number; box: Scored['box'] }>;
  if (classes.every((c) => COCO_CLASSES.includes(c.toLowerCase())) && !(await owlInstalled())) {
    const wanted = classes.map((c) => COCO_CLASSES.indexOf(c.toLowerCase()));
    found = (await centernetObjects(rgb, confidence)).flatMap((s) => (wanted.includes(s.classId) ? [{ classId: wanted.indexOf(s.classId), box: s.box }] : []));
  } else {
    found = await runOwlVit(await owlVit(), rgb, classes, confidence);
  }
  const boxes = found.map(({ classId, box }) => ({
    classId,
    cx: (box.x + box.width / 2) / rgb.width,
    cy: (box.y + box.height / 2) / rgb.height,
    w: box.width / rgb.width,
    h: box.height / rgb.height,
  }));
  return { boxes, width: rgb.width, height: rgb.height };
}

async function owlInstalled(): Promise<boolean> {
  return owlVit().then(
    () => true,
    () => false,
  );
}

serveWorker({
  async detectObjects(job: ObjectJob) {
    const r = await objects(job);
    return { detections: toDetections(r.scored, r.labels), model: job.custom?.id ?? job.model, inferenceTimeMs: r.inferenceTimeMs, imageSize: { width: r.rgb.width, height: r.rgb.height } };
  },

  async detectFaces(job: FaceJob) {
    const r = await faces(job);
    const result: Record<string, unknown> = {
      detections: toDetections(r.scored, ['face']),
      model: job.model,
      inferenceTimeMs: r.inferenceTimeMs,
      imageSize: { width: r.rgb.width, height: r.rgb.height },
    };
    if (job.blur) {
      blurBoxes(r.rgb, r.scored.map((s) => s.box), job.blurStrength);
      const png = await encodePng(r.rgb);
      // As bytes, moved back, for a caller that stores them: its event loop then neither encodes nor parses a base64 string of megabytes.
      if (job.blurredAs === 'png') {
        const own = new Uint8Array(png);
        result.blurredPng = own;
        return withTransfer(result, [own.buffer]);
      }
      result.blurredImage = png.toString('base64');
    }
    return result;
  },

  async detectZeroShot(job: { image: Uint8Array; prompt: string; confidence: number }) {
    const classes = job.prompt.split(',').map((s) => s.trim()).filter(Boolean);
    const model = await owlVit();
    const r = await timed(job.image, (rgb) => runOwlVit(model, rgb, classes, job.confidence).then((found) => found.map((f) => ({ ...f, score: f.score }))));
    return { detections: toDetections(r.scored, classes), model: 'owlvit', inferenceTimeMs: r.inferenceTimeMs, imageSize: { width: r.rgb.width, height: r.rgb.height } };
  },

  /** Validates a training zip (the images decode too) and answers its split and warnings. */
  async inspectDataset({ zip, classes }: { zip: Uint8Array; classes: number }) {
    const dataset = parseDataset(zip, classes);
    for (const image of dataset.images) {
      await inspectImage(image.bytes, maxPixels, `dataset image ${image.name}`).catch((err: EngineError) => {
        throw new EngineError(err.message, 'invalid_dataset');
      });
    }
    return { stats: dataset.stats, warnings: dataset.warnings };
  },

  async autoLabel({ images, classes, confidence }: { images: Uint8Array[]; classes: string[]; confidence: number }) {
    const started = performance.now();
    const items: Array<{ name: string; split: 'train' | 'val'; bytes: Uint8Array; boxes: LabelBox[] }> = [];
    const perClass: Record<string, number> = Object.fromEntries(classes.map((c) => [c, 0]));
    // Every fifth image (at least one once there are two) is held out for validation.
    const valEvery = images.length >= 2 ? 5 : Infinity;
    for (let i = 0; i < images.length; i++) {
      const { boxes } = await label(images[i]!, classes, confidence);
      for (const b of boxes) perClass[classes[b.classId]!]!++;
      const ext = sniffExtension(images[i]!);
      const split = (i + 1) % valEvery === 0 || (images.length >= 2 && images.length < 5 && i === images.length - 1) ? 'val' : 'train';
      items.push({ name: `image_${String(i + 1).padStart(4, '0')}.${ext}`, split, bytes: images[i]!, boxes });
    }
    const zip = buildDatasetZip(items, classes);
    const withDetections = items.filter((i) => i.boxes.length).length;
    return {
      zip,
      stats: {
        totalImages: items.length,
        trainImages: items.filter((i) => i.split === 'train').length,
        valImages: items.filter((i) => i.split === 'val').length,
        imagesWithDetections: withDetections,
        imagesWithoutDetections: items.length - withDetections,
        detectionsPerClass: perClass,
        totalDetections: Object.values(perClass).reduce((a, b) => a + b, 0),
      },
      processingTimeMs: Math.round(performance.now() - started),
    };
  },
}, { eachJob: () => lowerSharedHelpers() });

function sniffExtension(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[8] === 0x57) return 'webp';
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'gif';
  return 'img';
}
