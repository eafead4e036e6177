/**
 * Excel's base conversions (correction `bases`; routed in registry.ts): DEC2BIN/OCT/HEX, BIN2DEC/OCT/HEX,
 * OCT2DEC/BIN/HEX, HEX2DEC/BIN/OCT, written from Microsoft's pages and the Excel-saved cells of
 * ../shared/corpus/excel/xlcalculator/BASES.xlsx, independently of the compiler's JSONata helpers.
 *
 * What HyperFormula 3.5 gets wrong there: a blank or `""` binary/octal/hex input is #NUM! (Excel 0:
 * BASES.xlsx non-numeric!C2, C3); lower-case hex is #NUM! (Excel reads `a` as 10: non-numeric!M5); `" 1"`,
 * `"+1"` and 11-character inputs with leading zeros are read (Excel: not a valid number, #NUM!); DEC2BIN of
 * 1.9 is `1.111…` (Excel truncates to an integer) and of `""` is `0` (Excel #VALUE!: non-numeric!H3).
 *
 * A decimal number is truncated toward zero, then checked against the range; DEC2*'s number read from a cell
 * as a boolean is #VALUE! (ironcalc NUMBER_SYSTEMS.xlsx Decimal!C12, C13, C17, C25).
 *
 * Not established, so UNKNOWN (the oracle's #ERROR!): a boolean argument typed or computed, or a boolean
 * BIN2*, OCT2*, HEX2* input (Microsoft only says "nonnumeric"); a blank `places` (0, or omitted?); a
 * non-integer at an end of the octal or hex range; a non-integer whose 15-digit form truncates differently; `places` in (10, 11); an invalid number together with an invalid
 * `places` whose errors differ (which is checked first?).
 *
 * RADIANS and DEGREES (correction `math`) are here too: HyperFormula's x·(π/180) and x·(180/π)
 * agree with every saved cell (FormulaEvalTestData_Copy.xlsx EverythingTests row 368 and 1100; x/π·180 does
 * not: DEGREES(-534) is -30595.946259985962), but no cell tells x·(π/180) from x·π/180 or x/180·π, so an
 * input where they give different doubles is UNKNOWN, as is one where only some of them overflow.
 */
import { round15 } from '../../workbook/precision.js';
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { finite, raw, type Scalar, toNumber, toText, UNKNOWN } from './excel-scalars.js';

export type Radix = 2 | 8 | 16;
const NUM = () => new CellError(ErrorType.NUM);
const DIGITS = '0123456789ABCDEF';

/** An argument read: its number, or the error it gives (`passed`: the argument itself was that error). */
type Read = number | { error: CellError; passed: boolean };
const fail = (error: CellError, passed = false): Read => ({ error, passed });
const isUnknown = (r: Read) => typeof r !== 'number' && r.error.type === ErrorType.ERROR;

/** 2^10, 8^10, 16^10: the ten-character range; its upper half holds the negatives (two's complement). */
const span = (radix: Radix) => radix ** 10;

/**
 * DEC2*'s number: a number, numeric text, blank 0; `""` and other text #VALUE!; a boolean read from a cell
 * #VALUE! (ironcalc NUMBER_SYSTEMS.xlsx Decimal!C25 DEC2BIN, E25 DEC2HEX, G25 DEC2OCT), one typed or
 * computed undetermined.
 */
function readDecimal(v: Scalar, fromCell: boolean): Read {
  const x = raw(v);
  if (x instanceof CellError) return fail(x, true);
  if (typeof x === 'boolean') return fail(fromCell ? new CellError(ErrorType.VALUE) : UNKNOWN());
  const n = toNumber(x);
  return n instanceof CellError ? fail(n) : n;
}

/** BIN2*, OCT2*, HEX2*'s number: up to ten digits of the radix (any case), as text or a number's text. */
export function readDigits(v: Scalar, radix: Radix): Read {
  const x = raw(v);
  if (x instanceof CellError) return fail(x, true);
  if (typeof x === 'boolean') return fail(UNKNOWN());
  const t = x === EmptyValue ? '' : toText(x);
  if (t instanceof CellError) return fail(t);
  const s = t.toUpperCase();
  const valid = DIGITS.slice(0, radix);
  if (s.length > 10 || [...s].some((c) => !valid.includes(c))) return fail(NUM());
  const n = s === '' ? 0 : Number.parseInt(s, radix);
  return s.length === 10 && n >= span(radix) / 2 ? n - span(radix) : n;
}

