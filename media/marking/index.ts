// AI-content marking of generated files, without re-encoding: metadata is
// inserted beside the pixels or samples, which are copied byte for byte. A
// file that already carries a provider's marking or a C2PA manifest is left
// exactly as it came (a signed manifest would break if anything changed).
import { applyEdits, withFile } from './file.ts';
import { planJpeg } from './jpeg.ts';
import { planMp3 } from './id3.ts';
import { planMp4 } from './mp4.ts';
import { planPng } from './png.ts';
import { planWav } from './riff.ts';
import type { MarkingSource } from './xmp.ts';

export type { MarkingSource } from './xmp.ts';
export { DIGITAL_SOURCE_TYPE } from './xmp.ts';

export interface MarkingOutcome {
  /** added: the gateway embedded a marking; kept: the provider's marking or a C2PA manifest is there, untouched; none: no marking possible. */
  action: 'added' | 'kept' | 'none';
  /** How it was embedded, when added. */
  method?: string;
  reason: string;
}

const PLANNERS = {
  'image/png': planPng,
  'image/jpeg': planJpeg,
  'audio/mpeg': planMp3,
  'audio/wav': planWav,
  'video/mp4': planMp4,
  'video/quicktime': planMp4,
  'audio/mp4': planMp4,
} as const;

export function markable(mimeType: string): boolean {
  return Object.hasOwn(PLANNERS, mimeType);
}

/** Marks the file at `path` in place (one rename), by the type its bytes were sniffed as. */
export async function markFile(path: string, mimeType: string, source: MarkingSource = {}): Promise<MarkingOutcome & { size: number }> {
  const planner = PLANNERS[mimeType as keyof typeof PLANNERS];
  return withFile(path, async (file, size) => {
    if (!planner) return { action: 'none', reason: `${mimeType} has no embedded marking the gateway writes`, size };
    const plan = await planner(file, size, source);
    if (plan.action !== 'add') return { ...plan, size };
    await applyEdits(path, size, plan.edits);
    const grown = plan.edits.reduce((n, e) => n + e.insert.length - (e.remove ?? 0), 0);
    return { action: 'added', method: plan.method, reason: plan.reason, size: size + grown };
  });
}
