/**
 * Table recognition: where, on one worksheet, the header-row table is.
 *
 * Rules (docs/compiler.md "Recognising the table"):
 * - The sheet is `options.sheet` (exact name, then case-insensitive), else the first visible one when it holds
 *   a formula table, else the other sheet with the most formula columns, said in SHEET_CHOSEN
 *   (sheet-choice.ts).
 * - Cells that formulas reference with row-locked addresses outside any table (`$H$1`, `$G$2:$H$5`), and the
 *   label cell left of a locked single cell, are "side cells": parameters and lookup tables. They are ignored
 *   when looking for the header row, so `Tax rate | 0.2` beside the headers does not disqualify that row.
 * - The header row is the row a formula table hangs from, under any title block; without a formula column,
 *   the first row of text labels with data under it (header-row.ts). Rows skipped above it are named in
 *   TITLE_ROWS_SKIPPED, a header that may be a title block in TABLE_DOUBTFUL.
 * - The table spans the header's run of cells, and the rows under it: the first block of non-empty rows, and
 *   each block below blank rows that continues the table's columns (extent.ts; the blank rows are not
 *   items). The sheet's other header-row blocks are listed in OTHER_TABLES.
 * - The last of those rows (or the row after one blank row) is a summary row, not data, when its non-empty
 *   cells are text labels or SUM/AVERAGE/MIN/MAX/COUNT/COUNTA (or SUBTOTAL with a literal function number) over
 *   exactly one table column's data rows, at least one.
 *
 * - Excel Tables (ListObjects) and the `table` option come first: list-object.ts.
 *
 * Recognition reads formulas only through the parser; it never throws on user input.
 */
