import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/workbook/values.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';

function evalGrid(grid: (CellValue | undefined)[][], options = {}) {
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb, options);
  return (row: number, col: number) => o.get('S', row, col);
}

describe('HyperFormula configured like Excel', () => {
  it('defines TRUE and FALSE', () => {
    const v = evalGrid([['=TRUE', '=FALSE', '=IF(TRUE,1,2)', '=NOT(FALSE)']]);
    expect([v(0, 0), v(0, 1), v(0, 2), v(0, 3)]).toEqual([true, false, 1, true]);
  });
  it('keeps text constants as text', () => {
    const v = evalGrid([
      ['1.5', '2024-01-01', 'TRUE', "'x", '#N/A'],
      ['=ISTEXT(A1)', '=ISTEXT(B1)', '=ISTEXT(C1)', '=A1&"|"&B1&"|"&C1&"|"&D1', '=ISTEXT(E1)'],
    ]);
    expect([v(0, 0), v(0, 1), v(0, 2), v(0, 3), v(0, 4)]).toEqual([
      '1.5',
      '2024-01-01',
      'TRUE',
      "'x",
      '#N/A',
    ]);
    expect([v(1, 0), v(1, 1), v(1, 2), v(1, 4)]).toEqual([true, true, true, true]);
    expect(v(1, 3)).toBe("1.5|2024-01-01|TRUE|'x");
  });
  it('does not round results (smartRounding off)', () => {
    const v = evalGrid([['=0.1+0.2', '=1/3']]);
    expect(v(0, 0)).toBe(0.1 + 0.2);
    expect(v(0, 1)).toBe(1 / 3);
  });
  it('compares accent-sensitively and case-insensitively', () => {
    const v = evalGrid([['="é"="e"', '="a"="A"', '="a"<"B"']]);
    expect([v(0, 0), v(0, 1), v(0, 2)]).toEqual([false, true, true]);
  });
  it('treats a referenced blank as 0 and as empty text, and errors as error values', () => {
    const v = evalGrid([['=Z9', '=Z9+1', '=Z9&"a"', '=1/0', '=AVERAGE(Z1:Z3)']]);
    expect([v(0, 0), v(0, 1), v(0, 2)]).toEqual([0, 1, 'a']);
    expect(v(0, 3)).toEqual({ error: '#DIV/0!' });
    expect(v(0, 4)).toEqual({ error: '#DIV/0!' });
  });
  it('uses Excel serial dates', () => {
    const v = evalGrid([['=DATE(2024,1,1)', '=DATE(1900,3,1)']]);
    expect([v(0, 0), v(0, 1)]).toEqual([45292, 61]);
  });
  it('reads upper-case exponents and _xlfn. prefixes', () => {
    const v = evalGrid([['=1E+3*2', '=_xlfn.DAYS(10,3)', '=_xlfn.CONCAT("a",1.5,"b")']]);
    expect([v(0, 0), v(0, 1), v(0, 2)]).toEqual([2000, 7, 'a1.5b']);
  });
});

describe('corrections in formulas', () => {
  it('ROUND at a decimal tie', () => {
    expect(evalGrid([['=ROUND(1.005,2)']])(0, 0)).toBe(1.01);
    expect(evalGrid([['=ROUND(1.005,2)']], { corrections: [] })(0, 0)).toBe(1); // HyperFormula alone
  });
  it('number to text in & and CONCATENATE', () => {
    const v = evalGrid([
      ['="x"&0.1+0.2', '=CONCATENATE("x",0.1+0.2,TRUE)', '=1E+21&""', '=A2&"b"'],
      [0.000001],
    ]);
    expect([v(0, 0), v(0, 1), v(0, 2), v(0, 3)]).toEqual(['x0.3', 'x0.3TRUE', '1E+21', '0.000001b']);
    expect(evalGrid([['="x"&0.1+0.2']], { corrections: [] })(0, 0)).toBe('x0.30000000000000004');
  });
  it('INT rounds down', () => {
    expect(evalGrid([['=INT(-0.5)', '=INT(2.7)']])(0, 0)).toBe(-1);
    expect(evalGrid([['=INT(-0.5)']], { corrections: [] })(0, 0)).toBe(0); // HyperFormula alone truncates
  });
  it('propagates errors through &', () => {
    expect(evalGrid([['=(1/0)&"a"']])(0, 0)).toEqual({ error: '#DIV/0!' });
  });
});

describe('row-invariant aggregates are computed once', () => {
  it('gives the same values with and without hoisting, in linear time', () => {
    const n = 20000;
    const grid: (CellValue | undefined)[][] = [['id', 'w', 'q', 'share']];
    for (let i = 1; i <= n; i++)
      grid.push([i, i % 7, (i % 3) + 1, `=A${i + 1}/SUMPRODUCT($B$2:$B$${n + 1},$C$2:$C$${n + 1})`]);
    const v = evalGrid(grid);
    let total = 0;
    for (let i = 1; i <= n; i++) total += (i % 7) * ((i % 3) + 1);
    expect(v(1, 3)).toBe(1 / total);
    expect(v(n, 3)).toBe(n / total);
    const small = grid
      .slice(0, 50)
      .map((r, i) => (i === 0 ? r : [r[0], r[1], r[2], `=A${i + 1}/SUMPRODUCT($B$2:$B$50,$C$2:$C$50)`]));
    const a = evalGrid(small);
    const b = evalGrid(small, { hoist: false });
    for (let r = 1; r < 50; r++) expect(a(r, 3)).toBe(b(r, 3));
  });
});
