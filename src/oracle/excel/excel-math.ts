/**
 * Excel's arithmetic functions where HyperFormula 3.5 answers differently (correction `math`; its entries in
 * functions/math.ts): ROUNDUP/ROUNDDOWN/TRUNC, EVEN/ODD, CEILING/FLOOR
 * (the legacy functions), MOD, PI, PRODUCT and SUMSQ. Numbers are read by the oracle's own coercion
 * (`toNumber`); the rounding works on the 15-significant-digit decimal digits of the double with BigInt, as
 * the ROUND correction does (corrections.ts), independently of the compiler's JSONata helpers.
 *
 * What HyperFormula gets wrong (found by the differential fuzzer, docs/fuzzing.md): PI() is
 * 3.14159265358979 (Excel saves 3.1415926535897931, FormulaEvalTestData_Copy.xlsx EverythingTests!D1048);
 * ROUNDUP/ROUNDDOWN round the binary value; ROUNDDOWN(FALSE,309) is #NUM!; CEILING("",0) reads `""` as 0;
 * PRODUCT over a reference holding no number is 1 (Excel 0); MOD and SQRT read text with HyperFormula's
 * parser. Where Excel's answer is not established the functions return UNKNOWN (the oracle's #ERROR!).
 */
import { CellError, ErrorType } from '../hf.js';
import { decimalDigits, roundUndetermined } from './corrections.js';
import { excelSum, finite, type Scalar, toNumber, UNKNOWN } from './excel-scalars.js';
import { EXCEL_DIGITS, round15 } from '../../workbook/precision.js';

const NUM = () => new CellError(ErrorType.NUM);
const DIV0 = () => new CellError(ErrorType.DIV_BY_ZERO);

/** The arguments read as numbers, left to right; the first error wins. */
export function numbers(args: readonly Scalar[]): number[] | CellError {
  const out: number[] = [];
  for (const a of args) {
    const n = toNumber(a);
    if (n instanceof CellError) return n;
    out.push(n);
  }
  return out;
}

/**
 * ROUNDUP (`up`) / ROUNDDOWN / TRUNC: the 15-digit decimal form of x moved away from / toward zero to a
 * multiple of 10^-trunc(places). Undetermined where ROUND is (a place past the 15th digit of a number that
 * is not its own 15-digit decimal) and where rounding up overflows (Excel's limit on `places` is not known).
 */
