/**
 * Finding the table a person would point at (docs/compiler.md "Recognising the table"): the header row a
 * formula table hangs from under title blocks and notes, headers that are years or dates, the sheet chosen
 * when the first visible one has no formula table, doubtful choices, and `--table`/`--sheet` keeping the
 * workbook's names and sheets in reach.
 */
import { describe, expect, it } from 'vitest';
import type { RecognisedTable } from '../../src/compiler/recognise/recognised.js';
import { blankRowsInside, isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { DefinedName, WorkbookModel } from '../../src/workbook/model.js';
import { getCell, gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;
const book = (sheets: Array<[string, Grid]>, definedNames: DefinedName[] = []): WorkbookModel => ({
  sheets: sheets.map(([n, g]) => gridSheet(n, g)),
  definedNames,
  tables: [],
});
const ok = (r: ReturnType<typeof recogniseTable>): RecognisedTable => {
  if (isRecogniseFailure(r)) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};
const codes = (t: RecognisedTable) => t.warnings.map((w) => w.code);
const warning = (t: RecognisedTable, code: string) => t.warnings.find((w) => w.code === code);

/** An expense report: a company, an employee and a period above the header row 5. */
const EXPENSES: Grid = [
  ['Nordwind Handels GmbH'],
  ['Employee:', 'Zoë Ødegaard'],
  ['Period:', 'March 2024'],
  [],
  ['Date', 'Description', 'Net', 'VAT', 'Gross'],
  [45352, 'Taxi', 20, '=ROUND(C6*0.19,2)', '=C6+D6'],
  [45353, 'Hotel', 120, '=ROUND(C7*0.19,2)', '=C7+D7'],
  [45354, 'Train', 35.5, '=ROUND(C8*0.19,2)', '=C8+D8'],
];

/** The sales figures of a region: an input table, no formula. */
const PIVOT: Grid = [
  ['Region', 'Sales'],
  ['North', 10],
  ['South', 20],
];

const CALC: Grid = [
  ['Item', 'Qty', 'Price', 'Total'],
  ['a', 2, 3, '=B2*C2'],
  ['b', 4, 5, '=B3*C3'],
];

describe('the header row a formula table hangs from', () => {
  it('skips a title block of a company, an employee and a period', () => {
    const t = ok(recogniseTable(book([['Expenses', EXPENSES]])));
    expect(t.headerRow).toBe(4);
    expect(t.columns.map((c) => c.field)).toEqual(['date', 'description', 'net', 'vat', 'gross']);
    expect(t.rows).toEqual([5, 6, 7]);
    expect(warning(t, 'TITLE_ROWS_SKIPPED')?.message).toBe(
      'Skipped 3 title row(s) above the header row 5: 1-3',
    );
    expect(codes(t)).not.toContain('ROWS_LEFT_OUT');
  });

  it('skips a merged logo cell, notes and blank rows above the header', () => {
    const g: Grid = [
      [],
      ['ACME Ltd.', undefined, undefined, 'Quarterly figures'],
      [],
      ['Figures are in EUR.'],
      ['Prepared by: J. Smith', undefined, 'Checked'],
      ...CALC,
    ];
    const wb = book([['Report', g]]);
    wb.sheets[0]!.merges.push('A2:C2');
    const t = ok(recogniseTable(wb));
    expect(t.headerRow).toBe(5);
    expect(t.columns.map((c) => c.header)).toEqual(['Item', 'Qty', 'Price', 'Total']);
    expect(warning(t, 'TITLE_ROWS_SKIPPED')?.message).toBe(
      'Skipped 3 title row(s) above the header row 6: 2, 4-5',
    );
  });

  it('takes a header row of years typed as numbers, named as the text header would be', () => {
    const g: Grid = [
      ['GDP by country, billion USD'],
      [],
      ['Country', 2000, 2001, 2002, 2003, 'Change'],
      ['Germany', 1950, 1990, 2010, 2050, '=E4-B4'],
      ['France', 1360, 1380, 1400, 1450, '=E5-B5'],
    ];
    const t = ok(recogniseTable(book([['GDP', g]])));
    expect(t.headerRow).toBe(2);
    expect(t.columns.map((c) => [c.header, c.field])).toEqual([
      ['Country', 'country'],
      ['2000', 'f2000'],
      ['2001', 'f2001'],
      ['2002', 'f2002'],
      ['2003', 'f2003'],
      ['Change', 'change'],
    ]);
  });

  it('takes month headers typed as dates: the title is the ISO date the format shows', () => {
    const g: Grid = [
      ['Item', 45292, 45323, 45352, 'Q1'],
      ['Bolts', 1, 2, 3, '=SUM(B2:D2)'],
      ['Nuts', 4, 5, 6, '=SUM(B3:D3)'],
    ];
    const wb = book([['Months', g]]);
    const sheet = wb.sheets[0]!;
    for (const c of [1, 2, 3]) getCell(sheet, 0, c)!.numFmt = 'mmm yyyy';
    getCell(sheet, 0, 3)!.numFmt = 'dd.mm.yyyy';
    const t = ok(recogniseTable(wb));
    expect(t.columns.map((c) => [c.header, c.field])).toEqual([
      ['Item', 'item'],
      ['2024-01', 'f202401'],
      ['2024-02', 'f202402'],
      ['2024-03-01', 'f20240301'],
      ['Q1', 'q1'],
    ]);
  });

  it('does not take a typed-over first data row for the header', () => {
    const g: Grid = [
      ['Item', 'Qty', 'Price', 'Total'],
      ['a', 2, 3, 6],
      ['b', 4, 5, '=B3*C3'],
      ['c', 1, 2, '=B4*C4'],
    ];
    const t = ok(recogniseTable(book([['S', g]])));
    expect(t.headerRow).toBe(0);
    expect(t.rows).toEqual([1, 2, 3]);
  });

  it('compiles the block with formula columns when the first block of the header row has none', () => {
    const g: Grid = [
      ['Code', 'Name', undefined, 'Item', 'Qty', 'Price', 'Total'],
      ['N', 'North', undefined, 'a', 2, 3, '=E2*F2'],
      ['S', 'South', undefined, 'b', 4, 5, '=E3*F3'],
    ];
    const t = ok(recogniseTable(book([['S', g]])));
    expect(t.columns.map((c) => c.letter)).toEqual(['D', 'E', 'F', 'G']);
    expect(warning(t, 'OTHER_TABLES')?.message).toContain('S!A1:B3');
  });
});

describe('the sheet chosen', () => {
  it('chooses the sheet with a formula table when the first visible sheet has none, and says so', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Pivot', PIVOT],
          ['Calc', CALC],
        ]),
      ),
    );
    expect(t.sheet.name).toBe('Calc');
    expect(warning(t, 'SHEET_CHOSEN')?.message).toBe(
      'Compiled sheet "Calc" (Calc!A1:D3, 1 formula column): the first visible sheet "Pivot" has no formula table (its table Pivot!A1:B3 has no formula column); choose another with --sheet or --table',
    );
    expect(warning(t, 'SHEET_CHOSEN')?.cell).toBe('Calc!A1');
  });

  it('chooses it also when the first visible sheet has no table at all', () => {
    const t = ok(
      recogniseTable(
        book([
          [
            'Chart data',
            [
              [1, 2],
              [3, 4],
            ],
          ],
          ['Calc', CALC],
        ]),
      ),
    );
    expect(t.sheet.name).toBe('Calc');
    expect(warning(t, 'SHEET_CHOSEN')?.message).toContain(
      'the first visible sheet "Chart data" has no formula table (No header row',
    );
  });

  it('keeps the first visible sheet when it has a formula table, listing the others', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Calc', CALC],
          ['Pivot', PIVOT],
          ['More', CALC],
        ]),
      ),
    );
    expect(t.sheet.name).toBe('Calc');
    expect(codes(t)).not.toContain('SHEET_CHOSEN');
    expect(warning(t, 'OTHER_TABLES')?.message).toBe(
      'Compiled range Calc!A1:D3 (the first header row of the sheet with formula columns under it, their leftmost block); the workbook also holds More!A1:D3: choose with --table',
    );
  });

  it('quotes a sheet name that needs it, so the range can be pasted into --table', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Pivot', PIVOT],
          ['Q1 figures', CALC],
        ]),
      ),
    );
    expect(warning(t, 'SHEET_CHOSEN')?.message).toContain("('Q1 figures'!A1:D3, 1 formula column)");
    const again = ok(
      recogniseTable(
        book([
          ['Pivot', PIVOT],
          ['Q1 figures', CALC],
        ]),
        { table: "'Q1 figures'!A1:D3" },
      ),
    );
    expect(again.sheet.name).toBe('Q1 figures');
  });

  it('says the choice is doubtful when two other sheets hold equally good formula tables', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Pivot', PIVOT],
          ['Jan', CALC],
          ['Feb', CALC],
        ]),
      ),
    );
    expect(t.sheet.name).toBe('Jan');
    expect(warning(t, 'TABLE_DOUBTFUL')?.message).toBe(
      'Two tables are equally good (1 formula column each): Jan!A1:D3 was compiled, Feb!A1:D3 was not; choose with --table',
    );
  });

  it('says the choice is doubtful when the header looks like a title block and nothing hangs from it', () => {
    const g: Grid = [
      ['Employee:', 'Zoë Ødegaard'],
      ['Period:', 'March 2024'],
      ['Department:', 'Sales'],
    ];
    const t = ok(recogniseTable(book([['Report', g]])));
    expect(warning(t, 'TABLE_DOUBTFUL')?.message).toBe(
      'The header row 1 (Report!A1:B3) may be a title block, not a table\'s header: "Employee:" ends with a colon, and no formula column hangs from it; choose with --table or --sheet',
    );
  });

  it('never chooses another sheet when --sheet names one', () => {
    const t = ok(
      recogniseTable(
        book([
          ['Pivot', PIVOT],
          ['Calc', CALC],
        ]),
        { sheet: 'Pivot' },
      ),
    );
    expect(t.sheet.name).toBe('Pivot');
    expect(codes(t)).not.toContain('SHEET_CHOSEN');
  });
});

