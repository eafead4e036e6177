/**
 * Generators for differential fuzzing (lowering vs oracle): random formulas from the supported set with random
 * nesting, and random values for the input cells A1..E1.
 *
 * A formula is generated as a small tree of our own (`FuzzExpr`) and rendered to Excel text by `renderFormula`,
 * not built from the compiler's AST: both the lowering and the oracle must parse the same text themselves, so a
 * precedence disagreement between our parser and HyperFormula's shows up as a mismatch. Binary operators are
 * rendered without parentheses (Excel's precedence decides); explicit `paren` nodes add them.
 *
 * References are rendered for a given row, so the oracle can evaluate many cases in one sheet (row r holds
 * case r: inputs in A..E, the formula in F) while the lowering sees the same formula in row 1.
 *
 * Values are biased toward the places where Excel and a naive translation part ways: blanks, text that looks
 * like a number, decimal ties and near-ties, case and accent variants, astral-plane and RTL text, booleans,
 * zeros (also -0), huge and tiny magnitudes, 2^53 neighbours and error values.
 */
import fc from 'fast-check';
import type { ExcelErrorCode } from '../../src/workbook/formula/ast.js';
import type { CellValue } from '../../src/workbook/values.js';
import { TEXT_FORMAT_CODES } from '../../src/oracle/excel-text.js';
import { TEXT_DATE_FORMAT_CODES } from '../../src/oracle/excel-text-dates.js';

/** The input columns A..E: every case binds these five cells of its row. */
export const INPUT_COLUMNS = ['A', 'B', 'C', 'D', 'E'] as const;
export type InputColumn = (typeof INPUT_COLUMNS)[number];

export type FuzzExpr =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'err'; v: ExcelErrorCode }
  | { t: 'ref'; col: number }
  | { t: 'range'; from: number; to: number }
  | { t: 'call'; fn: string; args: FuzzExpr[] }
  | { t: 'bin'; op: BinaryOp; l: FuzzExpr; r: FuzzExpr }
  | { t: 'neg' | 'pos' | 'pct' | 'paren'; e: FuzzExpr };

export type BinaryOp = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=';

/** One fuzz case: a formula tree and the values of A..E in its row (null = blank). */
export interface FuzzCase {
  expr: FuzzExpr;
  cells: CellValue[];
}

const ERRORS: readonly ExcelErrorCode[] = ['#DIV/0!', '#VALUE!', '#N/A', '#NUM!', '#REF!', '#NAME?'];

/** Decimal ties (x.xx5) and their neighbours one ulp away, at several decimal places. */
const TIES = [
  0.5, 1.5, 2.5, -2.5, 0.125, -0.125, 1.005, 2.675, 1.045, 0.285, 1.455, 8.345, 1234.5, 0.0005, 5.5e-7,
];

function ulpNeighbour(x: number, dir: 1 | -1): number {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  buf.setBigUint64(0, buf.getBigUint64(0) + BigInt(x > 0 === dir > 0 ? 1 : -1));
  return buf.getFloat64(0);
}

const specialNumbers: readonly number[] = [
  // Dates: the phantom 1900-02-29 and its neighbours, a leap day, a time of day, the last serial.
  59,
  60,
  61,
  45351,
  45292.75,
  2958465,
  0,
  -0,
  1,
  -1,
  2,
  3,
  10,
  100,
  0.1,
  0.2,
  0.1 + 0.2,
  1 / 3,
  2 / 3,
  ...TIES,
  ...TIES.map((x) => ulpNeighbour(x, 1)),
  ...TIES.map((x) => ulpNeighbour(x, -1)),
  1e300,
  -1e300,
  1e-300,
  1e-307,
  1.7976931348623157e308,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e15 + 0.3,
  123456789012345.6,
  1e20,
  1e21,
  1.2345678901234567e19,
  5.6789012345e-8,
  5.67890123456e-8,
  99999999999999.98,
  0.000001,
  1e-5,
];

