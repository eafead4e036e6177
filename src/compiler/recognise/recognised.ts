/**
 * What recognition hands on: the recognised table (its sheet, header row, data rows, columns, summary row and
 * warnings) or why there is none, the limits it works under, and the small questions later steps ask of a
 * table (its range, its formula columns, the rows inside it that are no item). Every way of finding a table
 * (a layout, table.ts; an Excel Table, list-object.ts; the choice of sheet, sheet-choice.ts) builds this.
 */
import type { Node } from '../../workbook/formula/ast.js';
import type { SheetModel, WorkbookModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';
import type { FailureCode, Warning } from '../types.js';
import { isEmpty } from './extent.js';
import { sheetCell } from './refs.js';

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

/**
 * The rows between the first and the last data row that are not items, as a phrase (`blank row 5`,
 * `blank rows 5, 8-9`, `blank row 5, section rows 2, 6`), or undefined when there are none: empty rows and
 * section rows (extent.ts). A formula reading the row above, or a whole column by position, would see them
 * where the items do not (docs/compiler.md "Blank rows and the table's extent").
 */
export function blankRowsInside(table: RecognisedTable): string | undefined {
  const { rows, firstDataRow, lastDataRow, sheet, columns } = table;
  if (rows.length === lastDataRow - firstDataRow + 1) return undefined;
  const items = new Set(rows);
  const blank: number[] = [];
  const section: number[] = [];
  for (let r = firstDataRow; r <= lastDataRow; r++) {
    if (items.has(r)) continue;
    if (columns.every((c) => isEmpty(getCell(sheet, r, c.col)))) blank.push(r);
    else section.push(r);
  }
  const phrase = (what: string, list: number[]) =>
    list.length === 0 ? [] : [`${what} row${list.length > 1 ? 's' : ''} ${rowList(list)}`];
  return [...phrase('blank', blank), ...phrase('section', section)].join(', ');
}

export function pickSheet(wb: WorkbookModel, name: string | undefined): SheetModel | undefined {
  if (name === undefined) return wb.sheets.find((s) => s.state === 'visible');
  return (
    wb.sheets.find((s) => s.name === name) ??
    wb.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase())
  );
}

/** The table's range, header to summary row, as `--table` takes it: `Sheet1!A3:F40`, `'Q1 sales'!A1:D9`. */
export function tableRange(table: RecognisedTable): string {
  const { sheet, columns, headerRow } = table;
  const bottom = table.summary?.row ?? table.lastDataRow;
  return `${sheetCell(sheet.name, headerRow, columns[0].col)}:${columns[columns.length - 1].letter}${bottom + 1}`;
}

/** How many of the table's columns hold a formula in a data row. */
export function formulaColumns(table: RecognisedTable): number {
  // Row by row, each row looked up once, until every column has shown a formula.
  let pending = table.columns.map((c) => c.col);
  let found = 0;
  for (const r of table.rows) {
    if (pending.length === 0) break;
    const line = table.sheet.rows.get(r);
    if (line === undefined) continue;
    const left = pending.filter((c) => line.get(c)?.formula === undefined);
    found += pending.length - left.length;
    pending = left;
  }
  return found;
}

/** 1-based row numbers as ranges: `7-9, 12`. */
export function rowList(rows: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length; ) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j] + 1) j++;
    parts.push(i === j ? `${rows[i] + 1}` : `${rows[i] + 1}-${rows[j] + 1}`);
    i = j + 1;
  }
  return parts.join(', ');
}
