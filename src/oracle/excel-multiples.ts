/**
 * QUOTIENT and MROUND for the oracle (correction `math`), independent of the compiler's JSONata helpers.
 * HyperFormula 3.5 reads their arguments with its own coercion (`""` as 0, booleans as numbers) and rounds
 * MROUND's binary quotient. Excel's rules, as applied:
 * - QUOTIENT: the integer part of numerator/denominator, truncated toward zero (Microsoft's QUOTIENT page:
 *   QUOTIENT(-10,3) = -3); a zero denominator #DIV/0!;
 * - MROUND: the nearest multiple, halves away from zero, through the 15-digit quotient as CEILING does
 *   (Microsoft's MROUND page: MROUND(-10,-3) = -9, MROUND(5,-2) #NUM!; atp.xlsx B5 MROUND(10,3) = 9);
 *   opposite signs #NUM!, a multiple of 0 gives 0.
 * Undetermined: a boolean argument (Excel's reading of it in these Analysis ToolPak functions is not
 * established), and a quotient whose truncation (rounding) differs between the double and its 15-digit form.
 */
import { CellError, EmptyValue, ErrorType } from './hf.js';
import { finite, raw, type Scalar, toNumber, UNKNOWN } from './excel-scalars.js';

const NUM = () => new CellError(ErrorType.NUM);
const DIV0 = () => new CellError(ErrorType.DIV_BY_ZERO);

/** Both arguments as numbers, left to right: an error first wins, a boolean is undetermined. */
function pair(a: Scalar, b: Scalar): [number, number] | CellError {
  const out: number[] = [];
  for (const v of [a, b] as Scalar[]) {
    const r = raw(v);
    if (r instanceof CellError) return r;
    if (typeof r === 'boolean') return UNKNOWN();
    const n = toNumber(v);
    if (n instanceof CellError) return n;
    out.push(n);
  }
  return out as [number, number];
}

const q15 = (q: number) => Number(q.toPrecision(15));

export function excelQuotient(a: Scalar, b: Scalar): number | CellError {
  const p = pair(a, b);
  if (p instanceof CellError) return p;
  const [n, d] = p;
  if (d === 0) return DIV0();
  const q = n / d;
  if (!Number.isFinite(q)) return NUM();
  if (Math.trunc(q) !== Math.trunc(q15(q))) return UNKNOWN();
  return Math.trunc(q) + 0;
}

/** Half away from zero, for a quotient of at least 0. */
const nearest = (q: number) => {
  const f = Math.floor(q);
  return q - f >= 0.5 ? f + 1 : f;
};

export function excelMround(a: Scalar, b: Scalar): number | CellError {
  const p = pair(a, b);
  if (p instanceof CellError) return p;
  const [x, m] = p;
  if ((x > 0 && m < 0) || (x < 0 && m > 0)) return NUM();
  if (m === 0 || x === 0) return 0;
  const q = x / m;
  if (!Number.isFinite(q)) return NUM();
  const k = nearest(q15(q));
  // Why: past 2^52 the quotient has no fraction to round; below it, the binary and decimal readings must agree.
  if (k !== nearest(q)) return UNKNOWN();
  return finite(k * m);
}

/**
 * CEILING.MATH (`up`) / FLOOR.MATH (Microsoft's pages: CEILING.MATH(-8.1,2) = -8, CEILING.MATH(-5.5,2,-1)
 * = -6, FLOOR.MATH(-8.1,2) = -10, FLOOR.MATH(-5.5,2,-1) = -4): a multiple of the significance, up (down)
 * for a positive number; a negative one toward zero when mode is 0, away from zero otherwise. Significance
 * 1 and mode 0 when left out (`undefined`). Undetermined: a boolean or blank argument, a negative
 * significance, and a quotient whose rounding differs between the double and its 15-digit form.
 */
export function excelCeilFloorMath(
  a: Scalar,
  sig: Scalar | undefined,
  mode: Scalar | undefined,
  up: boolean,
): number | CellError {
  const nums: number[] = [];
  for (const [i, v] of ([a, sig ?? 1, mode ?? 0] as Scalar[]).entries()) {
    const r = raw(v);
    if (r instanceof CellError) return r;
    if (typeof r === 'boolean' || (i > 0 && r === EmptyValue)) return UNKNOWN();
    const n = toNumber(v);
    if (n instanceof CellError) return n;
    nums.push(n);
  }
  const [x, s, m] = nums as [number, number, number];
  if (s < 0) return UNKNOWN();
  if (s === 0 || x === 0) return 0;
  const q = x / s;
  if (!Number.isFinite(q)) return NUM();
  // Why: Math.ceil rounds toward +Infinity, so "toward zero" for a negative number is ceil, "away" floor.
  const towardPlus = x > 0 ? up : (m === 0) === up;
  const pick = (t: number) => (towardPlus ? Math.ceil(t) : Math.floor(t));
  const k = pick(q15(q));
  if (k !== pick(q)) return UNKNOWN();
  return finite(k * s);
}
