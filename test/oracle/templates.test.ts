/** Formula templates in the oracle (src/oracle/engine/templates.ts); every fixture workbook: templates.full.test.ts. */
import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/workbook/values.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { TemplateIndex } from '../../src/oracle/engine/templates.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { ALL_CORRECTIONS } from '../../src/oracle/excel/registry.js';
import { expectSameWithAndWithout } from './templates-compare.js';

function column(rows: number, f: (r: number) => string, extra: (r: number) => CellValue[] = () => []) {
  return Array.from({ length: rows }, (_, i) => [i + 1, (i * 7) % 5, ...extra(i + 1), `=${f(i + 1)}`]);
}

describe('formula templates in the oracle', () => {
  it('match a filled column and only cells that are exact shifts of the template', () => {
    const index = new TemplateIndex(new Set(ALL_CORRECTIONS));
    const t = index.match('A2*B2', 1, 2);
    expect(t).toBeDefined();
    expect(index.match('A3*B3', 2, 2)).toBe(t);
    expect(index.match('A3*B4', 2, 2)).not.toBe(t); // same shape, not a shift
    expect(index.match('"A1"&A2', 1, 3)).toBeDefined();
    expect(index.match('"A2"&A3', 2, 3)?.row).toBe(2); // the literal is not shifted: a template of its own
  });

  it('refuse a template whose aggregate call moves with the cell', () => {
    const index = new TemplateIndex(new Set(ALL_CORRECTIONS));
    const t = index.match('SUM($A$2:A2)', 1, 2);
    expect(t?.fixedRows).toBe(false);
    expect(index.match('SUM($A$2:A3)', 2, 2)).toBeUndefined();
    const whole = index.match('A2/SUM(A:A)', 1, 3);
    expect(whole?.fixedRows).toBe(true);
    expect(whole?.fixedCols).toBe(false);
    expect(index.match('A3/SUM(A:A)', 2, 3)).toBe(whole);
    // The next column is another shape: a template of its own, not the moved first one.
    expect(index.match('B3/SUM(B:B)', 2, 4)?.col).toBe(4);
  });

  it('give the per-cell values on hoisted, running, whole-column and literal-bearing columns', () => {
    const n = 40;
    const grid: CellValue[][] = Array.from({ length: n }, (_, i) => {
      const r = i + 1;
      return [
        r,
        (r * 7) % 5,
        `=A${r}/SUMPRODUCT($A$1:$A$${n},$B$1:$B$${n})`, // hoisted, fixed
        `=SUM($A$1:A${r})`, // running total: its call moves
        `=SUM($A$1:A${r})+SUM($A$1:A${r})`, // the moving call repeats within the cell
        `=A${r}/SUM(A:A)`, // whole column: fixed vertically
        `=B${r}/SUM(B:B)`,
        `="A1"&A${r}&ROUND(A${r}/3,2)`, // a reference-looking literal stays
        `=A${r}*1.0${r % 10}`, // a literal that differs by row: many shapes
        `=IF(A${r}>${n / 2},A${r + 1},#REF!)`,
        `=INT(-A${r}/7)&"x"`,
      ];
    });
    grid.push(['=SUM($A$1:A3)', '=SUM(A:A)', `=SUMPRODUCT($A$1:$A$${n},$B$1:$B$${n})`]);
    const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
    expect(expectSameWithAndWithout(wb)).toBe(n * 11 + 3);
  });

  it('keep the column values when the column is read from a file with shared formulas', () => {
    const wb: WorkbookModel = {
      sheets: [
        gridSheet(
          'S',
          column(30, (r) => `ROUND(A${r}*B${r}/SUM($A$1:$A$30),3)&"|"&UPPER("x"&B${r})`),
        ),
      ],
      definedNames: [],
      tables: [],
    };
    expectSameWithAndWithout(wb);
    const o = evaluateWorkbook(wb);
    // Row 5: A5 = 5, B5 = 3; ROUND(15/465, 3) = 0.032.
    expect(o.get('S', 4, 2)).toBe('0.032|X3');
  });
});
