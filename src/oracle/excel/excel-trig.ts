/**
 * The oracle's SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH and TANH (the 15-digit tier): the platform's
 * Math.sin, Math.cos, Math.tan, Math.asin, Math.acos, Math.atan, Math.atan2, Math.sinh, Math.cosh and Math.tanh with Excel's domain rules, written apart from the library's JSONata (which computes them itself).
 *
 * Near a zero of the function Excel's value is not the platform's even at 15 digits: SIN(PI()) is saved
 * 1.22514845490862E-16 (ironcalc trigonometric_functions.xlsx B12; Math.sin gives 1.2246467991473532E-16), and
 * every such saved value (B12, C13, D12; poi 47813.xlsx B182, C92, B362, C272, C452, B542, C632), and SIN(-534)
 * (FormulaEvalTestData_Copy.xlsx EverythingTests!G1252), is the function of x reduced by the x87's 64-bit π,
 * which lies E = 5.0166E-20 above π: Excel's argument is off by about |x|·E/π. Where that moves the result by
 * one ulp or more (|f'(x)|·|x|·E/π ≥ 2^-52·|f(x)|, with |f'| ≤ 1 for SIN and COS and 1 + tan² for TAN), the
 * answer is undetermined (G1252, shifted 0.55 ulp, agrees at 15 digits; the zeros do not). HyperFormula alone
 * reads `""` as 0 and gives the platform's value there.
 */
import { CellError, ErrorType } from '../hf.js';
import { finite, UNKNOWN } from './excel-scalars.js';

/**
 * The band's factor: Excel's argument shift per unit of x (the x87's 64-bit π less π,
 * 0xC90FDAA22168C235·2^-62 - π = 5.0165576E-20, over π) over one ulp relative to the value (2^-52):
 * 7.19144E-5, rounded up to the library's 7.1915E-5 so both draw the same band.
 */
const K = 7.1915e-5;

/** Undetermined where Excel's shifted argument moves `r` by an ulp or more (`slope` bounds |f'(x)|). */
function banded(x: number, r: number, slope: number): number | CellError {
  return K * Math.abs(x) * slope > Math.abs(r) ? UNKNOWN() : finite(r);
}

/** SIN: Math.sin, undetermined near a multiple of π (SIN(PI()), trigonometric_functions.xlsx B12). */
export function excelSin(x: number): number | CellError {
  return banded(x, Math.sin(x), 1);
}

/** COS: Math.cos, undetermined near an odd multiple of π/2 (COS(PI()/2), trigonometric_functions.xlsx C13). */
export function excelCos(x: number): number | CellError {
  return banded(x, Math.cos(x), 1);
}

/** TAN: Math.tan, undetermined near a multiple of π (D12) and near a pole, where tan' = 1 + tan² is large. */
export function excelTan(x: number): number | CellError {
  const r = Math.tan(x);
  return banded(x, r, 1 + r * r);
}

/** ASIN and ACOS: Math.asin, Math.acos; outside [-1, 1] #NUM! (trigonometric_functions.xlsx E2, F2; ASIN.xlsx A5). */
export function excelAsin(x: number, cosine = false): number | CellError {
  if (Math.abs(x) > 1) return new CellError(ErrorType.NUM);
  return finite(cosine ? Math.acos(x) : Math.asin(x));
}

/** ATAN: Math.atan (no reduction, so no band; trigonometric_functions.xlsx G column). */
export function excelAtan(x: number): number | CellError {
  return finite(Math.atan(x));
}

/**
 * ATAN2(x_num, y_num): C's atan2(y, x), the angle of the point (x, y); both 0 #DIV/0! (Microsoft's ATAN2
 * page; ATAN2_POWER.xlsx D5, D27 of FALSE, FALSE).
 */
export function excelAtan2(x: number, y: number): number | CellError {
  if (x === 0 && y === 0) return new CellError(ErrorType.DIV_BY_ZERO);
  return finite(Math.atan2(y, x));
}

/** Where exp(|x|) overflows: the first double whose high word is 0x40862E42 (709.7822265625). */
const EXP_OVERFLOW = 709.7822265625;

/**
 * SINH, COSH, TANH: Math.sinh, Math.cosh, Math.tanh (trigonometric_functions.xlsx H, I, J). Past |x| =
 * 709.78, where exp(|x|) overflows, undetermined: the platform is finite up to 710.48 and no saved cell or
 * Microsoft page shows where Excel gives #NUM!.
 */
export function excelHyperbolic(x: number, f: 'sinh' | 'cosh' | 'tanh'): number | CellError {
  if (f !== 'tanh' && Math.abs(x) >= EXP_OVERFLOW) return UNKNOWN();
  return finite(Math[f](x));
}
