// Customer regular expressions run on RE2 (re2js, a linear-time engine): no
// pattern can backtrack catastrophically, whatever it is. The price is RE2's
// syntax (no backreferences, no lookaround); such a pattern is refused at
// submit, by index, rather than run with a time limit.
import { RE2JS } from 're2js';
import type { TextMatch } from '../../../protocols/redaction.ts';

export class PatternError extends Error {
  readonly index: number;
  readonly reason: string;
  constructor(index: number, reason: string) {
    super(`patterns[${index}] is not a valid RE2 expression: ${reason}`);
    this.name = 'PatternError';
    this.index = index;
    this.reason = reason;
  }
}

export interface CompiledPattern {
  source: string;
  find(text: string): TextMatch[];
}

/** Matches per pattern and line beyond this are ignored (a pattern matching every character is a mistake, not PII). */
const MAX_MATCHES = 1000;

export function compilePatterns(sources: string[]): CompiledPattern[] {
  return sources.map((source, index) => {
    let re: RE2JS;
    try {
      re = RE2JS.compile(source);
    } catch (err) {
      throw new PatternError(index, (err as Error).message.replace(/^error parsing regexp: /, ''));
    }
    return {
      source,
      find(text: string): TextMatch[] {
        const out: TextMatch[] = [];
        const m = re.matcher(text);
        while (out.length < MAX_MATCHES && m.find()) {
          // Empty matches redact nothing.
          if (m.end() > m.start()) out.push({ start: m.start(), end: m.end(), text: m.group() ?? '' });
        }
        return out;
      },
    };
  });
}
