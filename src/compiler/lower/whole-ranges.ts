/**
 * Whole-column and whole-row ranges (`A:B`, `'Retail Price'!A:B`, `$1:$1`). Excel reads every one of the
 * sheet's 1,048,576 rows (16,384 columns); past the sheet's used range they are all blank. A spec reads the
 * range bounded by the used range (its last row holding any cell, from row 1, so that positions are the
 * sheet's), which is exact only for a reader to which the blank cells past it add nothing. The readers and why
 * each is exact are listed here; any other function refuses a whole range (UNSUPPORTED_RANGE_SHAPE, naming it).
 */
import type { RangeNode } from '../../workbook/formula/ast.js';
import type { SheetModel } from '../../workbook/model.js';

/**
 * Where a function may read a whole range:
 * - `any`: a bounded range outside the table and a whole column of the table itself (its header and any text
 *   around the table are ignored as the function ignores text);
 * - `outside`: only a range outside the table (a lookup table), where the bounded cells are exactly Excel's.
 */
export type WholeReader = 'any' | 'outside';

/**
 * The functions that read a whole range exactly from its bounded cells. Why each:
 * - SUM, AVERAGE, MIN, MAX, COUNT, PRODUCT, SUMSQ, MEDIAN, LARGE, SMALL, RANK: a reference gives only its numbers
 *   (blanks and text ignored: the coercion table's `numbers` class; Microsoft's RANK.EQ page);
 * - SUMIF, SUMIFS: a matched blank or text cell of the sum range is no number and adds nothing;
 * - COUNTA: blanks are not counted; VLOOKUP, HLOOKUP, MATCH, XLOOKUP and INDEX(…, MATCH(…)) exact: a blank cell
 *   never equals a key that cannot be blank (a key that may be blank is refused), and positions count from
 *   row 1 as Excel's do. Their approximate modes refuse a whole range (Excel's binary search over the blank
 *   rows is not shown by any saved cell), and so does INDEX with any other position (past the used range
 *   Excel gives a blank, the bounded range #REF!).
 * Not here: COUNTIF/COUNTIFS/AVERAGEIF(S)/MAXIFS/MINIFS and COUNTBLANK (a criterion that matches blanks counts
 * the blank rows down to row 1,048,576, and what the oracle counts there is not Excel's), SUMPRODUCT (its arrays'
 * sizes), ROW/COLUMN, and every other function.
 */
export const WHOLE_RANGE_READERS: Readonly<Record<string, WholeReader>> = {
  SUM: 'any',
  AVERAGE: 'any',
  MIN: 'any',
  MAX: 'any',
  COUNT: 'any',
  PRODUCT: 'any',
  SUMSQ: 'any',
  MEDIAN: 'any',
  LARGE: 'any',
  SMALL: 'any',
  RANK: 'any',
  'RANK.EQ': 'any',
  SUMIF: 'any',
  SUMIFS: 'any',
  COUNTA: 'outside',
  VLOOKUP: 'outside',
  HLOOKUP: 'outside',
  MATCH: 'outside',
  XLOOKUP: 'outside',
  INDEX: 'outside',
};

/** A whole column (`A:B`) or a whole row (`1:3`). */
export const isWhole = (node: RangeNode): boolean =>
  node.start.row === null || node.end.row === null || node.start.col === null || node.end.col === null;

/** A whole row range (`1:3`): its columns are open. */
export const isWholeRow = (node: RangeNode): boolean => node.start.col === null || node.end.col === null;

/** The last row and column (0-based) holding a cell of `sheet`, -1 when it has none. */
export function usedExtent(sheet: SheetModel): { lastRow: number; lastCol: number } {
  let lastRow = -1;
  let lastCol = -1;
  for (const [r, row] of sheet.rows) {
    for (const [c, cell] of row) {
      if (cell.value === null && cell.formula === undefined) continue;
      if (r > lastRow) lastRow = r;
      if (c > lastCol) lastCol = c;
    }
  }
  return { lastRow, lastCol };
}

/**
 * The range `node` as Excel reads it up to the sheet's used range: a whole column from row 1 to the last used
 * row, a whole row from column A to the last used column (at least one row or column, blank when the sheet is
 * empty).
 */
export function boundedRange(node: RangeNode, extent: { lastRow: number; lastCol: number }): RangeNode {
  const { start, end } = node;
  const rows = start.row === null || end.row === null;
  const cols = start.col === null || end.col === null;
  return {
    ...node,
    start: { ...start, row: rows ? 0 : start.row, col: cols ? 0 : start.col, rowAbs: rows || start.rowAbs },
    end: {
      ...end,
      row: rows ? Math.max(extent.lastRow, 0) : end.row,
      col: cols ? Math.max(extent.lastCol, 0) : end.col,
      rowAbs: rows || end.rowAbs,
    },
  };
}
