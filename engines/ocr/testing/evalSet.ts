// The OCR evaluation set, made on the spot: text rendered with librsvg
// (through sharp) in the DejaVu fonts (Debian's fonts-dejavu-core) and, for
// Chinese, WenQuanYi Micro Hei (fonts-wqy-microhei, installed by .ci/run),
// with the ground truth known: the text of each line and its ink box, found
// by rendering that line alone. Plus a HEIC made once with heif-enc and
// shipped (fixtures/README.md). Used by the accuracy test and the bench.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Box } from '../read.ts';

export interface TruthLine {
  text: string;
  bbox: Box;
}

export interface EvalImage {
  name: string;
  /** BCP 47 of the text. */
  language: string;
  /** Clean text, the set the CER goals speak of. */
  clean: boolean;
  /** How summaries group it, when not by language (a page only the accurate level turns). */
  group?: string;
  bytes: Buffer;
  truth: TruthLine[];
  width: number;
  height: number;
}

interface Page {
  lines: string[];
  font: string;
  size: number;
  fg?: string;
  bg?: string;
  width?: number;
  /** Baseline to baseline, in multiples of the size (1.7 unless given). */
  leading?: number;
  /** Page scale: the text is drawn at size * scale on a canvas scaled alike (the 30 MP image). */
  margin?: number;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function layout(p: Page) {
  const margin = p.margin ?? Math.round(p.size * 1.5);
  const step = Math.round(p.size * (p.leading ?? 1.7));
  // Generous advance widths (CJK characters are square): a clipped line would be a wrong truth.
  const advance = (l: string) => [...l].reduce((sum, ch) => sum + (/[\p{Script=Han}，。]/u.test(ch) ? 1.05 : 0.66), 0);
  const width = p.width ?? Math.round(margin * 2 + p.size * Math.max(...p.lines.map(advance)));
  const height = Math.round(margin * 2 + step * (p.lines.length - 1) + p.size * 1.3);
  return { margin, step, width, height };
}

function svg(p: Page, only?: number): Buffer {
  const { margin, step, width, height } = layout(p);
  const text = p.lines
    .map((l, i) => (only === undefined || only === i ? `<text x="${margin}" y="${margin + p.size + i * step}" font-family="${p.font}" font-size="${p.size}" fill="${p.fg ?? '#000'}">${escape(l)}</text>` : ''))
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${p.bg ?? '#fff'}"/>${text}</svg>`);
}

/** The box of the pixels that differ from the background. */
async function inkBox(png: Buffer): Promise<Box> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const bg = data[0]!;
  let x0 = info.width, y0 = info.height, x1 = -1, y1 = -1;
  for (let y = 0; y < info.height; y++) {
    const row = y * info.width;
    for (let x = 0; x < info.width; x++) {
      if (Math.abs(data[row + x]! - bg) > 24) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

async function render(p: Page): Promise<{ png: Buffer; truth: TruthLine[]; width: number; height: number }> {
  const png = await sharp(svg(p)).png().toBuffer();
  const truth = await Promise.all(p.lines.map(async (text, i) => ({ text, bbox: await inkBox(await sharp(svg(p, i)).png().toBuffer()) })));
  const { width, height } = layout(p);
  return { png, truth, width, height };
}

/** Lines rendered on a white page, with each line's ink box (the dewarp test bends such a page). */
export function renderLines(lines: string[], font: string, size: number, o: { margin?: number; leading?: number } = {}) {
  return render({ lines, font, size, ...o });
}

/** Boxes of an image turned clockwise by `turn` degrees, for the truth of a turned page. */
function turnBox(b: Box, turn: 90 | 180 | 270, width: number, height: number): Box {
  if (turn === 90) return { x: height - b.y - b.height, y: b.x, width: b.height, height: b.width };
  if (turn === 180) return { x: width - b.x - b.width, y: height - b.y - b.height, width: b.width, height: b.height };
  return { x: b.y, y: width - b.x - b.width, width: b.height, height: b.width };
}

export const EN = [
  'Invoice 2024-117: total due EUR 1,234.56 by 15 March.',
  'The quick brown fox jumps over the lazy dog.',
  'Pack my box with five dozen liquor jugs, please!',
  'Sphinx of black quartz, judge my vow (again).',
];

const OTHER: Record<string, string[]> = {
  es: ['El pingüino Wenceslao hizo kilómetros bajo exhaustiva lluvia.', 'Factura pendiente de pago: ciento veinte euros.'],
  fr: ['Voix ambiguë d\'un cœur qui, au zéphyr, préfère les jattes de kiwis.', 'La facture est à régler avant la fin du mois.'],
  de: ['Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.', 'Die Rechnung ist bis Ende des Monats zu zahlen.'],
  it: ['Quel vituperabile xenofobo zelante assaggia il whisky ed esclama: alleluja!', 'La fattura deve essere pagata entro la fine del mese.'],
  pt: ['À noite, vovô Kowalsky vê o ímã cair no pé do pinguim queixoso.', 'A fatura deve ser paga até ao fim do mês.'],
  ca: ['Jove xef, porti whisky amb quinze glaçons d\'hidrogen, coi!', 'La factura s\'ha de pagar abans de final de mes.'],
  'zh-Hans': ['我们的发票已经寄出，请在月底之前付款。', '今天天气很好，我们去公园散步吧。'],
};

export const HEIC_TRUTH = ['HEIC photo of a receipt', 'Total 42.50 EUR, paid by card'];

export function fontInstalled(family: string): boolean {
  try {
    return execFileSync('fc-list', [family], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

export const CJK_FONT = 'WenQuanYi Micro Hei';

async function page(name: string, language: string, clean: boolean, p: Page): Promise<EvalImage> {
  const r = await render(p);
  return { name, language, clean, bytes: r.png, truth: r.truth, width: r.width, height: r.height };
}

/** The small set the accuracy test reads at both levels. */
export async function evaluationSet(): Promise<EvalImage[]> {
  const set: EvalImage[] = [];
  set.push(await page('en sans 22px', 'en', true, { lines: EN, font: 'DejaVu Sans', size: 22 }));
  set.push(await page('en serif 18px', 'en', true, { lines: EN.slice(0, 3), font: 'DejaVu Serif', size: 18 }));
  set.push(await page('en mono 15px', 'en', true, { lines: EN.slice(1), font: 'DejaVu Sans Mono', size: 15 }));
  set.push(await page('en sans 11px (small print)', 'en', false, { lines: EN.slice(0, 2), font: 'DejaVu Sans', size: 11 }));
  set.push(await page('en low contrast', 'en', false, { lines: EN.slice(0, 2), font: 'DejaVu Serif', size: 18, fg: '#6e6e6e', bg: '#8c8c8c' }));
  for (const [lang, lines] of Object.entries(OTHER)) {
    if (lang === 'zh-Hans' && !fontInstalled(CJK_FONT)) continue;
    set.push(await page(`${lang} serif 22px`, lang, false, { lines, font: lang === 'zh-Hans' ? CJK_FONT : 'DejaVu Serif', size: lang === 'zh-Hans' ? 28 : 22 }));
  }
  return set;
}

/** The English sans page turned 90 degrees in its pixels (no EXIF): orientation detection's case. */
export async function turnedPage(): Promise<EvalImage> {
  const p = await page('en sans 26px turned 90', 'en', false, { lines: EN, font: 'DejaVu Sans', size: 26 });
  const bytes = await sharp(p.bytes).rotate(90).png().toBuffer();
  return { ...p, bytes, group: 'en turned 90', width: p.height, height: p.width, truth: p.truth.map((t) => ({ text: t.text, bbox: turnBox(t.bbox, 90, p.width, p.height) })) };
}

/**
 * A JPEG whose pixels are stored turned and whose EXIF orientation (6: turn
 * 90 degrees clockwise to display) makes it upright; the truth is upright.
 */
export async function exifRotatedJpeg(): Promise<EvalImage> {
  const p = await page('en jpeg, EXIF orientation 6', 'en', false, { lines: EN, font: 'DejaVu Sans', size: 22 });
  const bytes = await sharp(p.bytes).rotate(270).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
  return { ...p, bytes };
}

/** A large photo-sized page: 6708 x 4472 (30 MP), big text, read downscaled. */
export async function thirtyMegapixelPage(): Promise<EvalImage> {
  const lines = ['Thirty megapixel page', 'Boxes come back in original pixels.'];
  const p: Page = { lines, font: 'DejaVu Sans', size: 150, width: 6708, margin: 400 };
  const r = await render(p);
  const height = 4472;
  const bytes = await sharp(r.png).extend({ bottom: height - r.height, background: '#fff' }).png({ compressionLevel: 1 }).toBuffer();
  return { name: '30 MP page', language: 'en', clean: false, bytes, truth: r.truth, width: 6708, height };
}

/** The shipped HEIC (made from heicPage() with heif-enc; see fixtures/README.md). */
export async function heicPage(): Promise<EvalImage> {
  const bytes = readFileSync(new URL('./fixtures/receipt.heic', import.meta.url));
  const r = await render(heicSource);
  return { name: 'HEIC receipt', language: 'en', clean: false, bytes, truth: r.truth, width: r.width, height: r.height };
}

// Fixed width: the shipped HEIC was made from exactly this page.
export const heicSource: Page = { lines: HEIC_TRUTH, font: 'DejaVu Sans', size: 24, width: 480 };

/** The PNG heif-enc was given to make fixtures/receipt.heic. */
export async function heicSourcePng(): Promise<Buffer> {
  return (await render(heicSource)).png;
}

/** A page with personal data among ordinary text, for the redaction test. */
export async function personalDataPage(): Promise<{ bytes: Buffer; secrets: Record<string, string>; kept: string[] }> {
  const secrets = {
    email: 'jane.doe@example.com',
    iban: 'ES91 2100 0418 4502 0005 1332',
    credit_card: '4111 1111 1111 1111',
    dni_nie: '12345678Z',
    phone: '+34 612 345 678',
    pattern: 'ORD-482913',
  };
  const kept = ['Customer record', 'Order', 'Thank you for your purchase.'];
  const lines = [
    'Customer record',
    `Email: ${secrets.email}`,
    `IBAN: ${secrets.iban}`,
    `Card: ${secrets.credit_card}`,
    `DNI: ${secrets.dni_nie}`,
    `Phone: ${secrets.phone}`,
    `Order ${secrets.pattern} shipped`,
    'Reference 1234 5678 9012 3456',
    'Thank you for your purchase.',
  ];
  const r = await render({ lines, font: 'DejaVu Sans', size: 24 });
  return { bytes: r.png, secrets, kept };
}

/** A page someone photographed or scanned (fixtures/pages/README.md): its bytes and the transcription. */
export interface RealPage {
  name: string;
  /** photographed: a camera, uneven light; scanned: a flatbed, faded print. */
  kind: 'photographed' | 'scanned';
  language: string;
  bytes: Buffer;
  text: string;
}

const REAL_PAGES: Array<Omit<RealPage, 'bytes' | 'text'> & { file: string }> = [
  { name: 'textbook page, uneven light (en)', kind: 'photographed', language: 'en', file: 'skimage-page.png' },
  { name: 'curled catalogue page, yellowed (fr)', kind: 'photographed', language: 'fr', file: 'catalogue-fr.jpg' },
  { name: 'newspaper 1914, faded print (en)', kind: 'scanned', language: 'en', file: 'newspaper-1914-left.jpg' },
  { name: 'newspaper 1914, fainter column (en)', kind: 'scanned', language: 'en', file: 'newspaper-1914-right.jpg' },
];

export function realPages(): RealPage[] {
  const dir = new URL('./fixtures/pages/', import.meta.url);
  return REAL_PAGES.map(({ file, ...p }) => ({
    ...p,
    bytes: readFileSync(new URL(file, dir)),
    text: readFileSync(new URL(file.replace(/\.\w+$/, '.txt'), dir), 'utf8').trim(),
  }));
}
