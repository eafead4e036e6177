/**
 * Table recognition: where, on one worksheet, the header-row table is.
 *
 * Rules (docs/compiler.md "Recognising the table"):
 * - The sheet is `options.sheet` (exact name, then case-insensitive) or the first visible one.
 * - Cells that formulas reference with row-locked addresses outside any table (`$H$1`, `$G$2:$H$5`), and the
 *   label cell left of a locked single cell, are "side cells": parameters and lookup tables. They are ignored
 *   when looking for the header row, so `Tax rate | 0.2` beside the headers does not disqualify that row.
 * - The header row is the first row whose other non-empty cells are all text labels, that has a data row
 *   under it, and that is not a title: a lone text row directly above a wider all-text row, or a text row
 *   with nothing under it, is a title row, skipped with a warning.
 * - The table spans the contiguous text cells of the header row starting at its leftmost label, and the rows
 *   under it: the first block of non-empty rows, and each block below blank rows that continues the table's
 *   columns (extent.ts; the blank rows are not items). The sheet's other header-row blocks are listed in
 *   OTHER_TABLES.
 * - The last of those rows (or the row after one blank row) is a summary row, not data, when its non-empty
 *   cells are text labels or SUM/AVERAGE/MIN/MAX/COUNT/COUNTA (or SUBTOTAL with a literal function number) over
 *   exactly one table column's data rows, at least one.
 *
 * - Excel Tables (ListObjects) and the `table` option come first: list-object.ts.
 *
 * Recognition reads formulas only through the parser; it never throws on user input.
 */
import type { CellNode, Node, RangeNode } from '../workbook/formula/ast.js';
import { colName } from '../workbook/formula/ast.js';
import { parseFormula } from '../workbook/formula/parser.js';
import { isEmpty, tableExtent } from './extent.js';
import { assignFieldNames } from './fields.js';
import { substituteNames } from './names.js';
import { recogniseListObject, tablePartWarnings } from './list-object.js';
import { sheetCell, valueReferences } from './refs.js';
import type { FailureCode, Warning } from './types.js';
import type { CellModel, DefinedName, SheetModel, WorkbookModel } from '../workbook/model.js';
import { getCell } from '../workbook/model.js';

export { isEmpty };

export const DEFAULT_MAX_ROWS = 100_000;
export const DEFAULT_MAX_COLUMNS = 200;

export const SUMMARY_FUNCTIONS: ReadonlySet<string> = new Set([
  'SUM',
  'AVERAGE',
  'MIN',
  'MAX',
  'COUNT',
  'COUNTA',
]);

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

export interface TableColumn {
  /** 0-based sheet column. */
  col: number;
  /** Column letters, `D`. */
  letter: string;
  /** The header text as written. */
  header: string;
  /** Unique field name (fields.ts). */
  field: string;
}

export interface SummaryCell {
  col: number;
  /** Formula text without `=`. */
  formula: string;
  ast: Node;
  /** SUM, AVERAGE, ... */
  fn: string;
  /** The table column aggregated. */
  target: number;
}

export interface RecognisedTable {
  sheet: SheetModel;
  headerRow: number;
  /** 0-based first and last (inclusive) data rows; there is at least one. */
  firstDataRow: number;
  lastDataRow: number;
  /**
   * The item rows in order, 0-based: every row from first to last but the empty rows a layout table has
   * between blocks of data (extent.ts; a blank row is not a record). `$.items[i]` is row `rows[i]`.
   */
  rows: number[];
  columns: TableColumn[];
  summary?: { row: number; cells: SummaryCell[] };
  warnings: Warning[];
  /** The workbook uses the 1904 date system (the date functions are refused there). */
  date1904?: boolean;
  /** The workbook's sheets and defined names, for parameters and lookup tables elsewhere (other-sheets.ts). */
  workbook?: Pick<WorkbookModel, 'sheets' | 'definedNames'>;
}

export interface RecogniseOptions {
  sheet?: string;
  /** An Excel Table's name or an A1 range (list-object.ts). */
  table?: string;
  maxRows?: number;
  maxColumns?: number;
}

export interface RecogniseFailure {
  reason: FailureCode;
  error: string;
}

export function isRecogniseFailure<T extends object>(x: T | RecogniseFailure): x is RecogniseFailure {
  return 'reason' in x;
}