/** `places`: truncated, 1 to 10; text read as a number, other text #VALUE!. */
function readPlaces(v: Scalar): Read {
  const x = raw(v);
  if (x instanceof CellError) return fail(x, true);
  if (typeof x === 'boolean' || x === EmptyValue) return fail(UNKNOWN());
  const n = toNumber(x);
  if (n instanceof CellError) return fail(n);
  if (n > 10 && n < 11) return fail(UNKNOWN());
  const t = truncated(n);
  if (t instanceof CellError) return fail(t);
  return t < 1 || t > 10 ? fail(NUM()) : t;
}

/** The integer part, UNKNOWN where the double and its 15-digit form truncate differently. */
function truncated(x: number): number | CellError {
  if (!Number.isFinite(x)) return NUM();
  const t = Math.trunc(x);
  if (t !== Math.trunc(round15(x))) return UNKNOWN();
  return t === 0 ? 0 : t;
}

/**
 * Excel's error for a number outside the target's ten characters. The number is truncated toward zero
 * first (NUMBER_SYSTEMS.xlsx Decimal!C12 DEC2BIN(511.2), C13 DEC2BIN(511.9) "111111111", C17 DEC2BIN(-512.8)
 * "1000000000"; E17 DEC2HEX(-512.8) and G17 DEC2OCT(-512.8) truncate a negative toward zero too). A
 * non-integer at an end of the octal or hex range is UNKNOWN: no saved cell shows those ends.
 */
function rangeError(n: number, radix: Radix): CellError | undefined {
  const half = span(radix) / 2;
  const t = Math.trunc(n);
  if (radix !== 2 && !Number.isInteger(n) && (t === half - 1 || t === -half)) return UNKNOWN();
  return t < -half || t > half - 1 ? NUM() : undefined;
}

/** An integer of the target's range written in `radix`: ten characters when negative, else `places` wide. */
function write(n: number, radix: Radix, places: number | undefined): string | CellError {
  const t = truncated(n);
  if (t instanceof CellError) return t;
  if (t < 0) return (t + span(radix)).toString(radix).toUpperCase();
  const d = t.toString(radix).toUpperCase();
  if (places === undefined) return d;
  return d.length > places ? NUM() : d.padStart(places, '0');
}

/**
 * One conversion: `from` 10 reads a decimal number, else digits of that radix; `to` 10 gives the number,
 * else its digits. Excel checks `places` before it reads the number as a number: DEC2BIN("E",0) is #NUM!,
 * DEC2BIN("E",1) #VALUE! (BASES.xlsx places!G38, G39). Other orders of two differing errors are not known.
 */
export function convertBase(
  from: Radix | 10,
  to: Radix | 10,
  number: Scalar,
  places?: Scalar,
  numberFromCell = false,
): number | string | CellError {
  const n = from === 10 ? readDecimal(number, numberFromCell) : readDigits(number, from);
  const p = places === undefined ? undefined : readPlaces(places);
  if (isUnknown(n) || (p !== undefined && isUnknown(p))) return UNKNOWN();
  const nError = typeof n !== 'number' ? n.error : to === 10 ? undefined : rangeError(n, to);
  if (nError?.type === ErrorType.ERROR) return nError;
  if (p !== undefined && typeof p !== 'number') {
    if (nError === undefined || nError.type === p.error.type) return p.error;
    // Errors passed in both arguments: the first, as everywhere in Excel.
    if (typeof n !== 'number' && n.passed && p.passed) return n.error;
    const placesFirst = typeof n !== 'number' && !n.passed && n.error.type === ErrorType.VALUE;
    return placesFirst && !p.passed && p.error.type === ErrorType.NUM ? p.error : UNKNOWN();
  }
  if (nError) return nError;
  if (to === 10 || typeof n !== 'number') return n as number;
  return write(n, to, p);
}

/** RADIANS (`toRadians`) / DEGREES of a number: the product all ways of writing it agree on, else UNKNOWN. */
export function convertAngle(v: Scalar, toRadians: boolean): number | CellError {
  const x = toNumber(v);
  if (x instanceof CellError) return x;
  const ways = toRadians
    ? [x * (Math.PI / 180), (x * Math.PI) / 180, (x / 180) * Math.PI]
    : [x * (180 / Math.PI), (x * 180) / Math.PI];
  if (ways.every((w) => !Number.isFinite(w))) return NUM();
  if (ways.some((w) => w !== ways[0])) return UNKNOWN();
  return finite(ways[0]!);
}
