/** `convert --report <folder>` in batch: one report per file and an index.html linking them. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliIO, runConvertBatch } from '../../src/cli/batch/command.js';

const converterUrl = new URL('../../src/pipeline/index.ts', import.meta.url).href;
const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('batch reports', () => {
  it('writes one page per file (a failure says why) and an index linking them', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-reports-'));
    const err = new PassThrough();
    const io: CliIO = {
      stdout: new PassThrough(),
      stderr: err,
      stdin: Readable.from([]),
      env: {},
      cwd: fixtures,
    };
    const reports = path.join(dir, 'reports');
    const code = await runConvertBatch(
      ['unsupported-function.xlsx', 'no-table.xlsx'],
      { converterUrl, jobs: 1, output: path.join(dir, 'specs'), report: reports, quiet: true },
      io,
    );
    expect(code).toBe(1);
    const index = await readFile(path.join(reports, 'index.html'), 'utf8');
    expect(index).toContain('<a href="unsupported-function.xlsx.html">unsupported-function.xlsx</a>');
    expect(index).toContain('<a href="no-table.xlsx.html">no-table.xlsx</a></td><td>NO_TABLE</td>');
    const page = await readFile(path.join(reports, 'unsupported-function.xlsx.html'), 'utf8');
    expect(page.match(/<tr class="data"/g)).toHaveLength(3);
    expect(page).toContain('data-code="UNSUPPORTED_FUNCTION"');
    const failed = await readFile(path.join(reports, 'no-table.xlsx.html'), 'utf8');
    expect(failed).toMatch(/<p class="error" id="error">NO_TABLE: /);
  }, 120_000);
});