/** Finds the table on the chosen sheet, or says why there is none. */
export function recogniseTable(
  wb: WorkbookModel,
  options: RecogniseOptions = {},
): RecognisedTable | RecogniseFailure {
  const listed = recogniseListObject(wb, options);
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
  const warnings: Warning[] = tablePartWarnings(wb);
  const titles: number[] = [];
  for (let r = 0; r <= sheet.maxRow; r++) {
    const labels = labelCells(sheet, r, side);
    if (!labels) continue;
    const next = labelCells(sheet, r + 1, side);
    const run = headerRun(sheet, r, labels[0]);
    const below = run.some((c) => !isEmpty(getCell(sheet, r + 1, c)));
    if ((next && next.length > labels.length) || !below) {
      titles.push(r);
      continue;
    }
    if (titles.length > 0) {
      warnings.push({
        code: 'TITLE_ROWS_SKIPPED',
        message: `Skipped ${titles.length} title row(s) above the header row ${r + 1}: ${titles.map((t) => t + 1).join(', ')}`,
        cell: sheetCell(sheet.name, titles[0], 0),
      });
    }
    const table = buildTable(sheet, r, run, side, warnings, options);
    if (isRecogniseFailure(table)) return table;
    warnings.push(...otherBlocksWarning(wb, table, side));
    if (wb.date1904) table.date1904 = true;
    table.workbook = { sheets: wb.sheets, definedNames: wb.definedNames };
    return table;
  }
  return {
    reason: 'NO_TABLE',
    error: `No header row (a row of text labels with data under it) on sheet "${sheet.name}"`,
  };
}

/**
 * The empty rows between the first and the last data row, which are not items, as a phrase (`blank row 5`,
 * `blank rows 5, 8-9`), or undefined when there are none. A formula reading the row above, or a whole column
 * by position, would see them where the items do not (docs/compiler.md "Blank rows and the table's extent").
 */
export function blankRowsInside(table: RecognisedTable): string | undefined {
  const { rows, firstDataRow, lastDataRow } = table;
  if (rows.length === lastDataRow - firstDataRow + 1) return undefined;
  const items = new Set(rows);
  const blank: number[] = [];
  for (let r = firstDataRow; r <= lastDataRow; r++) if (!items.has(r)) blank.push(r);
  return `blank row${blank.length > 1 ? 's' : ''} ${rowList(blank)}`;
}

export function pickSheet(wb: WorkbookModel, name: string | undefined): SheetModel | undefined {
  if (name === undefined) return wb.sheets.find((s) => s.state === 'visible');
  return (
    wb.sheets.find((s) => s.name === name) ??
    wb.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase())
  );
}

function buildTable(
  sheet: SheetModel,
  headerRow: number,
  run: number[],
  side: ReadonlySet<string>,
  warnings: Warning[],
  options: RecogniseOptions,
): RecognisedTable | RecogniseFailure {
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
  const headers = run.map((c) => String(getCell(sheet, headerRow, c)?.value ?? ''));
  const fields = assignFieldNames(headers);
  const columns: TableColumn[] = run.map((col, i) => ({
    col,
    letter: colName(col),
    header: headers[i],
    field: fields[i],
  }));
  let summary: RecognisedTable['summary'];
  if (rows.length > 1) {
    const last = rows[rows.length - 1];
    const cells = summaryCells(sheet, last, run, firstDataRow, rows[rows.length - 2]);
    if (cells) {
      summary = { row: last, cells };
      rows.pop();
    }
  }
  const lastDataRow = rows[rows.length - 1];
  const end = (summary?.row ?? lastDataRow) + 1; // the first empty row below the table
  if (!summary && end + 1 <= sheet.maxRow) {
    const cells = summaryCells(sheet, end + 1, run, firstDataRow, lastDataRow);
    if (cells) summary = { row: end + 1, cells };
  }
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
    if (r <= end || r === summaryRow) continue;
    if (run.some((c) => !isEmpty(cells.get(c)) && !side.has(key(r, c)))) out.push(r);
  }
  return out.sort((a, b) => a - b);
}

/**
 * OTHER_TABLES when the sheet holds other blocks with a header row, or the workbook Excel Tables on other
 * sheets: the range compiled is named, the others listed, for `--table`.
 */
function otherBlocksWarning(wb: WorkbookModel, table: RecognisedTable, side: ReadonlySet<string>): Warning[] {
  const others = [
    ...otherBlocks(table, side).map((b) => `${table.sheet.name}!${b}`),
    ...wb.tables.map((t) => `${t.name} (${t.sheet})`),
  ];
  if (others.length === 0) return [];
  const { sheet, columns, headerRow } = table;
  const bottom = (table.summary?.row ?? table.lastDataRow) + 1;
  const range = `${sheet.name}!${columns[0].letter}${headerRow + 1}:${columns[columns.length - 1].letter}${bottom}`;
  return [
    {
      code: 'OTHER_TABLES',
      message: `Compiled range ${range} (the first header row of the sheet, its leftmost block); the workbook also holds ${others.join(', ')}: choose with --table`,
      cell: sheetCell(sheet.name, headerRow, columns[0].col),
    },
  ];
}

