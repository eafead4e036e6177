import { describe, expect, it } from 'vitest';
import type { RecognisedTable } from '../../src/compiler/recognise/recognised.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import type { CellValue } from '../../src/workbook/values.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { gridSheet } from '../../src/workbook/model.js';

type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;
const book = (...sheets: Array<[string, Grid]>): WorkbookModel => ({
  sheets: sheets.map(([n, g]) => gridSheet(n, g)),
  definedNames: [],
  tables: [],
});
const ok = (r: ReturnType<typeof recogniseTable>): RecognisedTable => {
  if (isRecogniseFailure(r)) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};

describe('recogniseTable', () => {
  it('finds a plain header row and the rows down to the first empty row', () => {
    const t = ok(
      recogniseTable(
        book([
          'Sheet1',
          [['Item', 'Price', 'Qty', 'Total'], ['a', 1, 2, '=B2*C2'], ['b', 3, 4, '=B3*C3'], [], ['stray', 9]],
        ]),
      ),
    );
    expect(t).toMatchObject({ headerRow: 0, firstDataRow: 1, lastDataRow: 2 });
    expect(t.columns.map((c) => [c.letter, c.field])).toEqual([
      ['A', 'item'],
      ['B', 'price'],
      ['C', 'qty'],
      ['D', 'total'],
    ]);
    expect(t.summary).toBeUndefined();
  });

  it('skips title rows with a warning', () => {
    const t = ok(
      recogniseTable(book(['S', [['Quarterly orders'], [], ['Orders 2024'], ['Item', 'Price'], ['a', 1]]])),
    );
    expect(t.headerRow).toBe(3);
    expect(t.warnings.map((w) => w.code)).toEqual(['TITLE_ROWS_SKIPPED']);
  });

  it('ignores a labelled parameter cell in the header row', () => {
    const t = ok(
      recogniseTable(
        book([
          'S',
          [
            ['Net', 'Gross', undefined, 'Tax rate', 0.2],
            [10, '=A2*(1+$E$1)'],
          ],
        ]),
      ),
    );
    expect(t.headerRow).toBe(0);
    expect(t.columns.map((c) => c.header)).toEqual(['Net', 'Gross']);
  });

  it('treats a row of whole-column aggregates below the data as a summary row', () => {
    const t = ok(
      recogniseTable(
        book([
          'S',
          [
            ['Item', 'Amount'],
            ['a', 1],
            ['b', 2],
            ['Total', '=SUM(B2:B3)'],
          ],
        ]),
      ),
    );
    expect(t.lastDataRow).toBe(2);
    expect(t.summary).toMatchObject({ row: 3, cells: [{ col: 1, fn: 'SUM', target: 1 }] });
  });

  it('keeps a last row whose formula is not a whole-column aggregate as data', () => {
    const t = ok(
      recogniseTable(
        book([
          'S',
          [
            ['Item', 'Amount'],
            ['a', 1],
            ['b', 2],
            ['c', '=SUM(B2:B2)'],
          ],
        ]),
      ),
    );
    expect(t.lastDataRow).toBe(3);
    expect(t.summary).toBeUndefined();
  });

  it('reads the named sheet, and refuses an unknown one', () => {
    const wb = book(['First', [['A'], [1]]], ['Second', [['B'], [2]]]);
    expect(ok(recogniseTable(wb, { sheet: 'second' })).sheet.name).toBe('Second');
    expect(recogniseTable(wb, { sheet: 'Nope' })).toMatchObject({ reason: 'SHEET_NOT_FOUND' });
  });

  it('skips hidden sheets by default', () => {
    const wb = book(['Hidden', [['A'], [1]]], ['Shown', [['B'], [2]]]);
    wb.sheets[0].state = 'hidden';
    expect(ok(recogniseTable(wb)).sheet.name).toBe('Shown');
  });

  it('says NO_TABLE when no header row has data under it', () => {
    expect(
      recogniseTable(
        book([
          'S',
          [
            [1, 2],
            [3, 4],
          ],
        ]),
      ),
    ).toMatchObject({ reason: 'NO_TABLE' });
    expect(recogniseTable(book(['S', [['Only', 'headers']]]))).toMatchObject({ reason: 'NO_TABLE' });
    expect(recogniseTable(book(['S', []]))).toMatchObject({ reason: 'NO_TABLE' });
  });

  it('enforces the row and column limits', () => {
    const rows: CellValue[][] = [['A', 'B']];
    for (let i = 0; i < 11; i++) rows.push([i, i]);
    expect(recogniseTable(book(['S', rows]), { maxRows: 10 })).toMatchObject({ reason: 'TOO_MANY_ROWS' });
    expect(ok(recogniseTable(book(['S', rows]), { maxRows: 11 })).lastDataRow).toBe(11);
    expect(recogniseTable(book(['S', rows]), { maxColumns: 1 })).toMatchObject({
      reason: 'TOO_MANY_COLUMNS',
    });
  });
});
