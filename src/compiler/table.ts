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
 *   under it down to the first row that is empty in every table column.
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
import { assignFieldNames } from './fields.js';
import { substituteNames } from './names.js';
import { recogniseListObject, tablePartWarnings } from './list-object.js';
import { sheetCell, valueReferences } from './refs.js';
import type { FailureCode, Warning } from './types.js';
import type { CellModel, DefinedName, SheetModel, WorkbookModel } from '../workbook/model.js';
import { getCell } from '../workbook/model.js';

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
    const table = buildTable(sheet, r, run, warnings, options);
    if (isRecogniseFailure(table)) return table;
    if (wb.date1904) table.date1904 = true;
    table.workbook = { sheets: wb.sheets, definedNames: wb.definedNames };
    return table;
  }
  return {
    reason: 'NO_TABLE',
    error: `No header row (a row of text labels with data under it) on sheet "${sheet.name}"`,
  };
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
  let end = firstDataRow; // exclusive
  while (end <= sheet.maxRow && run.some((c) => !isEmpty(getCell(sheet, end, c)))) {
    end++;
    // Why check inside the loop: a million-row sheet is refused without walking all of it.
    if (end - firstDataRow > maxRows + 1) break;
  }
  const headers = run.map((c) => String(getCell(sheet, headerRow, c)?.value ?? ''));
  const fields = assignFieldNames(headers);
  const columns: TableColumn[] = run.map((col, i) => ({
    col,
    letter: colName(col),
    header: headers[i],
    field: fields[i],
  }));
  let lastDataRow = end - 1;
  let summary: RecognisedTable['summary'];
  if (lastDataRow > firstDataRow) {
    const cells = summaryCells(sheet, lastDataRow, run, firstDataRow, lastDataRow - 1);
    if (cells) {
      summary = { row: lastDataRow, cells };
      lastDataRow--;
    }
  }
  if (!summary && end + 1 <= sheet.maxRow) {
    const cells = summaryCells(sheet, end + 1, run, firstDataRow, lastDataRow);
    if (cells) summary = { row: end + 1, cells };
  }
  const rows = lastDataRow - firstDataRow + 1;
  if (rows > maxRows) {
    return { reason: 'TOO_MANY_ROWS', error: `The table has more than ${maxRows} data rows (the limit)` };
  }
  const left = rowsLeftOut(sheet, run, end, summary?.row);
  if (left.length > 0) {
    warnings.push({
      code: 'ROWS_LEFT_OUT',
      message: `The table ends at the empty row ${end + 1}; rows below it hold data in its columns and are left out: ${rowList(left)}`,
      cell: sheetCell(sheet.name, left[0], run[0]),
    });
  }
  return { sheet, headerRow, firstDataRow, lastDataRow, columns, summary, warnings };
}

/**
 * Rows below the table's end (`end`, its first empty row) with something in the table's columns, other than
 * the summary row: data a blank row cut off, named so it is never dropped silently.
 */
function rowsLeftOut(
  sheet: SheetModel,
  run: number[],
  end: number,
  summaryRow: number | undefined,
): number[] {
  const out: number[] = [];
  for (const [r, cells] of sheet.rows) {
    if (r <= end || r === summaryRow) continue;
    if (run.some((c) => !isEmpty(cells.get(c)))) out.push(r);
  }
  return out.sort((a, b) => a - b);
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

/** A cell with no formula and no value (an empty string counts as empty). */
export function isEmpty(cell: CellModel | undefined): boolean {
  return cell === undefined || (cell.formula === undefined && (cell.value === null || cell.value === ''));
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
