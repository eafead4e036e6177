import { describe, expect, it } from 'vitest';
import { limitHint, machineHeapMb, NO_TIME_LIMIT } from '../../src/cli/budgets.js';
import { problemLines } from '../../src/cli/batch/result.js';
import { oneLine, problemLine } from '../../src/cli/output.js';
import { readFile } from 'node:fs/promises';
import { convert } from '../../src/pipeline/index.js';

const GiB = 2 ** 30;

describe('the command line budgets', () => {
  it('shares half the machine among the workers, each 1024-4096 MiB', () => {
    expect(machineHeapMb(1, 24 * GiB)).toBe(4096);
    expect(machineHeapMb(4, 24 * GiB)).toBe(3072);
    expect(machineHeapMb(1, 4 * GiB)).toBe(2048);
    expect(machineHeapMb(8, 4 * GiB)).toBe(1024);
    expect(machineHeapMb(0, 4 * GiB)).toBe(2048);
  });

  it('names the flag that raises the limit a conversion ran into', () => {
    expect(
      limitHint('The conversion ran over its time limit of 60000 ms and was stopped (budget: time).'),
    ).toMatch(/--timeout/);
    expect(limitHint('timed out after 5.0 s')).toMatch(/--timeout/);
    expect(limitHint('ran over its memory limit of 1024 MB and was stopped (budget: heap).')).toMatch(
      /--max-memory/,
    );
    expect(limitHint('anything', 'heap')).toMatch(/--max-memory/);
    expect(limitHint('exhausted the call stack (budget: stack)')).toBe('');
    const [line] = problemLines(
      'big.xlsx',
      { valid: false, reason: 'RESOURCE_LIMIT', error: 'x (budget: time).' },
      false,
    );
    expect(line).toBe(
      'sheetspec: big.xlsx: RESOURCE_LIMIT: x (budget: time).; raise it with --timeout (e.g. --timeout 30m)',
    );
  });

  it('an unbounded budget starts no clock (setTimeout would read Infinity as 1 ms)', async () => {
    const bytes = new Uint8Array(await readFile('examples/orders.xlsx'));
    const result = await convert(bytes, {
      isolation: 'worker',
      timeoutMs: NO_TIME_LIMIT,
      filename: 'orders.xlsx',
    });
    expect(result.valid).toBe(true);
  }, 60_000);
});

describe('messages stay on one line whatever a cell holds', () => {
  it('writes line breaks as \\n and \\r', () => {
    expect(oneLine('abc\ndef\r\nx\ry\u2028z')).toBe('abc\\ndef\\nx\\ry\\nz');
    expect(problemLine('NO_TABLE', 'header "abc\ndef"', 'a.xlsx')).toBe(
      'sheetspec: a.xlsx: NO_TABLE: header "abc\\ndef"',
    );
  });

  it('every refusal and warning line of a result is one line', () => {
    const lines = problemLines(
      'a.xlsx',
      {
        valid: true,
        rejectedColumns: [
          {
            reason: 'UNSUPPORTED_FUNCTION',
            column: 'C',
            header: 'abc\ndef',
            cell: 'C2',
            detail: 'NOW()\nx',
          } as never,
        ],
        warnings: [{ code: 'ROWS_LEFT_OUT', cell: 'A9', message: 'a\r\nb' } as never],
      },
      true,
    );
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).not.toMatch(/[\n\r]/);
    expect(lines[0]).toContain('"abc\\ndef"');
  });
});
