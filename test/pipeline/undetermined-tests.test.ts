/**
 * A spec's embedded tests take their expected values from the reference verification judged each cell by,
 * never from an undetermined oracle: where the oracle cannot evaluate a cell (`#ERROR!`) and Excel saved
 * the value, the test expects the saved value; with no saved value the column is refused, not "expected
 * #ERROR!" passed on as an answer.
 */
import { describe, expect, it } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { EXCEL_MARKS } from '../workbook/helpers.js';

/** A running balance whose rows 3 and 4 the oracle leaves undetermined (INT of 7.999999999999999: 7 or 8; the saved values as the lowering reads it). */
function ledger(saved: boolean): WorkbookModel {
  const sheet = gridSheet('Sheet1', [
    ['x', 'bal'],
    [1, '=INT(A2)'],
    [7.999999999999999, '=B2+INT(A3)'],
    [2, '=B3+INT(A4)'],
  ]);
  if (saved) {
    const cached = [1, 9, 11];
    cached.forEach((v, i) => {
      const c = sheet.rows.get(i + 1)?.get(1);
      if (c) c.cached = v;
    });
  }
  return {
    sheets: [sheet],
    definedNames: [],
    tables: [],
    ...(saved ? { application: 'Microsoft Excel', ...EXCEL_MARKS } : {}),
  };
}

describe('the spec tests and an undetermined oracle', () => {
  it('expect the value Excel saved where the oracle cannot tell it', async () => {
    const r = await convertWorkbook(ledger(true), {});
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    const expected = Object.values(r.spec.tests?.[0]?.expect ?? {});
    expect(expected).toEqual([1, 9, 11]);
  });
  it('refuse the column when nothing was saved, naming the oracle undetermined', async () => {
    const r = await convertWorkbook(ledger(false), {});
    const b = r.rejectedColumns?.find((c) => c.column === 'B');
    expect(b?.detail).toContain('the oracle cannot determine');
    expect(b?.detail).not.toContain('expected {"error":"#ERROR!"}');
  });
});
