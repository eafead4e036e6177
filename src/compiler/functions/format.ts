/**
 * TEXT with a named, bounded set of number and date/time format codes (en-US, 1900 date system); any other
 * code is refused by name. The code is a text literal or a constant text cell (`$F$1`), read at compile time.
 */
import type { CallNode, Node } from '../../workbook/formula/ast.js';
import { may, type Val, withError } from '../lower/value.js';
import type { FunctionEntry, Lowering } from './types.js';

/**
 * A number format code as $xlFmtNum reads it (helpers/format.ts). `x` is the least count of exponent digits
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
}

const code = (k: number, more: Partial<NumberCode> = {}): NumberCode => ({
  k,
  g: false,
  s: 0,
  pre: '',
  post: '',
  e: false,
  ...more,
});

/** The number format codes TEXT accepts, exactly as written (en-US). */
export const TEXT_NUMBER_CODES: Readonly<Record<string, NumberCode>> = {
  '0': code(0),
  '0.0': code(1),
  '0.00': code(2),
  '#,##0': code(0, { g: true }),
  '#,##0.00': code(2, { g: true }),
  '0%': code(0, { s: 2, post: '%' }),
  '0.0%': code(1, { s: 2, post: '%' }),
  '0.00%': code(2, { s: 2, post: '%' }),
  '$#,##0.00': code(2, { g: true, pre: '$' }),
  '0.00E+00': code(2, { e: true }),
  '0.00E+0': code(2, { e: true, x: 1 }),
  // `_)` leaves a space the width of ")" (a plain space in TEXT's result); the second section is used for
  // every negative number, one that rounds to zero too (ironcalc TEXT/TEXT.xlsx NUMBERS!E3:F21).
  '#,##0_);(#,##0)': code(0, { g: true, post: ' ', np: '(', nq: ')' }),
  '$#,##0_);($#,##0)': code(0, { g: true, pre: '$', post: ' ', np: '($', nq: ')' }),
};

/**
 * The date/time format codes TEXT accepts, exactly as written (en-US), as the tokens $xlTextDate reads:
 * `yyyy` `yy` `mmmm` `mmm` `mm` (month) `dddd` `ddd` `dd` `d` `h` `hh` `nn` (minutes) `ss`, and `'x` for
 * the literal text x.
 */
export const TEXT_DATE_CODES: Readonly<Record<string, readonly string[]>> = {
  'yyyy-mm-dd': ['yyyy', "'-", 'mm', "'-", 'dd'],
  'dd/mm/yyyy': ['dd', "'/", 'mm', "'/", 'yyyy'],
  'mm/dd/yyyy': ['mm', "'/", 'dd', "'/", 'yyyy'],
  'd-mmm-yy': ['d', "'-", 'mmm', "'-", 'yy'],
  'mmm yyyy': ['mmm', "' ", 'yyyy'],
  mmmm: ['mmmm'],
  yyyy: ['yyyy'],
  mm: ['mm'],
  dd: ['dd'],
  ddd: ['ddd'],
  dddd: ['dddd'],
  'h:mm': ['h', "':", 'nn'],
  'hh:mm:ss': ['hh', "':", 'nn', "':", 'ss'],
};

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

function lowerText(node: CallNode, l: Lowering): Val {
  const [vNode, fNode] = node.args as [Node, Node];
  const fmt = formatCode(fNode, l);
  const known = fmt === '@' || Object.hasOwn(TEXT_NUMBER_CODES, fmt) || Object.hasOwn(TEXT_DATE_CODES, fmt);
  if (!known) l.fail('UNSUPPORTED_CONSTRUCT', `TEXT with the format code ${JSON.stringify(fmt)}`, fNode);
  if (Object.hasOwn(TEXT_DATE_CODES, fmt) && l.date1904) {
    l.fail(
      'UNSUPPORTED_DATE_MODE',
      `TEXT with the date code ${JSON.stringify(fmt)} in the 1904 date system`,
      fNode,
    );
  }
  const v = l.lower(vNode);
  const kinds = withError(['string'], may(v.kinds, 'error'));
  if (fmt === '@') return l.helper('xlText', [v.expr], kinds, v.invariant, [v]);
  if (Object.hasOwn(TEXT_DATE_CODES, fmt)) {
    const dateKinds = withError(['string'], true);
    return l.helper('xlTextDate', [v.expr, JSON.stringify(TEXT_DATE_CODES[fmt])], dateKinds, v.invariant, [
      v,
    ]);
  }
  return l.helper('xlTextFmt', [v.expr, JSON.stringify(TEXT_NUMBER_CODES[fmt])], kinds, v.invariant, [v]);
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
      '$xlTextFmt(x, {code}) for a number code, $xlTextDate(x, [tokens]) for a date code, $xlText(x) for `@`',
    notes: `number codes ${Object.keys(TEXT_NUMBER_CODES).join(' ')}, date codes ${Object.keys(TEXT_DATE_CODES).join(' ')} and @ only, as a literal or a constant text cell (others refused by name; date codes refused in the 1904 date system); numbers: rounding half away from zero on the decimal value, "-" before a negative unless every digit shown is zero (TEXT(-1/3,"0") is "0"); dates: the serial rounded to the nearest second, serial 0 is 1900-01-00 and 60 1900-02-29, a serial below 0 or from 2958466 (10000-01-01) #VALUE!; numeric and date text converted, other text returned unchanged, blank 0, TRUE/FALSE as text, errors pass`,
    example: { formula: '=TEXT(A1,"#,##0.00")', cells: { A1: 1234.565 }, value: '1,234.57' },
    evidence: {
      goldens: ['format'],
      corpus: [
        'excel/ironcalc/TEXT/TEXT.xlsx',
        'excel/poi/NumberFormatTests.xlsx',
        'excel/poi/DateFormatTests.xlsx',
        'excel/poi/ElapsedFormatTests.xlsx',
      ],
      microsoft: ['TEXT function', 'Format a date the way you want', 'Format numbers as dates or times'],
      other:
        'DateFormatTests.xlsx (1904 system): month and day names (`dddd-mmmm-yyyy` Saturday-October-1952), times rounded to the shown precision (`h:m:s.00` of 4:05:06.009 is 4:5:6.01); the rest derived from the calendar of the date functions; ironcalc TEXT/TEXT.xlsx NUMBERS!B7, D7, B17:D20, K17:K20: no "-" when every digit shown is zero (`TEXT(-2.7E-18,"#,##0")` "0"); E3:F21 the two-section codes (`TEXT(-1/3,"#,##0_);(#,##0)")` "(0)", `TEXT(0,...)` "0 "), M3:M21 `0.00E+0` (one exponent digit: "1.20E+1")',
    },
  },
];