describe('--table and --sheet keep the whole workbook in reach', () => {
  /** A ledger reading a VAT rate through a defined name and an opening balance on another sheet. */
  const ledger = () =>
    book(
      [
        [
          'Ledger',
          [
            ['Ledger 2024'],
            [],
            ['Item', 'Net', 'Gross', 'Opening'],
            ['a', 10, '=B4*(1+VAT_Rate)', '=B4+Movements!$B$1'],
            ['b', 20, '=B5*(1+VAT_Rate)', '=B5+Movements!$B$1'],
          ],
        ],
        ['Movements', [['Opening', 100]]],
        ['Settings', [['VAT', 0.2]]],
      ],
      [{ name: 'VAT_Rate', ref: 'Settings!$B$1' }],
    );

  it('finds defined names and other sheets with --table', async () => {
    const r = await convertWorkbook(ledger(), { table: 'A3:D5', oracleThread: false });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns.map((c) => c.detail)).toEqual([]);
    expect((r.spec.derivations ?? []).map((d) => d.path)).toEqual(['$.items[*].gross', '$.items[*].opening']);
  });

  it('finds them with --sheet too', async () => {
    const r = await convertWorkbook(ledger(), { sheet: 'Ledger', oracleThread: false });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns.map((c) => c.detail)).toEqual([]);
  });
});

