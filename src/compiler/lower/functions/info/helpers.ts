/** Library helpers: the IS functions, ISEVEN/ISODD, N. */
import type { HelperSource } from '../../helpers/source.js';

export const INFO_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlIsBlank: {
    // Why: a blank input is null or a missing field; "" is text, not blank.
    fn: `function($v) { $not($exists($v)) or $type($v) = "null" }`,
    doc: 'ISBLANK: true for a blank (null or missing), false for "" and every other value',
  },
  xlIsNa: {
    fn: `function($v) { $type($v) = "object" and $v.error = "#N/A" }`,
    doc: 'ISNA: true for the #N/A error',
  },
  xlIsErrNotNa: {
    fn: `function($v) { $type($v) = "object" and $v.error != "#N/A" }`,
    doc: 'ISERR: true for an error other than #N/A',
  },
  xlIsEven: {
    // Why: Excel truncates the number (ISEVEN(-2.5) is TRUE); blank is 0.
    fn: `function($v, $odd) {( $n := $xlNum($v); $xlIsErr($n) ? $n : ($floor($abs($n)) % 2 = 1) = $odd )}`,
    doc: 'ISEVEN/ISODD of a number (truncated); errors pass',
  },
  xlN: {
    fn: `function($v) { $type($v) = "number" ? $v : $type($v) = "boolean" ? ($v ? 1 : 0) : $type($v) = "object" ? $v : 0 }`,
    doc: 'N: numbers as they are, TRUE 1, FALSE 0, errors pass, text and blank 0',
  },
};
