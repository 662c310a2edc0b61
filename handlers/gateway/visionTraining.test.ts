// Training end to end: a generated dataset (coloured shapes on noise) is
// trained into a custom detector on this CPU, through a restart of the
// service in the middle, and the model then finds shapes it never saw.
// Dataset validation, auto-label and auto-train run against the same service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { buildDatasetZip, parseDataset } from '../../engines/vision/dataset.ts';
import { shapeImage, yoloLabels, SHAPE_CLASSES } from '../../engines/vision/testing/shapes.ts';
import { photo } from '../../engines/vision/testing/images.ts';
import { evaluate, type Prediction, type Truth } from '../../engines/vision/metrics.ts';

const ENV = { VISION_SERVICE_ENABLED: 'true', VISION_TRAIN_CHUNK_SECONDS: '3', VISION_TRAIN_MAX_SECONDS: '600' };
/** The held-out mAP@0.5 the trained model must reach (0.96 here; seeds 2 and 3 of the same training reach 0.94 and 0.84). */
const MAP50_FLOOR = 0.75;

let service: TestService;
let key: string;
let otherKey: string;

async function call(method: string, p: string, body?: unknown, apiKey = key) {
  const res = await fetch(`${service.gatewayUrl}${p}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function job(jobId: string) {
  const r = await call('GET', `/api/vision/train/${jobId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function shapesZip(count: number, firstSeed: number, valEvery = 5): Promise<Uint8Array> {
  const items = [];
  for (let i = 0; i < count; i++) {
    const img = await shapeImage(firstSeed + i);
    items.push({ name: `shape_${i}.png`, split: ((i + 1) % valEvery === 0 ? 'val' : 'train') as 'train' | 'val', bytes: img.png, boxes: yoloLabels(img) });
  }
  return buildDatasetZip(items, [...SHAPE_CLASSES]);
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const train = (datasetB64: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/vision/train', { datasetB64, baseModel: 'yolo11n', classes: [...SHAPE_CLASSES], imageSize: 320, ...extra });

beforeAll(async () => {
  service = await startTestService(['gateway'], ENV);
  key = (await createGatewayKey(service.db, 'trainer')).key;
  otherKey = (await createGatewayKey(service.db, 'someone-else')).key;
}, 60_000);

afterAll(async () => {
  await service?.close();
});

describe('a bad dataset is a 400 naming what is wrong, and no job', () => {
  const png = async () => (await shapeImage(1)).png;
  const cases: Array<[string, () => Promise<Uint8Array>, RegExp]> = [
    ['not a zip', async () => new TextEncoder().encode('just some text, not an archive'), /not a zip archive/],
    ['a path escaping the archive', async () => zipSync({ '../evil.png': await png(), 'labels/evil.txt': new Uint8Array() }), /points outside the dataset folder/],
    ['an image without labels', async () => zipSync({ 'images/a.png': await png() }), /have no label file.*images\/a\.png/],
    ['a class id out of range', async () => zipSync({ 'images/a.png': await png(), 'labels/a.txt': new TextEncoder().encode('0 0.5 0.5 0.2 0.2\n3 0.5 0.5 0.2 0.2\n') }), /labels\/a\.txt line 2: class id 3 is out of range/],
    ['an image that does not decode', async () => zipSync({ 'images/a.png': new TextEncoder().encode('not really a png'), 'labels/a.txt': new Uint8Array() }), /dataset image images\/a\.png/],
  ];
  for (const [what, make, message] of cases) {
    it(what, async () => {
      const r = await train(b64(await make()));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'invalid_dataset' });
      expect(r.body.message).toMatch(message);
    });
  }

  it('an empty class list', async () => {
    const r = await call('POST', '/api/vision/train', { datasetB64: b64(await shapesZip(2, 1)), baseModel: 'yolo11n', classes: [], imageSize: 320 });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/classes/);
  });
});

describe('training a custom detector', () => {
  it('answers pending at once, trains through a restart, and the model finds unseen shapes', async () => {
    const started = await train(b64(await shapesZip(52, 1, 4)), { epochs: 40, name: 'shapes' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const created = started.body.data;
    expect(created).toMatchObject({ status: 'pending', datasetStats: { train: 39, val: 13, total: 52 }, trainingProfile: 'medium', augmentation: 'high', effectiveEpochs: 40 });
    const { jobId } = created;
    expect((await call('GET', `/api/vision/train/${jobId}`, undefined, otherKey)).status).toBe(404);

    // Wait for a checkpoint, then stop the whole service mid-training.
    let before: any;
    // Generous deadlines: a shared CI machine can be many times slower than a quiet one.
    for (const deadline = Date.now() + 300_000; ; ) {
      before = await job(jobId);
      if (process.env.DEBUG_TRAINING) console.log(JSON.stringify(before));
      if (before.progress.epoch >= 3) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(before.status).toBe('running');
    await service.close();
    const checkpointed = (await (await import('../../test/support.ts')).testDb().then(async (db) => {
      const row = await db('vision_training_jobs').where({ id: jobId }).first('progress', 'status', 'checkpoint_optimizer');
      await db.destroy();
      return row;
    })) as { progress: { epoch: number }; status: string; checkpoint_optimizer: Buffer | null };
    expect(checkpointed.status).toBe('running');
    // The optimizer's state is checkpointed with the weights, so the resumed job trains what an uninterrupted one would (train.test.ts).
    expect(checkpointed.checkpoint_optimizer?.length).toBeGreaterThan(0);

    service = await startTestService(['gateway'], ENV);
    const seen: number[] = [];
    let done: any;
    for (const deadline = Date.now() + 600_000; ; ) {
      done = await job(jobId);
      seen.push(done.progress.epoch);
      if (done.status === 'completed' || done.status === 'failed') break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    // Resumed from the checkpoint, not from epoch 0.
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(checkpointed.progress.epoch);
    const row = await service.db('vision_training_jobs').where({ id: jobId }).first('attempts', 'dataset', 'checkpoint_optimizer');
    expect(row.attempts).toBe(2);
    expect(row.dataset).toBeNull();
    expect(row.checkpoint_optimizer).toBeNull();
    // On a slow machine the wall-clock budget may end it first; the best epoch so far is still the model.
    expect(['epochs', 'early-stopping', 'time-budget']).toContain(done.stopReason);
    expect(done.modelId).toBe(`custom-${jobId.slice(0, 8)}`);
    expect(done.metrics.mAP50).toBeGreaterThan(MAP50_FLOOR);
    expect(done.recommended_confidence).toBeGreaterThanOrEqual(0.05);
    expect(done.recommended_confidence).toBeLessThanOrEqual(0.9);

    const listed = (await call('GET', '/api/vision/models')).body.data.models.find((m: any) => m.id === done.modelId);
    expect(listed).toMatchObject({ type: 'custom', name: 'shapes', classes: [...SHAPE_CLASSES], baseModel: 'yolo11n', jobId, installed: true });
    expect((await call('GET', '/api/vision/models', undefined, otherKey)).body.data.models.some((m: any) => m.id === done.modelId)).toBe(false);

    // Held-out images, detected through the API with the new model.
    const preds: Prediction[] = [];
    const truths: Truth[] = [];
    for (let i = 0; i < 15; i++) {
      const img = await shapeImage(5000 + i);
      const submitted = await call('POST', '/api/vision/detect', { image: b64(img.png), model: done.modelId, confidence: 0.05 });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      let r;
      do {
        r = await call('POST', '/api/llm/queue/result', { queueId: submitted.body.data.queueId });
      } while (r.status === 202 && (await new Promise((res) => setTimeout(res, 30))) === undefined);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.result.model).toBe(done.modelId);
      expect(r.body.data.result.imageSize).toEqual({ width: img.width, height: img.height });
      for (const d of r.body.data.result.detections) preds.push({ image: i, classId: SHAPE_CLASSES.indexOf(d.label), box: d.bbox, score: d.confidence });
      for (const o of img.objects) truths.push({ image: i, classId: o.classId, box: o.box });
    }
    const heldOut = evaluate(preds, truths, SHAPE_CLASSES.length);
    console.log(`trained detector on held-out shapes: mAP@0.5 ${heldOut.mAP50.toFixed(3)}, mAP@0.5:0.95 ${heldOut.mAP50_95.toFixed(3)}, training job metrics ${JSON.stringify(done.metrics)}`);
    expect(heldOut.mAP50).toBeGreaterThan(MAP50_FLOOR);

    const deleted = await call('DELETE', `/api/vision/models/${done.modelId}`);
    expect(deleted.body).toMatchObject({ success: true, data: { modelId: done.modelId, deleted: true } });
    const gone = await call('POST', '/api/vision/detect', { image: b64((await shapeImage(1)).png), model: done.modelId });
    expect(gone.status).toBe(400);
    expect(gone.body.code).toBe('invalid_model');
  }, 1_000_000);
});

describe('auto-label and auto-train', () => {
  it('labels COCO classes with the detector into a YOLO zip with its stats', async () => {
    const images = [photo('astronaut'), photo('coffee'), photo('chelsea')].map((b) => b.toString('base64'));
    const r = await call('POST', '/api/vision/auto-label', { images, classes: ['person', 'cup'], confidence: 0.3 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { stats, format, datasetB64 } = r.body.data;
    expect(format).toBe('yolo-zip');
    expect(stats).toMatchObject({ totalImages: 3, trainImages: 2, valImages: 1, imagesWithDetections: 2, imagesWithoutDetections: 1, detectionsPerClass: { person: 1, cup: 1 }, totalDetections: 2 });
    const dataset = parseDataset(new Uint8Array(Buffer.from(datasetB64, 'base64')), 2);
    expect(dataset.images.map((i) => i.boxes.map((b) => b.classId))).toEqual([[0], [1], []]);
    const person = dataset.images[0]!.boxes[0]!;
    expect(person.cx).toBeGreaterThan(0.2);
    expect(person.cx).toBeLessThan(0.5);
  });

  it('refuses phrases that need the zero-shot model when it is not installed', async () => {
    const r = await call('POST', '/api/vision/auto-label', { images: [photo('coffee').toString('base64')], classes: ['helmet'], confidence: 0.3 });
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/helmet is not a COCO class.*owlvit[/\\]model\.onnx/);
  });

  it('auto-train needs 10 images, then labels and starts a job', async () => {
    const nine = Array.from({ length: 9 }, () => photo('coffee').toString('base64'));
    expect((await call('POST', '/api/vision/auto-train', { images: nine, classes: ['cup'], baseModel: 'yolo11n', confidence: 0.3 })).status).toBe(400);
    const ten = [...nine, photo('chelsea').toString('base64')];
    const r = await call('POST', '/api/vision/auto-train', { images: ten, classes: ['cup'], baseModel: 'yolo11n', confidence: 0.3 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'pending', datasetStats: { train: 8, val: 2, total: 10 }, trainingProfile: 'small', augmentation: 'aggressive', effectiveEpochs: 500 });
    expect(r.body.data.warnings.join(' ')).toMatch(/1 image\(s\) had no detections/);
    const j = await job(r.body.data.jobId);
    expect(['pending', 'running']).toContain(j.status);
    expect(j.trainInputSize).toBe(128);
  }, 120_000);
});
