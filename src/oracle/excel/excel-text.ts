/**
 * Excel's TEXT(value, format_text) for a bounded set of en-US number format codes, written for the oracle and
 * independent of the compiler's JSONata helpers: the code is parsed here from its own characters, and the
 * number is formatted with BigInt arithmetic on its 15-significant-digit decimal (Excel's view of a double).
 * HyperFormula 3.5's TEXT differs from Excel on every one of these codes (`TEXT(1234.5,"#,##0.00")` gives
 * `1235,##0.00`, `TEXT(1.005,"0.00")` `1.00`, text `#VALUE!`, `@` `@`).
 *
 * Excel's rules, as applied:
 * - the value shown is the 15-digit decimal, rounded half away from zero at the code's last digit
 *   (`TEXT(1.005,"0.00")` is `1.01`, `TEXT(-2.5,"0")` `-3`); `%` multiplies by 100 first (moving the
 *   decimal point, so `TEXT(0.285,"0%")` is `29%`); `E+00` writes d.dd with a signed exponent of at least two
 *   digits;
 * - a negative number is written with a `-` before the whole (`-$1,234.00`), but not when every digit shown
 *   is zero: `TEXT(-1/3,"0")` is `0`, `TEXT(-2.7E-18,"0.00")` `0.00` (ironcalc TEXT/TEXT.xlsx NUMBERS!B7, D7,
 *   B17:D20, K17:K20, saved by Excel; an earlier note here read `-0.00` from a tip about cell display);
 * - text that reads as a number (`excelTextToNumber`) is formatted as that number, other text is returned as
 *   it is, booleans as TRUE/FALSE, a blank as 0, errors pass;
 * - `@` writes a number in General form (`numberText`, as `&` does), text and booleans as they are.
 *
 * Undetermined (the oracle's #ERROR!): a blank or number-like text with `@` (is it read as a number first?),
 * subnormal numbers (Excel never holds one), numbers past E±98 where 15 and 14 significant digits give
 * different text (Excel writes 14 there in General; whether a format code does is not established), and
 * General's own undetermined cases (`numberText`).
 */
import { EXCEL_DIGITS } from '../../workbook/precision.js';
import { CellError, EmptyValue } from '../hf.js';
import { numberText } from './corrections.js';
import { raw, type Scalar, UNKNOWN } from './excel-scalars.js';
import { excelTextToNumber } from './excel-values.js';
import { isDateCode, textDateFunction } from './excel-text-dates.js';

/**
 * Examples of the number codes the oracle formats itself, and `@` (the fuzzer's and the tests' sample; which
 * codes are read is isNumberCode's rule, not this list; TEXT with any other code is HyperFormula's).
 */
export const TEXT_FORMAT_CODES: ReadonlySet<string> = new Set([
  '0',
  '0.0',
  '0.00',
  '0.000',
  '000',
  '#,##0',
  '#,##0.00',
  '0%',
  '0.0%',
  '0.00%',
  '$#,##0.00',
  '$#,##0',
  '0.00E+00',
  '0.00E+0',
  '#,##0_);(#,##0)',
  '$#,##0_);($#,##0)',
  '$#,##0.00_);($#,##0.00)',
  '@',
]);

/**
 * A number format code read from its characters: `$`, `#,##0` or a run of `0` (the least count of integer
 * digits), `.0…`, then `%`, `E+00` or `E+0` (the least count of exponent digits, after a lone `0`); or two
 * sections `P_);(P)` of a P without `%` or exponent: P with a trailing space for a number that is not
 * negative, P in parentheses (no "-") for a negative one.
 */
interface ParsedCode {
  currency: boolean;
  grouped: boolean;
  integerDigits: number;
  decimals: number;
  percent: boolean;
  scientific: boolean;
  exponentDigits: number;
  parenthesised: boolean;
}

const SINGLE = /^(\$)?(#,##0|0+)(\.0+)?(%|E\+0{1,2})?$/;

function parseCode(code: string): ParsedCode | undefined {
  const two = /^(.*)_\);\((.*)\)$/.exec(code);
  if (two) {
    const p = two[1] === two[2] ? parseCode(two[1]!) : undefined;
    return p && !p.percent && !p.scientific && !p.parenthesised ? { ...p, parenthesised: true } : undefined;
  }
  const m = SINGLE.exec(code);
  if (!m) return undefined;
  const [, dollar, integer, fraction, tail] = m;
  const scientific = tail?.startsWith('E') === true;
  if (scientific && integer !== '0') return undefined;
  return {
    currency: dollar === '$',
    grouped: integer === '#,##0',
    integerDigits: integer === '#,##0' ? 1 : integer!.length,
    decimals: fraction ? fraction.length - 1 : 0,
    percent: tail === '%',
    scientific,
    exponentDigits: scientific ? tail!.length - 2 : 0,
    parenthesised: false,
  };
}

/** Whether the oracle formats this number code itself (`@` apart). */
export const isNumberCode = (code: string): boolean => parseCode(code) !== undefined;

