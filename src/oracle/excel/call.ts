/**
 * Reading a call's arguments from HyperFormula's AST, for the implementations that take the call itself
 * (entry.ts `call`): where an argument comes from, the numbers SUM reads, the lookups' evaluated arguments,
 * the prefix cache of a running sum.
 */
import { CellError } from '../hf.js';
import type { Call, HfInternal } from './entry.js';
import { raw, type Scalar, toNumber } from './excel-scalars.js';
import type { ArgSource } from './excel-multiples.js';
import { prefixOfCall } from './prefix.js';

export function isRange(
  v: unknown,
): v is { valuesFromTopLeftCorner(): Iterable<unknown>; data: unknown[][]; range: HfInternal } {
  return (
    typeof v === 'object' && v !== null && typeof (v as HfInternal).valuesFromTopLeftCorner === 'function'
  );
}

export const REFERENCE_NODES = new Set(['CELL_REFERENCE', 'CELL_RANGE', 'COLUMN_RANGE', 'ROW_RANGE']);
/** HyperFormula's AST node of an empty argument (`SUM(1,,2)`). */
export const EMPTY_ARG = 'EMPTY';

/** The node inside any parentheses. */
export function unwrap(node: HfInternal): HfInternal {
  while (node.type === 'PARENTHESES') node = node.expression;
  return node;
}

/**
 * Where an argument's value comes from: a single cell (`reference`), TRUE / FALSE or a text written in the
 * formula (`typed`; HyperFormula reads TRUE as the name TRUE, or the call TRUE()), or anything else.
 */
export function argSource(node: HfInternal): ArgSource {
  if (node.type === 'CELL_REFERENCE') return 'reference';
  if (node.type === 'STRING') return 'typed';
  if (node.type === 'NAMED_EXPRESSION' && /^(TRUE|FALSE)$/i.test(node.expressionName)) return 'typed';
  if (node.type === 'FUNCTION_CALL' && /^(TRUE|FALSE)$/i.test(node.procedureName) && node.args.length === 0) {
    return 'typed';
  }
  return 'other';
}

/**
 * The lookups' arguments, each evaluated (an empty one undefined). Why not HyperFormula's argument coercion:
 * a one-cell range arrives as a scalar, and an error in it would then stop the call, where Excel skips an
 * error cell of a lookup range.
 */
export function evaluated(c: Call): HfInternal[] {
  return c.args.map((a) => (a.type === EMPTY_ARG ? undefined : c.evaluate(a)));
}

/** A call of one range with a fixed top row, answered from the engine's prefix cache (prefix.ts). */
export function prefixOf(c: Call) {
  return prefixOfCall(c.args, c.graph, c.evaluate);
}

/**
 * The numbers SUM and AVERAGE take, grouped by argument, in order: inside a reference or an array only
 * numbers (text, booleans, blanks ignored); written directly, booleans as 1/0 and text read as a number
 * (the rewriter wraps direct text in SSX.NUMARG); the first error met wins.
 */
export function numbersOf(c: Call, args: HfInternal[] = c.args): number[][] | CellError {
  const groups: number[][] = [];
  for (let node of args) {
    node = unwrap(node);
    // Why: Excel passes an empty argument as the number 0 (`AVERAGE(1,,2)` is 1; HyperFormula skips it).
    if (node.type === EMPTY_ARG) {
      groups.push([0]);
      continue;
    }
    const value = c.evaluate(node);
    const group: number[] = [];
    if (isRange(value)) {
      for (const v of value.valuesFromTopLeftCorner()) {
        const x = raw(v as Scalar);
        if (x instanceof CellError) return x;
        if (typeof x === 'number') group.push(x);
      }
    } else {
      const x = raw(value as Scalar);
      if (x instanceof CellError) return x;
      const reference = REFERENCE_NODES.has(node.type);
      if (typeof x === 'number') group.push(x);
      else if (typeof x === 'boolean' && !reference) group.push(x ? 1 : 0);
      else if (typeof x === 'string' && !reference) {
        const n = toNumber(x);
        if (n instanceof CellError) return n;
        group.push(n);
      }
    }
    groups.push(group);
  }
  return groups;
}
