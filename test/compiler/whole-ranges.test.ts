/**
 * Whole-column and whole-row ranges (src/compiler/lower/whole-ranges.ts): bounded by the sheet's used range for the
 * functions that read them exactly, each verified against the oracle (HyperFormula reading the whole column
 * itself); the other readers, a whole row that moves with the row, and the formula's own column refused by code.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];

/** Sheet1: Item (A), Qty (B), Out (C) from `template`; 'Retail Price': a price list with a header and a note. */
function book(template: string): WorkbookModel {
  const grid: Grid = [['Item', 'Qty', 'Out']];
  const items = ['pen', 'ink', 'pad', 'nib'];
  for (let r = 2; r <= 5; r++) grid.push([items[r - 2], r, template.replaceAll('{r}', String(r))]);
  return {
    sheets: [
      gridSheet('Sheet1', grid),
      gridSheet('Retail Price', [
        ['Item', 'Price'],
        ['pen', 1.5],
        ['ink', 4],
        ['pad', 2.25],
        ['nib', 0.5],
        [undefined, undefined],
        ['Prices in EUR', undefined],
      ]),
    ],
    definedNames: [],
    tables: [],
  };
}

const reasons = (r: ConversionResult) => (r.rejectedColumns ?? []).map((c) => `${c.reason}: ${c.detail}`);
const verified = (r: ConversionResult) =>
  r.valid &&
  (r.verification?.cellsChecked ?? 0) > 0 &&
  r.verification?.matched === r.verification?.cellsChecked;
const codes = (r: ConversionResult) => (r.rejectedColumns ?? []).map((c) => c.reason);

describe('whole columns and rows read up to the used range', () => {
  it.each([
    "=VLOOKUP(A{r},'Retail Price'!A:B,2,FALSE)*B{r}",
    "=INDEX('Retail Price'!B:B,MATCH(A{r},'Retail Price'!A:A,0))",
    "=MATCH(A{r},'Retail Price'!A:A,0)",
    "=B{r}/SUM('Retail Price'!B:B)",
    "=B{r}*MAX('Retail Price'!$2:$2)",
    "=B{r}+COUNTA('Retail Price'!A:A)",
    "=SUMIF('Retail Price'!A:A,A{r},'Retail Price'!B:B)",
    '=RANK(B{r},B:B)',
    '=B{r}/SUM(B:B)',
    '=LARGE(B:B,1)-B{r}',
  ])('%s compiles and matches the oracle', async (template) => {
    const r = await convertWorkbook(book(template), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
  });

  it.each([
    ["=COUNTIF('Retail Price'!A:A,A{r})", 'UNSUPPORTED_RANGE_SHAPE'],
    ["=INDEX('Retail Price'!B:B,B{r})", 'UNSUPPORTED_RANGE_SHAPE'],
    ["=VLOOKUP(B{r},'Retail Price'!B:B,1,TRUE)", 'UNSUPPORTED_LOOKUP_MODE'],
    ['=MATCH(A{r},A:A,0)', 'UNSUPPORTED_RANGE_SHAPE'],
    ['=COUNTA(A:A)+B{r}', 'UNSUPPORTED_RANGE_SHAPE'],
    ['=SUM(C:C)+B{r}', 'CIRCULAR_REFERENCE'],
    ["=B{r}*MAX('Retail Price'!{r}:{r})", 'CROSS_ROW_REFERENCE'],
    ['=SUM(A:B)+B{r}', 'UNSUPPORTED_RANGE_SHAPE'],
  ])('%s is refused with %s', async (template, code) => {
    const r = await convertWorkbook(book(template), {});
    expect(codes(r)).toEqual([code]);
  });

  it("refuses a table column whose sheet column holds a number outside the table's data rows", async () => {
    const wb = book('=B{r}/SUM(B:B)');
    wb.sheets[0]!.rows.get(7)?.set(1, { row: 7, col: 1, value: 100 });
    if (!wb.sheets[0]!.rows.has(7)) wb.sheets[0]!.rows.set(7, new Map([[1, { row: 7, col: 1, value: 100 }]]));
    const r = await convertWorkbook(wb, {});
    expect(codes(r)).toEqual(['UNSUPPORTED_RANGE_SHAPE']);
    expect(reasons(r)[0]).toContain('B8');
  });
});

describe('XLOOKUP of a key that may be blank', () => {
  /** Sheet1: Key (A, blank in row 3), Out (B); Sheet2: R keys with blanks, S values (ironcalc XLOOKUP.xlsx ExactMatch). */
  function keys(template: string): WorkbookModel {
    const grid: Grid = [['Key', 'Out']];
    for (const [r, k] of [
      [2, 3],
      [3, undefined],
      [4, 45],
    ] as const)
      grid.push([k, template.replaceAll('{r}', String(r))]);
    return {
      sheets: [
        gridSheet('Sheet1', grid),
        gridSheet('Sheet2', [
          [2, 'a'],
          [3, 'b'],
          [undefined, undefined],
          [undefined, 'q'],
          [45, 'qq'],
        ]),
      ],
      definedNames: [],
      tables: [],
    };
  }
  it.each([
    '=XLOOKUP(A{r},Sheet2!$A$1:$A$5,Sheet2!$B$1:$B$5,"none")',
    '=XLOOKUP(A{r},Sheet2!$A$1:$A$5,Sheet2!$B$1:$B$5,"none",0,-1)',
    '=XLOOKUP(A{r},Sheet2!A:A,Sheet2!B:B,"none")',
    '=XLOOKUP(A{r},Sheet2!A:A,Sheet2!B:B,"none",0,-1)',
    '=XLOOKUP(A{r},Sheet2!$A$1:$A$2,Sheet2!$B$1:$B$2,"none")',
  ])('%s: the first (or last) blank key cell, verified', async (template) => {
    const r = await convertWorkbook(keys(template), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
  });
});
