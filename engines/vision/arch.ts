// The custom detector's shape, apart from its TensorFlow code (detector.ts):
// the API plans a training run from it without loading TensorFlow.js.
export interface DetectorArch {
  kind: 'switchyard-grid-detector';
  version: 1;
  /** Square input side in pixels (a multiple of 8). */
  size: number;
  widths: [number, number, number, number];
  classes: number;
}

/** Channel widths per base model: the n/s/m of the request picks the network's width. */
export const WIDTHS: Record<string, DetectorArch['widths']> = {
  yolo11n: [16, 32, 64, 64],
  yolo11s: [24, 48, 96, 96],
  yolo11m: [32, 64, 128, 128],
};
