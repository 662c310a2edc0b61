// CLIP's byte-level BPE tokenizer, read from a Hugging Face tokenizer.json
// (what OWL-ViT's text tower expects): lower-cased words, bytes mapped to
// printable characters, merges applied by rank, "</w>" ending each word.
import { readFileSync } from 'node:fs';

interface TokenizerJson {
  model: { type: string; vocab: Record<string, number>; merges: Array<string | [string, string]>; end_of_word_suffix?: string };
  added_tokens?: Array<{ id: number; content: string }>;
}

const PATTERN = /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}|[^\s\p{L}\p{N}]+/giu;

function bytesToUnicode(): string[] {
  const bs: number[] = [];
  for (let b = 33; b <= 126; b++) bs.push(b);
  for (let b = 161; b <= 172; b++) bs.push(b);
  for (let b = 174; b <= 255; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n++);
    }
  }
  const table: string[] = [];
  bs.forEach((b, i) => (table[b] = String.fromCodePoint(cs[i]!)));
  return table;
}

export class ClipTokenizer {
  private readonly vocab: Map<string, number>;
  private readonly ranks = new Map<string, number>();
  private readonly suffix: string;
  private readonly byteChars = bytesToUnicode();
  readonly bos: number;
  readonly eos: number;
  private readonly cache = new Map<string, number[]>();

  constructor(json: TokenizerJson) {
    if (json.model?.type !== 'BPE') throw new Error('tokenizer.json is not a BPE tokenizer');
    this.vocab = new Map(Object.entries(json.model.vocab));
    json.model.merges.forEach((m, i) => this.ranks.set(Array.isArray(m) ? m.join(' ') : m, i));
    this.suffix = json.model.end_of_word_suffix ?? '</w>';
    for (const t of json.added_tokens ?? []) this.vocab.set(t.content, t.id);
    const id = (t: string) => {
      const v = this.vocab.get(t);
      if (v === undefined) throw new Error(`tokenizer.json has no ${t}`);
      return v;
    };
    this.bos = id('<|startoftext|>');
    this.eos = id('<|endoftext|>');
  }

  static fromFile(file: string): ClipTokenizer {
    return new ClipTokenizer(JSON.parse(readFileSync(file, 'utf8')) as TokenizerJson);
  }

  /** Token ids of one phrase with start and end tokens, truncated/padded (with the end token) to `length`. */
  encode(text: string, length: number): { ids: number[]; mask: number[] } {
    const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
    const body: number[] = [];
    for (const word of clean.match(PATTERN) ?? []) body.push(...this.word(word));
    const ids = [this.bos, ...body.slice(0, length - 2), this.eos];
    const mask = ids.map(() => 1);
    while (ids.length < length) {
      ids.push(this.eos);
      mask.push(0);
    }
    return { ids, mask };
  }

  private word(word: string): number[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const chars = [...new TextEncoder().encode(word)].map((b) => this.byteChars[b]!);
    let symbols = chars.map((c, i) => (i === chars.length - 1 ? c + this.suffix : c));
    for (;;) {
      let best = -1;
      let bestRank = Infinity;
      for (let i = 0; i < symbols.length - 1; i++) {
        const r = this.ranks.get(`${symbols[i]} ${symbols[i + 1]}`);
        if (r !== undefined && r < bestRank) {
          bestRank = r;
          best = i;
        }
      }
      if (best === -1) break;
      const a = symbols[best]!;
      const b = symbols[best + 1]!;
      const merged: string[] = [];
      for (let i = 0; i < symbols.length; i++) {
        if (i < symbols.length - 1 && symbols[i] === a && symbols[i + 1] === b) {
          merged.push(a + b);
          i++;
        } else merged.push(symbols[i]!);
      }
      symbols = merged;
    }
    // A symbol outside the vocabulary cannot happen with CLIP's full byte alphabet; a trimmed vocabulary maps it to the end token.
    const ids = symbols.map((s) => this.vocab.get(s) ?? this.eos);
    this.cache.set(word, ids);
    return ids;
  }
}
