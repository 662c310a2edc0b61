// Faces the frontal cascade cannot see, and a cat that is not a face, on real
// photographs (testing/faces). The default model (haarcascade) adds the
// faces BlazeFace finds and the face mesh confirms; BlazeFace's candidates
// go through the mesh, which has no face to fit on a cat.
import { afterAll, describe, expect, it } from 'vitest';
import { VisionEngine, visionConfig } from './index.ts';
import { iou } from './geometry.ts';
import { faceSet } from './testing/faceSet.ts';

const engine = new VisionEngine({ ...visionConfig({}), concurrency: 1 });
afterAll(() => engine.close());

describe('faces in real photographs', () => {
  it('finds the face of the man holding a camera to his eye with the default model, and no face on a cat', async () => {
    const set = await faceSet();
    const cameraman = set.find((i) => i.name === 'cameraman.png')!;
    const cat = set.find((i) => i.name === 'chelsea.png')!;
    for (const model of ['haarcascade', 'mediapipe'] as const) {
      const r = await engine.detectFaces({ image: new Uint8Array(cameraman.bytes), model, confidence: 0.5, blur: false, blurStrength: 51 });
      expect(r.detections, model).toHaveLength(1);
      expect(iou(r.detections[0]!.bbox, cameraman.faces[0]!), model).toBeGreaterThan(0.5);
    }
    // BlazeFace alone scored this cat's face 0.83.
    const onCat = await engine.detectFaces({ image: new Uint8Array(cat.bytes), model: 'mediapipe', confidence: 0.5, blur: false, blurStrength: 51 });
    expect(onCat.detections).toEqual([]);
  }, 60_000);
});
