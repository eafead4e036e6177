/**
 * The table layouts the compiler takes, as `npm run conformance` counts them: which layout a corpus formula cell uses, read
 * from its formula's AST (the one parser, src/workbook/formula) where the cell stands, and a tally per layout
 * of the cells tried (exact, 15-digit, mismatch) and skipped (by the skip reason conformance.ts gives).
 *
 * - structured reference: a `structured` node (`[@Qty]`, `Orders[Amount]`);
 * - sheet-qualified reference: a cell, range or table reference with a sheet or workbook prefix;
 * - defined name: a `name` node;
 * - running/cross-row: a reference of its own sheet that reads another row the way a formula column's cell
 *   does, as the compiler's column analysis sees it (src/compiler/analyse/): a relative cell in another row
 *   (`=F2+D3-E3` in row 3, `=E3-E2`), or a range with one end moving with the row (`=SUM($E$2:E2)`);
 * - typed-over: a formula cell whose column holds, next to it, a typed value inside a run of the same formula
 *   (compared in R1C1, as the analysis compares a column): the cell above or below is a constant and the one
 *   beyond it is this cell's formula again. The typed cells themselves are constants, not tried; the figure
 *   counts the formula cells around them.
 */
import type { Node } from '../src/workbook/formula/ast.js';
import { toR1C1 } from '../src/workbook/formula/r1c1.js';
import { walk } from '../src/workbook/formula/walk.js';
import { getCell, type SheetModel } from '../src/workbook/model.js';

export const LAYOUTS = [
  'structured reference',
  'sheet-qualified reference',
  'defined name',
  'running/cross-row',
  'typed-over',
] as const;
export type Layout = (typeof LAYOUTS)[number];
/**
 * The running/cross-row cells that read a formula cell in a row above, tried with the value Excel saved for it
 * (conformance-cells.ts `boundCells`, which binds every formula cell read so).
 */
export const SAVED_ABOVE = 'cross-row, saved row above';
type Row = Layout | typeof SAVED_ABOVE;

/** Where the formula stands: its sheet and 0-based cell. */
export interface At {
  sheet: SheetModel;
  row: number;
  col: number;
}

const ownSheet = (n: { sheet?: string; workbook?: string }, at: At) =>
  n.workbook === undefined &&
  (n.sheet === undefined || n.sheet.toLowerCase() === at.sheet.name.toLowerCase());

/** Does the reference read another row the way a formula column's cell does (see the header)? */
function readsAcrossRows(n: Node, at: At): boolean {
  if (n.kind === 'cell') return ownSheet(n, at) && !n.rowAbs && n.row !== at.row;
  if (n.kind !== 'range' || !ownSheet(n, at)) return false;
  const { start, end } = n;
  if (start.row === null || end.row === null) return false;
  return start.rowAbs !== end.rowAbs;
}

/** The formula cell at (row, col) in R1C1, or undefined when the cell holds no formula. */
function r1c1At(sheet: SheetModel, row: number, col: number): string | undefined {
  const f = getCell(sheet, row, col)?.formula;
  return f === undefined ? undefined : toR1C1(f, row, col);
}

/** Is a typed value next to this formula cell, inside a run of the same formula (see the header)? */
function besideTypedOver(formula: string, at: At): boolean {
  const own = toR1C1(formula, at.row, at.col);
  return [-1, 1].some((d) => {
    const next = getCell(at.sheet, at.row + d, at.col);
    if (next === undefined || next.formula !== undefined || next.value === null || next.value === '')
      return false;
    return r1c1At(at.sheet, at.row + 2 * d, at.col) === own;
  });
}

/** The layouts the formula (as written, with its AST) uses where it stands. */
export function layoutsOf(formula: string, ast: Node, at: At): Set<Layout> {
  const found = new Set<Layout>();
  walk(ast, (n) => {
    if (n.kind === 'structured') found.add('structured reference');
    if ((n.kind === 'cell' || n.kind === 'range' || n.kind === 'structured') && !ownSheet(n, at))
      found.add('sheet-qualified reference');
    if (n.kind === 'name') found.add('defined name');
    if (readsAcrossRows(n, at)) found.add('running/cross-row');
  });
  if (besideTypedOver(formula, at)) found.add('typed-over');
  return found;
}

export interface LayoutTally {
  cells: number;
  tried: number;
  exact: number;
  match15: number;
  mismatch: number;
  skipped: Map<string, number>;
}

export function layoutTallies(): Map<Row, LayoutTally> {
  return new Map(
    LAYOUTS.flatMap((l): Row[] => (l === 'running/cross-row' ? [l, SAVED_ABOVE] : [l])).map((l) => [
      l,
      { cells: 0, tried: 0, exact: 0, match15: 0, mismatch: 0, skipped: new Map<string, number>() },
    ]),
  );
}

/** Counts one cell under each of its layouts: tried with an outcome, or skipped for a reason. */
export function tallyLayouts(
  tallies: Map<Row, LayoutTally>,
  layouts: ReadonlySet<Row>,
  outcome: { tried: 'exact' | 'match15' | 'mismatch' } | { skipped: string },
): void {
  for (const l of layouts) {
    const t = tallies.get(l)!;
    t.cells++;
    if ('tried' in outcome) {
      t.tried++;
      t[outcome.tried]++;
    } else t.skipped.set(outcome.skipped, (t.skipped.get(outcome.skipped) ?? 0) + 1);
  }
}

/** The "Layouts" table: per layout, cells, tried and outcomes, skipped and the three commonest reasons. */
export function layoutsReport(tallies: Map<Row, LayoutTally>): string[] {
  const lines = ['Layouts (a cell counts under each layout it uses; every producer, like Skipped):'];
  for (const [layout, t] of tallies) {
    const skipped = t.cells - t.tried;
    const reasons = [...t.skipped]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([why, n]) => `${n} ${why}`)
      .join('; ');
    const name = layout === SAVED_ABOVE ? `  of which ${layout}` : layout;
    lines.push(
      `  ${name.padEnd(38)} cells ${String(t.cells).padStart(5)}  tried ${String(t.tried).padStart(5)}  exact ${String(t.exact).padStart(5)}  15-digit ${String(t.match15).padStart(4)}  mismatch ${String(t.mismatch).padStart(4)}  skipped ${String(skipped).padStart(5)}${reasons ? ` (${reasons})` : ''}`,
    );
  }
  return lines;
}
