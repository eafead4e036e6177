/**
 * The oracle's MEDIAN, LARGE/SMALL, RANK and LOOKUP (excel-order-stats.ts, excel-lookups.ts) against Excel's
 * saved cells, through HyperFormula with the corrections (the formulas as Excel saved them, their inputs
 * copied from the workbooks), and the undetermined cases the rules leave open.
 */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { excelKth, excelMedian, excelRank } from '../../src/oracle/excel/excel-order-stats.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

/** HyperFormula's "could not evaluate", the oracle's undetermined (no Excel error code). */
const UNDETERMINED = { error: '#ERROR!' } as unknown as CellValue;

/** Column A holds `data` from A1; each formula is evaluated in column C of its own row. */
function evaluate(data: CellValue[], formulas: string[]): CellValue[] {
  const rows = Math.max(data.length, formulas.length);
  const grid = Array.from({ length: rows }, (_, r) => [data[r] ?? undefined, undefined, formulas[r]]);
  const values = evaluateWorkbook({ sheets: [gridSheet('S', grid)], definedNames: [], tables: [] });
  return formulas.map((_, r) => values.get('S', r, 2) ?? null);
}

describe('LARGE and SMALL', () => {
  // ironcalc STATISTICAL/SMALL_LARGE.xlsx A1:A6 and C1:D6, H3:J4.
  const data = [3, 4, 2, 4, -5, 3];
  const cases: [string, CellValue][] = [
    ['=SMALL($A$1:$A$6,1)', -5],
    ['=LARGE($A$1:$A$6,1)', 4],
    ['=LARGE($A$1:$A$6,2)', 4],
    ['=SMALL($A$1:$A$6,3.4)', 3],
    ['=LARGE($A$1:$A$6,3.4)', 3],
    ['=SMALL($A$1:$A$6,0)', { error: '#NUM!' }],
    ['=LARGE($A$1:$A$6,10)', { error: '#NUM!' }],
    ['=SMALL(3.4,1)', 3.4],
    ['=SMALL("3.4",1)', 3.4],
    ['=SMALL(TRUE,1)', 1],
    ['=SMALL("Hello",1)', { error: '#VALUE!' }],
    ['=SMALL($A$1:$A$6,4.5)', UNDETERMINED],
  ];
  const got = evaluate(
    data,
    cases.map(([f]) => f),
  );
  it.each(cases.map(([f, want], i) => [f, want, got[i]] as const))('%s', (_, want, value) =>
    expect(value).toEqual(want),
  );
  it('a k that is not whole: its two neighbours, or undetermined', () => {
    expect(excelKth([1, 2, 2, 5], 2.5, false)).toBe(2);
    expect(excelKth([1, 2, 3], 0.5, false)).toEqual(expect.objectContaining({ type: 'ERROR' }));
    expect(excelKth([1, 2, 3], 3.5, true)).toEqual(expect.objectContaining({ type: 'ERROR' }));
    expect(excelKth([1, 2, 3], 4.5, true)).toEqual(expect.objectContaining({ type: 'NUM' }));
    expect(excelKth([], 1, true)).toEqual(expect.objectContaining({ type: 'NUM' }));
  });
});

describe('MEDIAN', () => {
  it('the middle number, the mean of the two middle ones, #NUM! for none', () => {
    expect(excelMedian([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(5.5); // StatsLibTests!B17
    expect(excelMedian([9, 1, 5])).toBe(5);
    expect(excelMedian([])).toEqual(expect.objectContaining({ type: 'NUM' }));
  });
  it('reads direct values as SUM does, references only their numbers', () => {
    const got = evaluate(['x', true, 3, null, 1], ['=MEDIAN(TRUE,2)', '=MEDIAN("2",2)', '=MEDIAN(A1:A5)']);
    expect(got).toEqual([1.5, 2, 2]); // EverythingTests!K896, J896
  });
});

describe('RANK and RANK.EQ', () => {
  // ironcalc STATISTICAL/RANK_EQ_RANK_AVG.xlsx A2:A9, F1:G5.
  const data = [70, 65, 70, 66, 65, 72, 37, 89, 70];
  const cases: [string, CellValue][] = [
    ['=_xlfn.RANK.EQ(A1,$A$2:$A$9,1)', 5],
    ['=_xlfn.RANK.EQ(A1,$A$2:$A$9,0)', 3],
    ['=RANK(65,$A$2:$A$9,1)', 2],
    ['=RANK(65,$A$2:$A$9)', 6],
    ['=RANK(37,$A$2:$A$9,1)', 1],
    ['=RANK(70.5,$A$2:$A$9,1)', { error: '#N/A' }],
    ['=RANK(1,$A$2:$A$9,)', UNDETERMINED],
  ];
  const got = evaluate(
    data,
    cases.map(([f]) => f),
  );
  it.each(cases.map(([f, want], i) => [f, want, got[i]] as const))('%s', (_, want, value) =>
    expect(value).toEqual(want),
  );
  it('ignores non-numbers, leaves an error in ref and a near tie undetermined', () => {
    expect(excelRank(2, [2, 'x', true, 5], undefined)).toBe(2);
    expect(excelRank(2, [2, 5], 1)).toBe(1);
    expect(excelRank(0.3, [0.1 + 0.2, 5], undefined)).toEqual(expect.objectContaining({ type: 'ERROR' }));
  });
});

describe('LOOKUP', () => {
  // ironcalc simple_functions.xlsx LOOKUP!A2:B6, D2:D15.
  const grid = [
    [4.14, 'red'],
    [4.19, 'orange'],
    [5.17, 'yellow'],
    [5.77, 'green'],
    [6.39, 'blue'],
  ];
  const cases: [string, CellValue][] = [
    ['=LOOKUP(5.16,$A$1:$A$5,$B$1:$B$5)', 'orange'],
    ['=LOOKUP(8,$A$1:$A$5,$B$1:$B$5)', 'blue'],
    ['=LOOKUP(4,$A$1:$A$5,$B$1:$B$5)', { error: '#N/A' }],
    ['=LOOKUP(1/0,$A$1:$A$5,$B$1:$B$5)', { error: '#DIV/0!' }],
    ['=LOOKUP(5.2,$A$1:$B$5)', 'yellow'],
    ['=LOOKUP(5,$A$1:$A$5,$B$1:$B$4)', UNDETERMINED],
  ];
  it.each(cases)('%s', (f, want) => {
    const rows = grid.map((r, i) => [...r, i === 0 ? f : undefined]);
    const values = evaluateWorkbook({ sheets: [gridSheet('S', rows)], definedNames: [], tables: [] });
    expect(values.get('S', 0, 2)).toEqual(want);
  });
});
