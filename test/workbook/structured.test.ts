import { describe, expect, it } from 'vitest';
import { prepareA1Twin, tableBoxes } from '../../src/workbook/formula/index.js';
import type { TableModel } from '../../src/workbook/model.js';

// Orders on Sheet1!B2:E7: header row 2, data rows 3-6, totals row 7.
const orders: TableModel = {
  name: 'Orders',
  sheet: 'Sheet1',
  ref: 'B2:E7',
  columns: ['Item', 'Qty', 'Unit Price', 'Amount'],
  headerRowCount: 1,
  totalsRowCount: 1,
};
const tables = tableBoxes([
  orders,
  { name: 'Rates', sheet: 'Other Sheet', ref: 'A1:B3', columns: ['K', 'V'] },
]);
const at = { sheet: 'Sheet1', row: 3, col: 4 }; // E4

function twin(formula: string, where = at): string {
  const r = prepareA1Twin(formula, tables)(where);
  return 'text' in r ? r.text : `refused: ${r.reason}`;
}

describe('structured references → A1 twins', () => {
  it.each([
    ['[@Qty]*[@[Unit Price]]', '$C4*$D4'],
    ['Orders[@Qty]', '$C4'],
    ['Orders[[#This Row],[Qty]]', '$C4'],
    ['orders[[#this row],[qty]]', '$C4'],
    ['SUM([@[Qty]:[Unit Price]])', 'SUM($C4:$D4)'],
    ['[@Qty]/SUM(Orders[Qty])', '$C4/SUM($C$3:$C$6)'],
    ['Orders[[#Data],[Amount]]', '$E$3:$E$6'],
    ['Orders[[#Totals],[Amount]]', '$E$7'],
    ['Orders[#Totals]', '$B$7:$E$7'],
    ['Orders[#Headers]', '$B$2:$E$2'],
    ['Orders[[#All],[Qty]]', '$C$2:$C$7'],
    ['Orders[[#Headers],[#Data],[Qty]]', '$C$2:$C$6'],
    ['Orders[]', '$B$3:$E$6'],
    ['VLOOKUP(1,Rates[],2,FALSE)', "VLOOKUP(1,'Other Sheet'!$A$2:$B$3,2,FALSE)"],
    ['"[@Qty]"&B4', '"[@Qty]"&B4'],
  ])('%s → %s', (formula, expected) => {
    expect(twin(formula)).toBe(expected);
  });

  it('refuses what has no twin, naming it', () => {
    expect(twin('Nope[Qty]')).toMatch(/no table named Nope/);
    expect(twin('Orders[Nope]')).toMatch(/no column "Nope"/);
    expect(twin('[@Qty]', { sheet: 'Sheet1', row: 6, col: 4 })).toMatch(/outside the data rows/);
    expect(twin('[@Qty]', { sheet: 'Sheet1', row: 20, col: 4 })).toMatch(/outside any table/);
    expect(twin('Rates[#Totals]')).toMatch(/no such row/);
    // Not a structured reference to the parser (Excel rejects it too): left as written.
    expect(twin('Orders[[#Headers],[#Totals]]')).toBe('Orders[[#Headers],[#Totals]]');
  });

  it('moves the this-row twin with the row', () => {
    const p = prepareA1Twin('[@Qty]*2', tables);
    expect(p({ sheet: 'Sheet1', row: 2, col: 4 })).toEqual({ text: '$C3*2' });
    expect(p({ sheet: 'Sheet1', row: 5, col: 4 })).toEqual({ text: '$C6*2' });
  });
});
