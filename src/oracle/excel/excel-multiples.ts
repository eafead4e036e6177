/**
 * QUOTIENT and MROUND for the oracle (correction `math`), independent of the compiler's JSONata helpers.
 * HyperFormula 3.5 reads their arguments with its own coercion (`""` as 0, booleans as numbers) and rounds
 * MROUND's binary quotient. Excel's rules, as applied:
 * - QUOTIENT: the integer part of numerator/denominator, truncated toward zero (Microsoft's QUOTIENT page:
 *   QUOTIENT(-10,3) = -3); a zero denominator #DIV/0!;
 * - MROUND: the nearest multiple, halves away from zero, through the 15-digit quotient as CEILING does
 *   (Microsoft's MROUND page: MROUND(-10,-3) = -9, MROUND(5,-2) #NUM!; atp.xlsx B5 MROUND(10,3) = 9);
 *   opposite signs #NUM!, a multiple of 0 gives 0.
 *   A quotient from 2^53 on gives the number itself; an argument left empty #N/A (functions/math.ts).
 * - a boolean read from a cell is #VALUE! in both (MOD_QUOTIENT.xlsx D39, MROUND_TRUNC_INT.xlsx MROUND!C51).
 * Undetermined: a boolean typed or computed, and a quotient whose truncation (rounding) differs between the
 * double and its 15-digit form.
 */
import { round15 } from '../../workbook/precision.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { finite, raw, type Scalar, toNumber, UNKNOWN } from './excel-scalars.js';

const NUM = () => new CellError(ErrorType.NUM);
const DIV0 = () => new CellError(ErrorType.DIV_BY_ZERO);

/** Where an argument's value came from, as far as Excel's reading of a boolean, a blank or a text depends on it. */
export type ArgSource = 'reference' | 'typed' | 'other';

/**
 * Both arguments as numbers, left to right: an error first wins. A boolean read from a cell is #VALUE!
 * (MOD_QUOTIENT.xlsx D39 `QUOTIENT(TRUE,TRUE)`, MROUND_TRUNC_INT.xlsx MROUND!C51 `MROUND(TRUE,2)`); typed or
 * computed, undetermined.
 */
function pair(a: Scalar, b: Scalar, from: readonly ArgSource[]): [number, number] | CellError {
  const out: number[] = [];
  for (const [i, v] of ([a, b] as Scalar[]).entries()) {
    const r = raw(v);
    if (r instanceof CellError) return r;
    if (typeof r === 'boolean') return from[i] === 'reference' ? new CellError(ErrorType.VALUE) : UNKNOWN();
    const n = toNumber(v);
    if (n instanceof CellError) return n;
    out.push(n);
  }
  return out as [number, number];
}

export function excelQuotient(a: Scalar, b: Scalar, from: readonly ArgSource[] = []): number | CellError {
  const p = pair(a, b, from);
  if (p instanceof CellError) return p;
  const [n, d] = p;
  if (d === 0) return DIV0();
  const q = n / d;
  if (!Number.isFinite(q)) return NUM();
  if (Math.trunc(q) !== Math.trunc(round15(q))) return UNKNOWN();
  return Math.trunc(q) + 0;
}

/** Half away from zero, for a quotient of at least 0. */
const nearest = (q: number) => {
  const f = Math.floor(q);
  return q - f >= 0.5 ? f + 1 : f;
};

export function excelMround(a: Scalar, b: Scalar, from: readonly ArgSource[] = []): number | CellError {
  const p = pair(a, b, from);
  if (p instanceof CellError) return p;
  const [x, m] = p;
  if ((x > 0 && m < 0) || (x < 0 && m > 0)) return NUM();
  if (m === 0 || x === 0) return 0;
  const q = x / m;
  if (!Number.isFinite(q)) return NUM();
  // Why: a quotient from 2^53 on is an integer, and Excel answers the number itself (ironcalc
  // MROUND_TRUNC_INT.xlsx MROUND!C48 MROUND(1E100,1E50) = 1E100, not 1E50·1E50 = 1.0000000000000002E100).
  if (q >= 2 ** 53) return x;
  const k = nearest(round15(q));
  // Why: past 2^52 the quotient has no fraction to round; below it, the binary and decimal readings must agree.
  if (k !== nearest(q)) return UNKNOWN();
  return finite(k * m);
}

