/**
 * TEXT with en-US number and date/time format codes read from their characters (number codes here, date
 * codes in format-date-code.ts); any other code is refused with the rule it needs. The code is a text
 * literal or a constant text cell (`$F$1`), read at compile time.
 */
import { DAYS_1900_TO_1904, MAX_SERIAL } from '../../../../workbook/serials.js';
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { may, type Val, withError } from '../../value.js';
import { type DateCode, readDateCode } from './date-code.js';
import type { FunctionEntry, Lowering } from '../types.js';

/**
 * A number format code as $xlFmtNum reads it (helpers.ts). `x` is the least count of exponent digits
 * (2 when absent); `np`/`nq` the text around a negative number's digits when the code has a negative section
 * (`(#,##0)`: no "-" then).
 */
interface NumberCode {
  k: number;
  g: boolean;
  s: number;
  pre: string;
  post: string;
  e: boolean;
  x?: number;
  np?: string;
  nq?: string;
  /** The least count of integer digits, when more than one (`000`). */
  z?: number;
}

/**
 * A number code read from its characters: `$`, then `#,##0` or `0`…`0` (as many integer digits at least,
 * Microsoft's TEXT page: `TEXT(1234,"0000000")` is "0001234"), then `.0…`, then `%`, `E+00` or `E+0` (with a
 * single `0` before the point); or the two sections `P_);(P)` of such a P without `%` or an exponent: a
 * trailing space the width of ")" for a number that is not negative, P in parentheses without "-" for a
 * negative one, one that rounds to zero too (ironcalc TEXT/TEXT.xlsx NUMBERS!E3:F21). Undefined for any
 * other code.
 */
export function readNumberCode(text: string): NumberCode | undefined {
  const two = /^(.+)_\);\((.+)\)$/.exec(text);
  if (two) {
    const p = two[1] === two[2] ? readNumberCode(two[1]!) : undefined;
    if (!p || p.e || p.s !== 0 || p.np !== undefined) return undefined;
    return { ...p, post: ' ', np: `(${p.pre}`, nq: ')' };
  }
  const m = /^(\$?)(#,##0|0+)(?:\.(0+))?(%|E\+(00?))?$/.exec(text);
  if (!m || (m[5] !== undefined && m[2] !== '0')) return undefined;
  const c: NumberCode = {
    k: m[3]?.length ?? 0,
    g: m[2] === '#,##0',
    s: m[4] === '%' ? 2 : 0,
    pre: m[1]!,
    post: m[4] === '%' ? '%' : '',
    e: m[5] !== undefined,
  };
  if (m[5]?.length === 1) c.x = 1;
  if (m[2]!.length > 1 && m[2] !== '#,##0') c.z = m[2]!.length;
  return c;
}

/** The format code: a text literal or a constant text cell, else refused. */
function formatCode(fNode: Node, l: Lowering): string {
  const fmt = l.constantText(fNode);
  if (fmt === undefined) {
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      'TEXT with a format_text that is neither a literal text nor a constant text cell',
      fNode,
    );
  }
  return fmt;
}

/** The first serial past 9999-12-31: 2958466 in the 1900 date system, 2957004 in the 1904 one. */
const pastLastDay = (l: Lowering) => MAX_SERIAL + 1 - (l.date1904 ? DAYS_1900_TO_1904 : 0);

/** The code as a date/time code for $xlTextDate, or refused with the rule that is not established. */
function dateCode(fmt: string, fNode: Node, l: Lowering): (DateCode & { l: number }) | undefined {
  const d = readDateCode(fmt);
  if (d === undefined) return undefined;
  if ('reason' in d)
    l.fail('UNSUPPORTED_CONSTRUCT', `TEXT with the format code ${JSON.stringify(fmt)}: ${d.reason}`, fNode);
  // Why: the 1904 system moves the calendar (the oracle has only the 1900 one); a time needs no calendar.
  if (d.dt && l.date1904) {
    l.fail(
      'UNSUPPORTED_DATE_MODE',
      `TEXT with the date code ${JSON.stringify(fmt)} in the 1904 date system`,
      fNode,
    );
  }
  return { ...d, l: pastLastDay(l) };
}

