/**
 * Lowering: the formula AST (../../workbook/formula/ast.ts) → one JSONata expression that computes what Excel
 * computes.
 *
 * Every subexpression carries the set of Excel value kinds it may take at run time (number, string, boolean,
 * blank, error), and the other facts of value.ts. The plain JSONata form is emitted only where those kinds make
 * it exact (`$parent.price * $parent.qty` when both are only numbers); anywhere Excel's coercions, blanks or
 * errors matter, a `$xl...` helper from library.ts is called instead. Operands are evaluated in Excel's order
 * and helpers check errors left to right, so the first error in evaluation order wins.
 *
 * The lowerer (lowerer.ts) lowers the core of the language (literals, references, operators); each function
 * is lowered by its entry in the function table (functions/), through the `Lowering` interface the lowerer
 * implements. An entry may only call the helpers it declares. This file is the entry: it runs the lowerer,
 * and weighs whether guarding the formula on an error operand (guard.ts) saves work.
 *
 * A construct outside the supported set stops the lowering with a Refusal naming it. Internally that is a
 * thrown `Refused`, caught here; it never escapes.
 */
import type { Node } from '../../workbook/formula/ast.js';
import { guardFor } from './guard.js';
import { isRefusal, type LowerContext, type Lowered, type Refusal } from './contract.js';
import { may, union, withError } from './value.js';
import { Lowerer, Refused } from './lowerer.js';

export { nextDouble, r15Bounds } from './compare.js';

/**
 * Lowers one formula AST to JSONata with Excel's semantics, or refuses it with a coded reason and the
 * offending node's span. A blank result (a formula returning a blank reference) reads as 0, as in Excel.
 * A formula strict in an operand that may be an error is guarded on it (guard.ts) when that takes every
 * error out of the rest and saves a helper call.
 */
export function lowerFormula(ast: Node, ctx: LowerContext): Lowered | Refusal {
  const general = lowerCounted(ast, ctx);
  if (isRefusal(general) || !general.kinds.includes('error')) return strip(general);
  const guard = guardFor(ast, ctx);
  if (!guard) return strip(general);
  const rest = lowerCounted(ast, guard.narrowed);
  if (isRefusal(rest) || rest.kinds.includes('error') || general.calls - rest.calls < GUARD_SAVES) {
    return strip(general);
  }
  const a = guard.operand.expr;
  return {
    expr: `$type(${a}) = "object" ? ${a} : ${rest.expr}`,
    kinds: general.kinds.filter((k) => k === 'error' || rest.kinds.includes(k)),
    helpers: rest.helpers,
    roots: rest.roots,
    ...(general.ne === true || rest.ne === true ? { ne: true } : {}),
  };
}

/**
 * Why one: the guard's `$type` test costs at most about what one small helper call does (wide benchmark,
 * machine shared: `$xlCompare(a, 500, ">")` about 60 µs a row against 18 guarded; `$xlMulBy(a, 0.5)` 15-22
 * against 6-21; the tier column's IF/AND, saving five calls, about 120 against 20).
 */
const GUARD_SAVES = 1;

/** `lowerFormula` without the error guard: the reference the guard is tested against. */
export function lowerUnguarded(ast: Node, ctx: LowerContext): Lowered | Refusal {
  return strip(lowerCounted(ast, ctx));
}

function strip(l: (Lowered & { calls: number }) | Refusal): Lowered | Refusal {
  if (isRefusal(l)) return l;
  return { expr: l.expr, kinds: l.kinds, helpers: l.helpers, roots: l.roots, ...(l.ne ? { ne: true } : {}) };
}

function lowerCounted(ast: Node, ctx: LowerContext): (Lowered & { calls: number }) | Refusal {
  const l = new Lowerer(ctx);
  try {
    let v = l.lower(ast);
    if (may(v.kinds, 'blank')) {
      const kinds = union(
        v.kinds.filter((k) => k !== 'blank'),
        ['number'],
      );
      const ne = v.ne === true;
      v = l.helper('xlVal', [v.expr], kinds, v.invariant);
      if (ne) v = { ...v, kinds: withError(v.kinds, true), ne };
    }
    const roots = [...(v.roots ?? [])];
    return {
      expr: v.expr,
      kinds: v.kinds,
      helpers: [...l.helpers].sort(),
      roots,
      calls: l.calls,
      ...(v.ne === true ? { ne: true } : {}),
    };
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}