describe('a result without formula columns names the sheets that hold formulas', () => {
  it('names a hidden sheet with formulas and a visible one whose formulas make no table', () => {
    const wb = book([
      ['Pivot', PIVOT],
      [
        'Scratch',
        [
          [1, '=A1*2'],
          [2, '=A2*2'],
        ],
      ],
      ['Calc', CALC],
    ]);
    wb.sheets[2]!.state = 'hidden';
    const t = ok(recogniseTable(wb));
    expect(t.sheet.name).toBe('Pivot');
    expect(warning(t, 'TABLE_DOUBTFUL')?.message).toBe(
      'The table compiled (Pivot!A1:B3) has no formula column, while sheets "Scratch" (2 formula cells), "Calc" (hidden) (2 formula cells) hold formulas; choose with --sheet or --table',
    );
  });
});

describe('a totals row under the table', () => {
  it('ends the table before it; aggregates are the summary, another formula there is left out, named', () => {
    const g: Grid = [
      ['Item', 'Net', 'VAT', 'Gross'],
      ['a', 10, '=B2*0.2', '=B2+C2'],
      ['b', 20, '=B3*0.2', '=B3+C3'],
      ['c', 30, '=B4*0.2', '=B4+C4'],
      ['Total', '=SUM(B2:B4)', '=SUBTOTAL(9,C2:C4)', '=B5+C5'],
    ];
    const t = ok(recogniseTable(book([['S', g]])));
    expect(t.rows).toEqual([1, 2, 3]);
    expect(t.summary?.row).toBe(4);
    expect(t.summary?.cells.map((c) => [c.col, c.fn])).toEqual([
      [1, 'SUM'],
      [2, 'SUM'],
    ]);
    expect(warning(t, 'SUMMARY_REFUSED')).toEqual({
      code: 'SUMMARY_REFUSED',
      message:
        'The totals cell =B5+C5 is left out: not an aggregate (SUM, AVERAGE, MIN, MAX, COUNT, COUNTA or their SUBTOTAL) of one table column',
      cell: 'S!D5',
    });
  });

  it('keeps a row of formulas that aggregate nothing as data', () => {
    const g: Grid = [
      ['Item', 'Net', 'Gross'],
      ['a', 10, '=B2*1.2'],
      ['b', 20, '=B3*1.2'],
      ['c', 30, '=B4*1.2'],
    ];
    const t = ok(recogniseTable(book([['S', g]])));
    expect(t.rows).toEqual([1, 2, 3]);
    expect(t.summary).toBeUndefined();
  });
});

