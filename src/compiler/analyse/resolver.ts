/**
 * Resolving the references of a formula column: what each cell or range a formula reads points at.
 *
 * References are resolved against the first data row's formula (uniformity makes it stand for every row):
 * - a same-row cell in a table column → that field; in the column itself → CIRCULAR_REFERENCE;
 * - a relative cell in the row above, for a scan's resolver → `previous` (cross-row.ts); a cell in any other
 *   row of the table → CROSS_ROW_REFERENCE;
 * - a row-locked cell outside the table holding a number, labelled by a defined name pointing at it, else the
 *   text to its left, else the text above → a constant named from the label (`Tax rate` → `taxRate`), on this
 *   sheet or another (other-sheets.ts); anything else outside → UNRESOLVED_REFERENCE;
 * - a same-row range → its cells; a row-locked range covering exactly one table column's data rows → that
 *   whole column; a row-locked range outside the table → a constant lookup table (no formulas inside:
 *   LOOKUP_TABLE_CONTAINS_FORMULA); an expanding range of one column from the first data row (`$E$2:E3`)
 *   → `expanding`, for a scan's resolver (cross-row.ts); other ranges → CROSS_ROW_REFERENCE when one end moves
 *   with the row, else UNSUPPORTED_RANGE_SHAPE;
 * - another workbook → EXTERNAL_REFERENCE; another sheet's rows (a reference there that moves with the row),
 *   a 3-D reference or an unknown sheet → CROSS_SHEET_REFERENCE;
 * - a defined name standing for a cell or range is that reference (names.ts, substituted after parsing).
 * The same resolver serves the dependency pass (which columns a formula reads) and the lowering context.
 */
import type { CellNode, RangeNode } from '../../workbook/formula/ast.js';
import { a1 } from '../../workbook/formula/ast.js';
import { lookupTable, movesOnOtherSheet, referencedSheet } from './other-sheets.js';
import type { Refusal } from '../lower/contract.js';
import { isRefusal, refuse } from '../lower/contract.js';
import { rangeText } from '../recognise/refs.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { blankRowsInside } from '../recognise/recognised.js';
import type { CellValue } from '../../workbook/values.js';
import { getCell, type SheetModel } from '../../workbook/model.js';
import { boundedRange, isWholeRow, usedExtent } from '../lower/whole-ranges.js';

import { type ConstTarget, type Constants, strayCell } from './parameters.js';

/** What a single-cell reference resolves to. */
export type CellTarget =
  | { kind: 'field'; column: TableColumn }
  /** The row above, in a table column (`F2` read from row 3): only for a resolver of a scan (cross-row.ts). */
  | { kind: 'previous'; column: TableColumn }
  | ConstTarget;

/** What a range reference resolves to. */
export type RangeTarget =
  | { kind: 'cells'; columns: TableColumn[] }
  | { kind: 'column'; column: TableColumn; whole?: true }
  /** An expanding range (`$E$2:E3` read from row 3): only for a resolver of a scan (cross-row.ts). */
  | { kind: 'expanding'; column: TableColumn }
  | { kind: 'table'; rows: CellValue[][]; address: string; nameHint: string; whole?: true };

/**
 * Resolves references of formulas in one table column. Constants are shared by all columns (one allocator),
 * so pass the same `Constants` to every resolver.
 */
export class Resolver {
  private readonly byCol = new Map<number, TableColumn>();

  constructor(
    readonly table: RecognisedTable,
    readonly constants: Constants,
    /** The column whose formula is being resolved, and the row it is read in (the first data row). */
    readonly self: TableColumn | undefined,
    readonly row: number,
    /** Accept a relative reference to the row above (`F2` from row 3) as a `previous` target. */
    readonly previous = false,
  ) {
    for (const c of table.columns) this.byCol.set(c.col, c);
  }

  /** True when (row, col) is inside the table's rectangle (header, data and summary rows). */
  private inTable(row: number, col: number): boolean {
    const bottom = this.table.summary?.row ?? this.table.lastDataRow;
    return this.byCol.has(col) && row >= this.table.headerRow && row <= bottom;
  }

