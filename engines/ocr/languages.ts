// The OCR languages: BCP 47 tags as the API speaks them, Tesseract's data
// codes, and which of them are installed. Installed means the npm package
// @tesseract.js-data/<code> is present with the data variant a level loads;
// installing another such package adds its language with no code change.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type OcrLevel = 'fast' | 'accurate';
export type Script = 'Latin' | 'Han' | 'Japanese' | 'Hangul' | 'Cyrillic' | 'Arabic';

export interface OcrLanguage {
  /** BCP 47, as requests and results carry it. */
  tag: string;
  /** Tesseract's traineddata name. */
  code: string;
  /** franc's ISO 639-3 code, for detecting the language of recognised text. */
  franc: string;
  script: Script;
}

// Order is the listing order and the tie-break of detection.
const KNOWN: OcrLanguage[] = [
  { tag: 'en', code: 'eng', franc: 'eng', script: 'Latin' },
  { tag: 'es', code: 'spa', franc: 'spa', script: 'Latin' },
  { tag: 'fr', code: 'fra', franc: 'fra', script: 'Latin' },
  { tag: 'de', code: 'deu', franc: 'deu', script: 'Latin' },
  { tag: 'it', code: 'ita', franc: 'ita', script: 'Latin' },
  { tag: 'pt', code: 'por', franc: 'por', script: 'Latin' },
  { tag: 'ca', code: 'cat', franc: 'cat', script: 'Latin' },
  { tag: 'nl', code: 'nld', franc: 'nld', script: 'Latin' },
  { tag: 'pl', code: 'pol', franc: 'pol', script: 'Latin' },
  { tag: 'sv', code: 'swe', franc: 'swe', script: 'Latin' },
  { tag: 'zh-Hans', code: 'chi_sim', franc: 'cmn', script: 'Han' },
  { tag: 'zh-Hant', code: 'chi_tra', franc: 'cmn', script: 'Han' },
  { tag: 'ja', code: 'jpn', franc: 'jpn', script: 'Japanese' },
  { tag: 'ko', code: 'kor', franc: 'kor', script: 'Hangul' },
  { tag: 'ru', code: 'rus', franc: 'rus', script: 'Cyrillic' },
  { tag: 'uk', code: 'ukr', franc: 'ukr', script: 'Cyrillic' },
  { tag: 'ar', code: 'ara', franc: 'arb', script: 'Arabic' },
];

/**
 * The @tesseract.js-data packages ship two variants per language: `4.0.0`
 * (legacy engine plus LSTM) and `4.0.0_best_int` (LSTM only: tessdata_best
 * converted to integers). The LSTM network inside both is the same model, and
 * no tessdata_fast model is published on npm, so both levels load best_int:
 * measured on the evaluation set, the legacy engine was 3-5x slower at 15%
 * CER, and legacy+LSTM matched LSTM alone at 1.5x the time. The levels differ
 * in how the image is prepared and read (engines/ocr/read.ts).
 */
export const DATA_VARIANT: Record<OcrLevel, string> = { fast: '4.0.0_best_int', accurate: '4.0.0_best_int' };
/** Orientation and script detection: legacy-engine data, the same file in both variants. */
const OSD = { code: 'osd', variant: '4.0.0' };

const require = createRequire(import.meta.url);

function dataFile(code: string, variant: string): string | undefined {
  try {
    const dir = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const file = path.join(dir, variant, `${code}.traineddata.gz`);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export function installedLanguages(level: OcrLevel): OcrLanguage[] {
  return KNOWN.filter((l) => dataFile(l.code, DATA_VARIANT[level]));
}

export function osdInstalled(): boolean {
  return dataFile(OSD.code, OSD.variant) !== undefined;
}

/**
 * The installed language a request's tag names: case-insensitive, region
 * ignored (en-US is en); Chinese by script, with zh, zh-CN and zh-SG as
 * Simplified and zh-TW, zh-HK and zh-MO as Traditional.
 */
export function resolveLanguage(tag: string, level: OcrLevel): OcrLanguage | undefined {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  let wanted: string;
  if (parts[0] === 'zh') {
    const traditional = parts.includes('hant') || (!parts.includes('hans') && parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo'));
    wanted = traditional ? 'zh-Hant' : 'zh-Hans';
  } else wanted = parts[0]!;
  return installedLanguages(level).find((l) => l.tag === wanted || l.code === tag.toLowerCase());
}

let directory: string | undefined;

/**
 * One directory holding every installed traineddata file, as tesseract.js
 * reads all languages of a reader from one `langPath`. The packages keep
 * each language in its own folder, so this is a folder of symbolic links to
 * them, made once per process and replaced atomically (several gateway
 * processes may start at once).
 */
export function dataDirectory(): string {
  if (directory && existsSync(directory)) return directory;
  const root = path.join(os.tmpdir(), `switchyard-ocr-${process.getuid?.() ?? 'user'}`);
  mkdirSync(root, { recursive: true });
  const staging = mkdtempSync(path.join(root, 'staging-'));
  const files = new Map<string, string>();
  for (const l of KNOWN) {
    const file = dataFile(l.code, DATA_VARIANT.accurate);
    if (file) files.set(l.code, file);
  }
  const osd = dataFile(OSD.code, OSD.variant);
  if (osd) files.set(OSD.code, osd);
  for (const [code, file] of files) symlinkSync(file, path.join(staging, `${code}.traineddata.gz`));
  const name = [...files.values()].join('|');
  const final = path.join(root, `data-${hash(name)}`);
  try {
    renameSync(staging, final);
  } catch {
    // Another process made the same directory first: same links, use theirs.
    rmSync(staging, { recursive: true, force: true });
  }
  directory = final;
  return final;
}

function hash(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h.toString(36);
}

/** For tests: whether a directory holds a link for each installed language. */
export function linkedCodes(dir: string): string[] {
  return readdirSync(dir).map((f) => f.replace(/\.traineddata\.gz$/, ''));
}
