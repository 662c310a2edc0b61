// The built-in detection models: where each comes from, and for those the
// operator installs, which file must be where.
import { existsSync } from 'node:fs';
import path from 'node:path';

export type VisionTask = 'object-detection' | 'zero-shot-detection' | 'face-detection';

export interface BuiltinModel {
  id: string;
  name: string;
  task: VisionTask;
  /** 'npm' models ship inside an npm package; 'directory' models are files the operator puts in VISION_MODEL_DIR. */
  origin: 'npm' | 'directory';
  /** Files relative to VISION_MODEL_DIR (directory models). */
  files?: string[];
  source: string;
  /** The confidence with the best F1 on the labelled real photographs (bench/objects.ts), where measured. */
  recommendedConfidence?: number;
}

export const BUILTIN_MODELS: readonly BuiltinModel[] = [
  { id: 'centernet', name: 'CenterNet MobileNetV3 (COCO, 80 classes)', task: 'object-detection', origin: 'npm', source: 'npm @vladmandic/human models/centernet.json', recommendedConfidence: 0.35 },
  { id: 'yolo11n', name: 'YOLO11 nano (COCO)', task: 'object-detection', origin: 'directory', files: ['yolo11n.onnx'], source: 'Ultralytics YOLO11n exported to ONNX' },
  { id: 'yolo11s', name: 'YOLO11 small (COCO)', task: 'object-detection', origin: 'directory', files: ['yolo11s.onnx'], source: 'Ultralytics YOLO11s exported to ONNX' },
  { id: 'yolo11m', name: 'YOLO11 medium (COCO)', task: 'object-detection', origin: 'directory', files: ['yolo11m.onnx'], source: 'Ultralytics YOLO11m exported to ONNX' },
  { id: 'owlvit', name: 'OWL-ViT open-vocabulary detector', task: 'zero-shot-detection', origin: 'directory', files: ['owlvit/model.onnx', 'owlvit/tokenizer.json'], source: 'OWL-ViT (google/owlvit-base-patch32) exported to ONNX with its CLIP tokenizer.json' },
  { id: 'haarcascade', name: 'OpenCV Haar cascade (frontal face)', task: 'face-detection', origin: 'npm', source: 'npm opencv.js tests/haarcascade_frontalface_default.xml on @techstark/opencv-js' },
  { id: 'mediapipe', name: 'MediaPipe BlazeFace', task: 'face-detection', origin: 'npm', source: 'npm @vladmandic/human models/blazeface.json' },
  { id: 'yolo-face', name: 'YOLO face detector', task: 'face-detection', origin: 'directory', files: ['yolo-face.onnx'], source: 'a one-class YOLOv8/YOLO11 face model exported to ONNX' },
];

export const DEFAULT_OBJECT_MODEL = 'centernet';
export const DEFAULT_FACE_MODEL = 'haarcascade';
export const ZERO_SHOT_MODEL = 'owlvit';

export function builtinModel(id: string): BuiltinModel | undefined {
  return BUILTIN_MODELS.find((m) => m.id === id);
}

export function modelFiles(model: BuiltinModel, modelDir: string): string[] {
  return (model.files ?? []).map((f) => path.resolve(modelDir, f));
}

/** The files of a directory model that are not there (empty when installed or shipped in npm). */
export function missingFiles(model: BuiltinModel, modelDir: string): string[] {
  return modelFiles(model, modelDir).filter((f) => !existsSync(f));
}
