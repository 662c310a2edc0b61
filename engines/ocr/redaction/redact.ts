// Redaction of one decoded image: read it (only when there is text to look
// for), find presets and patterns line by line, add the explicit regions,
// paint, encode.
import { greyscale, type Raster } from '../image.ts';
import { read, type Box, type Readers } from '../read.ts';
import type { RedactJob, RedactOutput, RedactionDetection } from '../types.ts';
import { locate } from './locate.ts';
import { compilePatterns } from './patterns.ts';
import { padded, paint } from './paint.ts';
import { PRESET_PRIORITY, PRESETS, resolveOverlaps, type TextMatch } from '../../../protocols/redaction.ts';

interface Candidate extends TextMatch {
  pattern: string;
  /** The counts key: the preset's name, or `pattern`. */
  counted: string;
  rank: number;
}

export async function redactRaster(readers: Readers, image: Raster, job: Omit<RedactJob, 'image' | 'format'>): Promise<RedactOutput> {
  const counts: Record<string, number> = {};
  for (const p of job.presets) counts[p] = 0;
  if (job.patterns.length) counts.pattern = 0;
  if (job.regions.length) counts.region = 0;

  const detections: RedactionDetection[] = [];
  let languages: string[] = [];
  if (job.presets.length || job.patterns.length) {
    const reading = await read(readers, await greyscale(image), { level: job.level, languages: job.languages });
    languages = reading.languages;
    const patterns = compilePatterns(job.patterns);
    const presets = PRESET_PRIORITY.filter((p) => (job.presets as readonly string[]).includes(p));
    for (const line of reading.lines) {
      const found: Candidate[] = [];
      presets.forEach((p, rank) => found.push(...PRESETS[p](line.text).map((m) => ({ ...m, pattern: p, counted: p, rank }))));
      // Customer patterns rank last: a preset's name says more than a regular expression.
      patterns.forEach((p) => found.push(...p.find(line.text).map((m) => ({ ...m, pattern: p.source, counted: 'pattern', rank: presets.length }))));
      for (const match of resolveOverlaps(found)) {
        const at = locate(line, match);
        if (!at) continue;
        const bbox = padded(at.bbox, job.padding, image.width, image.height);
        if (!bbox) continue;
        detections.push({ text: at.text, pattern: match.pattern, bbox, granularity: at.granularity });
        counts[match.counted] = (counts[match.counted] ?? 0) + 1;
      }
    }
  }
  for (const r of job.regions) {
    const bbox = padded(r, job.padding, image.width, image.height);
    if (!bbox) continue;
    detections.push({ text: '', pattern: 'region', bbox, granularity: 'region' });
    counts.region = (counts.region ?? 0) + 1;
  }

  const png = await paint(image, detections.map((d) => d.bbox as Box), job.style, job.blurStrength);
  return {
    // A copy in memory V8 owns: sharp's buffers live outside it and cannot be moved to another thread.
    png: new Uint8Array(png),
    detections,
    counts,
    imageSize: { width: image.width, height: image.height },
    languages,
  };
}
