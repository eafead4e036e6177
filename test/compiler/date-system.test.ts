/** The date functions are lowered for the 1900 date system only: a 1904 workbook's date columns are refused. */
import { describe, expect, it } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

const book = (date1904: boolean): WorkbookModel => ({
  sheets: [
    gridSheet('Sheet1', [
      ['When', 'Year', 'Next'],
      [40558, '=YEAR(A2)', '=A2+1'],
      [40559, '=YEAR(A3)', '=A3+1'],
    ]),
  ],
  definedNames: [],
  tables: [],
  ...(date1904 ? { date1904 } : {}),
});

describe('date system', () => {
  it('lowers YEAR in a 1900 workbook', async () => {
    const r = await convertWorkbook(book(false), { verify: false });
    expect(r.rejectedColumns ?? []).toEqual([]);
  });
  it('refuses YEAR, not plain arithmetic, in a 1904 workbook', async () => {
    const r = await convertWorkbook(book(true), { verify: false });
    expect((r.rejectedColumns ?? []).map((c) => [c.column, c.reason])).toEqual([
      ['B', 'UNSUPPORTED_DATE_MODE'],
    ]);
  });
});
