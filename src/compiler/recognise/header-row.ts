/**
 * Which row of a sheet is the table's header row (docs/compiler.md "Recognising the table").
 *
 * - The row a formula table hangs from: the row right above the first cell of a computed column (a formula
 *   filled down at least one row further, or whose second row is filled down from there on, as a running
 *   balance is), or above a section heading right above it (a row of labels only), when that cell and its
 *   neighbours are header cells. The topmost such row is the header, its
 *   columns the run of header cells around the computed column. What lies above it (a title block, a report
 *   header, a merged logo cell, notes, blank rows) is skipped.
 * - A header cell is a text label, or a whole number typed in (a year, `2000`) or a date (a whole serial
 *   shown with a date format: a month, `Jan 2024`); the row needs one label at least. A row right under a
 *   row of labels over all its columns is a data row of that table (a typed-over first row), not a header.
 * - Without a formula column, the first row of text labels with data under it, as before: a text row with
 *   nothing under it, or a narrower text row right above a wider one, is a title row.
 *
 * Reads cells and R1C1 forms only; never throws on user input.
 */
import { PHANTOM_LEAP_DAY, timeOfSerial } from '../../workbook/serials.js';
import { toR1C1 } from '../../workbook/formula/index.js';
import type { CellModel, SheetModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';
import { isEmpty } from './extent.js';

export interface HeaderRow {
  /** 0-based sheet row. */
  row: number;
  /** The header's columns, left to right. */
  run: number[];
  /** Rows above the header holding something (side cells aside), skipped as titles. */
  titles: number[];
  /** A formula column hangs from the header (the first rule above), rather than it being the first label row. */
  anchored: boolean;
}

/** The sheet's header row, or undefined when it has none. `side` holds the side cells (`row,col`). */
export function findHeaderRow(sheet: SheetModel, side: ReadonlySet<string>): HeaderRow | undefined {
  return anchoredHeader(sheet, side) ?? firstLabelRow(sheet, side);
}

/** A text label: a typed string that is not blank. */
export function isLabel(cell: CellModel | undefined): boolean {
  return (
    cell !== undefined &&
    cell.formula === undefined &&
    typeof cell.value === 'string' &&
    cell.value.trim() !== ''
  );
}

/** A header cell: a label, or a whole non-negative number typed in (a year, a date's serial). */
function isHeaderCell(cell: CellModel | undefined): boolean {
  if (isLabel(cell)) return true;
  return (
    cell !== undefined &&
    cell.formula === undefined &&
    typeof cell.value === 'number' &&
    Number.isInteger(cell.value) &&
    cell.value >= 0
  );
}

/**
 * A header cell's text, the column's title: a label as written; a number as JavaScript writes it (`2000`);
 * a date (a number shown with a date format) as the ISO date of the parts the format shows: `2024-01-31`
 * with a day code, `2024-01` with a month and no day (`mmm yyyy`), `2024` with a year only.
 */
export function headerText(cell: CellModel | undefined, date1904: boolean): string {
  const value = cell?.value;
  if (typeof value !== 'number') return String(value ?? '');
  const codes = dateCodes(cell?.numFmt);
  if (codes === undefined || !Number.isInteger(value) || value < 1) return String(value);
  const iso = serialToIso(value, date1904);
  if (/d/i.test(codes)) return iso;
  return /m/i.test(codes) ? iso.slice(0, 7) : iso.slice(0, 4);
}

/**
 * The codes of a date number format (a day or year code once quoted text, escapes and `[...]` parts are
 * removed), or undefined when the format is no date format.
 */
export function dateCodes(format: string | undefined): string | undefined {
  if (format === undefined) return undefined;
  const codes = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dy]/i.test(codes) ? codes : undefined;
}

/** A whole serial as `yyyy-mm-dd` (the phantom 1900-02-29 too). */
function serialToIso(serial: number, date1904: boolean): string {
  if (!date1904 && serial === PHANTOM_LEAP_DAY) return '1900-02-29';
  return new Date(timeOfSerial(serial, date1904)).toISOString().slice(0, 10);
}

/** The topmost row a formula table hangs from, with its run (the first rule of the header). */
function anchoredHeader(sheet: SheetModel, side: ReadonlySet<string>): HeaderRow | undefined {
  for (const [row, cols] of anchors(sheet, side)) {
    for (const col of cols) {
      const run = runAround(sheet, row, col, side);
      if (!run.some((c) => isLabel(getCell(sheet, row, c)))) continue;
      if (underLabelRow(sheet, row, run, side)) continue;
      return { row, run, titles: occupiedAbove(sheet, row, side), anchored: true };
    }
  }
  return undefined;
}

/**
 * Rows (ascending) right above the first cell of a computed column, with those columns: the cell above is a
 * header cell (not a side cell), and the column's formula is filled down from the first cell or the second.
 */
