import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverInputs, outputPaths, UsageError } from '../../src/cli/batch/discover.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-discover-'));
  const files = [
    'books/b.xlsx',
    'books/a.xlsx',
    'books/sub/c.XLSM',
    'books/sub/deeper/d.xlsx',
    'books/notes.txt',
    'books/old.xls',
    'books/~$a.xlsx',
    'books/data.csv',
    'other/e.xlsx',
    'other/a.xlsx',
    'loose.xlsx',
    'readme.md',
  ];
  for (const f of files) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), 'x');
  }
  await symlink(path.join(dir, 'loose.xlsx'), path.join(dir, 'other', 'link.xlsx'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rel = (inputs: { display: string }[]) => inputs.map((i) => i.display);

describe('discoverInputs', () => {
  it('searches a folder recursively, sorted, workbooks only (no lock files)', async () => {
    const inputs = await discoverInputs(['books'], dir);
    expect(rel(inputs)).toEqual([
      'books/a.xlsx',
      'books/b.xlsx',
      'books/sub/c.XLSM',
      'books/sub/deeper/d.xlsx',
    ]);
    expect(inputs.map((i) => i.relative)).toEqual(['a.xlsx', 'b.xlsx', 'sub/c.XLSM', 'sub/deeper/d.xlsx']);
    expect(inputs[0]!.path).toBe(path.join(dir, 'books', 'a.xlsx'));
  });

  it('expands globs relative to their static prefix', async () => {
    const inputs = await discoverInputs(['books/**/*.xlsx'], dir);
    expect(rel(inputs)).toEqual(['books/a.xlsx', 'books/b.xlsx', 'books/sub/deeper/d.xlsx']);
    expect(inputs.map((i) => i.relative)).toEqual(['a.xlsx', 'b.xlsx', 'sub/deeper/d.xlsx']);
  });

  it('keeps argument order, and each workbook once at its first place (symlinks too)', async () => {
    const inputs = await discoverInputs(['loose.xlsx', 'books/b.xlsx', 'books', 'other'], dir);
    expect(rel(inputs)).toEqual([
      'loose.xlsx',
      'books/b.xlsx',
      'books/a.xlsx',
      'books/sub/c.XLSM',
      'books/sub/deeper/d.xlsx',
      'other/a.xlsx',
      'other/e.xlsx',
    ]);
  });

  it('takes a file named outright whatever its extension', async () => {
    expect(rel(await discoverInputs(['readme.md'], dir))).toEqual(['readme.md']);
  });

  it('refuses a missing path, an empty glob and an empty result as usage errors', async () => {
    await expect(discoverInputs(['nope.xlsx'], dir)).rejects.toBeInstanceOf(UsageError);
    await expect(discoverInputs(['books/*.xlsb'], dir)).rejects.toBeInstanceOf(UsageError);
    await mkdir(path.join(dir, 'empty'), { recursive: true });
    await expect(discoverInputs(['empty'], dir)).rejects.toBeInstanceOf(UsageError);
  });
});

describe('outputPaths', () => {
  it('mirrors the input tree under -o', async () => {
    const inputs = await discoverInputs(['books', 'loose.xlsx'], dir);
    const outs = outputPaths(inputs, 'out', dir);
    expect(outs.map((o) => path.relative(dir, o))).toEqual([
      'out/a.spec.json',
      'out/b.spec.json',
      'out/sub/c.spec.json',
      'out/sub/deeper/d.spec.json',
      'out/loose.spec.json',
    ]);
  });

  it('writes beside each input without -o', async () => {
    const inputs = await discoverInputs(['books/sub'], dir);
    expect(outputPaths(inputs, undefined, dir)).toEqual([
      path.join(dir, 'books/sub/c.spec.json'),
      path.join(dir, 'books/sub/deeper/d.spec.json'),
    ]);
  });

  it('refuses two inputs that would write the same file', async () => {
    const inputs = await discoverInputs(['books', 'other'], dir);
    expect(() => outputPaths(inputs, 'out', dir)).toThrow(UsageError);
  });
});
