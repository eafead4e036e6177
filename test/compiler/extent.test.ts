import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecognisedTable } from '../../src/compiler/recognise/recognised.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convert } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { DefinedName, WorkbookModel } from '../../src/workbook/model.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

// docs/compiler.md "Blank rows and the table's extent" and "Several tables".
type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;
const book = (grid: Grid, definedNames: DefinedName[] = []): WorkbookModel => ({
  sheets: [gridSheet('Sheet1', grid)],
  definedNames,
  tables: [],
});
const ok = (r: ReturnType<typeof recogniseTable>): RecognisedTable => {
  if (isRecogniseFailure(r)) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};
const warning = (r: { warnings?: Array<{ code: string; message: string }> }, code: string) =>
  (r.warnings ?? []).find((w) => w.code === code);
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../fixtures', name)));
const valid = (r: ConversionResult) => {
  if (!r.valid) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};

const HEAD = ['Region', 'Units', 'Price', 'Revenue'];
const row = (r: number, region: CellValue, units: CellValue, price: CellValue) => [
  region,
  units,
  price,
  `=B${r}*C${r}`,
];

describe('blank rows inside the data', () => {
  it('takes the rows below blank rows that continue the columns; the blank rows are not items', () => {
    const t = ok(
      recogniseTable(
        book([HEAD, row(2, 'North', 1, 2), [], row(4, 'South', 3, 4), [], [], row(7, 'East', 5, 6)]),
      ),
    );
    expect(t).toMatchObject({ firstDataRow: 1, lastDataRow: 6, rows: [1, 3, 6] });
    expect(warning(t, 'ROWS_LEFT_OUT')).toBeUndefined();
  });

  it('a row of blank inputs with the formula filled through it is an item (Excel computes it from blanks)', async () => {
    const r = valid(
      await convertWorkbook(book([HEAD, row(2, 'North', 1, 2), [], [null, null, null, '=B4*C4']]), {}),
    );
    expect(r.verification?.matched).toBe(r.verification?.cellsChecked);
    expect(r.verification?.cellsChecked).toBe(2);
    expect(r.spec.tests?.[0]?.expect).toMatchObject({ '$.items[1].revenue': 0 });
  });

  it('verifies every item row, spec against oracle against the saved values (fixture blank-rows-inside)', async () => {
    const r = valid(await convert(fixture('blank-rows-inside.xlsx'), { filename: 'blank-rows-inside.xlsx' }));
    expect(r.rejectedColumns).toEqual([]);
    expect(r.warnings).toEqual([]);
    // Rows 2-4, 6-7, 10-11 are items (7 revenue cells), the two summary cells too; 5, 8, 9 are not.
    expect(r.verification?.cellsChecked).toBe(9);
    expect(r.verification?.matched).toBe(9);
    const seed = JSON.parse(r.spec.defaultValues?.[0]?.expr ?? '{}') as { items: unknown[] };
    expect(seed.items).toHaveLength(7);
    expect(r.spec.defaultValues?.[0]?.description).toContain('A2:D11 (blank rows 5, 8-9: not items)');
    expect(r.spec.tests?.[0]?.expect).toMatchObject({ '$.sumRevenue': 3087.5, '$.items[4].revenue': 0 });
  });

  it('keeps the summary row after the last block, or after one blank row', () => {
    const last = ok(
      recogniseTable(
        book([HEAD, row(2, 'a', 1, 2), [], row(4, 'b', 3, 4), ['Total', '=SUM(B2:B4)', null, '=SUM(D2:D4)']]),
      ),
    );
    expect(last).toMatchObject({ rows: [1, 3], summary: { row: 4 } });
    const after = ok(
      recogniseTable(book([HEAD, row(2, 'a', 1, 2), [], row(4, 'b', 3, 4), [], ['Total', '=SUM(B2:B4)']])),
    );
    expect(after).toMatchObject({ rows: [1, 3], summary: { row: 5 } });
    const under = ok(
      recogniseTable(book([HEAD, row(2, 'a', 1, 2), [], ['Total', '=SUM(B2:B2)'], [], row(6, 'b', 3, 4)])),
    );
    expect(under).toMatchObject({ rows: [1], summary: { row: 3 } });
    expect(warning(under, 'ROWS_LEFT_OUT')?.message).toBe(
      'The table ends at row 2: row 6 is below the summary row 4; rows below it hold data in its columns and are left out: 6',
    );
  });

  it('stops at a summary row: a block under it is left out, and the warning says why', () => {
    const t = ok(
      recogniseTable(book([HEAD, row(2, 'a', 1, 2), ['Total', '=SUM(B2:B2)'], [], row(5, 'b', 3, 4)])),
    );
    expect(t).toMatchObject({ rows: [1], summary: { row: 2 } });
    expect(warning(t, 'ROWS_LEFT_OUT')?.message).toContain('row 5 is below the summary row 3');
  });

  it('refuses a running balance over blank rows (the row above is blank in Excel)', async () => {
    const r = await convertWorkbook(
      book([['Amount', 'Balance'], [1, '=A2'], [2, '=B2+A3'], [], [3, '=B4+A5']]),
      {},
    );
    // Row 5's formula is =B4+A5 (the blank row above), so it continues the column: items 2, 3, 5.
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.reason).toBe('CROSS_ROW_REFERENCE');
  });

  it('refuses a whole-column range over blank rows (positions and blank counts would differ)', async () => {
    const r = await convertWorkbook(
      book([['Qty', 'Share'], [1, '=A2/SUM($A$2:$A$4)'], [], [3, '=A4/SUM($A$2:$A$4)']]),
      {},
    );
    expect(r.valid).toBe(false);
    if (!r.valid) {
      expect(r.reason).toBe('UNSUPPORTED_RANGE_SHAPE');
      expect(r.rejectedColumns?.[0]?.detail).toContain('blank row 3, not items');
    }
  });
});