/** Numbers for cells: specials, small decimals, and any finite double. */
export const cellNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...specialNumbers) },
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 5 }))
      .map(([n, k]) => n / 10 ** k),
  },
  {
    weight: 1,
    // Why the filter: Excel flushes subnormal doubles to 0 and never holds one in a cell.
    arbitrary: fc
      .double({ noNaN: true, noDefaultInfinity: true, min: -1e308, max: 1e308 })
      .filter((x) => x === 0 || Math.abs(x) >= 2.2250738585072014e-308),
  },
);

/**
 * Left out on purpose: date-like text such as `1/2` (Excel reads it as 2 January of the current year, so the
 * expected value changes with the clock) and number text with a leading tab (Excel's coercion of `"\t1"` is
 * undetermined: no documentation and no saved value in the corpus).
 */
const specialTexts: readonly string[] = [
  // Dates as text (the arithmetic's date forms).
  '6/1/2001',
  '2024-02-29',
  '2/30/2023',
  '',
  ' ',
  '  ',
  ' 1.5 ',
  '1.5',
  '1e3',
  '1E+21',
  '50%',
  ' 50 % ',
  '-0',
  '+3',
  '.5',
  '5.',
  '2.675',
  '1.005',
  '9007199254740993',
  '1e400',
  '1,000',
  '$5',
  '0x1A',
  'Infinity',
  'NaN',
  '1 2',
  'abc',
  'ABC',
  'Abc',
  'aBC ',
  'é',
  'É',
  'e',
  'E',
  'straße',
  'STRASSE',
  'ﬀ',
  '😀',
  '😀a',
  'a😀b',
  'שלום',
  'مرحبا',
  '\u200fabc',
  'a  b',
  '  lead',
  'trail  ',
  ' a \u00a0 b ',
  'TRUE',
  'true',
  'FALSE',
  '#N/A',
  '=1+1',
  'a"b',
  'x',
  'hello world',
];

/** Text for cells: specials and short random strings (ASCII and full Unicode). */
export const cellText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...specialTexts) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4, unit: 'grapheme' }) },
  { weight: 1, arbitrary: cellNumber.map((x) => String(x)) },
);

/** A cell value: blank, number, text, boolean or error, in proportions that keep most cases computable. */
export const cellValue: fc.Arbitrary<CellValue> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 8, arbitrary: cellNumber },
  { weight: 5, arbitrary: cellText },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(...ERRORS).map((error): CellValue => ({ error })) },
);

export const cells: fc.Arbitrary<CellValue[]> = fc.array(cellValue, { minLength: 5, maxLength: 5 });

/**
 * Number literals: Excel keeps at most 15 significant digits of a number typed in a formula, so literals are
 * limited to numbers whose shortest form has 15 or fewer (a longer literal would test Excel's input truncation,
 * not the lowering).
 */
const literalNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 10 }) },
  {
    weight: 3,
    arbitrary: cellNumber.filter((x) => x >= 0 && !Object.is(x, -0) && significantDigits(x) <= 15),
  },
);

function significantDigits(x: number): number {
  const m = /^(\d+)(?:\.(\d+))?/.exec(Math.abs(x).toExponential().replace('.', '')) as RegExpExecArray;
  return m[1].replace(/0+$/, '').length;
}

const literalText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...specialTexts) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

const col = fc.integer({ min: 0, max: INPUT_COLUMNS.length - 1 });

const leaf: fc.Arbitrary<FuzzExpr> = fc.oneof(
  { weight: 8, arbitrary: col.map((c): FuzzExpr => ({ t: 'ref', col: c })) },
  { weight: 5, arbitrary: literalNumber.map((v): FuzzExpr => ({ t: 'num', v })) },
  { weight: 3, arbitrary: literalText.map((v): FuzzExpr => ({ t: 'str', v })) },
  { weight: 1, arbitrary: fc.boolean().map((v): FuzzExpr => ({ t: 'bool', v })) },
  { weight: 1, arbitrary: fc.constantFrom(...ERRORS).map((v): FuzzExpr => ({ t: 'err', v })) },
);

const range: fc.Arbitrary<FuzzExpr> = fc
  .tuple(col, col)
  .map(([a, b]): FuzzExpr => ({ t: 'range', from: Math.min(a, b), to: Math.max(a, b) }));

