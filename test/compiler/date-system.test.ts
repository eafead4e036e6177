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

describe('x-excel-format', () => {
  const formatted = (formats: Array<string | undefined>): WorkbookModel => {
    const wb = book(false);
    const sheet = wb.sheets[0]!;
    formats.forEach((f, i) => {
      const cell = sheet.rows.get(i + 1)?.get(0);
      if (cell && f !== undefined) cell.numFmt = f;
    });
    return wb;
  };
  const fieldSchema = async (wb: WorkbookModel) => {
    const r = await convertWorkbook(wb, { verify: false });
    // biome-ignore lint/suspicious/noExplicitAny: reading into the generated JSON Schema.
    const schema = (r.valid ? r.spec.schema : undefined) as any;
    return schema.properties.items.items.properties.when;
  };
  it('carries a date column’s number format into its field', async () => {
    expect((await fieldSchema(formatted(['yyyy-mm-dd', 'yyyy-mm-dd'])))['x-excel-format']).toBe('yyyy-mm-dd');
  });
  it('leaves it out for mixed, missing or non-date formats', async () => {
    expect(await fieldSchema(formatted(['yyyy-mm-dd', 'm/d/yyyy']))).not.toHaveProperty('x-excel-format');
    expect(await fieldSchema(formatted(['yyyy-mm-dd', undefined]))).not.toHaveProperty('x-excel-format');
    expect(await fieldSchema(formatted(['0.00', '0.00']))).not.toHaveProperty('x-excel-format');
    expect(await fieldSchema(formatted(['"day "0', '"day "0']))).not.toHaveProperty('x-excel-format');
  });
});

describe('TEXT with a date code or a constant code cell', () => {
  const textBook = (date1904: boolean, formula: string, code: string | number): WorkbookModel => ({
    sheets: [
      gridSheet('Sheet1', [
        ['When', 'Shown', '', 'Code', code],
        [45000.5, formula.replace('#', '2')],
        [45001.25, formula.replace('#', '3')],
      ]),
    ],
    definedNames: [],
    tables: [],
    ...(date1904 ? { date1904 } : {}),
  });
  const rejected = async (wb: WorkbookModel) =>
    ((await convertWorkbook(wb, { verify: false })).rejectedColumns ?? []).map((c) => [c.column, c.reason]);
  it('lowers a date code in a 1900 workbook and refuses it in a 1904 one', async () => {
    expect(await rejected(textBook(false, '=TEXT(A#,"yyyy-mm-dd")', 'x'))).toEqual([]);
    expect(await rejected(textBook(true, '=TEXT(A#,"yyyy-mm-dd")', 'x'))).toEqual([
      ['B', 'UNSUPPORTED_DATE_MODE'],
    ]);
    expect(await rejected(textBook(true, '=TEXT(A#,"0.00")', 'x'))).toEqual([]);
    // A time-only or elapsed code needs no calendar: the same text in either date system.
    expect(await rejected(textBook(true, '=TEXT(A#,"hh:mm:ss")', 'x'))).toEqual([]);
    expect(await rejected(textBook(true, '=TEXT(A#,"[h]:mm")', 'x'))).toEqual([]);
  });
  it('reads the format code from a locked constant text cell, and refuses a number or blank one', async () => {
    const ok = await convertWorkbook(textBook(false, '=TEXT(A#,$E$1)', 'dd/mm/yyyy'), { verify: false });
    expect(ok.rejectedColumns ?? []).toEqual([]);
    expect(JSON.stringify(ok.valid ? ok.spec : {})).toContain('xlTextDate');
    expect(await rejected(textBook(false, '=TEXT(A#,$E$1)', 7))).toEqual([['B', 'UNSUPPORTED_CONSTRUCT']]);
    expect(await rejected(textBook(false, '=TEXT(A#,$E$1)', 'dd.mm.yy'))).toEqual([
      ['B', 'UNSUPPORTED_CONSTRUCT'],
    ]);
    expect(await rejected(textBook(false, '=TEXT(A#,$F$1)', 'dd/mm/yyyy'))).toEqual([
      ['B', 'UNSUPPORTED_CONSTRUCT'],
    ]);
  });
});
