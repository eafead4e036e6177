/**
 * The oracle's corrected HLOOKUP, MATCH, XLOOKUP and INDEX (src/oracle/excel/excel-lookups.ts): Excel's answers
 * (VLOOKUP's exact-match rules, Microsoft's pages), and the HyperFormula 3.5 answers each correction replaces.
 */
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

// A lookup table in A1:B6 and its row form in D1:I2.
const KEYS: CellValue[] = ['abc', 1, '1', 'é', 'E', true];
const VALUES: CellValue[] = ['lower', 'num1', 'text1', 'eacute', 'bigE', null];
const err = (e: string) => ({ error: e }) as CellValue;

function evaluate(formulas: string[], corrections?: []): CellValue[] {
  const grid: (CellValue | undefined)[][] = KEYS.map((k, i) => [k, VALUES[i]]);
  grid[0] = [...grid[0]!, undefined, ...KEYS];
  grid[1] = [...grid[1]!, undefined, ...VALUES];
  formulas.forEach((f, i) => {
    grid[i + 10] = [`=${f}`];
  });
  const wb: WorkbookModel = { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
  const o = evaluateWorkbook(wb, corrections ? { corrections } : {});
  return formulas.map((_, i) => o.get('S', i + 10, 0));
}

const CASES: Array<[string, CellValue]> = [
  ['MATCH("ABC",A1:A6,0)', 1],
  ['MATCH("e",A1:A6,0)', 5],
  ['MATCH("a?c",A1:A6,0)', 1],
  ['MATCH("1",A1:A6,0)', 3],
  ['MATCH(TRUE,A1:A6,0)', 6],
  ['MATCH("zz",A1:A6,0)', err('#N/A')],
  ['MATCH(1/0,A1:A6,0)', err('#DIV/0!')],
  ['HLOOKUP("e",D1:I2,2,FALSE)', 'bigE'],
  ['HLOOKUP("abc",D1:I2,3,FALSE)', err('#REF!')],
  ['XLOOKUP("e",A1:A6,B1:B6)', 'bigE'],
  ['XLOOKUP("a?c",A1:A6,B1:B6)', err('#N/A')],
  ['XLOOKUP("a?c",A1:A6,B1:B6,"nf",2)', 'lower'],
  ['XLOOKUP("zz",A1:A6,B1:B6,"nf")', 'nf'],
  ['XLOOKUP(TRUE,A1:A6,B1:B6)', 0],
  ['INDEX(A1:B6,2,2)', 'num1'],
  ['INDEX(A1:B6,7,1)', err('#REF!')],
  ['INDEX(A1:B6,-1,1)', err('#VALUE!')],
  ['INDEX(D1:I1,4)', 'é'],
  ['INDEX(B1:B6,MATCH("e",A1:A6,0))', 'bigE'],
  // An empty row_num is omitted ("If row_num is omitted, column_num is required": Microsoft's INDEX page).
  ['INDEX(D1:I1,,2)', 1],
  ['INDEX(D1:I1,,7)', err('#REF!')],
  // A range_lookup read from a cell or computed: its value picks the mode (A2 is 1; B1 is text).
  ['VLOOKUP("e",A1:B6,2,A2-1)', 'bigE'],
  ['VLOOKUP("abc",A1:A6,2,A2-1)', err('#REF!')],
  ['VLOOKUP(1,A2:B2,2,A2)', 'num1'],
  ['HLOOKUP("e",D1:I2,2,A2-1)', 'bigE'],
  ['VLOOKUP(1,A2:B2,2,B1)', err('#ERROR!')],
  ['VLOOKUP(1,A2:B2,2,-A2)', 'num1'],
  ['VLOOKUP(1,A2:B2,3,-(A2-1))', err('#REF!')],
];

describe('the oracle gives Excel\u2019s lookups', () => {
  const got = evaluate(CASES.map(([f]) => f));
  it.each(CASES.map(([f, want], i) => [f, want, i] as const))('=%s → %j', (_f, want, i) => {
    expect(got[i]).toEqual(want);
  });
});

describe('HyperFormula alone differs (the gap each correction closes)', () => {
  it.each([
    ['MATCH("e",A1:A6,0)', 4],
    ['MATCH("a?c",A1:A6,0)', err('#N/A')],
    ['XLOOKUP("e",A1:A6,B1:B6)', 'eacute'],
    ['HLOOKUP("e",D1:I2,2,FALSE)', 'eacute'],
    ['INDEX(A1:B6,7,1)', err('#NUM!')],
  ] as Array<[string, CellValue]>)('=%s is %j in HyperFormula 3.5', (f, hf) => {
    expect(evaluate([f], [])[0]).toEqual(hf);
  });
});

describe('an error cell in a one-cell lookup table', () => {
  it('is skipped as an error cell of a larger table is, not given back (HyperFormula passes a one-cell range as its value)', () => {
    const grid = [
      [{ error: '#NAME?' }, '=VLOOKUP(0,A1:A1,1,0)', '=VLOOKUP(0,A1:A1,NA(),0)', '=VLOOKUP(0,A1:A2,1,0)'],
      [null, '=VLOOKUP(,A1:A1,3,0)'],
    ];
    const o = evaluateWorkbook({
      sheets: [gridSheet('S', grid as CellValue[][])],
      definedNames: [],
      tables: [],
    });
    expect([1, 2, 3].map((c) => o.get('S', 0, c))).toEqual([err('#N/A'), err('#N/A'), err('#N/A')]);
    // An empty key, as a blank one: not established.
    expect(o.get('S', 1, 1)).toEqual(err('#ERROR!'));
  });
});