const BINARY_OPS: readonly BinaryOp[] = ['+', '-', '*', '/', '^', '&', '=', '<>', '<', '<=', '>', '>='];

/** Functions with their arity [min, max]; `ranges` marks those that take a range argument. */
const FUNCTIONS: ReadonlyArray<{ fn: string; min: number; max: number; ranges?: true }> = [
  { fn: 'IF', min: 2, max: 3 }, // Excel refuses `=IF(A1)`: too few arguments
  { fn: 'AND', min: 1, max: 3, ranges: true },
  { fn: 'OR', min: 1, max: 3, ranges: true },
  { fn: 'NOT', min: 1, max: 1 },
  { fn: 'ROUND', min: 2, max: 2 },
  { fn: 'ABS', min: 1, max: 1 },
  { fn: 'SUM', min: 1, max: 3, ranges: true },
  { fn: 'AVERAGE', min: 1, max: 3, ranges: true },
  { fn: 'MIN', min: 1, max: 3, ranges: true },
  { fn: 'MAX', min: 1, max: 3, ranges: true },
  { fn: 'COUNT', min: 1, max: 3, ranges: true },
  { fn: 'CONCATENATE', min: 1, max: 3 },
  { fn: 'LEFT', min: 1, max: 2 },
  { fn: 'RIGHT', min: 1, max: 2 },
  { fn: 'MID', min: 3, max: 3 },
  { fn: 'LEN', min: 1, max: 1 },
  { fn: 'UPPER', min: 1, max: 1 },
  { fn: 'LOWER', min: 1, max: 1 },
  { fn: 'TRIM', min: 1, max: 1 },
  // Dates (functions/date.ts).
  { fn: 'DATE', min: 3, max: 3 },
  { fn: 'YEAR', min: 1, max: 1 },
  { fn: 'MONTH', min: 1, max: 1 },
  { fn: 'DAY', min: 1, max: 1 },
  { fn: 'WEEKDAY', min: 1, max: 2 },
  { fn: 'WEEKNUM', min: 1, max: 2 },
  { fn: 'ISOWEEKNUM', min: 1, max: 1 },
  { fn: 'EDATE', min: 2, max: 2 },
  { fn: 'EOMONTH', min: 2, max: 2 },
  { fn: 'DAYS', min: 2, max: 2 },
  { fn: 'DATEDIF', min: 3, max: 3 },
  { fn: 'DATEVALUE', min: 1, max: 1 },
  // Issue 14, parts 1 and 2 (info and choice functions).
  { fn: 'IFERROR', min: 2, max: 2 },
  { fn: 'IFNA', min: 2, max: 2 },
  { fn: 'ISBLANK', min: 1, max: 1 },
  { fn: 'ISNUMBER', min: 1, max: 1 },
  { fn: 'ISTEXT', min: 1, max: 1 },
  { fn: 'ISNONTEXT', min: 1, max: 1 },
  { fn: 'ISLOGICAL', min: 1, max: 1 },
  { fn: 'ISERROR', min: 1, max: 1 },
  { fn: 'ISERR', min: 1, max: 1 },
  { fn: 'ISNA', min: 1, max: 1 },
  { fn: 'ISEVEN', min: 1, max: 1 },
  { fn: 'ISODD', min: 1, max: 1 },
  { fn: 'N', min: 1, max: 1 },
  { fn: 'NA', min: 0, max: 0 },
  { fn: 'TRUE', min: 0, max: 0 },
  { fn: 'FALSE', min: 0, max: 0 },
  { fn: 'IFS', min: 2, max: 4 },
  { fn: 'XOR', min: 1, max: 3, ranges: true },
  { fn: 'CHOOSE', min: 2, max: 4 },
  // The arith family (src/compiler/functions/arith.ts; the oracle's `math` correction).
  { fn: 'ROUNDUP', min: 2, max: 2 },
  { fn: 'ROUNDDOWN', min: 2, max: 2 },
  { fn: 'TRUNC', min: 1, max: 2 },
  { fn: 'INT', min: 1, max: 1 },
  { fn: 'EVEN', min: 1, max: 1 },
  { fn: 'ODD', min: 1, max: 1 },
  { fn: 'CEILING', min: 2, max: 2 },
  { fn: 'FLOOR', min: 2, max: 2 },
  { fn: 'MOD', min: 2, max: 2 },
  { fn: 'POWER', min: 2, max: 2 },
  { fn: 'SQRT', min: 1, max: 1 },
  { fn: 'SIGN', min: 1, max: 1 },
  { fn: 'PI', min: 0, max: 0 },
  { fn: 'PRODUCT', min: 1, max: 3, ranges: true },
  { fn: 'SUMSQ', min: 1, max: 3, ranges: true },
  // Text functions of issue 14 part 6 (TEXTJOIN's delimiter and ignore_empty drawn like its texts).
  { fn: 'CONCAT', min: 1, max: 3, ranges: true },
  { fn: 'TEXTJOIN', min: 3, max: 4, ranges: true },
  { fn: 'SUBSTITUTE', min: 3, max: 4 },
  { fn: 'REPLACE', min: 4, max: 4 },
  { fn: 'FIND', min: 2, max: 3 },
  { fn: 'SEARCH', min: 2, max: 3 },
  { fn: 'PROPER', min: 1, max: 1 },
  { fn: 'REPT', min: 2, max: 2 },
  { fn: 'EXACT', min: 2, max: 2 },
  { fn: 'VALUE', min: 1, max: 1 },
  { fn: 'CHAR', min: 1, max: 1 },
  { fn: 'CODE', min: 1, max: 1 },
  { fn: 'CLEAN', min: 1, max: 1 },
  // Issue 14, brief f14 (functions/multiples.ts; the oracle's excel-multiples.ts).
  { fn: 'QUOTIENT', min: 2, max: 2 },
  { fn: 'MROUND', min: 2, max: 2 },
  { fn: 'CEILING.MATH', min: 1, max: 3 },
  { fn: 'FLOOR.MATH', min: 1, max: 3 },
];

