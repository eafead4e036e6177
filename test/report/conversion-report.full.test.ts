/**
 * The report of a real fixture conversion, through the CLI's `--report`, loaded in headless Chromium: the grid
 * has one row per data row and the summary row, and a refused cell shows its code. A screenshot is saved under
 * test-output/ for review.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertFileCommand } from '../../src/cli/commands/convert.js';
import { chromiumPath, dumpDom, screenshot } from './chromium.js';

const OUT = resolve(import.meta.dirname, '../../test-output');
const FIXTURE = resolve(import.meta.dirname, '../../fixtures/unsupported-function.xlsx');

describe('the report of a fixture conversion', () => {
  it('sheetspec convert --report writes a page whose grid is the table, refused cells with their code', async () => {
    mkdirSync(OUT, { recursive: true });
    const html = resolve(OUT, 'report-unsupported-function.html');
    const lines: string[] = [];
    const io = { stdout: { write: (s: string) => lines.push(s) }, stderr: { write: () => true } };
    const outcome = await convertFileCommand(
      FIXTURE,
      { output: resolve(OUT, 'unsupported-function.spec.json'), report: html },
      io,
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.result?.report).toBeUndefined();
    expect(lines.join('')).toContain(`report ${html}`);
    const page = readFileSync(html, 'utf8');
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\//i);
    const result = outcome.result!;
    if (!result.valid) throw new Error(result.error);
    const rows = result.verification!.columns[0]!.cellsChecked;
    expect(page.match(/<tr class="data"/g)).toHaveLength(rows);

    if (!chromiumPath) {
      expect(process.env.CI, 'CI installs chromium (.ci/run); it is missing').toBeFalsy();
      console.warn('report browser check skipped: chromium is not installed (apt-get install -y chromium)');
      return;
    }
    const dom = dumpDom(html);
    expect(dom.match(/<tr class="data"/g)).toHaveLength(rows);
    expect(dom).toMatch(/<td class="refused"[^>]*data-code="UNSUPPORTED_FUNCTION"/);
    expect(dom).toMatch(/<b data-total="refused">1<\/b>/);
    expect(dom).toMatch(/<td class="verified"/);
    const png = resolve(OUT, 'report-unsupported-function.png');
    screenshot(html, png);
    expect(existsSync(png) && statSync(png).size > 1000).toBe(true);
    console.log(`report screenshot: ${png}`);
  }, 120_000);
});