describe('section rows inside the table', () => {
  const SECTIONS: Grid = [
    ['Item', 'Qty', 'Price', 'Total'],
    ['North'],
    ['a', 2, 3, '=B3*C3'],
    ['b', 4, 5, '=B4*C4'],
    [],
    ['South'],
    ['c', 1, 2, '=B7*C7'],
    ['d', 3, 3, '=B8*C8'],
  ];

  it('a row of labels only, the formula columns blank there, with items under it, is not an item', () => {
    const t = ok(recogniseTable(book([['S', SECTIONS]])));
    expect(t.rows).toEqual([2, 3, 6, 7]);
    expect(blankRowsInside(t)).toBe('blank row 5, section rows 2, 6');
    expect(codes(t)).not.toContain('ROWS_LEFT_OUT');
  });

  it('compiles and verifies over the items, the section rows left out', async () => {
    const r = await convertWorkbook(book([['S', SECTIONS]]), { oracleThread: false });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    expect(r.verification?.matched).toBe(4);
  });

  it('finds the header above a first section row under a title block', () => {
    const t = ok(recogniseTable(book([['S', [...EXPENSES.slice(0, 4), ...SECTIONS]]])));
    expect(t.headerRow).toBe(4);
    expect(t.rows).toEqual([6, 7, 10, 11]);
    expect(codes(t)).toContain('TITLE_ROWS_SKIPPED');
  });

  it('a note under the last item, with nothing under it, ends the table', () => {
    const g: Grid = [...SECTIONS.slice(0, 4), ['Prices exclude VAT']];
    const t = ok(recogniseTable(book([['S', g]])));
    expect(t.rows).toEqual([2, 3]);
    expect(warning(t, 'ROWS_LEFT_OUT')?.message).toBe(
      'The table ends at row 4: row 5 holds only labels, the formula columns blank (a note, or a section heading with no items under it); rows below it hold data in its columns and are left out: 5',
    );
  });
});
