/**
 * The error guard: a formula whose value is its first operand's error whenever that operand is an error is
 * lowered a second time with the operand's error kind taken away, and the two halves joined at the root:
 * `$type($parent.amount) = "object" ? $parent.amount : <the formula over a number>`. The second lowering
 * knows the operand is no error, so the plain operators apply (`$parent.amount > 500.00000000000006` instead
 * of `$xlCompare($parent.amount, 500, ">")`), and one type test per row replaces a helper at every use.
 *
 * Exact because both halves are: where the operand is not an error, the second lowering is the lowering under
 * the kinds it actually has; where it is, Excel's value is that error (`strictOperand` below only follows
 * positions Excel evaluates first and passes an error from unchanged).
 */
import type { CellNode, Node } from '../../workbook/formula/ast.js';
import { isRefusal, type LowerContext, type Operand, type Refusal } from './contract.js';

/**
 * Functions whose value is their first argument's error when it is an error (Excel evaluates the first
 * argument first and returns the first error): IF and NOT on their condition, AND/OR on the first logical,
 * ROUND and the text functions on their first argument.
 */
const FIRST_ARGUMENT_STRICT: ReadonlySet<string> = new Set([
  'IF',
  'NOT',
  'AND',
  'OR',
  'ROUND',
  'ROUNDUP',
  'ROUNDDOWN',
  'ABS',
  'UPPER',
  'LOWER',
  'LEFT',
  'RIGHT',
  'LEN',
  'TRIM',
]);

/** Binary operators that give their left operand's error first (arithmetic, `&`, comparisons). */
const LEFT_STRICT: ReadonlySet<string> = new Set([
  '+',
  '-',
  '*',
  '/',
  '^',
  '&',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
]);

/**
 * The single-cell reference whose error is the formula's value whenever it holds one: followed down the
 * operand evaluated first (left operands, first arguments of the functions above); undefined when that path
 * ends anywhere else.
 */
export function strictOperand(node: Node): CellNode | undefined {
  switch (node.kind) {
    case 'cell':
      return node;
    case 'binary':
      return LEFT_STRICT.has(node.op) ? strictOperand(node.left) : undefined;
    case 'unary':
      return node.op === '@' ? undefined : strictOperand(node.operand);
    case 'percent':
      return strictOperand(node.operand);
    case 'call': {
      const first = node.args[0];
      return FIRST_ARGUMENT_STRICT.has(node.name) && first ? strictOperand(first) : undefined;
    }
    default:
      return undefined;
  }
}

/** A plain path (`$parent.amount`): reading it twice costs a lookup and cannot differ. */
export const PLAIN_PATH = /^\$[A-Za-z_][\w]*(?:\.(?:[A-Za-z_]\w*|`[^`]+`))*$/;

/**
 * The operand the guard tests and the context that reads it without its error kind, when the formula is
 * strict in a reference that may be an error and reads as a plain path; undefined otherwise.
 */
export function guardFor(
  ast: Node,
  ctx: LowerContext,
): { operand: Operand; narrowed: LowerContext } | undefined {
  const cell = strictOperand(ast);
  if (!cell) return undefined;
  const operand = ctx.cell(cell);
  if (isRefusal(operand) || !operand.kinds.includes('error') || !PLAIN_PATH.test(operand.expr))
    return undefined;
  if (operand.kinds.length === 1) return undefined;
  // Why Object.create: the context's own methods (`name` resolving to `this.cell`) then read the narrowed cell.
  const narrowed = Object.create(ctx) as LowerContext;
  narrowed.cell = (node: CellNode): Operand | Refusal => {
    const op = ctx.cell(node);
    if (isRefusal(op) || op.expr !== operand.expr) return op;
    return { ...op, kinds: op.kinds.filter((k) => k !== 'error') };
  };
  return { operand, narrowed };
}
