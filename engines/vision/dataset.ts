// Training datasets arrive as a zip in YOLO layout: images/ and labels/
// (each optionally split into train/ and val/), one label file per image
// with one "class cx cy w h" line per object (normalised 0-1). Everything a
// caller can get wrong is refused with the file and line that is wrong.
import { Unzip, UnzipInflate, zipSync, type UnzipFile } from 'fflate';
import { EngineError } from '../workerPool.ts';

export const DATASET_LIMITS = {
  /** Uncompressed bytes over all entries, counted as they inflate (a header's size can lie). */
  maxBytes: 1024 * 1024 * 1024,
  maxEntries: 20_000,
  /** An entry inflating more than this many times its compressed size is a bomb. */
  maxRatio: 200,
};

export interface LabelBox {
  classId: number;
  /** Centre and size, normalised to the image (YOLO). */
  cx: number;
  cy: number;
  w: number;
  h: number;
}

export interface DatasetImage {
  name: string;
  split: 'train' | 'val';
  bytes: Uint8Array;
  boxes: LabelBox[];
}

export interface Dataset {
  images: DatasetImage[];
  stats: { train: number; val: number; total: number };
  warnings: string[];
}

const IMAGE_EXT = /\.(jpe?g|png|webp|bmp|tiff?|gif|avif)$/i;

function bad(message: string): EngineError {
  return new EngineError(message, 'invalid_dataset');
}

