/**
 * The oracle's EXP, LN, LOG and LOG10 (the 15-digit tier): the platform's Math.exp, Math.log and Math.log10
 * with Excel's domain errors, written apart from the library's JSONata (which computes the logarithm itself).
 * HyperFormula alone gives #NUM! for LOG in base 1 (Excel #DIV/0!: ironcalc LOG_LOG10_LN.xlsx LOG!G3, G8)
 * and reads `""` as 0. Evidence for each rule is in docs/oracle.md ("Corrections").
 */
import { CellError, ErrorType } from '../hf.js';
import { finite } from './excel-scalars.js';

const NUM = () => new CellError(ErrorType.NUM);

/**
 * EXP: overflow #NUM!; -745 and below 0 (ironcalc EXP_SIGN.xlsx B44 EXP(-745), B46 EXP(-1000) saved 0, where
 * Math.exp(-745) is 5e-324); another result below 2^-1022 (subnormal) undetermined (`finite`).
 */
export function excelExp(x: number): number | CellError {
  return x <= -745 ? 0 : finite(Math.exp(x));
}

/** LN: zero or below #NUM! (LOG_LOG10_LN.xlsx LN!B9, B10). */
export function excelLn(x: number): number | CellError {
  return x <= 0 ? NUM() : Math.log(x);
}

/**
 * LOG: base 10 by Math.log10 (exact at powers of ten: LOG(1000) is 3, LOG!B5); another base as ln x / ln b
 * (HyperFormula's own form).
 * A number or base of zero or below #NUM! (G15, G6, G7), base 1 #DIV/0! (G3, G18); a number of zero or below
 * in base 1 #NUM! (FormulaEvalTestData_Copy.xlsx EverythingTests!K852 LOG(F17,E15): F17 blank, E15 "1").
 */
export function excelLog(x: number, base = 10): number | CellError {
  if (x <= 0 || base <= 0) return NUM();
  if (base === 1) return new CellError(ErrorType.DIV_BY_ZERO);
  return base === 10 ? Math.log10(x) : Math.log(x) / Math.log(base);
}
