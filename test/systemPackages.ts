// The one rule for tests that need a system package (a Debian package, not an
// npm one): such a test calls `needs(ctx, …)` first. On a machine without the
// package it skips, its note naming the package and the command that installs
// it, and `npm test` ends with a list of what was skipped (test/skipReporter.ts).
// Under CI nothing may be skipped: there the test fails instead, so a CI machine
// that lost a package cannot pass by testing less.
// SWITCHYARD_HIDE_PACKAGES=chromium,exiftool makes the named packages count as
// missing, so the rule itself can be tested on a machine that has them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestContext } from 'vitest';
import { chromiumPath } from './browser.ts';
import { CJK_FONT, fontInstalled } from '../engines/ocr/testing/evalSet.ts';

function onPath(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function commandSays(command: string, args: string[], text: string): boolean {
  try {
    return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().includes(text);
  } catch {
    return false;
  }
}

/** What each package is needed for is said where it is needed; here is how to tell it is there and how to install it. */
const PACKAGES = {
  chromium: { install: 'apt-get install -y chromium (or set CHROMIUM_PATH)', present: () => chromiumPath() !== null },
  exiftool: { install: 'apt-get install -y libimage-exiftool-perl', present: () => onPath('exiftool') },
  pocketsphinx: {
    install: 'apt-get install -y pocketsphinx pocketsphinx-en-us',
    present: () => onPath('pocketsphinx_continuous') && existsSync(process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us'),
  },
  // Recorded human speech with transcripts, for the recognisers' word error rate.
  'pocketsphinx-testdata': { install: 'apt-get install -y pocketsphinx-testdata', present: () => existsSync('/usr/share/pocketsphinx/test/data/librivox/transcription') },
  'alsa-utils': { install: 'apt-get install -y alsa-utils', present: () => existsSync('/usr/share/sounds/alsa/Front_Left.wav') },
  'fonts-wqy-microhei': { install: 'apt-get install -y fonts-wqy-microhei', present: () => fontInstalled(CJK_FONT) },
  // The real convert says which program it is; a stand-in of the same name does not.
  imagemagick: { install: 'apt-get install -y imagemagick', present: () => commandSays('convert', ['-version'], 'Version: ImageMagick') },
} satisfies Record<string, { install: string; present: () => boolean }>;

export type PackageName = keyof typeof PACKAGES;

/** The start of every skip note this rule writes; the reporter finds them by it. */
export const SKIP_NOTE = 'missing system package ';

const known = new Map<PackageName, boolean>();

export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.CI) && !['false', '0'].includes(env.CI!.toLowerCase());
}

export function hasPackage(name: PackageName): boolean {
  const hidden = (process.env.SWITCHYARD_HIDE_PACKAGES ?? '').split(',').map((s) => s.trim());
  if (hidden.includes(name)) return false;
  if (!known.has(name)) known.set(name, PACKAGES[name].present());
  return known.get(name)!;
}

/** One line: the package and how to install it. */
export function skipNote(name: PackageName): string {
  return `${SKIP_NOTE}${name}: ${PACKAGES[name].install}`;
}

/**
 * First thing in a test (or a beforeEach) that needs these packages. Without
 * one, the test skips with a note naming it; under CI it fails instead.
 */
export function needs(ctx: TestContext, ...names: PackageName[]): void {
  const missing = names.filter((n) => !hasPackage(n));
  if (!missing.length) return;
  const note = missing.map(skipNote).join('; ');
  if (isCI()) throw new Error(`${note} (under CI every test runs: install it)`);
  ctx.skip(note);
}
