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