/**
 * The sheet's other blocks (A1 ranges), top to bottom: a run of two or more text labels outside the table,
 * nothing above it, something under it that is not a side cell (a lookup table's header is not a block); the
 * block reaches down to the first row empty in its columns.
 */
function otherBlocks(table: RecognisedTable, side: ReadonlySet<string>): string[] {
  const { sheet } = table;
  const boxes: Array<{ top: number; bottom: number; left: number; right: number }> = [
    {
      top: table.headerRow,
      bottom: table.summary?.row ?? table.lastDataRow,
      left: table.columns[0].col,
      right: table.columns[table.columns.length - 1].col,
    },
  ];
  const inBox = (r: number, c: number) =>
    boxes.some((b) => r >= b.top && r <= b.bottom && c >= b.left && c <= b.right);
  const free = (r: number, c: number) => !side.has(key(r, c)) && !inBox(r, c);
  const found: string[] = [];
  for (const r of [...sheet.rows.keys()].sort((a, b) => a - b)) {
    const line = sheet.rows.get(r)!;
    // Why labels first: most cells are numbers or formulas, and the test is cheap.
    const cols = [...line.keys()].filter((c) => isLabel(line.get(c))).sort((a, b) => a - b);
    for (const c of cols) {
      if (!free(r, c) || isLabel(line.get(c - 1))) continue;
      const run = headerRun(sheet, r, c).filter((x) => free(r, x));
      if (run.length < 2 || run.some((x) => !isEmpty(getCell(sheet, r - 1, x)))) continue;
      let bottom = r;
      while (run.some((x) => free(bottom + 1, x) && !isEmpty(getCell(sheet, bottom + 1, x)))) bottom++;
      if (bottom === r) continue;
      boxes.push({ top: r, bottom, left: run[0], right: run[run.length - 1] });
      found.push(`${colName(run[0])}${r + 1}:${colName(run[run.length - 1])}${bottom + 1}`);
    }
  }
  return found;
}

/** 1-based row numbers as ranges: `7-9, 12`. */
function rowList(rows: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    parts.push(i === j ? `${rows[i] + 1}` : `${rows[i] + 1}-${rows[j] + 1}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** The summary formulas of a row, or undefined when the row is not a summary row. */
function summaryCells(
  sheet: SheetModel,
  row: number,
  run: number[],
  first: number,
  last: number,
): SummaryCell[] | undefined {
  const out: SummaryCell[] = [];
  const row0 = sheet.rows.get(row);
  if (!row0) return undefined;
  for (const [col, cell] of row0) {
    if (isEmpty(cell)) continue;
    if (cell.formula === undefined) {
      if (typeof cell.value === 'string') continue;
      return undefined;
    }
    if (cell.formulaKind === 'array') return undefined;
    const { ast } = parseFormula(cell.formula);
    const aggregate = ast && summaryAggregate(ast);
    if (!aggregate) return undefined;
    const { arg, fn } = aggregate;
    if (arg.kind !== 'range' || arg.sheet !== undefined || arg.workbook !== undefined) return undefined;
    const { start, end } = arg;
    if (start.col === null || start.col !== end.col || !run.includes(start.col)) return undefined;
    if (start.row !== first || end.row !== last) return undefined;
    out.push({ col, formula: cell.formula, ast: ast as Node, fn, target: start.col });
  }
  return out.length > 0 ? out.sort((a, b) => a.col - b.col) : undefined;
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

/** Columns of the contiguous text run starting at `start` in the header row. */
function headerRun(sheet: SheetModel, row: number, start: number): number[] {
  const run: number[] = [];
  for (let c = start; c <= sheet.maxCol; c++) {
    if (!isLabel(getCell(sheet, row, c))) break;
    run.push(c);
  }
  return run;
}

/**
 * The label columns of a row that could be a header: sorted, non-side cells, all text, at least one.
 * Undefined when some other non-empty cell is not a text label.
 */
function labelCells(sheet: SheetModel, row: number, side: Set<string>): number[] | undefined {
  const cells = sheet.rows.get(row);
  if (!cells) return undefined;
  const cols: number[] = [];
  for (const [col, cell] of cells) {
    if (side.has(key(row, col)) || isEmpty(cell)) continue;
    if (!isLabel(cell)) return undefined;
    cols.push(col);
  }
  return cols.length > 0 ? cols.sort((a, b) => a - b) : undefined;
}

function isLabel(cell: CellModel | undefined): boolean {
  return (
    cell !== undefined &&
    cell.formula === undefined &&
    typeof cell.value === 'string' &&
    cell.value.trim() !== ''
  );
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
