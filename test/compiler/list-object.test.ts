import { describe, expect, it } from 'vitest';
import type { RecognisedTable } from '../../src/compiler/recognise/recognised.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { TableModel, WorkbookModel } from '../../src/workbook/model.js';
import { getCell, gridSheet } from '../../src/workbook/model.js';
import { readTablePart, readTableParts } from '../../src/workbook/table-parts.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;

const THIS = (c: string) => `Orders[[#This Row],[${c}]]`;
/** Orders on Sheet1!B2:E6: a title above, header row 2, data rows 3-5, totals row 6. */
const grid = (amount: (r: number) => string): Grid => [
  ['Sales 2024'],
  [null, 'Item', 'Qty', 'Price', 'Amount'],
  [null, 'a', 2, 1.5, amount(3)],
  [null, 'b', 3, 2, amount(4)],
  [null, 'c', 5, 0.25, amount(5)],
  [null, 'Total', '=SUBTOTAL(109,Orders[Qty])', null, '=SUBTOTAL(109,Orders[Amount])'],
];
const orders: TableModel = {
  name: 'Orders',
  sheet: 'Sheet1',
  ref: 'B2:E6',
  columns: ['Item', 'Qty', 'Price', 'Amount'],
  headerRowCount: 1,
  totalsRowCount: 1,
};
const book = (g: Grid, tables: TableModel[] = [orders], more: Array<[string, Grid]> = []): WorkbookModel => ({
  sheets: [gridSheet('Sheet1', g), ...more.map(([n, s]) => gridSheet(n, s))],
  definedNames: [],
  tables,
});
const ok = (r: ReturnType<typeof recogniseTable>): RecognisedTable => {
  if (isRecogniseFailure(r)) throw new Error(`${r.reason}: ${r.error}`);
  return r;
};
const product = () => `=${THIS('Qty')}*${THIS('Price')}`;

describe('Excel Tables (ListObjects)', () => {
  it('takes the table as its range: header, data rows, totals row as the summary', () => {
    const t = ok(recogniseTable(book(grid(product))));
    expect(t).toMatchObject({ headerRow: 1, firstDataRow: 2, lastDataRow: 4 });
    expect(t.columns.map((c) => c.field)).toEqual(['item', 'qty', 'price', 'amount']);
    expect(t.summary?.row).toBe(5);
    expect(t.summary?.cells.map((c) => [c.col, c.fn, c.target])).toEqual([
      [2, 'SUM', 2],
      [4, 'SUM', 4],
    ]);
    // The structured references are read as their A1 twins.
    expect(getCell(t.sheet, 3, 4)?.formula).toBe('$C4*$D4');
  });

  it('compiles and verifies this-row, whole-column and totals references', async () => {
    const g = grid(() => '') as CellValue[][];
    g[1]!.push('Share', 'Of Total');
    for (let r = 2; r <= 4; r++) {
      g[r]![4] = product();
      g[r]![5] = `=${THIS('Amount')}/SUM(Orders[Amount])`;
      g[r]![6] = `=${THIS('Amount')}/Orders[[#Totals],[Amount]]`;
    }
    const table = { ...orders, ref: 'B2:G6', columns: [...orders.columns, 'Share', 'Of Total'] };
    const result = await convertWorkbook(book(g, [table]), { oracleThread: false });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns).toEqual([]);
    const exprs = Object.fromEntries((result.spec.derivations ?? []).map((d) => [d.path, d.expr]));
    expect(exprs['$.items[*].amount']).toContain('$parent.qty * $parent.price');
    expect(exprs['$.items[*].share']).toContain('$$.sumAmount');
    expect(exprs['$.items[*].ofTotal']).toContain('$$.sumAmount');
    expect(exprs['$.sumQty']).toBeDefined();
  });

  it('totals a column that reads the totals row: its cells call no SUBTOTAL of their own (poi table-sample.xlsx)', async () => {
    const g = grid(() => '') as CellValue[][];
    g[1]!.push('Of Total');
    for (let r = 2; r <= 4; r++) {
      g[r]![4] = product();
      g[r]![5] = `=${THIS('Amount')}/Orders[[#Totals],[Amount]]`;
    }
    g[5]![5] = '=SUBTOTAL(109,Orders[Of Total])';
    const table = { ...orders, ref: 'B2:F6', columns: [...orders.columns, 'Of Total'] };
    const result = await convertWorkbook(book(g, [table]), { oracleThread: false });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.warnings.filter((w) => w.code === 'SUMMARY_REFUSED')).toEqual([]);
    const exprs = Object.fromEntries((result.spec.derivations ?? []).map((d) => [d.path, d.expr]));
    // The shares add up to 1: the SUBTOTAL reads them (Excel leaves out only cells that call SUBTOTAL).
    expect(exprs['$.sumOfTotal']).toContain('$$.items.ofTotal');
  });

  it('refuses #All, #Headers and another table by name, keeping the other columns', async () => {
    const g = grid(product) as CellValue[][];
    g[1]!.push('All', 'Other');
    for (let r = 2; r <= 4; r++) {
      g[r]![5] = '=COUNT(Orders[[#All],[Qty]])';
      g[r]![6] = `=${THIS('Qty')}*Rates[[#This Row],[Rate]]`;
    }
    const table = { ...orders, ref: 'B2:G6', columns: [...orders.columns, 'All', 'Other'] };
    const rates: TableModel = { name: 'Rates', sheet: 'Sheet2', ref: 'A1:A4', columns: ['Rate'] };
    const wb = book(g, [table, rates], [['Sheet2', [['Rate'], [1], [2], [3]]]]);
    const result = await convertWorkbook(wb, { oracleThread: false });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns.map((c) => [c.column, c.reason])).toEqual([
      ['F', 'STRUCTURED_REFERENCE'],
      ['G', 'STRUCTURED_REFERENCE'],
    ]);
    expect(result.rejectedColumns[0]!.detail).toContain('#All');
    expect(result.rejectedColumns[1]!.detail).toContain('table Rates');
    expect(result.warnings.map((w) => w.code)).toContain('OTHER_TABLES');
  });

  it('chooses by the table option: a name (any case), an A1 range, or TABLE_NOT_FOUND', () => {
    const regions: TableModel = {
      name: 'Regions',
      sheet: 'Sheet2',
      ref: 'A1:B2',
      columns: ['Region', 'Boss'],
    };
    const wb = book(
      grid(product),
      [orders, regions],
      [
        [
          'Sheet2',
          [
            ['Region', 'Boss'],
            ['N', 'Ada'],
          ],
        ],
      ],
    );
    const first = ok(recogniseTable(wb));
    expect(first.sheet.name).toBe('Sheet1');
    expect(first.warnings.map((w) => w.code)).toEqual(['OTHER_TABLES']);
    expect(ok(recogniseTable(wb, { table: 'REGIONS' })).columns.map((c) => c.field)).toEqual([
      'region',
      'boss',
    ]);
    const range = ok(recogniseTable(wb, { table: 'Sheet1!C2:E4' }));
    expect(range).toMatchObject({ headerRow: 1, firstDataRow: 2, lastDataRow: 3 });
    expect(range.columns.map((c) => c.field)).toEqual(['qty', 'price', 'amount']);
    const missing = recogniseTable(wb, { table: 'Nope' });
    expect(isRecogniseFailure(missing) && missing.reason).toBe('TABLE_NOT_FOUND');
    const elsewhere = recogniseTable(wb, { table: 'Regions', sheet: 'Sheet1' });
    expect(isRecogniseFailure(elsewhere) && elsewhere.reason).toBe('TABLE_NOT_FOUND');
  });

  it('reads the sheet by its layout when it has no ListObject, and warns of a table part left out', () => {
    const wb: WorkbookModel = {
      ...book(
        [
          ['A', 'B'],
          [1, '=A2*2'],
        ],
        [],
      ),
      tableProblems: ['xl/tables/table1.xml: no <table> element'],
    };
    const t = ok(recogniseTable(wb));
    expect(t.headerRow).toBe(0);
    expect(t.warnings.map((w) => w.code)).toEqual(['TABLE_PART_IGNORED']);
  });
});

