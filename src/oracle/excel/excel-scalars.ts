/**
 * Excel's scalar rules the corrected functions share (functions/): number and text coercion of a
 * HyperFormula scalar, arithmetic results (finite, near-zero residues), powers, Excel's comparison of two
 * scalars and its SUM of grouped numbers. Where Excel's answer is not established they return UNKNOWN,
 * HyperFormula's own `#ERROR!`.
 */
import { same15 } from '../../workbook/precision.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { numberText } from './corrections.js';
import { excelTextToNumber, foldCase } from './excel-values.js';

/** A scalar as HyperFormula hands it to a SCALAR parameter (numbers may be wrapped in a RichNumber). */
export type Scalar = number | string | boolean | typeof EmptyValue | CellError | { val: number };

export const VALUE = () => new CellError(ErrorType.VALUE);
/** HyperFormula's "could not evaluate": the oracle does not know Excel's answer for this input. */
export const UNKNOWN = () =>
  new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established');

/** Is this the oracle's (or HyperFormula's) undetermined value? `#ERROR!` is no Excel error value. */
export const isUndetermined = (v: unknown): boolean => v instanceof CellError && v.type === ErrorType.ERROR;

export function raw(v: Scalar): Exclude<Scalar, { val: number }> {
  if (typeof v === 'object' && v !== null && !(v instanceof CellError)) return (v as { val: number }).val;
  return v as Exclude<Scalar, { val: number }>;
}

/** Excel's number coercion in arithmetic: blank 0, booleans 1/0, text as en-US Excel reads it. */
export function toNumber(value: Scalar): number | CellError {
  const v = raw(value);
  if (v instanceof CellError) return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === EmptyValue) return 0;
  if (typeof v === 'string') {
    const n = excelTextToNumber(v);
    return n === 'value' ? VALUE() : n === 'unknown' ? UNKNOWN() : n;
  }
  return VALUE();
}

/** Excel's text coercion: numbers in General form, booleans TRUE/FALSE, blank empty. */
export function toText(value: Scalar): string | CellError {
  const v = raw(value);
  if (v instanceof CellError) return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return '';
}

/** A finite result, else #NUM! (Excel has no infinities); negative zero is zero. */
export function finite(x: number): number | CellError {
  if (!Number.isFinite(x)) return new CellError(ErrorType.NUM);
  // Why: Excel is believed to flush subnormal results to 0 (it never holds one in a cell), not documented.
  if (x !== 0 && Math.abs(x) < 2.2250738585072014e-308) return UNKNOWN();
  return x === 0 ? 0 : x;
}

/**
 * `x + y` (or `x - y` with y negated) where the result is a tiny non-zero residue of cancellation
 * (`0.5-0.4-0.1`, -2.8E-17): Excel adjusts some such results to 0 ("at or very close to zero", KB 78113
 * "Floating-point arithmetic may give inaccurate results in Excel") with bounds it does not publish, so the
 * oracle calls them undetermined.
 */
export function addExcel(x: number, y: number): number | CellError {
  const r = x + y;
  if (r !== 0 && Number.isFinite(r) && Math.abs(r) < NEAR_ZERO * Math.max(Math.abs(x), Math.abs(y)))
    return UNKNOWN();
  return finite(r);
}

export function binary(
  a: Scalar,
  b: Scalar,
  op: (x: number, y: number) => number | CellError,
): number | CellError {
  const x = toNumber(a);
  if (x instanceof CellError) return x; // Why: the left operand's error wins (`=#N/A+1/0` is #N/A).
  const y = toNumber(b);
  if (y instanceof CellError) return y;
  return op(x, y);
}

/**
 * Excel's `^` and POWER. An integer exponent is computed by repeated squaring where the squaring orders
 * agree: that gives Excel's saved double in every corpus cell with an integer exponent, `**` in all but one
 * (ironcalc ATAN2_POWER.xlsx C8 POWER(-2.4,5) saved -79.62624, `**` -79.62623999999998;
 * scripts/float-order.ts). No saved cell tells the orders apart (from the low bit or the high bit; 1/x^n or
 * (1/x)^n for a negative n): where they give different doubles, `**` as before (not established), and
 * where x^|n| overflows for a negative n, UNKNOWN.
 */
export function power(x: number, y: number): number | CellError {
  if (x === 0 && y === 0) return new CellError(ErrorType.NUM); // Excel: =0^0 is #NUM!
  if (x === 0 && y < 0) return new CellError(ErrorType.DIV_BY_ZERO); // Excel: =0^-1 is #DIV/0!
  if (x < 0 && !Number.isInteger(y)) return new CellError(ErrorType.NUM); // (-8)^(1/3)
  const direct = x ** y;
  if (!Number.isInteger(y) || Math.abs(y) > 2 ** 53 || !Number.isFinite(direct)) return finite(direct);
  const n = Math.abs(y);
  const ways = [squareFromHigh(x, n), squareFromLow(x, n)];
  // Why: x^|n| overflowing for a negative n (10^-400): 0 or a tiny number, Excel's answer is not known.
  if (ways.some((w) => !Number.isFinite(w))) return UNKNOWN();
  const candidates = y >= 0 ? ways : [...ways.map((w) => 1 / w), squareFromHigh(1 / x, n)];
  if (candidates.some((c) => c !== candidates[0])) return finite(direct);
  return finite(candidates[0]!);
}

/** x^n, n a non-negative integer: square and multiply, reading n's bits from the top. */
function squareFromHigh(x: number, n: number): number {
  let r = 1;
  for (const bit of n.toString(2)) {
    r *= r;
    if (bit === '1') r *= x;
  }
  return r;
}

