// What crosses between the gateway thread and an OCR worker.
import type { ImageFormat } from './image.ts';
import type { OcrLevel } from './languages.ts';
import type { Box, Line } from './read.ts';
import type { Preset } from '../../protocols/redaction.ts';
import type { Style } from './redaction/paint.ts';

export interface RecognizeJob {
  image: Uint8Array;
  format: ImageFormat;
  level: OcrLevel;
  /** Tesseract codes; omitted turns on detection. */
  languages?: string[];
}

export interface RecognizeOutput {
  lines: Line[];
  imageSize: { width: number; height: number };
  languages: string[];
  detectedLanguage?: string;
  orientation: 0 | 90 | 180 | 270;
}

export interface RedactJob extends RecognizeJob {
  presets: Preset[];
  patterns: string[];
  regions: Box[];
  style: Style;
  blurStrength?: number;
  padding: number;
}

export interface RedactionDetection {
  text: string;
  pattern: string;
  bbox: Box;
  granularity: 'word' | 'line' | 'region';
}

export interface RedactOutput {
  png: Uint8Array;
  detections: RedactionDetection[];
  counts: Record<string, number>;
  imageSize: { width: number; height: number };
  /** Empty when only regions were asked for: nothing was read. */
  languages: string[];
}
