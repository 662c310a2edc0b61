// The redaction presets, one module for every redaction (the OCR engine's on
// images, the request log's on text): a permissive pattern finds candidates,
// then a real check decides (IBAN mod-97 and length, Luhn and issuer prefix,
// the DNI/NIE check letter), so a random digit string is not taken for
// personal data.

/** The presets an OCR redaction may ask for (openapi/gateway.yaml). */
export type Preset = 'email' | 'phone' | 'iban' | 'credit_card' | 'dni_nie';
/** Every preset: the OCR ones and secrets that look like API keys. */
export type TextPreset = Preset | 'api_key';

export interface TextMatch {
  start: number;
  end: number;
  text: string;
}

type Finder = (text: string) => TextMatch[];

function candidates(text: string, re: RegExp, accept: (m: string) => number | boolean): TextMatch[] {
  const out: TextMatch[] = [];
  for (const m of text.matchAll(re)) {
    const verdict = accept(m[0]);
    if (verdict === false) continue;
    // A number shortens the match to that many characters (an IBAN followed by more code-like text).
    const length = verdict === true ? m[0].length : verdict;
    out.push({ start: m.index, end: m.index + length, text: m[0].slice(0, length) });
  }
  return out;
}

// ---------- email ----------
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b/g;

function validEmail(s: string): boolean {
  const [local, domain] = s.split('@') as [string, string];
  if (!local || local.startsWith('.') || local.endsWith('.') || local.includes('..') || local.length > 64) return false;
  return domain.split('.').every((label) => label.length > 0 && label.length <= 63 && !label.startsWith('-') && !label.endsWith('-'));
}

// ---------- IBAN ----------
// ISO 13616 lengths per country (SWIFT IBAN registry).
const IBAN_LENGTH: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27,
  GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28,
  PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}/g;

export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const v = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    if (v < 0 || v > 35) return false;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** The IBAN at the start of the candidate: its country's length exactly, then mod-97. */
function ibanPrefix(s: string): number | false {
  const length = IBAN_LENGTH[s.slice(0, 2)];
  if (!length) return false;
  let compact = '';
  let i = 0;
  for (; i < s.length && compact.length < length; i++) if (s[i] !== ' ') compact += s[i];
  if (compact.length !== length || !ibanChecksumValid(compact)) return false;
  return i;
}

// ---------- payment cards ----------
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Issuer ranges of the card networks (IIN prefixes and their lengths). */
function knownIssuer(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === '4') return n === 13 || n === 16 || n === 19; // Visa
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16; // Mastercard
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) return n >= 16 && n <= 19; // Discover
  if (p2 === 36 || (p3 >= 300 && p3 <= 305) || p2 === 38 || p2 === 39) return n >= 14 && n <= 19; // Diners Club
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p2 === 62) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19; // Maestro
  return false;
}

function validCard(s: string): boolean {
  const digits = s.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && knownIssuer(digits) && luhnValid(digits);
}

// ---------- DNI / NIE ----------
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
// The check letter may be read as a digit that looks like it (Z as 2, S as 5,
// ...). It is accepted only when that digit stands for the right letter, so
// the check still decides; a redaction that misses a DNI is the worse error.
const DNI_NIE = /\b[XYZxyz]?[ -]?\d{7,8}[ -]?[A-Za-z0-9]\b/g;
const LOOKS_LIKE: Record<string, string> = { '2': 'Z', '5': 'S', '8': 'B', '0': 'DQ', '1': 'LT', '6': 'G', '7': 'T', '4': 'A' };

export function dniNieValid(s: string): boolean {
  const compact = s.replace(/[ -]/g, '').toUpperCase();
  let number: string;
  if (/^[XYZ]\d{7}[A-Z0-9]$/.test(compact)) number = String('XYZ'.indexOf(compact[0]!)) + compact.slice(1, 8);
  else if (/^\d{8}[A-Z0-9]$/.test(compact)) number = compact.slice(0, 8);
  else return false;
  const expected = DNI_LETTERS[Number(number) % 23]!;
  const read = compact[8]!;
  return read === expected || (LOOKS_LIKE[read]?.includes(expected) ?? false);
}

// ---------- phone ----------
const PHONE = /(?:\+|\b00)?\(?\d[\d ().-]{6,18}\d\b/g;

function validPhone(s: string): boolean {
  const digits = s.replace(/\D/g, '');
  if (s.startsWith('+') || s.startsWith('00')) {
    const n = s.startsWith('00') ? digits.length - 2 : digits.length;
    return n >= 8 && n <= 15;
  }
  // National numbers: 9-12 digits written in groups of 2-4, so an unbroken
  // digit run (an account or order number) is not taken for a phone.
  if (digits.length < 9 || digits.length > 12) return false;
  const groups = s.split(/[ ().-]+/).filter(Boolean);
  return groups.length >= 2 && groups.every((g) => g.length >= 2 && g.length <= 4);
}

// ---------- API keys ----------
// Secrets by their issuers' documented prefixes (OpenAI, Anthropic, this
// gateway, AWS access keys, GitHub, Slack, Google API keys, Stripe), and any
// Bearer token: an unknown key is still a secret when sent as one.
const API_KEY =
  /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}|gw_live_[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35}|[rs]k_live_[A-Za-z0-9]{16,})|(?<=\bBearer )[A-Za-z0-9._~+/=-]{16,}/g;

export const PRESETS: Record<TextPreset, Finder> = {
  api_key: (t) => candidates(t, API_KEY, () => true),
  email: (t) => candidates(t, EMAIL, validEmail),
  iban: (t) => candidates(t, IBAN, ibanPrefix),
  credit_card: (t) => candidates(t, CARD, validCard),
  dni_nie: (t) => candidates(t, DNI_NIE, dniNieValid),
  phone: (t) => candidates(t, PHONE, validPhone),
};

/** When matches of two presets overlap, the more specific one stays (a card number is not also a phone). */
export const PRESET_PRIORITY: TextPreset[] = ['api_key', 'iban', 'credit_card', 'dni_nie', 'email', 'phone'];

/** Overlapping matches: the higher-ranked (lower rank, more specific) one stays; answered in text order. */
export function resolveOverlaps<M extends TextMatch & { rank: number }>(found: M[]): M[] {
  const kept: M[] = [];
  for (const c of [...found].sort((a, b) => a.rank - b.rank || a.start - b.start)) {
    if (!kept.some((k) => k.start < c.end && c.start < k.end)) kept.push(c);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The typed placeholder a preset's match is replaced with in text. */
export function placeholderOf(preset: TextPreset): string {
  return `[${preset.toUpperCase()}]`;
}

/**
 * `text` with every match of `presets` replaced by its typed placeholder
 * ([EMAIL], [CREDIT_CARD], ...), and how many of each were replaced.
 */
export function redactText(text: string, presets: readonly TextPreset[]): { text: string; counts: Partial<Record<TextPreset, number>> } {
  const counts: Partial<Record<TextPreset, number>> = {};
  const ranked = PRESET_PRIORITY.filter((p) => presets.includes(p));
  const found: Array<TextMatch & { rank: number; preset: TextPreset }> = [];
  ranked.forEach((preset, rank) => {
    for (const m of PRESETS[preset](text)) found.push({ ...m, rank, preset });
  });
  if (!found.length) return { text, counts };
  let out = '';
  let at = 0;
  for (const m of resolveOverlaps(found)) {
    out += text.slice(at, m.start) + placeholderOf(m.preset);
    at = m.end;
    counts[m.preset] = (counts[m.preset] ?? 0) + 1;
  }
  return { text: out + text.slice(at), counts };
}
