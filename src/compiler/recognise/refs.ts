/**
 * Small helpers over formula ASTs shared by table recognition and column analysis: the references a formula
 * makes. (Walking a tree and `sheetCell` live in src/workbook/formula.)
 */
import type { CellNode, Node, RangeNode } from '../../workbook/formula/index.js';
import { a1, walk } from '../../workbook/formula/index.js';

export { sheetCell } from '../../workbook/formula/index.js';

/** Every cell and range reference in a formula, in source order. */
export function references(node: Node): Array<CellNode | RangeNode> {
  const out: Array<CellNode | RangeNode> = [];
  walk(node, (n) => {
    if (n.kind === 'cell' || n.kind === 'range') out.push(n);
  });
  return out;
}

/** `A1` or `A1:B2` text of a range (whole rows/columns rendered as `A:A` / `1:1`). */
export function rangeText(node: RangeNode): string {
  const end = (e: RangeNode['start']) =>
    e.row === null ? colLetters(e.col ?? 0) : e.col === null ? String(e.row + 1) : a1(e.row, e.col);
  return `${end(node.start)}:${end(node.end)}`;
}

function colLetters(col: number): string {
  return a1(0, col).replace(/[0-9]+$/, '');
}

/** Functions whose reference argument gives only a position, never a value read (`ROW($A$1)`). */
const POSITION_ONLY = new Set(['ROW', 'ROWS']);

/**
 * The references whose cells a formula reads: all of them except a reference that is an argument of ROW or
 * ROWS (only its position counts, so `ROW($A$1)` over the header row does not make A1 a parameter cell).
 */
export function valueReferences(node: Node): Array<CellNode | RangeNode> {
  const positions = new Set<Node>();
  walk(node, (n) => {
    if (n.kind === 'call' && POSITION_ONLY.has(n.name)) for (const a of n.args) positions.add(a);
  });
  return references(node).filter((r) => !positions.has(r));
}
