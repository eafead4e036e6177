/**
 * Small helpers over formula ASTs shared by table recognition and column analysis: walking every node, and
 * collecting the references a formula makes.
 */
import type { CellNode, Node, RangeNode } from '../workbook/formula/ast.js';
import { a1, assertNever } from '../workbook/formula/ast.js';

/** Calls `visit` on every node of the tree, parents before children. */
export function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  switch (node.kind) {
    case 'call':
      for (const a of node.args) walk(a, visit);
      return;
    case 'binary':
      walk(node.left, visit);
      walk(node.right, visit);
      return;
    case 'unary':
    case 'percent':
      walk(node.operand, visit);
      return;
    case 'array':
      for (const row of node.rows) for (const x of row) walk(x, visit);
      return;
    case 'number':
    case 'string':
    case 'boolean':
    case 'error':
    case 'cell':
    case 'range':
    case 'name':
    case 'structured':
    case 'missing':
    case 'other':
      return;
    default:
      assertNever(node, 'formula node');
  }
}

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

/** `'My Sheet'!D2`: a cell address with its sheet, quoted when the name needs it (as Excel writes it). */
export function sheetCell(sheet: string, row: number, col: number): string {
  const quoted = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${quoted}!${a1(row, col)}`;
}