/**
 * A number or significance of CEILING.MATH / FLOOR.MATH: read from a cell, a boolean is 1/0 and a blank 0
 * (FLOOR_CEILING.xlsx CEILING!B108 `CEILING.MATH(TRUE,1)` = 1, Q97 `CEILING.MATH(10,TRUE)` = 10, R97 with
 * FALSE = 0, B110 a blank number = 0, AK97 a blank significance = 0); a boolean or blank from anywhere else is
 * undetermined. Text as arithmetic reads it (S97 `"8"` = 8, V97 `"eight"` #VALUE!).
 */
function mathNumber(v: Scalar, from: ArgSource): number | CellError {
  const r = raw(v);
  if (r instanceof CellError) return r;
  if (typeof r === 'boolean') return from === 'reference' ? Number(r) : UNKNOWN();
  if (r === EmptyValue) return from === 'reference' ? 0 : UNKNOWN();
  return toNumber(v);
}

/**
 * The mode: a number; TRUE / FALSE typed in the formula 1 / 0 (CEILING!M158 `CEILING.MATH(-7.1,1,TRUE)` = -8,
 * M168 with FALSE = -7); a typed text that is not a number #VALUE! (X144 `"one"`). Anything else (a boolean,
 * blank or text read from a cell, a numeric text) is undetermined.
 */
function mathMode(v: Scalar, from: ArgSource): number | CellError {
  const r = raw(v);
  if (r instanceof CellError || typeof r === 'number') return r;
  if (typeof r === 'boolean' && from === 'typed') return Number(r);
  if (typeof r === 'string' && from === 'typed' && toNumber(v) instanceof CellError) return toNumber(v);
  return UNKNOWN();
}

/**
 * CEILING.MATH (`up`) / FLOOR.MATH (Microsoft's pages: CEILING.MATH(-8.1,2) = -8, CEILING.MATH(-5.5,2,-1)
 * = -6, FLOOR.MATH(-8.1,2) = -10, FLOOR.MATH(-5.5,2,-1) = -4): a multiple of |significance| (a negative one
 * read by its size: CEILING!G97 `CEILING.MATH(10,-1)` = 10), up (down) for a positive number; a negative one
 * toward zero when mode is 0, away from zero otherwise. Significance 1 and mode 0 when left out
 * (`undefined`). `from` says where each argument came from (the reading of booleans, blanks and text
 * depends on it). Undetermined besides: a quotient whose rounding differs between the double and its 15-digit
 * form.
 */
export function excelCeilFloorMath(
  a: Scalar,
  sig: Scalar | undefined,
  mode: Scalar | undefined,
  up: boolean,
  from: readonly ArgSource[] = [],
): number | CellError {
  const x = mathNumber(a, from[0] ?? 'other');
  if (x instanceof CellError) return x;
  const s0 = sig === undefined ? 1 : mathNumber(sig, from[1] ?? 'other');
  if (s0 instanceof CellError) return s0;
  const m = mode === undefined ? 0 : mathMode(mode, from[2] ?? 'other');
  if (m instanceof CellError) return m;
  const s = Math.abs(s0);
  if (s === 0 || x === 0) return 0;
  const q = x / s;
  if (!Number.isFinite(q)) return NUM();
  // Why: Math.ceil rounds toward +Infinity, so "toward zero" for a negative number is ceil, "away" floor.
  const towardPlus = x > 0 ? up : (m === 0) === up;
  const pick = (t: number) => (towardPlus ? Math.ceil(t) : Math.floor(t));
  const k = pick(round15(q));
  if (k !== pick(q)) return UNKNOWN();
  return finite(k * s);
}