function lowerText(node: CallNode, l: Lowering): Val {
  const [vNode, fNode] = node.args as [Node, Node];
  const fmt = formatCode(fNode, l);
  const numberCode = readNumberCode(fmt);
  const number = fmt === '@' || numberCode !== undefined;
  const date = number ? undefined : dateCode(fmt, fNode, l);
  if (!number && !date) {
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      `TEXT with the format code ${JSON.stringify(fmt)}: a number code beyond $, #,##0 or 0…0, .0…, % or E+00, and P_);(P) (#, ?, a scaling comma, other literal text and sections not established)`,
      fNode,
    );
  }
  const v = l.lower(vNode);
  const kinds = withError(['string'], may(v.kinds, 'error'));
  if (fmt === '@') return l.helper('xlText', [v.expr], kinds, v.invariant, [v]);
  if (date) {
    const dateKinds = withError(['string'], true);
    return l.helper('xlTextDate', [v.expr, JSON.stringify(date)], dateKinds, v.invariant, [v]);
  }
  return l.helper('xlTextFmt', [v.expr, JSON.stringify(numberCode)], kinds, v.invariant, [v]);
}

export const FORMAT_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'TEXT',
    family: 'format',
    args: [
      { name: 'value', kind: 'value', class: 'any' },
      { name: 'format_text', kind: 'value', class: 'text' },
    ],
    helpers: ['xlTextFmt', 'xlText', 'xlTextDate'],
    lower: lowerText,
    summary: 'a number as text in a format code',
    lowering:
      '$xlTextFmt(x, {code}) for a number code, $xlTextDate(x, {tokens}) for a date/time code, $xlText(x) for `@`',
    notes: `number codes read from their characters ($, #,##0 or 0…0, .0…, % or E+00/E+0, and the two sections P_);(P), as 0 0.00 000 #,##0.00 0.0% $#,##0.00 0.00E+00 $#,##0_);($#,##0)) and @, or a date/time code read field by field (y yy yyyy, m mm mmm mmmm mmmmm, d dd ddd dddd, h hh, m mm as minutes after an hour or before a seconds field, s ss, .0 .00 .000, AM/PM am/pm A/P a/p, elapsed [h] [m] [s], text in quotes, after \\ or one of $+(:^'{<=-/)!&~}> and space; letters in any case), as a literal or a constant text cell; any other code refused with the rule it needs (a "." or "," outside fractional seconds, q, [$-409], sections); date fields refused in the 1904 date system; numbers: rounding half away from zero on the decimal value, "-" before a negative unless every digit shown is zero (TEXT(-1/3,"0") is "0"); dates: the time rounded to the shown precision, serial 0 is 1900-01-00 and 60 1900-02-29, with a date field a serial below 0 or from 2958466 (10000-01-01) #VALUE!; not established (the run-time value): a half-unit tie, a rounding into the next day (or minute, with no seconds shown), 12 o'clock on a 12-hour clock, a time-only code past the date range; numeric and date text converted, other text returned unchanged, blank 0, TRUE/FALSE as text, errors pass`,
    example: { formula: '=TEXT(A1,"#,##0.00")', cells: { A1: 1234.565 }, value: '1,234.57' },
    evidence: {
      goldens: ['format'],
      corpus: [
        'excel/ironcalc/TEXT/TEXT.xlsx',
        'excel/poi/NumberFormatTests.xlsx',
        'excel/poi/DateFormatTests.xlsx',
        'excel/poi/ElapsedFormatTests.xlsx',
        'excel/poi/DateFormatNumberTests.xlsx',
      ],
      microsoft: [
        'TEXT function',
        'Format a date the way you want',
        'Format numbers as dates or times',
        'Review guidelines for customizing a number format',
      ],
      other:
        'DateFormatTests.xlsx (1904 system): month and day names (`dddd-mmmm-yyyy` Saturday-October-1952), letters in any case (A6:A9, A15:A18), AM/PM and A/P (A11:A13: `hh:mm:ss a/p` "02:35:27 p", `am/pm` "PM"), `\\d` and quoted text (A43:A44); DateFormatNumberTests.xlsx A4:A11: times rounded to the shown precision (.000 .00 .0 and none: 37.638, 37.64, 37.6, 38); ElapsedFormatTests.xlsx A2:A49: [h] [m] [s], a plain field of the elapsed unit the whole too, negatives after "-"; ironcalc TEXT/TEXT.xlsx DATES!B2:F24: `y` two digits, `yyy` and `yyyyy` four, `mmmmm` the first letter, `ddddd` the day name; B25:F26: 2958466 and -1 #VALUE!; Microsoft\'s TEXT page: MM with HH or SS is minutes; "Review guidelines for customizing a number format": the characters shown without quotation marks; the rest derived from the calendar of the date functions; ironcalc TEXT/TEXT.xlsx NUMBERS!B7, D7, B17:D20, K17:K20: no "-" when every digit shown is zero (`TEXT(-2.7E-18,"#,##0")` "0"); E3:F21 the two-section codes (`TEXT(-1/3,"#,##0_);(#,##0)")` "(0)", `TEXT(0,...)` "0 "), M3:M21 `0.00E+0` (one exponent digit: "1.20E+1")',
    },
  },
];
