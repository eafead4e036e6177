/** Walking a formula tree: every node, parents before children. */
import type { Node } from './ast.js';
import { assertNever } from './ast.js';

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

/** Does any node of the tree satisfy `test`? */
export function someNode(node: Node, test: (n: Node) => boolean): boolean {
  let found = false;
  walk(node, (n) => {
    if (!found && test(n)) found = true;
  });
  return found;
}

/**
 * The node with each child replaced by `f(child)` (the node itself when it has none), for a rewrite from the
 * root down: `f` decides per child whether to replace it or to recurse with mapChildren again. Array constants
 * hold only literals, so they are kept as they are.
 */
export function mapChildren(node: Node, f: (child: Node) => Node): Node {
  switch (node.kind) {
    case 'call':
      return { ...node, args: node.args.map(f) };
    case 'binary':
      return { ...node, left: f(node.left), right: f(node.right) };
    case 'unary':
    case 'percent':
      return { ...node, operand: f(node.operand) };
    default:
      return node;
  }
}