// TEXT: a literal format code from the set the lowering accepts (others are refused by name); the oracle's
// list is checked against the lowering's by test/oracle/excel-text.test.ts.
const TEXT_CODES = [...TEXT_FORMAT_CODES];
const textCall = (value: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> =>
  fc
    .tuple(value, fc.constantFrom(...TEXT_CODES))
    .map(([v, code]): FuzzExpr => ({ t: 'call', fn: 'TEXT', args: [v, { t: 'str', v: code }] }));

// --- TEXT with a date/time code (brief f14): a value, often a serial of a plausible date and time.
const serialValue: fc.Arbitrary<FuzzExpr> = fc
  .tuple(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: 0, max: 86_399 }), fc.boolean())
  .map(([d, s, half]): FuzzExpr => ({ t: 'num', v: d + (s + (half ? 0.4 : 0)) / 86_400 }));
const textDateCall = (value: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> =>
  fc
    .tuple(fc.oneof(value, serialValue), fc.constantFrom(...TEXT_DATE_FORMAT_CODES))
    .map(([v, code]): FuzzExpr => ({ t: 'call', fn: 'TEXT', args: [v, { t: 'str', v: code }] }));
// --- end TEXT date codes

// --- SWITCH (brief f14): literal values (numbers and texts the cells also draw), results from the tree.
const switchValue: fc.Arbitrary<FuzzExpr> = fc.oneof(
  fc.constantFrom(0, 1, 2, 7, 1.5).map((v): FuzzExpr => ({ t: 'num', v })),
  fc.constantFrom('a', 'A', 'abc', '1', '').map((v): FuzzExpr => ({ t: 'str', v })),
);
const switchCall = (value: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> =>
  fc
    .tuple(value, fc.array(fc.tuple(switchValue, value), { minLength: 1, maxLength: 3 }), fc.option(value))
    .map(
      ([e, pairs, dflt]): FuzzExpr => ({
        t: 'call',
        fn: 'SWITCH',
        args: [e, ...pairs.flat(), ...(dflt ? [dflt] : [])],
      }),
    );
// --- end SWITCH

// --- Lookups (issue 14 part 5): HLOOKUP, MATCH, INDEX, INDEX/MATCH and XLOOKUP calls over the row's cells,
// well formed (literal modes, ranges of matching lengths) so most of them compile rather than refuse.
const lit = (v: number): FuzzExpr => (v < 0 ? { t: 'neg', e: { t: 'num', v: -v } } : { t: 'num', v });
const call = (fn: string, args: FuzzExpr[]): FuzzExpr => ({ t: 'call', fn, args });
/** Two ranges of the same length within A..E. */
const rangePair = fc
  .tuple(fc.integer({ min: 1, max: 3 }), col, col)
  .filter(([n, a, b]) => a + n <= INPUT_COLUMNS.length && b + n <= INPUT_COLUMNS.length)
  .map(([n, a, b]): [FuzzExpr, FuzzExpr] => [
    { t: 'range', from: a, to: a + n - 1 },
    { t: 'range', from: b, to: b + n - 1 },
  ]);
function lookupCall(sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> {
  return fc.oneof(
    fc.tuple(sub, range, fc.constantFrom(0, 0, 1, -1)).map(([k, r, m]) => call('MATCH', [k, r, lit(m)])),
    fc
      .tuple(sub, range, fc.boolean())
      .map(([k, r, approx]) => call('HLOOKUP', [k, r, lit(1), { t: 'bool', v: approx }])),
    fc.tuple(range, fc.integer({ min: 1, max: 6 })).map(([r, i]) => call('INDEX', [r, lit(i)])),
    fc
      .tuple(sub, rangePair)
      .map(([k, [keys, vals]]) => call('INDEX', [vals, call('MATCH', [k, keys, lit(0)])])),
    fc
      .tuple(
        sub,
        rangePair,
        fc.option(sub, { nil: undefined }),
        fc.constantFrom(0, 2),
        fc.constantFrom(1, -1),
      )
      .map(([k, [keys, vals], nf, m, s]) =>
        call('XLOOKUP', [k, keys, vals, nf ?? { t: 'err', v: '#N/A' }, lit(m), lit(s)]),
      ),
  );
}
// --- end of lookups
// --- Criteria functions (issue 14 part 4): same-row ranges of one width, a criterion from Excel's language.
const CRITERIA_TEXTS = [
  '>1',
  '<>x',
  '=',
  '',
  'a*',
  '5',
  '<=0',
  'x',
  '~*',
  '?',
  '<>',
  '>=-1.5',
  '=TRUE',
  '1e1',
  'X',
];
const CRITERIA_FUNCTIONS = [
  'SUMIF',
  'COUNTIF',
  'AVERAGEIF',
  'SUMIFS',
  'COUNTIFS',
  'AVERAGEIFS',
  'MAXIFS',
  'MINIFS',
];
const OTHER_COUNTS = ['COUNTA', 'COUNTBLANK', 'SUBTOTAL'];

function criteriaCall(sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> {
  const criterion = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...CRITERIA_TEXTS).map((v): FuzzExpr => ({ t: 'str', v })) },
    { weight: 2, arbitrary: sub },
  );
  const sameWidth = (w: number) =>
    fc
      .integer({ min: 0, max: INPUT_COLUMNS.length - w })
      .map((from): FuzzExpr => ({ t: 'range', from, to: from + w - 1 }));
  return fc.tuple(fc.constantFrom(...CRITERIA_FUNCTIONS), fc.integer({ min: 1, max: 3 })).chain(([fn, w]) => {
    const r = sameWidth(w);
    const pair = fc.tuple(r, criterion);
    const pairs = fc.array(pair, { minLength: 1, maxLength: 2 }).map((ps) => ps.flat());
    if (fn === 'COUNTIF') return pair.map((args): FuzzExpr => ({ t: 'call', fn, args }));
    if (fn === 'COUNTIFS') return pairs.map((args): FuzzExpr => ({ t: 'call', fn, args }));
    if (fn === 'SUMIF' || fn === 'AVERAGEIF') {
      return fc
        .tuple(pair, fc.option(r, { nil: undefined }))
        .map(([p, v]): FuzzExpr => ({ t: 'call', fn, args: v ? [...p, v] : p }));
    }
    return fc.tuple(r, pairs).map(([v, ps]): FuzzExpr => ({ t: 'call', fn, args: [v, ...ps] }));
  });
}

function countCall(sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> {
  const arg = fc.oneof({ weight: 2, arbitrary: range }, { weight: 1, arbitrary: sub });
  return fc.constantFrom(...OTHER_COUNTS).chain((fn): fc.Arbitrary<FuzzExpr> => {
    if (fn === 'COUNTBLANK') return range.map((a): FuzzExpr => ({ t: 'call', fn, args: [a] }));
    if (fn === 'COUNTA')
      return fc.array(arg, { minLength: 1, maxLength: 3 }).map((args): FuzzExpr => ({ t: 'call', fn, args }));
    return fc
      .tuple(fc.constantFrom(1, 2, 3, 4, 5, 9, 101, 109), fc.array(range, { minLength: 1, maxLength: 2 }))
      .map(([n, refs]): FuzzExpr => ({ t: 'call', fn, args: [{ t: 'num', v: n }, ...refs] }));
  });
}
// --- end criteria functions

// --- Base conversions (issue 14, f14b): DEC2BIN … HEX2OCT (and RADIANS/DEGREES of any subtree), the number often a digit string or a number at a
// range's edge, places often a literal 0..11 or left out.
const BASE_FUNCTIONS = ['DEC', 'BIN', 'OCT', 'HEX'].flatMap((a) =>
  ['DEC', 'BIN', 'OCT', 'HEX'].filter((b) => b !== a).map((b) => `${a}2${b}`),
);
const BASE_TEXTS = [
  '1010',
  'FF',
  'ff',
  '7777777777',
  'FFFFFFFFFF',
  '1FF',
  '8000000000',
  '0',
  '',
  ' 1',
  '12A',
];
const BASE_NUMBERS = [511, -512, 512, -513, 536870911, -536870912, 549755813887, 1111111111, 1e10, 9.9, 777];
function baseCall(sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> {
  const number = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...BASE_TEXTS).map((v): FuzzExpr => ({ t: 'str', v })) },
    { weight: 2, arbitrary: fc.constantFrom(...BASE_NUMBERS).map(lit) },
    { weight: 3, arbitrary: sub },
  );
  const places = fc.option(fc.oneof(fc.integer({ min: 0, max: 11 }).map(lit), sub), { nil: undefined });
  return fc
    .tuple(fc.constantFrom(...BASE_FUNCTIONS), number, places)
    .map(([fn, n, p]) => call(fn, p === undefined || fn.endsWith('DEC') ? [n] : [n, p]));
}
const ANGLE_FUNCTIONS = ['RADIANS', 'DEGREES'];
const angleCall = (sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> =>
  fc.tuple(fc.constantFrom(...ANGLE_FUNCTIONS), sub).map(([fn, a]) => call(fn, [a]));
// --- end of base conversions

// --- ROWS (brief h1): of a cell or a same-row range, a constant 1 whatever the row (ROW() needs the formula's
// row, which the one-formula lowering is not given here, so it is not drawn).
const rowsCall: fc.Arbitrary<FuzzExpr> = fc
  .oneof(
    range,
    col.map((c): FuzzExpr => ({ t: 'ref', col: c })),
  )
  .map((a) => call('ROWS', [a]));
// --- end ROWS

/** The supported function names the generator uses. */
export const FUZZ_FUNCTIONS: readonly string[] = [
  ...FUNCTIONS.map((f) => f.fn),
  'TEXT',
  'SWITCH',
  ...CRITERIA_FUNCTIONS,
  ...OTHER_COUNTS,
  ...BASE_FUNCTIONS,
  ...ANGLE_FUNCTIONS,
  'ROWS',
];

/** Formula trees nested at most `maxDepth` deep (a leaf is depth 0). */
export function formulaTree(maxDepth = 4): fc.Arbitrary<FuzzExpr> {
  const { expr } = fc.letrec<{ expr: FuzzExpr }>((tie) => {
    const sub = tie('expr');
    const call = fc.constantFrom(...FUNCTIONS).chain(({ fn, min, max, ranges }) => {
      const arg = ranges ? fc.oneof({ weight: 3, arbitrary: sub }, { weight: 2, arbitrary: range }) : sub;
      return fc
        .array(arg, { minLength: min, maxLength: max })
        .map((args): FuzzExpr => ({ t: 'call', fn, args }));
    });
    return {
      expr: fc.oneof(
        { maxDepth, depthIdentifier: 'formula', withCrossShrink: true },
        { weight: 4, arbitrary: leaf },
        { weight: 4, arbitrary: call },
        { weight: 1, arbitrary: textCall(sub) },
        { weight: 1, arbitrary: textDateCall(sub) },
        { weight: 1, arbitrary: switchCall(sub) },
        { weight: 1, arbitrary: lookupCall(sub) },
        { weight: 1, arbitrary: fc.oneof(criteriaCall(sub), countCall(sub)) },
        { weight: 1, arbitrary: fc.oneof(baseCall(sub), angleCall(sub)) },
        { weight: 1, arbitrary: rowsCall },
        {
          weight: 3,
          arbitrary: fc
            .record({ op: fc.constantFrom(...BINARY_OPS), l: sub, r: sub })
            .map((b): FuzzExpr => ({ t: 'bin', ...b })),
        },
        {
          weight: 1,
          arbitrary: fc
            .record({ t: fc.constantFrom('neg', 'pos', 'pct', 'paren'), e: sub })
            .map((u) => u as FuzzExpr),
        },
      ),
    };
  });
  return expr;
}

/** A whole fuzz case: a formula (at least one call or operator most of the time) and its row's inputs. */
export function fuzzCase(maxDepth = 4): fc.Arbitrary<FuzzCase> {
  return fc.record({ expr: formulaTree(maxDepth), cells });
}

/** Excel text of a number literal (`1.5E-300`: upper-case exponent, no `+` needed but kept as Excel prints). */
function numberLiteral(v: number): string {
  return String(v).toUpperCase();
}

/** Excel formula text (with the leading `=`) of a tree whose references point into `row` (1-based). */
export function renderFormula(expr: FuzzExpr, row = 1): string {
  return `=${render(expr, row)}`;
}

function render(e: FuzzExpr, row: number): string {
  switch (e.t) {
    case 'num':
      return numberLiteral(e.v);
    case 'str':
      return `"${e.v.replace(/"/g, '""')}"`;
    case 'bool':
      return e.v ? 'TRUE' : 'FALSE';
    case 'err':
      return e.v;
    case 'ref':
      return `${INPUT_COLUMNS[e.col]}${row}`;
    case 'range':
      return `${INPUT_COLUMNS[e.from]}${row}:${INPUT_COLUMNS[e.to]}${row}`;
    case 'call':
      return `${e.fn}(${e.args.map((a) => render(a, row)).join(',')})`;
    case 'bin':
      return `${render(e.l, row)}${e.op}${render(e.r, row)}`;
    case 'neg':
      return `-${render(e.e, row)}`;
    case 'pos':
      return `+${render(e.e, row)}`;
    case 'pct':
      return `${render(e.e, row)}%`;
    case 'paren':
      return `(${render(e.e, row)})`;
  }
}

/** The case's inputs keyed by A1 address in `row` (blanks left out), as the formula command takes them. */
export function cellsByAddress(values: readonly CellValue[], row = 1): Record<string, CellValue> {
  const out: Record<string, CellValue> = {};
  values.forEach((v, i) => {
    if (v !== null) out[`${INPUT_COLUMNS[i]}${row}`] = v;
  });
  return out;
}

/** The input columns (0 = A) a tree reads. */
export function referencedColumns(e: FuzzExpr, out = new Set<number>()): Set<number> {
  switch (e.t) {
    case 'ref':
      out.add(e.col);
      break;
    case 'range':
      for (let c = e.from; c <= e.to; c++) out.add(c);
      break;
    case 'call':
      for (const a of e.args) referencedColumns(a, out);
      break;
    case 'bin':
      referencedColumns(e.l, out);
      referencedColumns(e.r, out);
      break;
    case 'neg':
    case 'pos':
    case 'pct':
    case 'paren':
      referencedColumns(e.e, out);
      break;
  }
  return out;
}
