/**
 * Comparisons against a number literal, kept exact under Excel's 15-digit rule: the doubles bracketing every
 * x whose 15-significant-digit rounding equals the literal's, so `x > 10` can be a plain `x > hi`.
 */
import { assertNever } from '../../workbook/formula/ast.js';
import { round15 } from '../../workbook/precision.js';
import { numberLiteral, paren, type Val } from './value.js';

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';
export const JSONATA_OP: Readonly<Record<CompareOp, string>> = {
  '=': '=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
/** `L op x` as `x FLIP[op] L`. */
export const FLIP: Readonly<Record<CompareOp, CompareOp>> = {
  '=': '=',
  '<>': '<>',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};
/** $xlR15 (library.ts) for |x| < 1E15, where it is the integer itself or its 15-digit rounding. */
function r15Small(x: number): number {
  return Number.isInteger(x) ? x : round15(x);
}

/** The adjacent double above (`up`) or below `x`. */
export function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 === up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

/**
 * The doubles x with R15(x) = R15(L), as [lo, hi], for a literal L below 1E14 in size: then R15(x) > R15(L)
 * exactly when x > hi, and R15(x) < R15(L) exactly when x < lo (R15 is monotone). Found by stepping one
 * double at a time from R15(L) (about 45 steps each way).
 */
export function r15Bounds(literal: number): { lo: number; hi: number; value: number } | undefined {
  if (!(Math.abs(literal) < 1e14)) return undefined;
  const t = r15Small(literal);
  if (r15Small(t) !== t) return undefined;
  let hi = t;
  for (let i = 0; i < 1000 && r15Small(nextDouble(hi, true)) <= t; i++) hi = nextDouble(hi, true);
  let lo = t;
  for (let i = 0; i < 1000 && r15Small(nextDouble(lo, false)) >= t; i++) lo = nextDouble(lo, false);
  if (r15Small(nextDouble(hi, true)) <= t || r15Small(nextDouble(lo, false)) >= t) return undefined;
  return { lo, hi, value: t };
}

/** A JSONata literal for any finite double (negative through unary minus). */
function signedLiteral(n: number): string {
  return n < 0 ? `-${String(-n)}` : numberLiteral(n);
}

/**
 * `x op L` as plain comparisons with the bounds of L; `=`/`<>` of a non-atom go through `$xlR15` once.
 * `logic`: the comparison is two, joined by `and`/`or` (the bounds of an equality).
 */
export function boundedCompare(
  v: Val,
  op: CompareOp,
  b: { lo: number; hi: number; value: number },
  r15: (e: string) => string,
): { expr: string; logic?: boolean } {
  const x = paren(v);
  const lo = signedLiteral(b.lo);
  const hi = signedLiteral(b.hi);
  const one = (expr: string) => ({ expr });
  switch (op) {
    case '>':
      return one(`${x} > ${hi}`);
    case '>=':
      return one(`${x} >= ${lo}`);
    case '<':
      return one(`${x} < ${lo}`);
    case '<=':
      return one(`${x} <= ${hi}`);
    case '=':
    case '<>': {
      const eq = op === '=';
      if (b.lo === b.hi) return one(`${x} ${eq ? '=' : '!='} ${lo}`);
      if (!v.atom) return one(`${r15(v.expr)} ${eq ? '=' : '!='} ${signedLiteral(b.value)}`);
      return { expr: eq ? `${x} >= ${lo} and ${x} <= ${hi}` : `${x} < ${lo} or ${x} > ${hi}`, logic: true };
    }
    default:
      return assertNever(op, 'comparison');
  }
}
