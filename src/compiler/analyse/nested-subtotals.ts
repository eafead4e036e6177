/**
 * Which cells of a SUBTOTAL's reference themselves hold a SUBTOTAL: Excel leaves those out ("If there are
 * other subtotals within ref1, ref2,… (or nested subtotals), these nested subtotals are ignored to avoid
 * double counting", Microsoft, SUBTOTAL function; ECMA-376 Part 4: "If any argument contains a SUBTOTAL
 * function call, that call shall be ignored"). A cell counts when its formula calls SUBTOTAL anywhere, also
 * nested (`=1+SUBTOTAL(9,A2:B2)`).
 *
 * The answer is per reference, over every row the formula is evaluated at: a relative row end moves with
 * the data rows, so the cells read are the union of the reference shifted over them. `none`: no such cell,
 * the reference is read as written; `all`: every cell of the union holds a SUBTOTAL, so the reference adds
 * nothing at any row; `mixed`: some do (or some of the union is blank), which the lowering refuses rather
 * than splitting the range; `aggregate`: a cell calls AGGREGATE, whose treatment under SUBTOTAL Microsoft
 * does not document, so it is refused too.
 *
 * Cost: one look per cell of the union; a formula is parsed only when its text names SUBTOTAL or AGGREGATE.
 */
import type { CellNode, RangeNode } from '../../workbook/formula/ast.js';
import type { SubtotalCover } from '../lower/contract.js';
import { someNode } from '../../workbook/formula/index.js';
import { parseFormula } from '../../workbook/formula/parser.js';
import type { SheetModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';

/** Where a formula is evaluated: its sheet (and the workbook's, for `Sheet2!A1`), and how many rows below. */
export interface SubtotalScope {
  sheet: SheetModel;
  sheets?: readonly SheetModel[];
  /** The formula is also evaluated this many rows below the row its references are written for. */
  rowsBelow: number;
}

type CellClass = 'subtotal' | 'aggregate' | 'plain';

/** Whether a formula calls SUBTOTAL (or AGGREGATE) anywhere. */
export function classifyFormula(formula: string | undefined): CellClass {
  if (formula === undefined || !/SUBTOTAL|AGGREGATE/i.test(formula)) return 'plain';
  const { ast } = parseFormula(formula);
  if (ast === undefined) return 'plain';
  if (someNode(ast, (n) => n.kind === 'call' && n.name === 'AGGREGATE')) return 'aggregate';
  return someNode(ast, (n) => n.kind === 'call' && n.name === 'SUBTOTAL') ? 'subtotal' : 'plain';
}

interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The cells a reference reads over all the rows its formula is evaluated at. */
function unionRect(node: CellNode | RangeNode, scope: SubtotalScope, sheet: SheetModel): Rect {
  const ends =
    node.kind === 'cell'
      ? [
          { row: node.row, col: node.col, rowAbs: node.rowAbs },
          { row: node.row, col: node.col, rowAbs: node.rowAbs },
        ]
      : [node.start, node.end];
  const [a, b] = ends as [(typeof ends)[0], (typeof ends)[0]];
  const below = (e: typeof a) => (e.rowAbs ? 0 : scope.rowsBelow);
  return {
    top: a.row ?? 0,
    bottom: b.row === null ? sheet.maxRow : b.row + below(b),
    left: a.col ?? 0,
    right: b.col === null ? sheet.maxCol : b.col,
  };
}

/** How the cells of a SUBTOTAL's reference stand (see the header). */
export function subtotalCover(node: CellNode | RangeNode, scope: SubtotalScope): SubtotalCover {
  if (node.workbook !== undefined) return 'none';
  const sheet =
    node.sheet === undefined
      ? scope.sheet
      : scope.sheets?.find((s) => s.name.toLowerCase() === node.sheet!.toLowerCase());
  if (sheet === undefined) return 'none'; // the reference itself is refused where it is resolved
  const rect = unionRect(node, scope, sheet);
  let subtotals = 0;
  for (let r = rect.top; r <= rect.bottom; r++) {
    if (!sheet.rows.has(r)) continue;
    for (let c = rect.left; c <= rect.right; c++) {
      const k = classifyFormula(getCell(sheet, r, c)?.formula);
      if (k === 'aggregate') return 'aggregate';
      if (k === 'subtotal') subtotals++;
    }
  }
  if (subtotals === 0) return 'none';
  const area = (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);
  return subtotals === area ? 'all' : 'mixed';
}