/** |x| as an integer N of `precision` digits and an exponent: |x| ≈ N × 10^scale. */
function significand(x: number, precision: number): { n: bigint; scale: number } {
  const [mantissa, exp] = Math.abs(x)
    .toExponential(precision - 1)
    .split('e');
  return { n: BigInt(mantissa.replace('.', '')), scale: Number(exp) - (precision - 1) };
}

/** n / 10^k rounded half away from zero (n ≥ 0). */
function shiftRound(n: bigint, k: number): bigint {
  if (k <= 0) return n * 10n ** BigInt(-k);
  const d = 10n ** BigInt(k);
  return (n + d / 2n) / d;
}

function groupThousands(int: string): string {
  let out = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += ',';
    out += int[i];
  }
  return out;
}

/** |x| in a fixed-point code: `decimals` digits after the point, `%` applied as a shift of two places. */
function fixedDigits(x: number, c: ParsedCode, precision: number): string {
  const { n, scale } = significand(x, precision);
  // |x| × 10^shift × 10^decimals = n × 10^(scale + shift + decimals), rounded to an integer.
  const units = shiftRound(n, -(scale + (c.percent ? 2 : 0) + c.decimals))
    .toString()
    .padStart(c.decimals + 1, '0');
  const int = units.slice(0, units.length - c.decimals).padStart(c.integerDigits, '0');
  const frac = units.slice(units.length - c.decimals);
  return (c.grouped ? groupThousands(int) : int) + (c.decimals > 0 ? `.${frac}` : '');
}

/** |x| in `0.00E+00` form with `decimals` digits after the point. */
function scientificDigits(x: number, c: ParsedCode, precision: number): string {
  if (x === 0)
    return `0${c.decimals > 0 ? `.${'0'.repeat(c.decimals)}` : ''}E+${'0'.repeat(c.exponentDigits)}`;
  const { n, scale } = significand(x, precision);
  let kept = shiftRound(n, precision - (c.decimals + 1));
  let exp = scale + precision - 1;
  if (kept.toString().length > c.decimals + 1) {
    kept /= 10n; // a carry out of all nines: 9.995 → 10.0 → 1.00, one more in the exponent
    exp += 1;
  }
  const s = kept.toString();
  const mantissa = s[0] + (c.decimals > 0 ? `.${s.slice(1)}` : '');
  const e = String(Math.abs(exp)).padStart(c.exponentDigits, '0');
  return `${mantissa}E${exp < 0 ? '-' : '+'}${e}`;
}

function formatAt(x: number, c: ParsedCode, precision: number): string {
  const body = c.scientific ? scientificDigits(x, c, precision) : fixedDigits(x, c, precision);
  const unsigned = `${c.currency ? '$' : ''}${body}${c.percent ? '%' : ''}`;
  if (c.parenthesised) return x < 0 ? `(${unsigned})` : `${unsigned} `;
  const sign = x < 0 && /[1-9]/.test(body) ? '-' : '';
  return sign + unsigned;
}

const subnormal = (x: number) => x !== 0 && Math.abs(x) < 2.2250738585072014e-308;

/** A number in one of the number codes, or UNKNOWN where Excel's text is not established. */
export function formatNumber(x: number, code: string): string | CellError {
  if (subnormal(x)) return UNKNOWN();
  const c = parseCode(code);
  if (!c) return UNKNOWN();
  const text = formatAt(x, c, EXCEL_DIGITS);
  // Why: past E±98 Excel writes 14 significant digits in General (POI's table); for a format code the
  // digit count is not established, so only an answer both give is kept.
  if (x !== 0 && Math.abs(Number(Math.abs(x).toExponential(14).split('e')[1])) > 98) {
    if (formatAt(x, c, 14) !== text) return UNKNOWN();
  }
  return text;
}

/** TEXT(value, code) for `@` or a number code (isNumberCode). */
export function textFunction(value: Scalar, code: string): string | CellError {
  const v = raw(value);
  if (v instanceof CellError) return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (code === '@') {
    if (typeof v === 'number') return subnormal(v) ? UNKNOWN() : numberText(v);
    if (typeof v === 'string') return excelTextToNumber(v) === 'value' ? v : UNKNOWN();
    return UNKNOWN(); // a blank: "" or "0" is not established
  }
  if (v === EmptyValue) return formatNumber(0, code);
  if (typeof v === 'number') return formatNumber(v, code);
  const n = excelTextToNumber(v as string);
  if (n === 'value') return v as string;
  return n === 'unknown' ? UNKNOWN() : formatNumber(n, code);
}

/**
 * TEXT(value, code) for any code the rewriter routes: a number code or `@` (above), a date/time code
 * (excel-text-dates.ts); a code read from a cell that is neither, or not text, is UNKNOWN (the compiler
 * refuses it, and HyperFormula's answer is not Excel's).
 */
export function textAnyCode(value: Scalar, code: Scalar): string | CellError {
  const c = raw(code);
  if (c instanceof CellError) return c;
  if (typeof c !== 'string') return UNKNOWN();
  if (c === '@' || isNumberCode(c)) return textFunction(value, c);
  return isDateCode(c) ? textDateFunction(value, c) : UNKNOWN();
}
