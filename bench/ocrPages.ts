// OCR on real pages (engines/ocr/testing/fixtures/pages): CER and time per
// level and per kind of page, and the clean rendered pages' time, the cost a
// preparation step adds where nothing needed it. One worker, one image at a
// time, so the times are one reading's: CPU time of the process (every
// thread), steadier than wall time on a shared machine. `npm run bench -- ocr-pages`.
import { OcrEngine, inspectImage, resolveLanguages, type OcrLevel } from '../engines/ocr/index.ts';
import { evaluationSet, realPages } from '../engines/ocr/testing/evalSet.ts';
import { cer } from '../engines/ocr/testing/metrics.ts';

const LEVELS: OcrLevel[] = ['fast', 'accurate'];
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export async function runOcrPagesBench() {
  const engine = new OcrEngine({ size: 1 });
  try {
    const pages = [
      ...realPages().map((p) => ({ name: p.name, kind: p.kind as string, language: p.language, bytes: p.bytes, text: p.text })),
      ...(await evaluationSet()).filter((i) => i.clean).map((i) => ({ name: i.name, kind: 'clean render', language: i.language, bytes: i.bytes, text: i.truth.map((l) => l.text).join('\n') })),
    ];
    const rows: Array<{ level: OcrLevel; name: string; kind: string; cer: number; ms: number }> = [];
    for (const level of LEVELS) {
      for (const p of pages) {
        const info = await inspectImage(p.bytes);
        const job = { image: p.bytes, format: info.format, level, languages: resolveLanguages([p.language], level) };
        await engine.recognize(job); // warm: the model is loaded, the time is the reading's
        const t = process.cpuUsage();
        const out = await engine.recognize(job);
        const used = process.cpuUsage(t);
        rows.push({ level, name: p.name, kind: p.kind, cer: cer(out.lines.map((l) => l.text).join('\n'), p.text), ms: (used.user + used.system) / 1000 });
      }
    }
    console.log('| page | kind | fast CER | fast CPU ms | accurate CER | accurate CPU ms |\n|---|---|---|---|---|---|');
    for (const p of pages) {
      const [f, a] = LEVELS.map((l) => rows.find((r) => r.level === l && r.name === p.name)!);
      console.log(`| ${p.name} | ${p.kind} | ${pct(f!.cer)} | ${f!.ms.toFixed(0)} | ${pct(a!.cer)} | ${a!.ms.toFixed(0)} |`);
    }
    for (const kind of new Set(pages.map((p) => p.kind))) {
      const cells = LEVELS.map((l) => {
        const r = rows.filter((x) => x.level === l && x.kind === kind);
        return `${l} CER ${pct(mean(r.map((x) => x.cer)))}, ${mean(r.map((x) => x.ms)).toFixed(0)} CPU ms`;
      });
      console.log(`${kind}: ${cells.join('; ')}`);
    }
    return rows;
  } finally {
    await engine.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runOcrPagesBench();
