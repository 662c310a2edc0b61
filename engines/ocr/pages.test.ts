// Real pages, not rendered ones (testing/fixtures/pages): a textbook page
// photographed under uneven light, with a shadow deepening towards one edge.
// Tesseract's one global threshold turned the dark side black and lost the
// first words of most lines (33% CER fast, 24% accurate); with the lighting
// evened out first both levels read it nearly whole. The foot of a curled
// catalogue page, whose lines bend by most of a line pitch, loses the ends of
// its lines unless they are straightened (dewarp.ts), and letters where its
// close-set lines touch or where the border cut the line above unless the
// lines are parted (lines.ts). bench/ocrPages.ts measures the whole set of
// real pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine, inspectImage, resolveLanguages } from './index.ts';
import { realPages } from './testing/evalSet.ts';
import { cer } from './testing/metrics.ts';

let engine: OcrEngine;
beforeAll(() => {
  engine = new OcrEngine({ size: 1 });
});
afterAll(async () => {
  await engine?.close();
});

describe('OCR on a photographed page', () => {
  it('reads a page lit unevenly at both levels, the first words of each line included', async () => {
    const page = realPages().find((p) => p.kind === 'photographed' && p.language === 'en')!;
    const info = await inspectImage(page.bytes);
    for (const level of ['fast', 'accurate'] as const) {
      const out = await engine.recognize({ image: page.bytes, format: info.format, level, languages: resolveLanguages(['en'], level) });
      const text = out.lines.map((l) => l.text).join('\n');
      // Measured 1.0% at both levels; the goals are 10% and 5%.
      expect(cer(text, page.text), `${level}: ${text}`).toBeLessThan(level === 'fast' ? 0.1 : 0.05);
      // The words the shadow used to swallow, at the dark left edge.
      for (const first of ['Let us first', 'background.', 'unambiguously', 'histogram']) expect(text, level).toContain(first);
    }
  }, 60_000);

  it('reads the curled catalogue page with its lines straightened and parted, the ends of the lines included', async () => {
    const page = realPages().find((p) => p.name.startsWith('curled catalogue'))!;
    const info = await inspectImage(page.bytes);
    for (const level of ['fast', 'accurate'] as const) {
      const out = await engine.recognize({ image: page.bytes, format: info.format, level, languages: resolveLanguages(['fr'], level) });
      const text = out.lines.map((l) => l.text).join('\n');
      // Measured 2.5% at both levels; 7.5% straightened but not parted, 12.6% as it stands. The goal is 5%.
      expect(cer(text, page.text), `${level}: ${text}`).toBeLessThanOrEqual(0.05);
      // The end of the second line, where it bends furthest from the first.
      expect(text, level).toContain('Ib.8 v.in-8.');
      // Where a descender of the line above touched it.
      expect(text, level).toContain("l'Irlande sociale,");
      // The last word of the first line, once joined to what the border left of the line above.
      expect(text.split('\n')[0], level).toMatch(/in-8\.$/);
    }
  }, 60_000);
});
