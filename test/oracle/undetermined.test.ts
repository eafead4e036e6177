/**
 * The oracle's answers found by differential fuzzing: where Excel's rule is documented the oracle
 * follows it; where it is not, the oracle gives `#ERROR!` (undetermined), so verification falls back to
 * Excel's saved value or refuses. Each formula here is one the fuzzer found the two sides disagreeing on.
 */
import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/workbook/values.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { excelTextToNumber } from '../../src/oracle/excel/excel-values.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';

const UNKNOWN = { error: '#ERROR!' } as unknown as CellValue;

// Inputs in A..E of each row; the formula in F.
const CASES: Array<[string, CellValue[], CellValue]> = [
  // Text order outside ASCII letters and digits is Excel's collation, not published.
  ['=A1<=B1', ['😀a', 'trail', null, null, null], UNKNOWN],
  ['=A1<=B1', ['0x1a', '\\j', null, null, null], UNKNOWN],
  ['=A1<B1', ['abc', 'ABD', null, null, null], true],
  ['=A1<B1', ['ab', 'abc', null, null, null], true],
  ['=A1="A"', ['a', null, null, null, null], true],
  ['=A1<B1', [1, 'a', null, null, null], true], // numbers before text
  // Equal at 15 digits, unequal as doubles.
  ['=0.1+0.2=0.3', [null, null, null, null, null], UNKNOWN],
  ['=A1=A1', [0.1, null, null, null, null], true],
  // A cancellation to a tiny residue: Excel may adjust it to 0 (KB 78113).
  ['=0.5-0.4-0.1', [null, null, null, null, null], UNKNOWN],
  ['=1.5-0.5-1', [null, null, null, null, null], 0],
  // SUM/AVERAGE: two summation orders that differ.
  ['=AVERAGE(A1:B1,A1:C1)', [-0.80186, false, -0.007, null, null], UNKNOWN],
  ['=SUM(A1:C1,5)', [1, 'x', 2, null, null], 8],
  ['=AVERAGE(A1,+"")', [1, null, null, null, null], { error: '#VALUE!' }],
  // A criterion or a criteria cell that is itself undetermined leaves the count undetermined (fuzz seed 11:
  // TEXT("1 2","0") is undetermined, and COUNTIF counted it as an error criterion matching nothing).
  ['=COUNTIF(A1:A1,TEXT("1 2","0"))', [null, null, null, null, null], UNKNOWN],
  ['=COUNTIF(A1:B1,">0")', [1, null, null, null, null], 1],
  ['=SUMIF(B1:C1,1,A1:B1)', [1, 1, null, null, null], 1],
  // fuzz seed 855337477: criteria read numeric text as Excel does (15 digits kept, nothing from 1e308 up): the
  // oracle read "1.7976931348623157e+308" with Number() as the largest double, a match for 1, where Excel
  // keeps 1.79769313486232E+308, no number; the compiler calls that reading not established. Under an order
  // numeric text is never counted (corpus ironcalc COUNTIF.xlsx Columns!G3: "23" not < 100); text that may be
  // a number without being one Excel reads is not established there too.
  ['=COUNTIF(A1:A1,1)', ['1.7976931348623157e+308', null, null, null, null], UNKNOWN],
  ['=MAXIFS(A1:B1,A1:B1,">1")', ['1.7976931348623157e+308', '2.675', null, null, null], UNKNOWN],
  ['=MAXIFS(A1:B1,A1:B1,">1")', ['2.675', null, null, null, null], 0],
  ['=COUNTIF(A1:A1,">1")', ['2.675', null, null, null, null], 0],
  ['=COUNTIF(A1:A1,2.675)', ['2.675', null, null, null, null], 1],
  ['=COUNTIF(A1:A1,"1234567890123450")', ['1234567890123456', null, null, null, null], 1],
  // SUBTOTAL adds like SUM and AVERAGE (fuzz seed 11: SUBTOTAL(1,A1:C1,A1:C1)).
  ['=SUBTOTAL(1,A1:C1,A1:C1)', [0.1, 0.1, 0.1, null, null], UNKNOWN],
  // fuzz seed 20261267: SWITCH's picked cell text in MAX (read as written text, or ignored as a cell's?).
  ['=MAX(SWITCH(A1,0,FALSE,D1),A1:A1)', [59, null, null, '9007199254740993', null], UNKNOWN],
  ['=MAX(SWITCH(A1,59,D1),1)', [59, null, null, 7, null], 7],
  // fuzz seed 53: XLOOKUP's if_not_found a blank cell, in AVERAGE (a blank reference ignored, or a 0?).
  ['=AVERAGE(A1:B1,XLOOKUP(0,A1:A1,A1:A1,A1,0,1))', [null, 1, null, null, null], UNKNOWN],
  ['=AVERAGE(B1,XLOOKUP(1,B1:B1,B1:B1))', [null, 1, null, null, null], 1],
  // fuzz seed 20261275/20261296: an exact-match key past 255 characters (#VALUE! for MATCH/VLOOKUP, said not
  // to be for XLOOKUP; no saved cell shows either).
  ['=XLOOKUP(REPT("a",256),A1:A1,A1:A1,"none")', ['a', null, null, null, null], UNKNOWN],
  ['=MATCH(REPT("a",256),A1:A1,0)', ['a', null, null, null, null], UNKNOWN],
  ['=MATCH(REPT("a",255),A1:A1,0)', ['a', null, null, null, null], { error: '#N/A' }],
  // COUNT must not hide an undetermined text.
  ['=COUNT("1 2",1)', [null, null, null, null, null], UNKNOWN],
  ['=COUNT("1,000",TRUE,"x",A1:B1)', [1, '2', null, null, null], 3],
  // `+A1` is a value: its text is read like `+` reads it (15 digits).
  ['=MAX(+A1)', ['9007199254740993', null, null, null, null], 9007199254740990],
  // ROUND past the 15th digit of a number that is not its own 15-digit decimal.
  ['=ROUND(A1,100)', [1.4999999999999998, null, null, null, null], UNKNOWN],
  ['=ROUND(A1,100)', [1.5, null, null, null, null], 1.5],
  // 14 digits past E±98: from the double or from its 15 digits.
  ['=TRIM(A1)', [-4.12308019704445e-270, null, null, null, null], UNKNOWN],
  // A count between -1 and 0: truncated first or refused?
  ['=LEFT("ab",-0.5)', [null, null, null, null, null], UNKNOWN],
  // A parenthesised reference is still a reference: text and booleans ignored.
  ['=MIN((A1),5)', [true, null, null, null, null], 5],
  ['=MAX((A1))', [' ', null, null, null, null], 0],
  // A blank reached through `+` in OR/AND: skipped or FALSE?
  ['=OR(+A1)', [null, null, null, null, null], UNKNOWN],
  // A subnormal result: Excel is believed to flush it to 0.
  ['=A1*0.125', [1e-307, null, null, null, null], UNKNOWN],
  // Microsoft's "Calculation operators and precedence" examples.
  ['=1+"$4.00"', [null, null, null, null, null], 5],
  ['="6/1/2001"-"5/1/2001"', [null, null, null, null, null], 31],
];

