/**
 * References people write: a header cell or the header row read in a formula (constants of
 * the spec), MATCH over the row's own cells, and text and logical parameters on a Settings sheet; each verified
 * against the oracle, the labels and rows that are no values refused by code.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];

/** Sheet1: Item (A), DHL, UPS, FedEx (B:D), Min (E, a number), Out (F) from `template`; Settings. */
function book(template: string): WorkbookModel {
  const grid: Grid = [['Item', 'DHL', 'UPS', 'FedEx', 'Min', 'Out']];
  const rows: [string, number, number, number][] = [
    ['pen', 7, 5, 9],
    ['ink', 4, 6, 3],
    ['pad', 8, 8, 2],
  ];
  rows.forEach(([item, b, c, d], i) => {
    const r = i + 2;
    grid.push([item, b, c, d, Math.min(b, c, d), template.replaceAll('{r}', String(r))]);
  });
  return {
    sheets: [
      gridSheet('Sheet1', grid),
      gridSheet('Settings', [
        ['Currency', 'EUR'],
        ['Express', true],
        ['Tax rate', 0.2],
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
const constants = (r: ConversionResult) => (r.valid ? r.spec.constants : undefined);

describe('header cells, the header row and text or logical parameters', () => {
  it('picks a name from the header row by a MATCH over the row (the cheapest carrier), verified', async () => {
    const r = await convertWorkbook(book('=INDEX($B$1:$D$1,MATCH(E{r},B{r}:D{r},0))'), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
  });

  it('a header cell in a formula is a constant named from it, verified', async () => {
    const r = await convertWorkbook(book('=$E$1&": "&B{r}'), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(constants(r)).toEqual({ minHeader: 'Min' });
  });

  it('a text parameter and a logical one on another sheet, verified', async () => {
    const r = await convertWorkbook(book('=IF(Settings!$B$2,B{r}*2,B{r})&" "&Settings!$B$1'), {});
    expect(reasons(r)).toEqual([]);
    expect(verified(r)).toBe(true);
    expect(constants(r)).toEqual({ express: true, currency: 'EUR' });
  });

  it('a label is no parameter, a moving header cell none either', async () => {
    const label = await convertWorkbook(book('=B{r}&Settings!$A$3'), {});
    expect(reasons(label)).toEqual([
      expect.stringContaining('UNRESOLVED_REFERENCE: Settings!A3 is the label of'),
    ]);
    const moving = await convertWorkbook(book('=A1&A{r}'), {});
    expect((moving.rejectedColumns ?? []).map((c) => c.reason)).not.toEqual([]);
  });
});