  cell(node: CellNode): CellTarget | Refusal {
    const other = referencedSheet(this.table, node);
    if (other !== undefined) {
      if (isRefusal(other)) return other;
      return (
        movesOnOtherSheet(other, node) ??
        this.constants.resolve(this.table, node.row, node.col, node.span, other)
      );
    }
    const where = a1(node.row, node.col);
    const column = this.byCol.get(node.col);
    const isData = node.row >= this.table.firstDataRow && node.row <= this.table.lastDataRow;
    if (column && isData && node.row === this.row && !node.rowAbs) {
      if (column === this.self) {
        return refuse('CIRCULAR_REFERENCE', `${where} is the formula's own cell`, node.span);
      }
      return { kind: 'field', column };
    }
    if (column && isData && this.previous && node.row === this.row - 1 && !node.rowAbs) {
      return { kind: 'previous', column };
    }
    if (column && isData) {
      return refuse(
        'CROSS_ROW_REFERENCE',
        `${where} is in another row of the table (column "${column.header}")`,
        node.span,
      );
    }
    if (!node.rowAbs) {
      return refuse(
        'UNRESOLVED_REFERENCE',
        `${where} is outside the table and moves with the row; lock it ($${where.replace(/([A-Z]+)/, '$1$')}) if it is a parameter`,
        node.span,
      );
    }
    // A locked cell of the header row (a table column's, or a text beside them, `Item` over row labels).
    if (node.row === this.table.headerRow && (column || !this.inTable(node.row, node.col))) {
      const text = getCell(this.table.sheet, node.row, node.col)?.value;
      if (column || (typeof text === 'string' && text !== '')) {
        return this.constants.header(this.table, node.col, node.span);
      }
    }
    if (this.inTable(node.row, node.col)) {
      return refuse('UNRESOLVED_REFERENCE', `${where} is a summary cell of the table`, node.span);
    }
    return this.constants.resolve(this.table, node.row, node.col, node.span);
  }

  /**
   * The text of a constant text cell: locked (`$F$1` or `F$1`), on this sheet, outside the table, no
   * formula. Read at compile time (TEXT's format code), so it is not a parameter of the spec.
   */
  constantText(node: CellNode): string | undefined {
    if (referencedSheet(this.table, node) !== undefined || !node.rowAbs || this.inTable(node.row, node.col))
      return undefined;
    const cell = getCell(this.table.sheet, node.row, node.col);
    if (cell?.formula !== undefined || typeof cell?.value !== 'string') return undefined;
    return cell.value;
  }