function anchors(sheet: SheetModel, side: ReadonlySet<string>): Array<[number, number[]]> {
  const found = new Map<number, number[]>();
  const formulaOf = (cell: CellModel | undefined) =>
    cell?.formula !== undefined && cell.formulaKind !== 'array' ? cell.formula : undefined;
  const formula = (r: number, c: number) => formulaOf(getCell(sheet, r, c));
  const same = (r: number, c: number) => {
    const a = formula(r, c);
    const b = formula(r + 1, c);
    return a !== undefined && b !== undefined && toR1C1(a, r, c) === toR1C1(b, r + 1, c);
  };
  for (const [r, cells] of sheet.rows) {
    // The row above looked up once per row: every cell of the sheet is tested against its upper neighbour.
    const above = sheet.rows.get(r - 1);
    for (const [c, cell] of cells) {
      if (formulaOf(cell) === undefined || formulaOf(above?.get(c)) !== undefined) continue;
      const h = isEmpty(getCell(sheet, r - 1, c)) && labelsOnly(sheet, r - 1) ? r - 2 : r - 1;
      if (h < 0 || side.has(`${h},${c}`) || !isHeaderCell(getCell(sheet, h, c))) continue;
      if (!same(r, c) && !(formula(r + 1, c) !== undefined && same(r + 1, c))) continue;
      const cols = found.get(h) ?? [];
      cols.push(c);
      found.set(h, cols);
    }
  }
  return [...found].sort((a, b) => a[0] - b[0]).map(([r, cols]) => [r, cols.sort((a, b) => a - b)]);
}

/** Whether the row holds labels and nothing else, one at least: a section heading. */
function labelsOnly(sheet: SheetModel, row: number): boolean {
  const cells = [...(sheet.rows.get(row)?.values() ?? [])].filter((c) => !isEmpty(c));
  return cells.length > 0 && cells.every(isLabel);
}

/**
 * The contiguous header cells of the row around `col`, side cells excluded, except a label with a data cell
 * under it: a formula that reads a header cell or the header row (`$E$1&": "&B2`, `INDEX($B$1:$D$1,…)`) makes
 * it a side cell, yet it still heads its column.
 */
function runAround(sheet: SheetModel, row: number, col: number, side: ReadonlySet<string>): number[] {
  const headsData = (c: number) =>
    isLabel(getCell(sheet, row, c)) && !side.has(`${row + 1},${c}`) && !isEmpty(getCell(sheet, row + 1, c));
  const header = (c: number) =>
    (!side.has(`${row},${c}`) || headsData(c)) && isHeaderCell(getCell(sheet, row, c));
  let left = col;
  while (left > 0 && header(left - 1)) left--;
  let right = col;
  while (right < sheet.maxCol && header(right + 1)) right++;
  return Array.from({ length: right - left + 1 }, (_, i) => left + i);
}

/** Whether the row above holds a label over every column of the run: then this row is that table's data. */
function underLabelRow(sheet: SheetModel, row: number, run: number[], side: ReadonlySet<string>): boolean {
  return run.every((c) => !side.has(`${row - 1},${c}`) && isLabel(getCell(sheet, row - 1, c)));
}

/** Rows above `row` holding a cell that is not a side cell. */
function occupiedAbove(sheet: SheetModel, row: number, side: ReadonlySet<string>): number[] {
  const rows: number[] = [];
  for (const [r, cells] of sheet.rows) {
    if (r >= row) continue;
    if ([...cells].some(([c, cell]) => !isEmpty(cell) && !side.has(`${r},${c}`))) rows.push(r);
  }
  return rows.sort((a, b) => a - b);
}

/** The first row of labels with data under it, title rows skipped (the rule without a formula column). */
function firstLabelRow(sheet: SheetModel, side: ReadonlySet<string>): HeaderRow | undefined {
  const titles: number[] = [];
  for (let r = 0; r <= sheet.maxRow; r++) {
    const labels = labelCells(sheet, r, side);
    if (!labels) continue;
    const next = labelCells(sheet, r + 1, side);
    const run = labelRun(sheet, r, labels[0]);
    const below = run.some((c) => !isEmpty(getCell(sheet, r + 1, c)));
    if ((next && next.length > labels.length) || !below) {
      titles.push(r);
      continue;
    }
    return { row: r, run, titles, anchored: false };
  }
  return undefined;
}

/** Columns of the contiguous text run starting at `start` in the row. */
export function labelRun(sheet: SheetModel, row: number, start: number): number[] {
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
function labelCells(sheet: SheetModel, row: number, side: ReadonlySet<string>): number[] | undefined {
  const cells = sheet.rows.get(row);
  if (!cells) return undefined;
  const cols: number[] = [];
  for (const [col, cell] of cells) {
    if (side.has(`${row},${col}`) || isEmpty(cell)) continue;
    if (!isLabel(cell)) return undefined;
    cols.push(col);
  }
  return cols.length > 0 ? cols.sort((a, b) => a - b) : undefined;
}
