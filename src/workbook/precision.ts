/**
 * Excel's displayed precision: Excel stores doubles but computes and shows 15 significant digits
 * (docs/semantics.md, "The 15-digit tier"). This is the one TypeScript home of that rounding: the oracle's
 * comparisons and undetermined cases, the spec tests' `excel15` comparison, the report and the compiler's
 * constant folding all read it. The JSONata library the specs carry has its own (`$xlR15`, checked against
 * `toPrecision(15)` by test/lower/fifteen-digits.test.ts).
 */

/** Excel's significant digits. */
export const EXCEL_DIGITS = 15;

/** `x` as the double nearest its 15-significant-digit decimal; zero (either sign), infinities and NaN as they are. */
export function round15(x: number): number {
  return x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(EXCEL_DIGITS));
}

/** `a` and `b` agree at 15 significant digits (NaN agrees with NaN, an infinity with itself). */
export function same15(a: number, b: number): boolean {
  return a.toPrecision(EXCEL_DIGITS) === b.toPrecision(EXCEL_DIGITS);
}
