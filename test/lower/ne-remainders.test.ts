/**
 * Cases whose Excel answer no saved corpus cell and no Microsoft page shows: the lowering emits the
 * not-established value and the oracle leaves the cell undetermined (`#ERROR!`), never an answer. The corpus
 * holds no SEARCH with a trailing `~` other than a lone one, no CODE call, no WEEKDAY or WEEKNUM call, no EDATE
 * with a logical argument, no EOMONTH with a logical start or a logical typed in, and no AND/OR/XOR of a
 * computed "". Beside them, the answers a saved cell does show stay answers.
 */
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

/** A1 TRUE, B1 blank, C1 1.5, D1 FALSE. */
const CELLS: Record<string, CellValue> = { A1: true, C1: 1.5, D1: false };

const NOT_ESTABLISHED: readonly string[] = [
  'SEARCH("a~","xa~b")',
  'SEARCH(B1&"b~","ab~")',
  'CODE("Ω")',
  'CODE("😀")',
  'CODE("")',
  'CODE(B1)',
  'EDATE(A1,1)',
  'EOMONTH(A1,1)',
  'EDATE(45301,A1)',
  'EDATE(45301,D1)',
  'WEEKNUM(A1)',
  'WEEKNUM(45301,A1)',
  'WEEKDAY(45301,A1)',
  'WEEKDAY(45301,C1)',
  'WEEKNUM(45301,C1)',
  'AND(B1&"",TRUE)',
  'OR(B1&"",FALSE)',
  'XOR(B1&"",TRUE)',
];

/** Answers a saved cell shows, next to the cases above: they stay answers. */
const ESTABLISHED: readonly [string, CellValue][] = [
  // ironcalc TEXT/FIND_SEARCH.xlsx E29: SEARCH("~","Hi ~Bang!") saved 1.
  ['SEARCH("~","Hi ~Bang!")', 1],
  // ironcalc DATE_AND_TIME/EOMONTH.xlsx C11: EOMONTH(A11,B11) with B11 TRUE saved #VALUE!.
  ['EOMONTH(45301,A1)', { error: '#VALUE!' }],
  // ironcalc LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C53: OR("", FALSE) saved FALSE.
  ['OR("",FALSE)', false],
];

function oracle(formulas: readonly string[]): CellValue[] {
  const grid = formulas.map((f, row) => [
    ...(row === 0 ? [true, undefined, 1.5, false] : [undefined, undefined, undefined, undefined]),
    `=${f.replace(/\b([A-D])1\b/g, '$1$$1')}`,
  ]);
  const values = evaluateWorkbook({
    sheets: [gridSheet('S', grid as CellValue[][])],
    definedNames: [],
    tables: [],
  });
  return formulas.map((_, row) => values.get('S', row, 4));
}

describe('not established on both sides', () => {
  const got = oracle(NOT_ESTABLISHED);
  it.each(NOT_ESTABLISHED.map((f, i) => [f, i] as const))('%s', async (f, i) => {
    const r = await translateFormula(`=${f}`, CELLS);
    if ('error' in r) throw new Error(`${f} refused: ${r.error.code}`);
    expect(r.notEstablished, `lowering ${f} gave ${JSON.stringify(r.value)}`).toBeDefined();
    expect(got[i], `oracle ${f}`).toEqual({ error: '#ERROR!' });
  });
});

describe('the answers a saved cell shows stay answers', () => {
  const got = oracle(ESTABLISHED.map(([f]) => f));
  it.each(ESTABLISHED.map(([f, want], i) => [f, want, i] as const))('%s', async (f, want, i) => {
    const r = await translateFormula(`=${f}`, CELLS);
    expect('error' in r ? r.error.code : r.value).toEqual(want);
    expect(got[i]).toEqual(want);
  });
});
