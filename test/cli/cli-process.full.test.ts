/**
 * The real CLI as a child process, from source (`node --import tsx`), on the real compiler: a folder with a
 * broken workbook among good ones converts the good ones and exits 1; usage errors exit 2.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/cli/batch/result.js';
import { orderBook, writeBook } from './workbooks.js';

const root = path.resolve(import.meta.dirname, '../..');
// By URL, because `--import tsx` resolves from the child's working folder (a temp folder here); tsx's own
// CLI starts node the same way.
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const entry = `const { run } = await import(${JSON.stringify(path.join(root, 'src/cli/main.ts'))});
process.exitCode = await run(process.argv.slice(1));`;

function sheetspec(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsxLoader, '--input-type=module', '-e', entry, ...args],
      { cwd, env: { ...process.env, CI: '1' }, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-cli-'));
  await writeBook(path.join(dir, 'in/a.xlsx'), await orderBook(3));
  await writeBook(path.join(dir, 'in/b-broken.xlsx'), 'this is not a zip');
  await writeBook(path.join(dir, 'in/sub/c.xlsx'), await orderBook(2));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sheetspec (child process)', () => {
  it('converts a folder with a broken workbook among good ones: reports it, converts the rest, exits 1', {
    timeout: 180_000,
  }, async () => {
    const r = await sheetspec(['convert', 'in', '-o', 'out', '--jobs', '2', '--json'], dir);
    expect(r.code, r.stderr).toBe(1);
    const results = JSON.parse(r.stdout) as FileResult[];
    expect(results.map((x) => [x.file, x.valid, x.reason ?? null])).toEqual([
      ['in/a.xlsx', true, null],
      ['in/b-broken.xlsx', false, 'UNSUPPORTED_FORMAT'],
      ['in/sub/c.xlsx', true, null],
    ]);
    expect(results[0]).toMatchObject({
      compiled: 1,
      verification: { cellsChecked: 3, matched: 3, disagreements: 0 },
    });
    expect(r.stderr).toContain('sheetspec: in/b-broken.xlsx: UNSUPPORTED_FORMAT:');
    expect(r.stderr).toContain('3 files: 2 converted, 1 failed');
    const spec = JSON.parse(await readFile(path.join(dir, 'out/sub/c.spec.json'), 'utf8'));
    expect(spec.id).toBe('c');
  });

  it('exits 2 on a usage error', { timeout: 60_000 }, async () => {
    const r = await sheetspec(['convert', 'in', '--jobs', 'many'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jobs');
  });

  it('--parameters inputs makes parameter cells root input fields; another value is a usage error', {
    timeout: 60_000,
  }, async () => {
    const fixture = path.join(root, 'fixtures/other-sheet-parameters.xlsx');
    const out = path.join(dir, 'params.spec.json');
    const r = await sheetspec(['convert', fixture, '--parameters', 'inputs', '-o', out], dir);
    expect(r.code, r.stderr).toBe(0);
    const spec = JSON.parse(await readFile(out, 'utf8'));
    // No parameter stays a constant; a lookup table's rows are data there (constants.tables).
    expect(Object.keys(spec.constants).filter((k) => k !== 'tables')).toEqual([]);
    expect(spec.schema.properties.discount).toMatchObject({ type: 'number', default: 0.05 });
    const bad = await sheetspec(['convert', fixture, '--parameters', 'variables', '-o', out], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--parameters');
  });

  it('an invalid --model-id is a usage error, in both the one-file and the batch form', {
    timeout: 60_000,
  }, async () => {
    for (const input of ['in/a.xlsx', 'in']) {
      const r = await sheetspec(['convert', input, '--model-id', 'bad id!', '-o', 'out-bad'], dir);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('--model-id');
      expect(r.stderr).toContain('bad id!');
    }
  });
});
