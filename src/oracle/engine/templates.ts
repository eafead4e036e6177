/**
 * Formula templates: rewriting a filled-down column once instead of once per cell.
 *
 * Why: the oracle rewrites every formula cell (parse, apply the corrections, print; rewrite.ts) and first
 * lists each one's aggregate calls to find repeats worth hoisting: two parses per cell, most of the oracle's
 * own time on a long table (1.2 s of 4 s at 10,000 rows × 5 formula columns). A filled column holds one
 * formula shifted row by row, and the rewrite commutes with the shift: it copies every reference token as
 * written and adds only absolute ones (helper cells), so rewriting the first cell and shifting the result
 * gives what rewriting each cell gives.
 *
 * When a cell may use a template (checked per cell, never assumed):
 * - its text is exactly the template's text shifted to the cell (`shiftFormula`, as the reader shifts a
 *   shared formula's children); candidates are found by the text with its digits blanked, then compared;
 * - every aggregate call of the template (the hoisting candidates) reads the same cells from the cell as
 *   from the template, i.e. does not change under the shift; otherwise a hoisted helper reference would be
 *   wrong for the cell, so the cell is rewritten on its own.
 * Anything else (array formulas, cells no template moves onto, more than `PER_SHAPE` distinct formulas of
 * one shape) takes the per-cell path, which is the reference this is tested against.
 */
import { prepareStrictShift, type StrictShift } from '../../workbook/formula/index.js';
import type { CorrectionName } from '../excel/registry.js';
import { aggregateCalls } from '../rewrite/rewrite.js';

/** Distinct templates kept per digit-blanked shape (a column of `=A2*1.05`, `=A3*1.07`, ... has many). */
const PER_SHAPE = 8;

export interface Template {
  row: number;
  col: number;
  formula: string;
  /** Its aggregate calls as `aggregateCalls` lists them. */
  calls: string[];
  /** The calls read the same cells when the formula moves vertically / horizontally. */
  fixedRows: boolean;
  fixedCols: boolean;
  shift: StrictShift;
  /** The rewritten text moved to a cell of the template (set by the caller's first rewrite). */
  rewritten?: StrictShift;
}

/** Does a call's text stay the same when moved one row down (rows) or one column right (cols)? */
function fixedUnder(call: string, dr: number, dc: number): boolean {
  return prepareStrictShift(call, 1000, 1000)(1000 + dr, 1000 + dc) === call;
}

/** The templates of one sheet. */
export class TemplateIndex {
  private readonly byShape = new Map<string, Template[]>();
  /**
   * By column, the template its last cell used. Why: a filled column's cells use one template, which is then
   * found by moving it to the cell and comparing, without the shape's key (a regular expression over the text)
   * and its lookup; any template whose text moves exactly onto the cell's is one the cell may use.
   */
  private readonly lastInColumn: Array<Template | undefined> = [];

  constructor(private readonly corrections: ReadonlySet<CorrectionName>) {}

  /**
   * The template the formula at (row, col) can use, or undefined for the per-cell path. A formula that
   * matches none becomes a template itself (while its shape has room).
   */
  match(formula: string, row: number, col: number): Template | undefined {
    const last = this.lastInColumn[col];
    if (last !== undefined && (row === last.row || last.fixedRows) && (col === last.col || last.fixedCols)) {
      if (last.shift(row, col) === formula) return last;
    }
    const t = this.find(formula, row, col);
    this.lastInColumn[col] = t;
    return t;
  }

  private find(formula: string, row: number, col: number): Template | undefined {
    const shape = formula.replace(/[0-9]+/g, '0');
    let list = this.byShape.get(shape);
    if (list === undefined) {
      list = [];
      this.byShape.set(shape, list);
    }
    for (const t of list) {
      if (t.shift(row, col) !== formula) continue;
      const dr = row - t.row;
      const dc = col - t.col;
      return (dr === 0 || t.fixedRows) && (dc === 0 || t.fixedCols) ? t : undefined;
    }
    if (list.length >= PER_SHAPE) return undefined;
    const calls = aggregateCalls(formula, this.corrections);
    const t: Template = {
      row,
      col,
      formula,
      calls,
      fixedRows: calls.every((c) => fixedUnder(c, 1, 0)),
      fixedCols: calls.every((c) => fixedUnder(c, 0, 1)),
      shift: prepareStrictShift(formula, row, col),
    };
    list.push(t);
    return t;
  }
}