describe('a table that ends early', () => {
  const cases: Array<[string, Grid, string]> = [
    ['notes (no formula)', [HEAD, row(2, 'a', 1, 2), [], ['Notes']], 'D4 does not hold the formula'],
    [
      'a different formula',
      [HEAD, row(2, 'a', 1, 2), [], ['b', 3, 4, '=B4+C4']],
      'D4 holds =B4+C4, not =B2*C2 filled down',
    ],
    [
      'text in a number column',
      [HEAD, row(2, 'a', 1, 2), [], row(4, 'b', 'x', 4)],
      'B4 holds text where column B holds numbers',
    ],
    [
      'a formula in a value column',
      [HEAD, row(2, 'a', 1, 2), [], row(4, 'b', '=1', 4)],
      'B4 holds a formula where column B holds values',
    ],
    [
      'a cell beside the columns',
      [HEAD, row(2, 'a', 1, 2), [], [...row(4, 'b', 3, 4), 'note']],
      'E4 lies outside the table',
    ],
  ];
  it.each(cases)('names the rows left out and why: %s', (_, grid, why) => {
    const t = ok(recogniseTable(book(grid)));
    expect(t.rows).toEqual([1]);
    const w = warning(t, 'ROWS_LEFT_OUT');
    expect(w?.message).toContain(`row 4 does not continue its columns (${why}`);
    expect(w?.message).toMatch(/left out: 4$/);
  });

  it('a labelled parameter below the table is a side cell, not a row left out', () => {
    const t = ok(
      recogniseTable(book([['Qty', 'Total'], [2, '=A2*$B$5'], [3, '=A3*$B$5'], [], ['Factor', 3]])),
    );
    expect(t.rows).toEqual([1, 2]);
    expect(warning(t, 'ROWS_LEFT_OUT')).toBeUndefined();
  });

  it('fixture table-ends-early: the notes are named, the four rows verified', async () => {
    const r = valid(await convert(fixture('table-ends-early.xlsx'), { filename: 'table-ends-early.xlsx' }));
    expect(r.verification?.cellsChecked).toBe(4);
    expect(warning(r, 'ROWS_LEFT_OUT')?.message).toBe(
      'The table ends at row 5: row 7 does not continue its columns (D7 does not hold the formula of column D); rows below it hold data in its columns and are left out: 7-9',
    );
  });
});