/** Inflates every entry, refusing paths that escape the archive and archives that inflate past the limits. */
export function unzipDataset(zip: Uint8Array, limits = DATASET_LIMITS): Map<string, Uint8Array> {
  const sig = zip.length >= 4 ? (zip[0]! | (zip[1]! << 8) | (zip[2]! << 16) | (zip[3]! << 24)) >>> 0 : 0;
  // Local file header, or the end record of an empty archive.
  if (sig !== 0x04034b50 && sig !== 0x06054b50) throw bad('datasetB64 is not a zip archive');
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let entries = 0;
  let failure: EngineError | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (++entries > limits.maxEntries) {
      failure = bad(`the archive has more than ${limits.maxEntries} entries`);
      return;
    }
    const name = file.name;
    if (name.endsWith('/')) return;
    const parts = name.split('/');
    if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name) || parts.some((p) => p === '..' || p === '.')) {
      failure = bad(`archive entry "${name}" points outside the dataset folder`);
      return;
    }
    if (parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = bad(`archive entry "${name}" is corrupt: ${err.message}`);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      const compressed = file.size ?? 0;
      if (total > limits.maxBytes) failure = bad(`the archive inflates to more than ${limits.maxBytes} bytes (zip bomb?)`);
      else if (size > 1024 * 1024 && compressed > 0 && size / compressed > limits.maxRatio) {
        failure = bad(`archive entry "${name}" inflates more than ${limits.maxRatio} times its size (zip bomb?)`);
      }
      if (failure) {
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.set(name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(zip, true);
  } catch (err) {
    if (!failure) throw bad(`datasetB64 is not a readable zip archive: ${(err as Error).message}`);
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/** images/a/b.jpg -> labels/a/b.txt (the YOLO convention), else b.txt beside the image. */
function labelPaths(imagePath: string): string[] {
  const stem = imagePath.replace(IMAGE_EXT, '.txt');
  const parts = stem.split('/');
  const at = parts.lastIndexOf('images');
  const out: string[] = [];
  if (at !== -1) out.push([...parts.slice(0, at), 'labels', ...parts.slice(at + 1)].join('/'));
  out.push(stem);
  return out;
}

function splitOf(path: string): 'train' | 'val' | undefined {
  const parts = path.toLowerCase().split('/');
  if (parts.some((p) => p === 'val' || p === 'valid' || p === 'validation')) return 'val';
  if (parts.includes('train')) return 'train';
  return undefined;
}

function parseLabels(text: string, file: string, classes: number): LabelBox[] {
  const boxes: LabelBox[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const cols = line.split(/\s+/);
    const where = `${file} line ${i + 1}`;
    if (cols.length < 5) throw bad(`${where}: expected "class cx cy w h", got "${line.slice(0, 80)}"`);
    const [cls, ...rest] = cols;
    const classId = Number(cls);
    if (!Number.isInteger(classId)) throw bad(`${where}: class id "${cls}" is not an integer`);
    if (classId < 0 || classId >= classes) throw bad(`${where}: class id ${classId} is out of range (classes has ${classes}: 0 to ${classes - 1})`);
    // Segmentation labels (polygons) carry more columns; only the first four after the class are a box.
    const [cx, cy, w, h] = rest.slice(0, 4).map(Number) as [number, number, number, number];
    if (![cx, cy, w, h].every((v) => Number.isFinite(v) && v >= 0 && v <= 1.0001)) {
      throw bad(`${where}: cx cy w h must be numbers between 0 and 1 (normalised), got "${rest.slice(0, 4).join(' ')}"`);
    }
    if (w <= 0 || h <= 0) throw bad(`${where}: a box needs a width and height above 0`);
    boxes.push({ classId, cx, cy, w, h });
  }
  return boxes;
}

/** Deterministic 80/20 split by a hash of the name, so a retried job sees the same split. */
function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

export function parseDataset(zip: Uint8Array, classes: number, limits = DATASET_LIMITS): Dataset {
  const files = unzipDataset(zip, limits);
  const imagePaths = [...files.keys()].filter((p) => IMAGE_EXT.test(p)).sort();
  if (!imagePaths.length) throw bad('the archive holds no images (jpg, png, webp, bmp, tiff, gif, avif)');
  const missing: string[] = [];
  const images: DatasetImage[] = [];
  for (const path of imagePaths) {
    const labelPath = labelPaths(path).find((p) => files.has(p));
    if (!labelPath) {
      missing.push(path);
      continue;
    }
    const boxes = parseLabels(new TextDecoder().decode(files.get(labelPath)), labelPath, classes);
    images.push({ name: path, split: splitOf(path) ?? 'train', bytes: files.get(path)!, boxes });
  }
  if (missing.length) {
    throw bad(
      `${missing.length} image(s) have no label file (an empty .txt marks an image with no objects): ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`,
    );
  }
  const warnings: string[] = [];
  const explicitVal = imagePaths.some((p) => splitOf(p) === 'val');
  if (!explicitVal) {
    // No val/ folder: hold out 20% (at least one image once there are two).
    const ranked = [...images].sort((a, b) => hashOf(a.name) - hashOf(b.name));
    const valCount = images.length >= 2 ? Math.max(1, Math.round(images.length * 0.2)) : 0;
    for (let i = 0; i < ranked.length; i++) ranked[i]!.split = i < valCount ? 'val' : 'train';
  }
  const train = images.filter((i) => i.split === 'train').length;
  const val = images.length - train;
  if (images.length < 10) warnings.push(`only ${images.length} images: below 10, zero-shot detection (POST /api/vision/detect/zero-shot) usually does better than training`);
  else if (images.length < 50) warnings.push(`${images.length} images is a small dataset: expect a model that works only on images like these`);
  if (!val) warnings.push('no validation images: metrics are measured on the training images and will be optimistic');
  const perClass = new Array<number>(classes).fill(0);
  for (const img of images) for (const b of img.boxes) perClass[b.classId]!++;
  perClass.forEach((n, c) => {
    if (n === 0) warnings.push(`class ${c} has no labelled objects`);
  });
  const background = images.filter((i) => !i.boxes.length).length;
  if (background) warnings.push(`${background} image(s) have no objects and train as background`);
  return { images, stats: { train, val, total: images.length }, warnings };
}

/** A YOLO-layout zip (images/{train,val}, labels/{train,val}, data.yaml), as auto-label returns. */
export function buildDatasetZip(items: Array<{ name: string; split: 'train' | 'val'; bytes: Uint8Array; boxes: LabelBox[] }>, classNames: string[]): Uint8Array {
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {};
  const enc = new TextEncoder();
  for (const item of items) {
    const stem = item.name.replace(/\.[^.]+$/, '');
    // Images are already compressed: stored, not deflated again.
    entries[`images/${item.split}/${item.name}`] = [item.bytes, { level: 0 }];
    entries[`labels/${item.split}/${stem}.txt`] = enc.encode(
      item.boxes.map((b) => `${b.classId} ${b.cx.toFixed(6)} ${b.cy.toFixed(6)} ${b.w.toFixed(6)} ${b.h.toFixed(6)}`).join('\n') + (item.boxes.length ? '\n' : ''),
    );
  }
  const yaml = ['path: .', 'train: images/train', 'val: images/val', `nc: ${classNames.length}`, `names: [${classNames.map((n) => JSON.stringify(n)).join(', ')}]`, ''].join('\n');
  entries['data.yaml'] = enc.encode(yaml);
  return zipSync(entries, { level: 6 });
}

/** Document 2's table: automatic epochs and augmentation by dataset size. */
export function trainingPlan(total: number): { trainingProfile: 'small' | 'medium' | 'large' | 'xlarge'; augmentation: 'aggressive' | 'high' | 'standard'; epochs: number } {
  if (total < 50) return { trainingProfile: 'small', augmentation: 'aggressive', epochs: 500 };
  if (total < 200) return { trainingProfile: 'medium', augmentation: 'high', epochs: 300 };
  if (total < 1000) return { trainingProfile: 'large', augmentation: 'standard', epochs: 150 };
  return { trainingProfile: 'xlarge', augmentation: 'standard', epochs: 100 };
}
