import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertFileCommand } from '../../src/cli/commands/convert.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const sink = () => {
  const out: string[] = [];
  return { out, stream: { write: (s: string) => out.push(s) } };
};

describe('sheetspec convert <file>', () => {
  it('writes the spec and exits 0 for a valid workbook', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sheetspec-'));
    const out = path.join(dir, 'orders.spec.json');
    const stdout = sink();
    const stderr = sink();
    const r = await convertFileCommand(
      path.join(fixtures, 'orders.xlsx'),
      { output: out },
      { stdout: stdout.stream, stderr: stderr.stream },
    );
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(
      JSON.parse(readFileSync(path.join(fixtures, 'orders.spec.json'), 'utf8')),
    );
    expect(stdout.out.join('')).toContain('4 formula columns compiled');
  });

  it('exits 1 with the code on stderr for a refused workbook, 2 for an unreadable path', async () => {
    const stdout = sink();
    const stderr = sink();
    const io = { stdout: stdout.stream, stderr: stderr.stream };
    expect(
      (await convertFileCommand(path.join(fixtures, 'no-table.xlsx'), { json: true }, io)).exitCode,
    ).toBe(1);
    expect(JSON.parse(stdout.out.join(''))).toMatchObject({ valid: false, reason: 'NO_TABLE' });
    expect(stderr.out.join('')).toContain('NO_TABLE');
    expect((await convertFileCommand(path.join(fixtures, 'absent.xlsx'), {}, io)).exitCode).toBe(2);
  });
});
