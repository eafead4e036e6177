/**
 * A parenthesised reference stays a reference: `COUNTA((C1))` reads C1 as COUNTA reads a reference, not as a
 * value typed in. [MS-XLS] 2.2.2.4 PtgParen: parentheses are kept for display only, the operand is unchanged;
 * Microsoft's AREAS page uses `AREAS((B2:D4,E5,F6:I9))`; the corpus: poi 61063.xlsx Tabelle1!A4
 * `RANK(A1,(B1,B2,B3),1)` saved 2 (RANK takes only a reference there). Each call with parentheses is compared
 * with the same call without them, by the lowering and by the oracle.
 */
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

/** A1 numeric text, B1 TRUE, C1 blank, C2 3, D1 "": the kinds a reference and a value read apart. */
const CELLS: Record<string, CellValue> = { A1: '5', B1: true, C2: 3, D1: '' };

const PAIRS: readonly [string, string][] = [
  ['COUNTA((C1))', 'COUNTA(C1)'],
  ['COUNTA(((C1)))', 'COUNTA(C1)'],
  ['COUNTA( (C1) ,1)', 'COUNTA(C1,1)'],
  ['SUM((A1))', 'SUM(A1)'],
  ['SUM((B1),1)', 'SUM(B1,1)'],
  ['COUNT((A1),(B1))', 'COUNT(A1,B1)'],
  ['AVERAGE((A1),2)', 'AVERAGE(A1,2)'],
  ['ISBLANK((C1))', 'ISBLANK(C1)'],
  ['COUNTBLANK((C1:C3))', 'COUNTBLANK(C1:C3)'],
  ['COUNTA((C1:D1))', 'COUNTA(C1:D1)'],
  ['OR((A1),TRUE)', 'OR(A1,TRUE)'],
  ['IF(TRUE,COUNTA((C1)))', 'IF(TRUE,COUNTA(C1))'],
];

function oracle(formulas: readonly string[]): CellValue[] {
  const grid = formulas.map((f, row) => [
    ...(row === 0
      ? ['5', true, undefined, '']
      : [undefined, undefined, row === 1 ? 3 : undefined, undefined]),
    `=${f}`,
  ]);
  const sheet = gridSheet('S', grid as CellValue[][]);
  const values = evaluateWorkbook({ sheets: [sheet], definedNames: [], tables: [] });
  return formulas.map((_, row) => values.get('S', row, 4));
}

describe('a parenthesised reference stays a reference', () => {
  // Each formula on its own row: its references anchored to rows 1 and 2.
  const anchored = (f: string) => f.replace(/\b([A-D])([123])\b/g, '$1$$$2');
  const got = oracle(PAIRS.map(([f]) => anchored(f)));
  const want = oracle(PAIRS.map(([, f]) => anchored(f)));
  it.each(PAIRS.map((p, i) => [...p, i] as const))('oracle: %s as %s', (_, __, i) => {
    expect(got[i]).toEqual(want[i]);
  });
  it.each(PAIRS)('lowering: %s as %s', async (withParens, without) => {
    const a = await translateFormula(`=${withParens}`, CELLS);
    const b = await translateFormula(`=${without}`, CELLS);
    const outcome = (r: typeof a) =>
      'error' in r ? r.error.code : { value: r.value, notEstablished: r.notEstablished };
    expect('error' in b, without).toBe(false);
    expect(outcome(a)).toEqual(outcome(b));
  });
});
