/**
 * Excel's ROUND, INT and number-to-text, the first corrections to HyperFormula where it still differs from
 * Excel after configuration. Each correction is a custom HyperFormula function under a `SSX.` name that no
 * workbook uses (its entry in functions/: SSX.ROUND, SSX.INT in math.ts, SSX.CONCAT2 and SSX.CONCATENATE in
 * text.ts), and the formula rewriter (rewrite/rewrite.ts) points the workbook's formulas at it: `ROUND(`
 * becomes `SSX.ROUND(`, `a&b` becomes `SSX.CONCAT2(a,b)`, `CONCATENATE(` becomes `SSX.CONCATENATE(`.
 *
 * These implementations are deliberately independent of the compiler's JSONata helpers
 * (src/compiler/lower/library.ts): they work on the decimal digit string of the double (`toPrecision`) with
 * BigInt arithmetic, where the helpers work in JSONata; a shared bug would otherwise go unseen.
 *
 * The corrections of the other operators and functions are entries of functions/, one file per family.
 *
 * Evidence (Excel's saved values, ../shared/corpus; see docs/oracle.md and `npm run oracle:corpus`):
 *
 * 1. ROUND at decimal ties. Excel rounds the 15-significant-digit decimal form of the double, half away from
 *    zero: `ROUND(1.005,2)` is 1.01 in Excel (1.005 is stored as 1.00499999999999989...), HyperFormula's
 *    `Math.round(x*10^d)/10^d` gives 1. Corpus: poi/56315.xlsx Sheet1!A2 `ROUND(A1,1)`
 *    Excel 0.1, HyperFormula 0; a fractional `places` is truncated: FormulaEvalTestData_Copy.xlsx
 *    EverythingTests!E1180 `ROUND(C10,C9)` Excel 1, HyperFormula 1.0326267051415658 (also G1180, H1180).
 * 3. INT rounds down (Excel) where HyperFormula truncates toward zero: FormulaEvalTestData_Copy.xlsx
 *    EverythingTests!I756 `INT(C17)` is -1 in Excel, 0 in HyperFormula.
 * 2. Number → text in `&` and CONCATENATE. HyperFormula uses JavaScript's `toString` (`"x"&0.1+0.2` gives
 *    `x0.30000000000000004`, `1E+21` gives `1e+21`); Excel writes at most 15 significant digits, plain decimal
 *    up to 20 characters for |x| < 1 and up to 1E+20 for larger numbers, otherwise `1.5E+21` / `1.23E-05`
 *    with a signed two-digit-minimum exponent. The rule and its switch-over points are those Apache POI
 *    recorded from Excel in `NumberToTextConverter` (e.g. 1.2345678901234567E19 → `12345678901234600000`,
 *    1.2345678901234568E20 → `1.23456789012346E+20`, 5.6789012345E-8 → `0.000000056789012345`,
 *    5.67890123456E-8 → `5.67890123456E-08`); corpus: FormulaEvalTestData_Copy.xlsx H264
 *    `CONCATENATE(F13,E16)` = `2.999991.1` (the corpus holds no `&` of an inexact double, so this rule rests
 *    on POI's table, tested in test/oracle/corrections.test.ts). CONCAT (`_xlfn.CONCAT`, missing from
 *    HyperFormula 3.5) maps to the same function: xlcalculator/CONCAT.xlsx A1:A6.
 */
import { EXCEL_DIGITS, round15 } from '../../workbook/precision.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';

/** Excel's largest text length; longer results of `&` / CONCATENATE are #VALUE!. */
const MAX_TEXT = 32767;

/** The 15 (or, past E±98, 14) significant digits of |x| and its decimal exponent: |x| ≈ d1.d2d3... × 10^exp. */
export function decimalDigits(x: number, precision: number): { digits: string; exp: number } {
  // toExponential is correctly rounded from the exact binary value and always writes `d.ddde±x`.
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(Math.abs(x).toExponential(precision - 1)) as RegExpExecArray;
  return { digits: m[1] + (m[2] ?? ''), exp: Number(m[3]) };
}

/**
 * Excel's text for a number, as `&`, CONCATENATE and text functions produce it (the "General" rendering
 * without a column width): at most 15 significant digits, trailing zeros dropped, no negative zero.
 */