  range(node: RangeNode): RangeTarget | Refusal {
    const other = referencedSheet(this.table, node);
    if (isRefusal(other)) return other;
    const text = rangeText(node);
    const { start, end } = node;
    if (start.row === null || start.col === null || end.row === null || end.col === null) {
      return this.wholeRange(node, other);
    }
    if (other)
      return movesOnOtherSheet(other, node) ?? lookupTable(this.table, other, node, `${other.name}!${text}`);
    const cols: TableColumn[] = [];
    let outside = 0;
    for (let c = start.col; c <= end.col; c++) {
      const col = this.byCol.get(c);
      if (col) cols.push(col);
      else outside++;
    }
    const { firstDataRow, lastDataRow } = this.table;
    // A same-row range (`SUM(B2:D2)`): every cell a field of this row.
    if (start.row === this.row && end.row === this.row && !start.rowAbs && !end.rowAbs && outside === 0) {
      if (this.self && cols.includes(this.self)) {
        return refuse('CIRCULAR_REFERENCE', `${text} includes the formula's own cell`, node.span);
      }
      return { kind: 'cells', columns: cols };
    }
    // A whole table column (`$D$2:$D$101`), locked so every row reads the same cells.
    if (
      start.col === end.col &&
      cols.length === 1 &&
      start.rowAbs &&
      end.rowAbs &&
      start.row === firstDataRow &&
      end.row === lastDataRow
    ) {
      if (cols[0] === this.self) {
        return refuse('CIRCULAR_REFERENCE', `${text} is the formula's own column`, node.span);
      }
      const blank = blankRowsInside(this.table);
      if (blank !== undefined) {
        return refuse(
          'UNSUPPORTED_RANGE_SHAPE',
          `${text} spans the table's ${blank}, not items (positions and blank counts would differ)`,
          node.span,
        );
      }
      return { kind: 'column', column: cols[0] };
    }
    const touchesData = cols.length > 0 && start.row <= lastDataRow && end.row >= firstDataRow;
    if (touchesData && start.rowAbs && !end.rowAbs && end.row === this.row) {
      return this.expanding(node, cols, outside);
    }
    if (touchesData) {
      if (!start.rowAbs || !end.rowAbs) {
        return refuse(
          'CROSS_ROW_REFERENCE',
          `${text} moves with the row over other rows of the table`,
          node.span,
        );
      }
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is neither one whole table column (rows ${firstDataRow + 1}-${lastDataRow + 1}) nor a same-row range`,
        node.span,
      );
    }
    if (!start.rowAbs || !end.rowAbs) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is outside the table and moves with the row`,
        node.span,
      );
    }
    // A locked range within the header row (`$B$1:$E$1`, the carriers' names): the header texts, constants.
    if (start.row === this.table.headerRow && end.row === this.table.headerRow) {
      return lookupTable(this.table, this.table.sheet, node, text);
    }
    let touchesTable = false;
    for (let c = start.col; c <= end.col && !touchesTable; c++) {
      touchesTable =
        this.inTable(start.row, c) ||
        this.inTable(end.row, c) ||
        (this.byCol.has(c) && start.row < this.table.headerRow && end.row > this.table.headerRow);
    }
    if (touchesTable) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} overlaps the table's header or summary row`,
        node.span,
      );
    }
    return lookupTable(this.table, this.table.sheet, node, text);
  }

  /**
   * A whole column or row (whole-ranges.ts), bounded by its sheet's used range: on another sheet, or beside
   * the table, a constant lookup table; one column of the table itself, that column (its data rows), when every
   * other cell of the sheet's column is blank or text (a header, a title), which the readers allowed over it
   * ignore. The formula's own column is CIRCULAR_REFERENCE: the whole column holds the formula's own cell.
   */
  private wholeRange(node: RangeNode, other: SheetModel | undefined): RangeTarget | Refusal {
    const text = rangeText(node);
    const sheet = other ?? this.table.sheet;
    if (isWholeRow(node) && (!node.start.rowAbs || !node.end.rowAbs)) {
      return refuse(
        'CROSS_ROW_REFERENCE',
        `${text} is a whole row that moves with the formula's row (lock it: $${(node.start.row ?? 0) + 1}:$${(node.end.row ?? 0) + 1})`,
        node.span,
      );
    }
    const bounded = boundedRange(node, usedExtent(sheet));
    const whole = { whole: true as const };
    if (other) {
      const t = lookupTable(this.table, other, bounded, `${other.name}!${text}`);
      return isRefusal(t) ? t : { ...t, ...whole };
    }
    const cols: TableColumn[] = [];
    for (let c = bounded.start.col ?? 0; c <= (bounded.end.col ?? 0); c++) {
      const col = this.byCol.get(c);
      if (col) cols.push(col);
    }
    const touches = isWholeRow(node)
      ? (bounded.start.row ?? 0) <= this.table.lastDataRow && (bounded.end.row ?? 0) >= this.table.headerRow
      : cols.length > 0;
    if (!touches) {
      const t = lookupTable(this.table, sheet, bounded, text);
      return isRefusal(t) ? t : { ...t, ...whole };
    }
    const col = cols[0];
    if (isWholeRow(node) || cols.length !== 1 || node.start.col !== node.end.col || !col) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} is a whole ${isWholeRow(node) ? 'row over the table' : 'range over several columns of the table'}; only one whole column of it is read`,
        node.span,
      );
    }
    if (col === this.self) {
      return refuse(
        'CIRCULAR_REFERENCE',
        `${text} is the formula's own column: the whole column holds the formula's own cell`,
        node.span,
      );
    }
    const stray = strayCell(sheet, col.col, this.table);
    if (stray !== undefined) {
      return refuse(
        'UNSUPPORTED_RANGE_SHAPE',
        `${text} reads ${stray} outside the table's data rows, which is neither blank nor text`,
        node.span,
      );
    }
    const blank = blankRowsInside(this.table);
    if (blank !== undefined) {
      return refuse('UNSUPPORTED_RANGE_SHAPE', `${text} spans the table's ${blank}, not items`, node.span);
    }
    return { kind: 'column', column: col, ...whole };
  }

  /**
   * A range from a locked start down to this row (`$E$2:E3` in row 3, a running total): one table column from
   * the first data row is an `expanding` target for a scan's resolver (cross-row.ts); any other shape is
   * CROSS_ROW_REFERENCE naming it.
   */
  private expanding(node: RangeNode, cols: TableColumn[], outside: number): RangeTarget | Refusal {
    const text = rangeText(node);
    const first = this.table.firstDataRow;
    const refused = (why: string) =>
      refuse('CROSS_ROW_REFERENCE', `${text} is an expanding range (a running total) ${why}`, node.span);
    if (cols.length !== 1 || outside > 0) return refused('over several columns');
    if (node.start.row !== first) return refused(`that does not start at the first data row (${first + 1})`);
    if (cols[0] === this.self) {
      return refuse('CIRCULAR_REFERENCE', `${text} includes the formula's own cell`, node.span);
    }
    if (!this.previous) return refused('read outside an ordered scan');
    return { kind: 'expanding', column: cols[0] };
  }
}
