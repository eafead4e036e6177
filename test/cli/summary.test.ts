/** The batch summary table, for people: at most 100 columns, long paths cut in the middle. */
import { describe, expect, it } from 'vitest';
import { failed, type FileResult } from '../../src/cli/batch/result.js';
import { renderSummary, truncateMiddle } from '../../src/cli/batch/summary.js';

function ok(file: string, refused: Record<string, number> = {}): FileResult {
  const n = Object.values(refused).reduce((s, k) => s + k, 0);
  return {
    ...failed(file, 'NO_TABLE', ''),
    valid: true,
    reason: undefined,
    error: undefined,
    compiled: 3,
    refused,
    rejectedColumns: Array.from({ length: n }, () => ({}) as FileResult['rejectedColumns'][number]),
    verification: { cellsChecked: 30_000, matched: 30_000, disagreements: 0 },
    ms: 123_456,
  };
}

describe('renderSummary', () => {
  const deep = `reports/${'quarterly/'.repeat(12)}2024/q3/regional-budget-final.xlsx`;
  const results = [
    ok(deep, { UNSUPPORTED_FUNCTION: 2, VOLATILE_FUNCTION: 1, CROSS_SHEET_REFERENCE: 4, DEFINED_NAME: 1 }),
    failed('reports/broken.xlsx', 'NON_UNIFORM_FORMULA', 'row 3'),
    ok('short.xlsx'),
  ];
  const text = renderSummary(results);
  const lines = text.split('\n');

  it('fits 100 columns, whatever the paths and refusals', () => {
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('keeps the start and the file name of a long path', () => {
    const row = lines.find((l) => l.includes('regional-budget-final.xlsx'))!;
    expect(row).toMatch(/^reports\/\S*…\/regional-budget-final\.xlsx +ok +3 +8 +30000\/30000 +123\.5s$/);
    expect(lines).toContain(
      '    refused: CROSS_SHEET_REFERENCE 4, DEFINED_NAME 1, UNSUPPORTED_FUNCTION 2, VOLATILE_FUNCTION 1',
    );
    expect(text).toMatch(/^reports\/broken\.xlsx +NON_UNIFORM_FORMULA +- +0 +- +0\.0s$/m);
  });

  it('truncateMiddle keeps both ends', () => {
    expect(truncateMiddle('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncateMiddle('abcdefghij', 7)).toBe('ab…ghij');
    expect(truncateMiddle('a/b/c/d/e/f/g/h/i/file.xlsx', 16)).toBe('a/b/c…/file.xlsx');
  });
});
