/**
 * A direct argument that may be a cell reference in Excel (docs/semantics.md "Direct arguments and
 * references"). INDEX, XLOOKUP, CHOOSE, SWITCH and the IF family give a reference when the value they pick is
 * a cell's, so an aggregate reads it as a reference (its text, booleans and blanks ignored: `SUM(INDEX(C1:D1,2))`
 * with D1 the text "5" is 0), while the lowering reads the value as written (5). Where the picked value's kinds
 * are ones both readings treat alike, the argument compiles; otherwise it is refused, never guessed
 * (fuzz: `MIN(INDEX(C1:D1,MATCH("abc",A1:B1,0)),A1:A1)` with D1 the text "1e400").
 */
import type { Node } from '../../../workbook/formula/ast.js';
import { only, type Val } from '../value.js';
import type { ValueKind } from '../contract.js';
import type { Lowering } from './types.js';

/** The calls whose result may be a reference to the cell they pick. */
const MAY_PICK_A_CELL: ReadonlySet<string> = new Set([
  'INDEX',
  'XLOOKUP',
  'CHOOSE',
  'SWITCH',
  'IF',
  'IFS',
  'IFERROR',
  'IFNA',
]);

/**
 * Refuses `v`, the lowering of the direct argument `a` of `fn`, when `a` may pick a cell and its value may be
 * of a kind outside `alike` (the kinds `fn` reads the same as a written value and as a reference's).
 */
export function refusePickedCell(
  l: Lowering,
  fn: string,
  a: Node,
  v: Val,
  alike: readonly ValueKind[],
): void {
  if (a.kind !== 'call' || !MAY_PICK_A_CELL.has(a.name) || only(v.kinds, alike)) return;
  l.fail(
    'UNSUPPORTED_CONSTRUCT',
    `${a.name} as an argument of ${fn} may pick a cell holding text, a boolean or a blank, which ${fn} reads as a reference's (ignored), not as a written value`,
    a,
  );
}