export function excelRoundDir(x: number, places: number, up: boolean): number | CellError {
  if (x === 0) return 0;
  if (roundUndetermined(x, places)) return UNKNOWN();
  const p = Math.trunc(places);
  const { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  // |x| = digits × 10^(exp-14); `drop` digits fall below 10^-p.
  const drop = -p - (exp - 14);
  if (drop <= 0) return x;
  const keep = Math.max(0, 15 - drop);
  let kept = BigInt(digits.slice(0, keep) || '0');
  if (up && /[1-9]/.test(digits.slice(keep))) kept += 1n;
  if (kept === 0n) return 0;
  const r = Number(`${kept}e${-p}`);
  if (!Number.isFinite(r)) return UNKNOWN();
  return finite(x < 0 ? -r : r);
}

/** EVEN / ODD (`odd`): |x| rounded up to an integer (15-digit decimal form), then to the next even / odd one. */
export function excelEvenOdd(x: number, odd: boolean): number | CellError {
  const c = excelRoundDir(Math.abs(x), 0, true);
  if (c instanceof CellError) return c;
  // Why: past 2^53 a double has no odd neighbour; Excel's answer there is not established.
  if (c > 2 ** 53) return odd ? UNKNOWN() : x < 0 ? -c : c;
  const isOdd = c % 2 === 1;
  const r = isOdd === odd ? c : c + 1;
  return finite(x < 0 ? -r : r);
}

/**
 * CEILING (`up`) / FLOOR, the legacy functions (Microsoft's pages): a positive number with a negative
 * significance is #NUM!; CEILING(x,0) is 0, FLOOR(0,0) 0 and FLOOR(x,0) #DIV/0! (EverythingTests!M212,
 * I544, J544); otherwise the quotient x/significance, at 15 significant digits, rounded up (down) and times
 * the significance (EverythingTests!E212 CEILING = 3.3000000000000003, G544 FLOOR = -1.0000100000000001).
 */
export function excelCeilFloor(x: number, s: number, up: boolean): number | CellError {
  if (x > 0 && s < 0) return NUM();
  if (s === 0) return up || x === 0 ? 0 : DIV0();
  if (x === 0) return 0;
  const q = x / s;
  // Why: a quotient past the largest double (CEILING(1E308,1E-10)), or past 9.99999999999999E+307, the largest
  // number Excel takes (its 15-digit form may overflow): Excel's answer is not established.
  if (!Number.isFinite(q) || q === 0 || Math.abs(q) > 9.99999999999999e307) return UNKNOWN();
  const d = round15(q);
  return finite((up ? Math.ceil(d) : Math.floor(d)) * s);
}

/** The largest |n/d| of a saved MOD cell (MOD_QUOTIENT.xlsx C25 `MOD(5,1E-10)`): Excel's bound lies beyond it. */
const MOD_QUOTIENT_SEEN = 5e10;

/**
 * MOD: the remainder with the sign of the divisor; #DIV/0! for a zero divisor. Microsoft writes it
 * n - d*INT(n/d), but Excel's saved doubles are the exact remainder (fmod, no rounded quotient) with d added
 * once when its sign differs from d's: MOD_QUOTIENT.xlsx C20 MOD(10.0000000001,0.1) = 9.999945316252479E-11
 * (n - d*INT(n/d) gives 1.000000082740371E-10), C25 MOD(5,1E-10) = 9.999981783901343E-11 (the double
 * quotient is exactly 5E10; Excel does not snap it), C26 MOD(5,-1E-10) = -1.821609865774887E-16, C22
 * MOD(1E10,3) = 1 (no #NUM! at KB 119083's 2^27). The remainder is computed here exactly with BigInt, apart
 * from the lowering's `%`. Undetermined: |n/d| past the largest quotient of a saved cell (Excel's #NUM!
 * bound is not known).
 */
export function excelMod(n: number, d: number): number | CellError {
  if (d === 0) return DIV0();
  if (!(Math.abs(n / d) <= MOD_QUOTIENT_SEEN)) return UNKNOWN();
  if (n === 0) return 0;
  const r = exactRemainder(n, d);
  return r !== 0 && r < 0 !== d < 0 ? r + d : r;
}

/** A double as m·2^e with integer m (BigInt) and e, exactly. */
function binary(x: number): { m: bigint; e: number } {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const bits = buf.getBigUint64(0);
  const exp = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  const m = exp === 0 ? frac : frac | (1n << 52n);
  const sign = bits >> 63n === 1n ? -1n : 1n;
  return { m: sign * m, e: (exp === 0 ? 1 : exp) - 1075 };
}

/** n - d·trunc(n/d) exactly (the remainder has n's sign and is below |d|, so it is a double). */
function exactRemainder(n: number, d: number): number {
  const a = binary(n);
  const b = binary(d);
  const e = Math.min(a.e, b.e);
  const an = a.m << BigInt(a.e - e);
  const bn = b.m << BigInt(b.e - e);
  const r = an % bn;
  return Number(r) * 2 ** e;
}

/**
 * PRODUCT of numbers grouped by argument (0 when there is none: Microsoft's page; PRODUCT(B7:B17) over
 * blanks and text is 0, EverythingTests!F1084). As for SUM, the order of the multiplications is not
 * documented: taken left to right and argument by argument; where the two differ, or one overflows and the
 * other not, undetermined. An overflow both ways is #NUM!.
 */
export function excelProduct(groups: readonly (readonly number[])[]): number | CellError {
  if (groups.every((g) => g.length === 0)) return 0;
  let flat = 1;
  let grouped = 1;
  for (const g of groups) {
    let part = 1;
    for (const x of g) {
      flat *= x;
      part *= x;
    }
    grouped *= part;
  }
  const infinite = (v: number) => v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY;
  if (infinite(flat) && infinite(grouped)) return NUM();
  if (!Number.isFinite(flat) || flat !== grouped) return UNKNOWN();
  return finite(flat);
}

/** SUMSQ: the squares summed as SUM sums (excelSum); a square past the largest double is #NUM!. */
export function excelSumSq(groups: readonly (readonly number[])[]): number | CellError {
  const squares = groups.map((g) => g.map((x) => x * x));
  if (squares.some((g) => g.some((v) => !Number.isFinite(v)))) return NUM();
  // Why: a square below the smallest normal double (1E-160 squared): Excel is believed to flush it to 0.
  if (squares.some((g) => g.some((v) => v !== 0 && v < 2.2250738585072014e-308))) return UNKNOWN();
  return excelSum(squares);
}
