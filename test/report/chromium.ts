/**
 * Headless Chromium for the report tests: `dumpDom` loads a page and returns the DOM after load; `screenshot`
 * saves a PNG. `.ci/run` installs Debian's `chromium` when missing; elsewhere a test without it says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | undefined = CANDIDATES.find((p) => existsSync(p));

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars'];

export function dumpDom(htmlFile: string): string {
  return execFileSync(chromiumPath!, [...FLAGS, '--dump-dom', pathToFileURL(htmlFile).href], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 60_000,
  });
}

export function screenshot(htmlFile: string, png: string, size = '1400,900'): void {
  execFileSync(
    chromiumPath!,
    [...FLAGS, `--screenshot=${png}`, `--window-size=${size}`, pathToFileURL(htmlFile).href],
    {
      stdio: 'ignore',
      timeout: 60_000,
    },
  );
}
