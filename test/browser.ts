// A real browser for the tests: Debian's chromium (installed by .ci/run),
// driven by puppeteer-core over a pipe. Nothing is downloaded; a fresh profile
// per launch; no background traffic.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumPath, MISSING_CHROMIUM } from '../analytics/browser.ts';

/** The same chromium the analytics browser tests use (analytics/browser.ts finds it). */
function chromium(): string {
  const found = chromiumPath();
  if (!found) throw new Error(MISSING_CHROMIUM);
  return found;
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** `extraArgs` for what a test needs beyond the defaults (see the callers). */
export async function launchChromium(extraArgs: string[] = []): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'switchyard-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium(),
    pipe: true,
    ignoreDefaultArgs: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      ...extraArgs,
      'about:blank',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}
