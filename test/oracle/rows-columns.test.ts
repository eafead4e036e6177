/**
 * ROWS and COLUMNS of a range with one corner locked and one moving (`ROWS($A$2:A5)`): HyperFormula 3.5
 * subtracts the corners as written (an absolute row against a relative offset), so `ROWS($A$4:A4)` is -2 and
 * `ROWS($A$1:A4)` 1; Excel counts the rows of the rectangle between the two corners (3 and 4 here).
 */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet } from '../../src/workbook/model.js';

const CASES: { formula: (r: number) => string; want: (r: number) => number }[] = [
  { formula: (r) => `ROWS($A$1:A${r})`, want: (r) => r },
  { formula: (r) => `ROWS($A$4:A${r})`, want: (r) => Math.abs(r - 4) + 1 },
  { formula: (r) => `ROWS(A${r}:$A$6)`, want: (r) => 7 - r },
  { formula: (r) => `ROWS($A$2:$A${r})`, want: (r) => Math.abs(r - 2) + 1 },
  { formula: (r) => `ROWS(A1:A${r})`, want: (r) => r },
  { formula: (r) => `ROWS((B${r}:$B$1))`, want: (r) => r },
  { formula: () => 'ROWS(A1)', want: () => 1 },
  { formula: (r) => `COLUMNS($A$1:B${r})`, want: () => 2 },
  { formula: (r) => `COLUMNS(C${r}:$A$1)`, want: () => 3 },
  { formula: () => 'COLUMNS($B1)', want: () => 1 },
  { formula: (r) => `ROWS($M$1:M${r})`, want: (r) => r }, // in column M: its own cell, no cycle
  { formula: () => 'COLUMNS($A:C)', want: () => 3 },
  { formula: (r) => `ROWS(${r}:$4)`, want: (r) => Math.abs(r - 4) + 1 },
];

describe('ROWS and COLUMNS with a moving corner', () => {
  const rows = 6;
  const grid = Array.from({ length: rows }, (_, i) => [i + 1, ...CASES.map((c) => `=${c.formula(i + 1)}`)]);
  const o = evaluateWorkbook({ sheets: [gridSheet('S', grid)], definedNames: [], tables: [] });
  it.each(CASES.map((c, i) => [c.formula(2), i] as const))('%s down six rows', (_, i) => {
    for (let r = 1; r <= rows; r++) expect([r, o.get('S', r - 1, i + 1)]).toEqual([r, CASES[i]!.want(r)]);
  });
  it('an error argument stays the error; a value that is no reference is undetermined', () => {
    const e = evaluateWorkbook({
      sheets: [
        gridSheet('S', [[1, '=ROWS(1/0)', '=COLUMNS(NA())', '=ROWS(5)', '=ROWS({1;2;3})', '=ROWS(A:A)']]),
      ],
      definedNames: [],
      tables: [],
    });
    expect([1, 2, 3, 4, 5].map((c) => e.get('S', 0, c))).toEqual([
      { error: '#DIV/0!' },
      { error: '#N/A' },
      { error: '#ERROR!' },
      3,
      { error: '#ERROR!' },
    ]);
  });
  it('a boolean argument is undetermined (HyperFormula threw on its TRUE name, not computed yet)', () => {
    const e = evaluateWorkbook({
      sheets: [gridSheet('S', [['=ROWS(TRUE)', '=COLUMNS(FALSE)'], ['=ROW()']])],
      definedNames: [],
      tables: [],
    });
    expect([e.get('S', 0, 0), e.get('S', 0, 1), e.get('S', 1, 0)]).toEqual([
      { error: '#ERROR!' },
      { error: '#ERROR!' },
      2,
    ]);
  });
});
