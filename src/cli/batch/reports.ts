/**
 * `convert --report <folder>` in batch: one verification report per file (named after its input path, so two
 * files called `book.xlsx` in different folders do not collide) and an `index.html` linking them all.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { failureReport, type IndexEntry, renderIndex, renderReport } from '../../pipeline/light.js';
import type { PoolOutcome } from './pool.js';
import type { FileResult } from './result.js';

export class BatchReports {
  private readonly entries: Array<IndexEntry | undefined> = [];

  constructor(private readonly dir: string) {}

  /** Writes file `i`'s report (and takes the model off the result); a failed file gets a page with why. */
  async add(i: number, display: string, outcome: PoolOutcome, result: FileResult): Promise<void> {
    const model =
      outcome.kind === 'result'
        ? (outcome.result.report ?? failureReport(display, outcome.result))
        : failureReport(display, { valid: false, reason: outcome.code, error: outcome.message });
    if (outcome.kind === 'result') delete outcome.result.report;
    model.file = display;
    const href = `${display.replace(/^[./\\]+/, '').replace(/[/\\:]+/g, '__')}.html`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(path.join(this.dir, href), renderReport(model));
    this.entries[i] = {
      file: display,
      href,
      outcome: result.valid ? 'valid' : (result.reason ?? 'invalid'),
      compiled: model.totals.compiled,
      refused: model.totals.refused,
    };
  }

  /** The index page, in input order; its path. */
  async writeIndex(): Promise<string> {
    const file = path.join(this.dir, 'index.html');
    await mkdir(this.dir, { recursive: true });
    const entries = this.entries.filter((e): e is IndexEntry => e !== undefined);
    await writeFile(file, renderIndex('sheetspec verification reports', entries));
    return file;
  }
}