describe('a labelled parameter beside the header row', () => {
  const grid = (formula: (r: number) => string, side: CellValue[]): Grid => [
    ['Qty', 'Price', 'Total', null, ...side],
    [2, 3, formula(2)],
    [4, 5, formula(3)],
  ];
  const compiled = async (g: Grid, names: DefinedName[] = []) => {
    const t = ok(recogniseTable(book(g, names)));
    expect(t.headerRow).toBe(0);
    expect(t.columns.map((c) => c.header)).toEqual(['Qty', 'Price', 'Total']);
    const r = valid(await convertWorkbook(book(g, names), {}));
    expect(r.rejectedColumns).toEqual([]);
    expect(r.verification?.matched).toBe(2);
    return r.spec.constants;
  };

  it('read directly as a locked cell ($F$1)', async () => {
    expect(await compiled(grid((r) => `=A${r}*B${r}*(1+$F$1)`, ['Tax rate', 0.08]))).toEqual({
      taxRate: 0.08,
    });
  });

  it('reached through a defined name', async () => {
    const names = [{ name: 'Rate', ref: 'Sheet1!$F$1' }];
    expect(
      await compiled(
        grid((r) => `=A${r}*B${r}*(1+Rate)`, ['Tax rate', 0.08]),
        names,
      ),
    ).toEqual({
      rate: 0.08,
    });
  });

  it('a label and its value across a gap column', async () => {
    expect(await compiled(grid((r) => `=A${r}*B${r}+$G$1`, ['Shipping', null, 4.5]))).toEqual({
      shipping: 4.5,
    });
  });

  it('fixture parameter-beside-header: all three on one header row', async () => {
    const r = valid(
      await convert(fixture('parameter-beside-header.xlsx'), { filename: 'parameter-beside-header.xlsx' }),
    );
    expect(r.rejectedColumns).toEqual([]);
    expect(r.spec.constants).toEqual({ markup: 0.1, taxRate: 0.08, shipping: 4.5 });
    expect(r.verification?.matched).toBe(12);
  });
});

describe('several tables on one sheet', () => {
  const bytes = fixture('two-blocks-one-sheet.xlsx');
  it('compiles the first header row, leftmost block, and lists the others in OTHER_TABLES', async () => {
    const r = valid(await convert(bytes, { filename: 'two-blocks-one-sheet.xlsx' }));
    expect(r.spec.schema).toMatchObject({
      properties: { items: { items: { properties: { region: {}, revenue: {} } } } },
    });
    expect(warning(r, 'OTHER_TABLES')?.message).toBe(
      'Compiled range Sheet1!A1:D4 (the first header row of the sheet with formula columns under it, their leftmost block); the workbook also holds Sheet1!G1:J5, Sheet1!A8:B10: choose with --table',
    );
  });

  it('`table` (--table, convert_spreadsheet) selects the second block by its A1 range', async () => {
    const r = valid(await convert(bytes, { filename: 'two-blocks-one-sheet.xlsx', table: 'G1:J5' }));
    expect(r.rejectedColumns).toEqual([]);
    expect(r.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].value']);
    expect(r.verification?.matched).toBe(4);
    const below = valid(await convert(bytes, { filename: 'two-blocks-one-sheet.xlsx', table: 'A8:B10' }));
    expect(JSON.parse(below.spec.defaultValues?.[0]?.expr ?? '{}')).toEqual({
      items: [
        { month: 'Jan', sales: 1200 },
        { month: 'Feb', sales: 1350 },
      ],
    });
  });

  it('a lookup table beside the table is a side table, not another block', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Zone', 'Cost', null, 'Zone', 'Rate'],
          ['a', '=VLOOKUP(A2,$D$2:$E$3,2,FALSE)', null, 'a', 1],
          ['b', '=VLOOKUP(A3,$D$2:$E$3,2,FALSE)', null, 'b', 2],
        ]),
      ),
    );
    expect(warning(t, 'OTHER_TABLES')).toBeUndefined();
  });
});