export function excelNumberToText(x: number): string {
  if (x === 0 || !Number.isFinite(x)) return '0';
  let { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  // Why: Excel keeps one digit less beyond E±98 (POI's table: 1.2345678901234577E99 → 1.2345678901235E+99).
  if (Math.abs(exp) > 98) ({ digits, exp } = decimalDigits(x, 14));
  const sig = digits.replace(/0+$/, '') || '0';
  const sign = x < 0 ? '-' : '';
  const mantissa = sig.length > 1 ? `${sig[0]}.${sig.slice(1)}` : sig;
  const expText = (n: number) => (n < 10 ? `0${n}` : String(n));
  if (exp < 0) {
    const leadingZeros = -exp - 1;
    if (2 + leadingZeros + sig.length > 20) return `${sign}${mantissa}E-${expText(-exp)}`;
    return `${sign}0.${'0'.repeat(leadingZeros)}${sig}`;
  }
  if (exp > 19) return `${sign}${mantissa}E+${expText(exp)}`;
  if (sig.length > exp + 1) return `${sign}${sig.slice(0, exp + 1)}.${sig.slice(exp + 1)}`;
  return `${sign}${sig}${'0'.repeat(exp + 1 - sig.length)}`;
}

/**
 * Excel's ROUND: the number's 15-significant-digit decimal form rounded half away from zero at `places`
 * decimals (`places` truncated toward zero; negative rounds left of the point).
 */
export function excelRound(x: number, places: number): number {
  if (x === 0 || !Number.isFinite(x)) return x === 0 ? 0 : x;
  const p = Math.trunc(places);
  const { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  // |x| = digits × 10^(exp-14); we keep multiples of 10^(-p).
  const drop = -p - (exp - 14);
  if (drop <= 0) return x;
  if (drop > 15) return 0;
  let kept = BigInt(digits.slice(0, 15 - drop) || '0');
  if (digits.charCodeAt(15 - drop) >= 53 /* '5' */) kept += 1n;
  if (kept === 0n) return 0;
  const r = Number(`${kept}e${-p}`); // string → double is correctly rounded
  return x < 0 ? -r : r;
}

/**
 * Where Excel's answer is not established, these return true and the callers give the oracle's #ERROR!:
 * - ROUND at a place at or past the 15th significant digit of a number that is not its own 15-digit
 *   decimal (`ROUND(1.4999999999999998,100)`): unchanged, or the 15-digit value (1.5)? No saved value shows it.
 * - number → text past E±98, where Excel keeps 14 digits: from the double (`-4.12308019704445E-270` →
 *   `...70444`) or from its 15-digit form (`...70445`)? POI's table holds no case that tells them apart.
 */
export function roundUndetermined(x: number, places: number): boolean {
  if (x === 0 || !Number.isFinite(x)) return false;
  const { exp } = decimalDigits(x, EXCEL_DIGITS);
  return -Math.trunc(places) - (exp - 14) <= 0 && round15(x) !== x;
}

export function numberTextUndetermined(x: number): boolean {
  if (x === 0 || !Number.isFinite(x)) return false;
  const { digits, exp } = decimalDigits(x, EXCEL_DIGITS);
  if (Math.abs(exp) <= 98) return false;
  let kept = BigInt(digits.slice(0, 14));
  if (digits.charCodeAt(14) >= 53) kept += 1n;
  return decimalDigits(x, 14).digits !== (kept === 10n ** 14n ? `1${'0'.repeat(13)}` : String(kept));
}

/** A scalar as HyperFormula hands it to a SCALAR parameter (numbers may be wrapped in a RichNumber). */
type HfScalar = number | string | boolean | typeof EmptyValue | CellError | { val: number };

/** Excel's text coercion of a scalar: the text, or the error to propagate. */
export function excelText(v: HfScalar): string | CellError {
  if (v instanceof CellError) return v;
  if (v === EmptyValue) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'object' && v !== null && typeof (v as { val: unknown }).val === 'number') {
    return numberText((v as { val: number }).val);
  }
  return new CellError(ErrorType.VALUE);
}

/** excelNumberToText, or the oracle's #ERROR! where Excel's text is not established. */
export function numberText(x: number): string | CellError {
  return numberTextUndetermined(x)
    ? new CellError(ErrorType.ERROR, 'sheetspec oracle: Excel behaviour not established')
    : excelNumberToText(x);
}

/** `&`, CONCATENATE and CONCAT: the parts' text joined, #VALUE! past Excel's longest text. */
export function concatAll(parts: HfScalar[]): string | CellError {
  let out = '';
  for (const p of parts) {
    const t = excelText(p);
    if (t instanceof CellError) return t;
    out += t;
  }
  // Why: Excel caps a text value at 32,767 characters and fails the concatenation past it.
  return out.length > MAX_TEXT ? new CellError(ErrorType.VALUE) : out;
}
