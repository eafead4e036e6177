/** The oracle's SUBTOTAL reads its references as the function it names does (SSX.SUBTOTAL). */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

function evaluate(cells: (string | number | boolean)[], formulas: string[]) {
  const grid: (string | number | boolean | undefined)[][] = [cells, ...formulas.map((f) => [`=${f}`])];
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb);
  return formulas.map((_, i) => o.get('S', i + 1, 0));
}

describe('SUBTOTAL in the oracle', () => {
  it('leaves an order-dependent average or sum undetermined, as AVERAGE and SUM do', () => {
    // Found by `npm run fuzz -- --cases 20000 --seed 11`: HyperFormula added naively and disagreed with the
    // lowering on SUBTOTAL(1,A1:C1,A1:C1); Excel's order of the additions is not documented.
    const [sub, avg, sum9, sum] = evaluate(
      [0.1, 0.1, 0.1],
      ['SUBTOTAL(1,A1:C1,A1:C1)', 'AVERAGE(A1:C1,A1:C1)', 'SUBTOTAL(9,A1:C1,A1:C1)', 'SUM(A1:C1,A1:C1)'],
    );
    // Left to right 0.6, per argument 0.6000000000000001: the order decides.
    expect(avg).toEqual({ error: '#ERROR!' });
    expect(sub).toEqual(avg);
    expect(sum9).toEqual(sum);
  });

  it('reads numbers only inside references, per function number', () => {
    const got = evaluate(
      [1, 'x', true, 4, ''],
      [
        'SUBTOTAL(9,A1:E1)',
        'SUBTOTAL(109,A1:E1)',
        'SUBTOTAL(1,A1:E1)',
        'SUBTOTAL(2,A1:E1)',
        'SUBTOTAL(3,A1:E1)',
        'SUBTOTAL(4,A1:E1)',
        'SUBTOTAL(5,B1:C1)',
      ],
    );
    expect(got).toEqual([5, 5, 2.5, 2, 5, 4, 0]);
  });

  it('leaves out cells whose formula calls SUBTOTAL, also nested (=1+SUBTOTAL(…))', () => {
    // The shape of corpus excel/poi/59736.xlsx: A2 =SUBTOTAL(9,A1), A3 =SUBTOTAL(9,A1,A2) saved as 1.
    const grid = [[1], ['=SUBTOTAL(9,A1)'], ['=1+SUBTOTAL(9,A1)']];
    const formulas = [
      'SUBTOTAL(9,A1,A2)',
      'SUBTOTAL(9,A1:A3)',
      'SUBTOTAL(2,A2:A3)',
      'SUBTOTAL(3,A1:A3)',
      'SUBTOTAL(1,A2:A3)',
      'SUBTOTAL(4,A2:A3)',
      'SUM(A1:A3)',
    ];
    const wb: WorkbookModel = {
      sheets: [gridSheet('S', [...grid, ...formulas.map((f) => [`=${f}`])])],
      definedNames: [],
      tables: [],
    };
    const o = evaluateWorkbook(wb);
    const got = formulas.map((_, i) => o.get('S', i + 3, 0));
    expect(got).toEqual([1, 1, 0, 1, { error: '#DIV/0!' }, 0, 4]);
  });
});