import type { CellNode, Node, RangeNode } from '../../workbook/formula/ast.js';
import { colName } from '../../workbook/formula/ast.js';
import { parseFormula } from '../../workbook/formula/parser.js';
import { isEmpty, tableExtent } from './extent.js';
import { assignFieldNames } from './fields.js';
import { findHeaderRow, type HeaderRow, headerText, isLabel, labelRun } from './header-row.js';
import { substituteNames } from './names.js';
import { recogniseListObject, tablePartWarnings } from './list-object.js';
import {
  DEFAULT_MAX_COLUMNS,
  DEFAULT_MAX_ROWS,
  formulaColumns,
  isRecogniseFailure,
  pickSheet,
  type RecognisedTable,
  type RecogniseFailure,
  type RecogniseOptions,
  rowList,
  SUMMARY_FUNCTIONS,
  type SummaryCell,
  type TableColumn,
  tableRange,
} from './recognised.js';
import { sheetCell, valueReferences } from './refs.js';
import { chooseSheet } from './sheet-choice.js';
import type { Warning } from '../types.js';
import type { DefinedName, SheetModel, WorkbookModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';

/** SUBTOTAL's function numbers (1-11, 101-111) by the function they stand for, for a summary's name. */
const SUBTOTAL_NAMES = [
  'AVERAGE',
  'COUNT',
  'COUNTA',
  'MAX',
  'MIN',
  'PRODUCT',
  'STDEV',
  'STDEVP',
  'SUM',
  'VAR',
  'VARP',
] as const;

/**
 * Finds the table: the `table` option's, else the `sheet` option's sheet's, else the first visible sheet's
 * when it holds a formula table, else the best formula table of the other sheets (sheet-choice.ts); or says
 * why there is none.
 */
export function recogniseTable(
  wb: WorkbookModel,
  options: RecogniseOptions = {},
): RecognisedTable | RecogniseFailure {
  if (options.table !== undefined || options.sheet !== undefined) return recogniseOn(wb, options);
  return chooseSheet(wb, (sheet, elsewhere) => recogniseOn(wb, { ...options, sheet }, elsewhere));
}

/**
 * The table of one choice: the `table` option, else the sheet's first Excel Table, else its layout.
 * `elsewhere` lists formula tables on other sheets (`Sheet2!A1:D9`) for OTHER_TABLES.
 */
function recogniseOn(
  wb: WorkbookModel,
  options: RecogniseOptions,
  elsewhere: readonly string[] = [],
): RecognisedTable | RecogniseFailure {
  const listed = recogniseListObject(wb, options, elsewhere);
  if (listed) return listed;
  const sheet = pickSheet(wb, options.sheet);
  if (!sheet) {
    if (options.sheet !== undefined) {
      const names = wb.sheets.map((s) => s.name).join(', ');
      return {
        reason: 'SHEET_NOT_FOUND',
        error: `No worksheet named "${options.sheet}" (the workbook has: ${names})`,
      };
    }
    return { reason: 'NO_TABLE', error: 'The workbook has no visible worksheet' };
  }
  const side = sideCells(sheet, wb.definedNames);
  const header = findHeaderRow(sheet, side);
  if (!header) {
    return {
      reason: 'NO_TABLE',
      error: `No header row (a row of text labels with data under it) on sheet "${sheet.name}"`,
    };
  }
  const warnings: Warning[] = tablePartWarnings(wb);
  const parts = warnings.length;
  const table = buildTable(sheet, header, side, warnings, options, wb.date1904 === true);
  if (isRecogniseFailure(table)) return table;
  const blocks = otherBlocks(table, side);
  const titles = header.titles.filter((r) => !blocks.some((b) => r >= b.top && r <= b.bottom));
  if (titles.length > 0) {
    // Why spliced: the title rows come before what the extent says, in the order the sheet reads.
    warnings.splice(parts, 0, {
      code: 'TITLE_ROWS_SKIPPED',
      message: `Skipped ${titles.length} title row(s) above the header row ${header.row + 1}: ${rowList(titles)}`,
      cell: sheetCell(sheet.name, titles[0], 0),
    });
  }
  table.warnings.push(...otherBlocksWarning(wb, table, header, blocks, elsewhere));
  table.warnings.push(...doubtfulHeader(table, header));
  if (wb.date1904) table.date1904 = true;
  table.workbook = { sheets: wb.sheets, definedNames: wb.definedNames };
  return table;
}

function buildTable(
  sheet: SheetModel,
  header: HeaderRow,
  side: ReadonlySet<string>,
  warnings: Warning[],
  options: RecogniseOptions,
  date1904: boolean,
): RecognisedTable | RecogniseFailure {
  const { row: headerRow, run } = header;
  const maxColumns = options.maxColumns ?? DEFAULT_MAX_COLUMNS;
  if (run.length > maxColumns) {
    return {
      reason: 'TOO_MANY_COLUMNS',
      error: `The table has ${run.length} columns; the limit is ${maxColumns}`,
    };
  }
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const firstDataRow = headerRow + 1;
  const isSummary = (row: number, first: number, last: number) =>
    summaryCells(sheet, row, run, first, last) !== undefined;
  // Why the cap is maxRows + 1: a summary row may be the last; more than that is refused below.
  const extent = tableExtent(sheet, run, firstDataRow, side, maxRows + 1, isSummary);
  const rows = extent.rows;
  const headers = run.map((c) => headerText(getCell(sheet, headerRow, c), date1904));
  const fields = assignFieldNames(headers);
  const columns: TableColumn[] = run.map((col, i) => ({
    col,
    letter: colName(col),
    header: headers[i],
    field: fields[i],
  }));
  let summary: RecognisedTable['summary'];
  let found: ReturnType<typeof summaryCells>;
  if (rows.length > 1) {
    const last = rows[rows.length - 1];
    found = summaryCells(sheet, last, run, firstDataRow, rows[rows.length - 2]);
    if (found) {
      summary = { row: last, cells: found.cells };
      rows.pop();
    }
  }
  const lastDataRow = rows[rows.length - 1];
  const end = (summary?.row ?? lastDataRow) + 1; // the first empty row below the table
  if (!summary && end + 1 <= sheet.maxRow) {
    found = summaryCells(sheet, end + 1, run, firstDataRow, lastDataRow);
    if (found) summary = { row: end + 1, cells: found.cells };
  }
  if (summary && found) warnings.push(...summaryLeftOut(sheet, summary.row, found.others));
  if (rows.length > maxRows) {
    return { reason: 'TOO_MANY_ROWS', error: `The table has more than ${maxRows} data rows (the limit)` };
  }
  const left = rowsLeftOut(sheet, run, end, summary?.row, side);
  if (left.length > 0) {
    const why =
      summary && left[0] > summary.row
        ? `row ${left[0] + 1} is below the summary row ${summary.row + 1}`
        : (extent.stop ?? `row ${left[0] + 1} does not continue its columns`);
    warnings.push({
      code: 'ROWS_LEFT_OUT',
      message: `The table ends at row ${lastDataRow + 1}: ${why}; rows below it hold data in its columns and are left out: ${rowList(left)}`,
      cell: sheetCell(sheet.name, left[0], run[0]),
    });
  }
  return { sheet, headerRow, firstDataRow, lastDataRow, rows, columns, summary, warnings };
}

/**
 * Rows below the table's end (`end`, its first empty row) with something in the table's columns, other than
 * the summary row and side cells (a parameter below the table, `Factor | 3`, is not data): data the table
 * does not take, named so it is never dropped silently.
 */
function rowsLeftOut(
  sheet: SheetModel,
  run: number[],
  end: number,
  summaryRow: number | undefined,
  side: ReadonlySet<string>,
): number[] {
  const out: number[] = [];
  for (const [r, cells] of sheet.rows) {
    if (r < end || r === summaryRow) continue;
    if (run.some((c) => !isEmpty(cells.get(c)) && !side.has(key(r, c)))) out.push(r);
  }
  return out.sort((a, b) => a - b);
}

/**
 * OTHER_TABLES when the sheet holds other blocks with a header row, the workbook Excel Tables, or other sheets
 * formula tables (`elsewhere`): the range compiled is named, the others listed, for `--table`.
 */
function otherBlocksWarning(
  wb: WorkbookModel,
  table: RecognisedTable,
  header: HeaderRow,
  blocks: Box[],
  elsewhere: readonly string[],
): Warning[] {
  const others = [
    ...blocks.map((b) => `${sheetCell(table.sheet.name, b.top, b.left)}:${colName(b.right)}${b.bottom + 1}`),
    ...wb.tables.map((t) => `${t.name} (${t.sheet})`),
    ...elsewhere,
  ];
  if (others.length === 0) return [];
  const why = header.anchored
    ? 'the first header row of the sheet with formula columns under it, their leftmost block'
    : 'the first header row of the sheet, its leftmost block';
  return [
    {
      code: 'OTHER_TABLES',
      message: `Compiled range ${tableRange(table)} (${why}); the workbook also holds ${others.join(', ')}: choose with --table`,
      cell: sheetCell(table.sheet.name, table.headerRow, table.columns[0].col),
    },
  ];
}

/**
 * TABLE_DOUBTFUL when the header row may be a title block: no formula column hangs from it and it is one
 * column wide or a header ends with a colon (`Employee:`), the shape of a report's heading.
 */
function doubtfulHeader(table: RecognisedTable, header: HeaderRow): Warning[] {
  if (header.anchored || formulaColumns(table) > 0) return [];
  const colon = table.columns.find((c) => c.header.trim().endsWith(':'));
  const why =
    colon !== undefined
      ? `"${colon.header}" ends with a colon`
      : table.columns.length === 1
        ? 'it is one column wide'
        : undefined;
  if (why === undefined) return [];
  return [
    {
      code: 'TABLE_DOUBTFUL',
      message: `The header row ${header.row + 1} (${tableRange(table)}) may be a title block, not a table's header: ${why}, and no formula column hangs from it; choose with --table or --sheet`,
      cell: sheetCell(table.sheet.name, header.row, table.columns[0].col),
    },
  ];
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The sheet's other blocks, top to bottom: a run of two or more text labels outside the table,
 * nothing above it, something under it that is not a side cell (a lookup table's header is not a block); the
 * block reaches down to the first row empty in its columns.
 */
function otherBlocks(table: RecognisedTable, side: ReadonlySet<string>): Box[] {
  const { sheet } = table;
  const boxes: Box[] = [
    {
      top: table.headerRow,
      bottom: table.summary?.row ?? table.lastDataRow,
      left: table.columns[0].col,
      right: table.columns[table.columns.length - 1].col,
    },
  ];
  const inBox = (r: number, c: number) =>
    boxes.some((b) => r >= b.top && r <= b.bottom && c >= b.left && c <= b.right);
  // The box test first: most labels are the table's own, and it builds no key.
  const free = (r: number, c: number) => !inBox(r, c) && !side.has(key(r, c));
  const found: Box[] = [];
  for (const r of [...sheet.rows.keys()].sort((a, b) => a - b)) {
    const line = sheet.rows.get(r)!;
    // Why labels first: most cells are numbers or formulas, and the test is cheap.
    const cols: number[] = [];
    for (const [c, cell] of line) if (isLabel(cell)) cols.push(c);
    if (cols.length > 1) cols.sort((a, b) => a - b);
    for (const c of cols) {
      if (!free(r, c) || isLabel(line.get(c - 1))) continue;
      const run = labelRun(sheet, r, c).filter((x) => free(r, x));
      if (run.length < 2 || run.some((x) => !isEmpty(getCell(sheet, r - 1, x)))) continue;
      let bottom = r;
      while (run.some((x) => free(bottom + 1, x) && !isEmpty(getCell(sheet, bottom + 1, x)))) bottom++;
      if (bottom === r) continue;
      const box = { top: r, bottom, left: run[0], right: run[run.length - 1] };
      boxes.push(box);
      found.push(box);
    }
  }
  return found;
}

/** SUMMARY_REFUSED for each formula of the summary row that is no aggregate of one table column. */
function summaryLeftOut(sheet: SheetModel, row: number, cols: number[]): Warning[] {
  return cols.map((col) => ({
    code: 'SUMMARY_REFUSED',
    message: `The totals cell =${getCell(sheet, row, col)?.formula} is left out: not an aggregate (SUM, AVERAGE, MIN, MAX, COUNT, COUNTA or their SUBTOTAL) of one table column`,
    cell: sheetCell(sheet.name, row, col),
  }));
}

/**
 * The summary formulas of a row, or undefined when the row is not a summary row: one aggregate of a table
 * column's data rows at least, every other non-empty cell a label or a formula that is no such aggregate
 * (`=B10/C10`, a ratio of the totals: left out, its column in `others`). A typed number or an array formula
 * makes it data.
 */
function summaryCells(
  sheet: SheetModel,
  row: number,
  run: number[],
  first: number,
  last: number,
): { cells: SummaryCell[]; others: number[] } | undefined {
  const out: SummaryCell[] = [];
  const others: number[] = [];
  const row0 = sheet.rows.get(row);
  if (!row0) return undefined;
  for (const [col, cell] of row0) {
    if (isEmpty(cell)) continue;
    if (cell.formula === undefined) {
      if (typeof cell.value === 'string') continue;
      return undefined;
    }
    if (cell.formulaKind === 'array') return undefined;
    const summary = summaryCell(cell.formula, col, run, first, last);
    if (summary) out.push(summary);
    else others.push(col);
  }
  if (out.length === 0) return undefined;
  return { cells: out.sort((a, b) => a.col - b.col), others: others.sort((a, b) => a - b) };
}

/** The formula as a summary cell: an aggregate (summaryAggregate) of exactly one table column's data rows. */
function summaryCell(
  formula: string,
  col: number,
  run: number[],
  first: number,
  last: number,
): SummaryCell | undefined {
  const { ast } = parseFormula(formula);
  const aggregate = ast && summaryAggregate(ast);
  if (!aggregate) return undefined;
  const { arg, fn } = aggregate;
  if (arg.kind !== 'range' || arg.sheet !== undefined || arg.workbook !== undefined) return undefined;
  const { start, end } = arg;
  if (start.col === null || start.col !== end.col || !run.includes(start.col)) return undefined;
  if (start.row !== first || end.row !== last) return undefined;
  return { col, formula, ast: ast as Node, fn, target: start.col };
}

/**
 * A summary cell's aggregate: `SUM(range)` and the other SUMMARY_FUNCTIONS of one argument, or
 * `SUBTOTAL(n, range)` with a literal function number 1-11 or 101-111 (named by the function it stands for;
 * whether it lowers exactly is the lowering's to say).
 */
function summaryAggregate(ast: Node): { arg: Node; fn: string } | undefined {
  if (ast.kind !== 'call') return undefined;
  if (SUMMARY_FUNCTIONS.has(ast.name) && ast.args.length === 1) return { arg: ast.args[0], fn: ast.name };
  if (ast.name !== 'SUBTOTAL' || ast.args.length !== 2 || ast.args[0].kind !== 'number') return undefined;
  const n = ast.args[0].value;
  const fn = SUBTOTAL_NAMES[(n > 100 ? n - 100 : n) - 1];
  return Number.isInteger(n) && fn !== undefined ? { arg: ast.args[1], fn } : undefined;
}

function key(row: number, col: number): string {
  return `${row},${col}`;
}

/**
 * Cells referenced by row-locked addresses (on this sheet) from any formula of the sheet, plus the label cell
 * left of each locked single cell. Ranges larger than 10,000 cells are not expanded (they cannot be a
 * parameter or a lookup table we would accept anyway).
 */
function sideCells(sheet: SheetModel, names: readonly DefinedName[]): Set<string> {
  const side = new Set<string>();
  const seen = new Set<string>();
  for (const cells of sheet.rows.values()) {
    for (const cell of cells.values()) {
      // Only row-locked references matter, so a formula without `$` is skipped and formulas differing only in
      // relative row numbers (a filled-down column: `B2*$H$1`, `B3*$H$1`) are parsed once.
      // A defined name may stand for a locked reference, so with names every formula is read.
      if (cell.formula === undefined || (names.length === 0 && !cell.formula.includes('$'))) continue;
      const shape = cell.formula.replace(/([A-Za-z])[0-9]+/g, '$1#');
      if (seen.has(shape)) continue;
      seen.add(shape);
      const { ast } = parseFormula(cell.formula);
      if (!ast) continue;
      for (const ref of valueReferences(substituteNames(ast, names, sheet.name))) {
        if (ref.workbook !== undefined || (ref.sheet !== undefined && ref.sheet !== sheet.name)) continue;
        if (ref.kind === 'cell') markCell(ref, side);
        else markRange(ref, side);
      }
    }
  }
  return side;
}

function markCell(ref: CellNode, side: Set<string>): void {
  if (!ref.rowAbs || !ref.colAbs) return;
  side.add(key(ref.row, ref.col));
  if (ref.col > 0) side.add(key(ref.row, ref.col - 1));
}

function markRange(ref: RangeNode, side: Set<string>): void {
  const { start, end } = ref;
  if (start.row === null || start.col === null || end.row === null || end.col === null) return;
  if (!(start.rowAbs && start.colAbs && end.rowAbs && end.colAbs)) return;
  if ((end.row - start.row + 1) * (end.col - start.col + 1) > 10_000) return;
  for (let r = start.row; r <= end.row; r++) for (let c = start.col; c <= end.col; c++) side.add(key(r, c));
}