describe('oracle: fuzz findings, determined and undetermined', () => {
  // References in each formula point at its own row.
  const grid = CASES.map(([f, inputs], row) => [
    ...inputs.map(() => undefined),
    f.replace(/\b([A-E])1\b/g, `$1${row + 1}`),
  ]);
  const sheet = gridSheet('S', grid);
  CASES.forEach(([, inputs], row) => {
    inputs.forEach((value, col) => {
      if (value !== null) sheet.rows.get(row)?.set(col, { row, col, value });
    });
  });
  const wb: WorkbookModel = { sheets: [sheet], definedNames: [], tables: [] };
  const values = evaluateWorkbook(wb);
  CASES.forEach(([f, inputs, expected], row) => {
    it(`${f} with ${JSON.stringify(inputs.filter((v) => v !== null))}`, () => {
      const got = values.get('S', row, 5);
      if (expected !== null && typeof expected === 'object') expect(got).toMatchObject(expected);
      else expect(got).toBe(expected);
    });
  });

  it('reads text as en-US Excel: 15 significant digits kept, under 1E308, `%` only where both readings agree', () => {
    expect(excelTextToNumber('1234567890123456789')).toBe(1234567890123450000);
    expect(excelTextToNumber('1e308')).toBe('value');
    expect(excelTextToNumber('9.99999999999999e307')).toBe(9.99999999999999e307);
    expect(excelTextToNumber('50%')).toBe(0.5);
    expect(excelTextToNumber('0.07%')).toBe('unknown');
  });
});
