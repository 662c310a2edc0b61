// A real browser for the tests and the bench: Debian's chromium (installed by
// .ci/run), driven by puppeteer-core over a pipe. Nothing is downloaded; a
// fresh profile per launch; no background traffic. Never used by the service.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { REPO_ROOT } from '../server/paths.ts';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | null {
  return CANDIDATES.find((p): p is string => Boolean(p) && existsSync(p!)) ?? null;
}

export const MISSING_CHROMIUM = 'chromium is not installed: `apt-get install -y chromium` (as .ci/run does), or set CHROMIUM_PATH';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** `extraArgs` for what a test needs beyond the defaults (see the callers). */
export async function launchChromium(extraArgs: string[] = []): Promise<LaunchedBrowser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(MISSING_CHROMIUM);
  const profile = await mkdtemp(path.join(os.tmpdir(), 'switchyard-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
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

/** Test artefacts (screenshots) go under the repo's gitignored .artifacts/. */
export async function artefactPath(name: string): Promise<string> {
  const dir = path.join(REPO_ROOT, '.artifacts', 'screenshots');
  await mkdir(dir, { recursive: true });
  return path.join(dir, name);
}

export const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
