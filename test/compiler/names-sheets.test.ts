/**
 * Defined names and references to other sheets: a name or another sheet's locked
 * cell is a labelled parameter, a locked range a lookup table, both verified against the oracle; a name
 * holding a formula, a dynamic range, another workbook, another sheet's rows and 3-D references are refused
 * by code.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { type DefinedName, gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];

/** Sheet1: Qty (A), Price (B), Zone (C), Out (D) from `template`; Settings: `Tax rate | 0.2`; Rates: a table. */
function book(template: string, definedNames: DefinedName[] = []): WorkbookModel {
  const grid: Grid = [['Qty', 'Price', 'Zone', 'Out']];
  const zones = ['a', 'b', 'c'];
  for (let r = 2; r <= 4; r++) grid.push([r, r * 1.5, zones[r - 2], template.replaceAll('{r}', String(r))]);
  return {
    sheets: [
      gridSheet('Sheet1', grid),
      gridSheet('Settings', [
        ['Setting', 'Value'],
        ['Tax rate', 0.2],
        [undefined, 'Discount'],
        [undefined, 5],
      ]),
      gridSheet('Rates', [
        ['Zone', 'Rate', 'Days'],
        ['a', 1, 3],
        ['b', 2, 5],
        ['c', 4, 9],
      ]),
    ],
    definedNames,
    tables: [],
  };
}

const derivation = (r: ConversionResult, path = '$.items[*].out') =>
  r.valid ? r.spec.derivations?.find((d) => d.path === path)?.expr : undefined;
const reasons = (r: ConversionResult) => (r.rejectedColumns ?? []).map((c) => c.reason);
/** Every derived cell was checked against the oracle and matched. */
const verified = (r: ConversionResult) =>
  r.valid &&
  (r.verification?.cellsChecked ?? 0) > 0 &&
  r.verification?.matched === r.verification?.cellsChecked;
const constants = (r: ConversionResult) => (r.valid ? r.spec.constants : undefined);

describe('parameters and lookup tables on another sheet', () => {
  it('a locked cell on another sheet is a constant named from its label, verified', async () => {
    const r = await convertWorkbook(book('=A{r}*B{r}*(1+Settings!$B$2)'), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(derivation(r)).toContain('$const.taxRate');
    expect(constants(r)).toEqual({ taxRate: 0.2 });
  });

  it('takes the label above when there is none to the left', async () => {
    const r = await convertWorkbook(book('=A{r}-Settings!$B$4'), {});
    expect(reasons(r)).toEqual([]);
    expect(constants(r)).toEqual({ discount: 5 });
  });

  it('a locked range on another sheet is a lookup table, verified', async () => {
    const r = await convertWorkbook(book('=VLOOKUP(C{r},Rates!$A$2:$C$4,2,FALSE)*A{r}'), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(derivation(r)).toMatch(/\$xlVlookupAt\(\$parent\.zone, \$\w+, 2\)/);
  });

  it("refuses another sheet's rows, 3-D references, unknown sheets and other workbooks", async () => {
    const cases: Array<[string, string]> = [
      ['=A{r}*Settings!B{r}', 'CROSS_SHEET_REFERENCE'],
      ['=SUM(Rates!B{r}:C{r})', 'CROSS_SHEET_REFERENCE'],
      ['=SUM(Settings:Rates!$B$2)', 'CROSS_SHEET_REFERENCE'],
      ['=A{r}*Nowhere!$B$2', 'CROSS_SHEET_REFERENCE'],
      ['=A{r}*[1]Settings!$B$2', 'EXTERNAL_REFERENCE'],
      ['=A{r}*Settings!$A$2', 'UNRESOLVED_REFERENCE'],
    ];
    for (const [formula, code] of cases) {
      const r = await convertWorkbook(book(formula), { verify: false });
      expect([formula, reasons(r)]).toEqual([formula, [code]]);
    }
  });
});

describe('defined names', () => {
  const names: DefinedName[] = [
    { name: 'TaxRate', ref: 'Settings!$B$2' },
    { name: 'RateTable', ref: 'Rates!$A$2:$C$4' },
    { name: 'Markup', ref: '0.08' },
    { name: 'Negative', ref: '-2' },
    { name: 'Local', ref: 'Settings!$B$4', sheet: 'Sheet1' },
    { name: 'Local', ref: 'Settings!$B$2' },
    { name: 'Twice', ref: 'Settings!$B$2*2' },
    { name: 'Dynamic', ref: 'OFFSET(Rates!$A$1,1,0,3,3)' },
    { name: 'Elsewhere', ref: '[1]Rates!$A$2:$C$4' },
    { name: '_xlnm.Print_Area', ref: 'Sheet1!$A$1:$D$4' },
  ];

  it('a name pointing at one cell is a constant named after the name, verified', async () => {
    const r = await convertWorkbook(book('=A{r}*B{r}*(1+TaxRate)', names), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(constants(r)).toEqual({ taxRate: 0.2 });
  });

  it('a name holding a number is a constant, verified', async () => {
    const r = await convertWorkbook(book('=A{r}*(1+Markup)+Negative', names), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(constants(r)).toEqual({ markup: 0.08, negative: -2 });
  });

  it('a name pointing at a range is a lookup table, verified', async () => {
    const r = await convertWorkbook(book('=VLOOKUP(C{r},RateTable,3,FALSE)', names), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(r.valid ? Object.keys(r.spec.library ?? {}).join() : '').not.toBe('');
  });

  it("a sheet's own name wins over the workbook's, verified", async () => {
    const r = await convertWorkbook(book('=A{r}+Local', names), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(constants(r)).toEqual({ local: 5 });
  });

  it('refuses a formula, a dynamic range, another workbook and an unknown name, naming it', async () => {
    const cases: Array<[string, string, string]> = [
      ['=A{r}*Twice', 'DEFINED_NAME', 'Twice'],
      ['=SUM(Dynamic)+A{r}', 'DEFINED_NAME', 'Dynamic'],
      ['=A{r}*Dynamic', 'DEFINED_NAME', 'Dynamic'],
      ['=VLOOKUP(C{r},Elsewhere,2,FALSE)', 'EXTERNAL_REFERENCE', 'Elsewhere'],
      ['=A{r}*Elsewhere', 'EXTERNAL_REFERENCE', 'Elsewhere'],
      ['=A{r}*Unknown', 'DEFINED_NAME', 'Unknown'],
      ['=A{r}*RateTable', 'UNSUPPORTED_RANGE_SHAPE', 'RateTable'],
    ];
    for (const [formula, code, named] of cases) {
      const r = await convertWorkbook(book(formula, names), { verify: false });
      expect([formula, reasons(r)]).toEqual([formula, [code]]);
      expect(r.rejectedColumns?.[0]?.detail).toContain(named);
    }
  });
});