describe('readTablePart (hostile input)', () => {
  it.each([
    ['<nothing/>', /no <table>/],
    ['<table name="T" ref="B2"/>', /columns declared/],
    ['<table name="T" ref="ZZZZZ1:A"/>', /malformed range/],
    ['<table ref="A1:A2"><tableColumns><tableColumn name="x"/></tableColumns></table>', /no name/],
  ])('%s is left out, saying why', (xml, why) => {
    expect(readTablePart(xml, 'S')).toMatch(why);
  });

  it('reads counts, calculated-column and totals formulas', () => {
    const xml =
      '<table id="1" name="T_1" displayName="Sales" ref="A1:B4" totalsRowCount="1"><tableColumns count="2">' +
      '<tableColumn id="1" name="Qty" totalsRowFunction="sum"/>' +
      '<tableColumn id="2" name="Double" totalsRowFunction="custom"><calculatedColumnFormula>Sales[[#This Row],[Qty]]*2</calculatedColumnFormula>' +
      '<totalsRowFormula>MAX(Sales[Double])&amp;""</totalsRowFormula></tableColumn></tableColumns></table>';
    expect(readTablePart(xml, 'S')).toEqual({
      name: 'Sales',
      internalName: 'T_1',
      sheet: 'S',
      ref: 'A1:B4',
      columns: ['Qty', 'Double'],
      headerRowCount: 1,
      totalsRowCount: 1,
      columnDetails: [
        { name: 'Qty', totalsRowFunction: 'sum' },
        {
          name: 'Double',
          totalsRowFunction: 'custom',
          calculatedColumnFormula: 'Sales[[#This Row],[Qty]]*2',
          totalsRowFormula: 'MAX(Sales[Double])&""',
        },
      ],
    });
  });
});

describe('readTableParts', () => {
  const sheetXml =
    '<worksheet><sheetData/><tableParts count="2"><tablePart r:id="rId1"/><tablePart r:id="rId9"/></tableParts></worksheet>';
  const parts: Record<string, string> = {
    'xl/worksheets/_rels/sheet1.xml.rels':
      '<Relationships><Relationship Id="rId1" Type="t" Target="../tables/table1.xml"/></Relationships>',
    'xl/tables/table1.xml':
      '<table name="T" ref="A1:A3"><tableColumns><tableColumn name="Qty"/></tableColumns></table>',
  };
  const rels = (xml: string, base: string) => {
    const out = new Map<string, string>();
    for (const m of xml.matchAll(/Id="([^"]+)"[^>]*Target="([^"]+)"/g)) {
      out.set(m[1]!, (base + m[2]!).replace(/[^/]+\/\.\.\//, ''));
    }
    return out;
  };
  it('follows the sheet relationships to its table parts and names a missing one', () => {
    const r = readTableParts(
      [{ name: 'S', part: 'xl/worksheets/sheet1.xml', xml: sheetXml }],
      (p) => parts[p],
      rels,
    );
    expect(r.tables.map((t) => [t.name, t.ref, t.columns])).toEqual([['T', 'A1:A3', ['Qty']]]);
    expect(r.problems).toEqual(['S: table part rId9 is missing']);
  });
});