/** x^n, n a non-negative integer: multiply in x^(2^k) for each set bit k, from the bottom. */
function squareFromLow(x: number, n: number): number {
  let r = 1;
  let base = x;
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) r *= base;
    if (k > 1) base *= base;
  }
  return r;
}

/** Type rank in Excel's comparisons: numbers < text < booleans. */
function rank(v: number | string | boolean): number {
  return typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2;
}

/** Is `ch` (a folded character, or undefined past the end) one whose place in Excel's text order is known? */
const ORDERED = /^[0-9a-z]$/;

/**
 * Excel's comparison of two scalars as -1/0/1, or UNKNOWN where Excel's answer is not established:
 * - two numbers unequal as doubles but equal at 15 significant digits (`0.1+0.2=0.3`): Excel is reported
 *   to call them equal, but the rule is not documented (KB 78113 describes a "close to zero" adjustment
 *   without its bounds), so the oracle does not guess;
 * - the order (not the equality) of two texts whose first difference involves anything but an ASCII
 *   letter or digit: Excel sorts text with its own collation (hyphens and apostrophes ignored, symbols and
 *   accented letters in an order Microsoft does not publish), not by code units.
 * Blank takes the other side's type (0, "", FALSE); text compares case-insensitively (`foldCase`), accents
 * significant; the left error wins.
 */
export function excelCompare(a: Scalar, b: Scalar, ordered: boolean): number | CellError {
  let x = raw(a);
  let y = raw(b);
  if (x instanceof CellError) return x;
  if (y instanceof CellError) return y;
  const zero = (v: unknown) => (typeof v === 'string' ? '' : typeof v === 'boolean' ? false : 0);
  if (x === EmptyValue) x = zero(y);
  if (y === EmptyValue) y = zero(x);
  const p = x as number | string | boolean;
  const q = y as number | string | boolean;
  if (rank(p) !== rank(q)) return rank(p) < rank(q) ? -1 : 1;
  if (typeof p === 'number' && typeof q === 'number') {
    if (p === q) return 0;
    if (same15(p, q)) return UNKNOWN();
    return p < q ? -1 : 1;
  }
  if (typeof p === 'string' && typeof q === 'string') {
    const s = [...foldCase(p)];
    const t = [...foldCase(q)];
    let i = 0;
    while (i < s.length && i < t.length && s[i] === t[i]) i++;
    if (i === s.length && i === t.length) return 0;
    if (!ordered) return 1; // only = and <> ask, and the texts differ
    const c = s[i];
    const d = t[i];
    if ((c !== undefined && !ORDERED.test(c)) || (d !== undefined && !ORDERED.test(d))) return UNKNOWN();
    if (c === undefined) return -1;
    if (d === undefined) return 1;
    return c < d ? -1 : 1;
  }
  return p === q ? 0 : p ? 1 : -1;
}

export function compareWith(
  a: Scalar,
  b: Scalar,
  test: (c: number) => boolean,
  ordered = false,
): boolean | CellError {
  const c = excelCompare(a, b, ordered);
  return c instanceof CellError ? c : test(c);
}

/**
 * Excel's SUM of numbers grouped by argument. Microsoft does not document the order of the additions, so the
 * sum is taken two ways: left to right over every number (as a person reads the arguments), and each
 * argument's numbers summed first, then the arguments (HyperFormula's way). Where the two differ the answer
 * depends on an order nobody has established: UNKNOWN. So is a step that cancels to a tiny non-zero residue
 * (`0.5-0.4-0.1` written as `SUM(0.5,-0.4,-0.1)`): Excel adjusts some results "at or very close to zero"
 * (KB 78113, "Floating-point arithmetic may give inaccurate results") with bounds it does not publish.
 */
export function excelSum(groups: readonly (readonly number[])[]): number | CellError {
  let flat = 0;
  let grouped = 0;
  let unsure = false;
  const add = (a: number, b: number) => {
    const r = a + b;
    if (cancels(a, b, r)) unsure = true;
    return r;
  };
  for (const g of groups) {
    let part = 0;
    for (const x of g) {
      flat = add(flat, x);
      part = add(part, x);
    }
    grouped = add(grouped, part);
  }
  return settledSum(flat, grouped, unsure);
}

/** Is `r = a + b` a tiny non-zero residue of cancellation (excelSum's undetermined step)? */
export const cancels = (a: number, b: number, r: number): boolean =>
  r !== 0 && Math.abs(r) < NEAR_ZERO * Math.max(Math.abs(a), Math.abs(b));

/** excelSum's answer from its two walks' totals and whether any step cancelled. */
export function settledSum(flat: number, grouped: number, unsure: boolean): number | CellError {
  if (!Number.isFinite(flat) || !Number.isFinite(grouped)) return new CellError(ErrorType.NUM);
  if (unsure || flat !== grouped) return UNKNOWN();
  return flat === 0 ? 0 : flat;
}

/** A sum or difference below this fraction of its larger operand is "very close to zero" (see excelSum). */
const NEAR_ZERO = 1e-14;

/** A character count argument: truncated toward zero. */
export function count(v: Scalar): number | CellError {
  const n = toNumber(v);
  if (n instanceof CellError) return n;
  // Why: whether Excel truncates before it checks the sign (`LEFT("ab",-0.5)`: "" or #VALUE!) is not
  // established; undetermined.
  if (n < 0 && n > -1) return UNKNOWN();
  return Math.trunc(n);
}
