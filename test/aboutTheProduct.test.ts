// The repository speaks about the product, never about how it was made:
// PHRASES below are the ways such text shows itself (work rounds, people,
// branches, tracker numbers). Commit messages may say such things; tracked
// files (documentation, specs, code and its comments) may not.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = 'test/aboutTheProduct.test.ts';

const PHRASES = [/\bstops? \d+\b/i, /\bthe lead\b/i, /\bthe team\b/i, /\bengineers?\b/i, /\b(this|another) branch\b/i, /\bthis session\b/i, /\bissue #?\d+\b/i];

/** Text files git tracks, and the ones about to be added; the generated SDKs and the lockfile are not written by hand. */
function files(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return listed.filter((f) => f && f !== SELF && !f.startsWith('generated/') && f !== 'package-lock.json' && /\.(ts|js|mjs|md|yaml|yml|json|html|css|sh)$|^\.ci\//.test(f));
}

export function findings(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const phrase of PHRASES) if (phrase.test(line)) out.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
  });
  return out;
}

test('the phrases are found where they occur, and not in ordinary words', () => {
  expect(findings('x.md', 'Measured in stop 34.\nAsk the lead.\nthe leading APP0 segment\nthe session id\nas issue 18 asked')).toEqual(['x.md:1: Measured in stop 34.', 'x.md:2: Ask the lead.', 'x.md:5: as issue 18 asked']);
});

test('no tracked file talks about how it was developed', () => {
  const found = files().flatMap((f) => {
    try {
      return findings(f, readFileSync(path.join(ROOT, f), 'utf8'));
    } catch {
      return []; // listed but gone from the work tree
    }
  });
  expect(found).toEqual([]);
});
