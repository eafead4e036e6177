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
import { TEXT_FORMAT_CODES } from '../../src/oracle/excel/excel-text.js';
import { TEXT_DATE_FORMAT_CODES } from '../../src/oracle/excel/excel-text-dates.js';
import {
  arityOf,
  type FunctionArg,
  type FunctionEntry,
  FUNCTIONS as TABLE,
} from '../../src/compiler/lower/functions/index.js';

/** The input columns A..E: every case binds these five cells of its row. */
export const INPUT_COLUMNS = ['A', 'B', 'C', 'D', 'E'] as const;
export type InputColumn = (typeof INPUT_COLUMNS)[number];

export type FuzzExpr =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'err'; v: ExcelErrorCode }
  /** `pin`: the cell holds this value (the case's cells are set to it), so a kind is drawn by reference. */
  | { t: 'ref'; col: number; pin?: CellValue }
  | { t: 'range'; from: number; to: number }
  | { t: 'call'; fn: string; args: FuzzExpr[] }
  | { t: 'bin'; op: BinaryOp; l: FuzzExpr; r: FuzzExpr }
  | { t: 'neg' | 'pos' | 'pct' | 'paren'; e: FuzzExpr }
  /** An argument left empty (`ROUND(1,)`, `IF(A1,,2)`). */
  | { t: 'missing' };

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

/*
 * Left out of the texts on purpose: date-like text such as `1/2` (Excel reads it as 2 January of the current
 * year, so the expected value changes with the clock) and number text with a leading tab (Excel's coercion of
 * `"\t1"` is undetermined: no documentation and no saved value in the corpus).
 */

/** Text Excel may read as a number (the numeric-text reader's forms). */
export const NUMERIC_TEXTS: readonly string[] = [
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
  ' 5 ',
  '$3',
  '$5',
  '(4)',
  '23€',
  '1.1%',
  '0x1A',
  '1 2',
];

/**
 * Text Excel may read as a date or a time (the date-text reader's forms, accepted and rejected ones), each with
 * its year written (a text without a year is read in the current year: the value would change with the clock).
 */
export const DATE_TEXTS: readonly string[] = [
  '6/1/2001',
  '1/2/2020',
  '2020-01-02',
  '1-Jan-2020',
  '2024-02-29',
  '2/30/2023',
  '2020/07/16',
  '1-Jan-1900',
  '29-Feb-1900',
  '22 August 98',
  'Feb-2010',
  '18 Feb 2010',
  '12/2008',
  '1-1-2008',
  '12:00',
  '6:30 PM',
  '1/1/1987 02:00 AM',
  '2024-02-29 06:00',
];

/** Other text: blanks-as-text, case and accent variants, astral and RTL text, text that names a boolean or error. */
export const OTHER_TEXTS: readonly string[] = [
  '',
  ' ',
  '  ',
  'Infinity',
  'NaN',
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

const specialTexts: readonly string[] = [...NUMERIC_TEXTS, ...DATE_TEXTS, ...OTHER_TEXTS];

/** Text for cells: specials and short random strings (ASCII and full Unicode). */
export const cellText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATE_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_TEXTS) },
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

// --- Calls: every function of the function table (src/compiler/lower/functions), its arity and argument kinds read
// from the table's entry; what values an argument is drawn from: the general kinds below, and for some
// arguments also a pool of values that make the call compute (a format code, a criterion, a match mode).

/**
 * Functions of the table the generator never draws, each with its reason. Empty today: a function is drawn or
 * listed here, and test/fuzz/coverage.test.ts fails when one is neither (or listed and not in the table).
 */
export const NOT_FUZZED: Readonly<Record<string, string>> = {};

/**
 * Arguments that repeat as a group. The table marks only the last argument as repeating (`repeats`); Excel
 * repeats the last `size` declared arguments together (Microsoft's signatures: `IFS(logical_test1,
 * value_if_true1, [logical_test2, value_if_true2], ...)`, `SUMIFS(sum_range, criteria_range1, criteria1,
 * [criteria_range2, criteria2], ...)`, `SWITCH(expression, value1, result1, [default or value2, result2], ...)`).
 * `tail`: one more argument may follow the last group (SWITCH's default).
 */
export const REPEAT_GROUPS: Readonly<Record<string, { size: number; tail?: true }>> = {
  IFS: { size: 2 },
  SWITCH: { size: 2, tail: true },
  SUMIFS: { size: 2 },
  COUNTIFS: { size: 2 },
  AVERAGEIFS: { size: 2 },
  MAXIFS: { size: 2 },
  MINIFS: { size: 2 },
};

/** How many times a repeating group is drawn beyond its declared one. */
const MAX_EXTRA_REPEATS = 2;

/** The functions drawn: the table's, less NOT_FUZZED. */
export const FUZZED_ENTRIES: readonly FunctionEntry[] = TABLE.filter((e) => !(e.name in NOT_FUZZED));

/** The supported function names the generator uses. */
export const FUZZ_FUNCTIONS: readonly string[] = FUZZED_ENTRIES.map((e) => e.name);

const lit = (v: number): FuzzExpr => (v < 0 ? { t: 'neg', e: { t: 'num', v: -v } } : { t: 'num', v });
const nums = (...vs: number[]) => fc.constantFrom(...vs).map(lit);
const strs = (...vs: string[]) => fc.constantFrom(...vs).map((v): FuzzExpr => ({ t: 'str', v }));
const bools = fc.boolean().map((v): FuzzExpr => ({ t: 'bool', v }));
const missing: fc.Arbitrary<FuzzExpr> = fc.constant({ t: 'missing' });

/** One value of each kind the value layer tells apart, as a cell holds it. */
const KIND_VALUES: ReadonlyArray<fc.Arbitrary<CellValue>> = [
  fc.constant(null),
  fc.boolean(),
  cellNumber,
  fc.constantFrom(...NUMERIC_TEXTS),
  fc.constantFrom(...DATE_TEXTS),
  fc.constantFrom(...OTHER_TEXTS),
  fc.constantFrom(...ERRORS).map((error): CellValue => ({ error })),
];

/**
 * A value of each kind the value layer converts, typed in the formula or by reference to a cell that holds it
 * (a pinned reference: `fuzzCase` sets the cell), so every parameter meets each kind both ways.
 */
const kindLiteral: fc.Arbitrary<FuzzExpr> = fc.oneof(
  { weight: 2, arbitrary: literalNumber.map((v): FuzzExpr => ({ t: 'num', v })) },
  { weight: 1, arbitrary: strs(...NUMERIC_TEXTS) },
  { weight: 1, arbitrary: strs(...DATE_TEXTS) },
  { weight: 1, arbitrary: strs(...OTHER_TEXTS) },
  { weight: 1, arbitrary: bools },
  { weight: 1, arbitrary: fc.constantFrom(...ERRORS).map((v): FuzzExpr => ({ t: 'err', v })) },
  ...KIND_VALUES.map((pin) => ({
    weight: 1,
    arbitrary: fc.tuple(col, pin).map(([c, v]): FuzzExpr => ({ t: 'ref', col: c, pin: v })),
  })),
);

/** A range of `width` cells within A..E. */
const rangeOf = (width: number): fc.Arbitrary<FuzzExpr> =>
  fc
    .integer({ min: 0, max: INPUT_COLUMNS.length - width })
    .map((from): FuzzExpr => ({ t: 'range', from, to: from + width - 1 }));

/** A serial of a plausible date and time (TEXT's date codes, the date functions). */
const serialValue: fc.Arbitrary<FuzzExpr> = fc
  .tuple(fc.integer({ min: 0, max: 80_000 }), fc.integer({ min: 0, max: 86_399 }), fc.boolean())
  .map(([d, s, half]): FuzzExpr => ({ t: 'num', v: d + (s + (half ? 0.4 : 0)) / 86_400 }));
const dateValue = fc.oneof(serialValue, strs(...DATE_TEXTS));

// TEXT: a literal format code from the sets the oracle formats itself; the oracle's list is checked against
// the lowering's by test/oracle/excel-text.test.ts.
const TEXT_CODES = [...TEXT_FORMAT_CODES, ...TEXT_DATE_FORMAT_CODES];

/** Criteria in Excel's language (operator prefix, wildcards, numbers, booleans, blanks). */
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
  '>50%',
  '<>true',
  '>1/1/2020',
  '6010',
];
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

type Pool = (sub: fc.Arbitrary<FuzzExpr>) => fc.Arbitrary<FuzzExpr>;

/** One pool for the argument `arg` of each of `fns`. */
const each = (fns: readonly string[], arg: string, pool: Pool): Array<[string, Pool]> =>
  fns.map((fn) => [`${fn}.${arg}`, pool]);

/** The functions of the table with an argument of this name. */
const withArgument = (arg: string): string[] =>
  TABLE.filter((e) => e.args.some((a) => a.name === arg)).map((e) => e.name);

const CRITERIA_FNS = withArgument('criteria');
const BASE_FNS = ['DEC', 'BIN', 'OCT', 'HEX'].flatMap((a) =>
  ['DEC', 'BIN', 'OCT', 'HEX'].filter((b) => b !== a).map((b) => `${a}2${b}`),
);
const MATCH_KEY: Pool = (sub) =>
  fc.tuple(sub, rangeOf(3), nums(0, 0, 1, -1)).map(([k, r, m]): FuzzExpr => call('MATCH', [k, r, m]));

/**
 * Values an argument is also drawn from (`FUNCTION.argument`, Microsoft's argument name as the table gives
 * it), beside the general kinds: the values that make a call compute rather than refuse or fail at once. A
 * test checks that every key names an argument of the table.
 */
export const ARG_POOLS: ReadonlyMap<string, Pool> = new Map<string, Pool>([
  ['TEXT.format_text', () => strs(...TEXT_CODES)],
  ['TEXT.value', () => serialValue],
  ['SUBTOTAL.function_num', () => nums(1, 2, 3, 4, 5, 6, 7, 9, 101, 102, 103, 104, 105, 109)],
  ['MATCH.match_type', () => nums(0, 1, -1)],
  ['XLOOKUP.match_mode', () => nums(0, -1, 1, 2)],
  ['XLOOKUP.search_mode', () => nums(1, -1, 2, -2)],
  ['XLOOKUP.if_not_found', () => fc.constant<FuzzExpr>({ t: 'err', v: '#N/A' })],
  ...each(['VLOOKUP', 'HLOOKUP'], 'range_lookup', () => fc.oneof(bools, nums(0, 1))),
  ['VLOOKUP.col_index_num', () => nums(1, 2, 3)],
  ['HLOOKUP.row_index_num', () => nums(1, 2)],
  ['INDEX.row_num', (sub) => fc.oneof(nums(0, 1, 2, 3), MATCH_KEY(sub))],
  ['INDEX.column_num', () => nums(0, 1, 2, 3)],
  ['CHOOSE.index_num', () => nums(1, 2, 3, 4)],
  ...each(CRITERIA_FNS, 'criteria', () => strs(...CRITERIA_TEXTS)),
  ['DATEDIF.unit', () => strs('Y', 'M', 'D', 'YM', 'MD', 'YD', 'y', 'x')],
  ['WEEKDAY.return_type', () => nums(1, 2, 3, 11, 12, 13, 14, 15, 16, 17, 4)],
  ['WEEKNUM.return_type', () => nums(1, 2, 11, 12, 13, 14, 15, 16, 17, 21, 3)],
  ...each(['YEAR', 'MONTH', 'DAY', 'WEEKDAY', 'WEEKNUM'], 'serial_number', () => dateValue),
  ['ISOWEEKNUM.date', () => dateValue],
  ...each(['EDATE', 'EOMONTH'], 'start_date', () => dateValue),
  ...each(['EDATE', 'EOMONTH'], 'months', () => nums(0, 1, -1, 12, -13, 1.5)),
  ...each(['DAYS', 'DATEDIF'], 'start_date', () => dateValue),
  ...each(['DAYS', 'DATEDIF'], 'end_date', () => dateValue),
  ['DATEVALUE.date_text', () => strs(...DATE_TEXTS)],
  ['DATE.year', () => nums(1900, 1904, 2020, 99, 0, 9999, 10000)],
  ['DATE.month', () => nums(1, 2, 12, 13, 0, -1)],
  ['DATE.day', () => nums(1, 28, 29, 31, 0, -1)],
  ...each(withArgument('num_digits'), 'num_digits', () => nums(0, 1, 2, -1, -2, 3)),
  ...each(BASE_FNS, 'number', () => fc.oneof(strs(...BASE_TEXTS), fc.constantFrom(...BASE_NUMBERS).map(lit))),
  ...each(
    BASE_FNS.filter((f) => !f.endsWith('DEC')),
    'places',
    () => nums(0, 1, 2, 4, 8, 10, 11),
  ),
  ['CHAR.number', () => nums(1, 65, 97, 128, 163, 255, 256, 0)],
  ['REPT.number_times', () => nums(0, 1, 2, 3)],
  ...each(['LEFT', 'RIGHT', 'MID'], 'num_chars', () => nums(0, 1, 2, 5)),
  ...each(['MID', 'REPLACE', 'FIND', 'SEARCH'], 'start_num', () => nums(1, 2, 3)),
  ['REPLACE.num_chars', () => nums(0, 1, 2)],
  ['SUBSTITUTE.instance_num', () => nums(1, 2)],
  ['TEXTJOIN.delimiter', () => strs(',', '', ' - ')],
  ['TEXTJOIN.ignore_empty', () => bools],
  ['SWITCH.value', () => fc.oneof(nums(0, 1, 2, 7, 1.5), strs('a', 'A', 'abc', '1', ''))],
  ...each(['CEILING.MATH', 'FLOOR.MATH'], 'significance', () => nums(1, 2, -1, 0.5, 0)),
  ...each(['CEILING.MATH', 'FLOOR.MATH'], 'mode', () => nums(0, 1, -1)),
  ...each(['CEILING', 'FLOOR'], 'significance', () => nums(1, 2, -2, 0.5, 0)),
  ['MROUND.multiple', () => nums(1, 2, -2, 0.5, 0)],
]);

/**
 * One argument of `e`. A range or table argument: a range, mostly of the call's width (so a criteria range and
 * its sum range, or XLOOKUP's two arrays, match). A value or reference argument: a subtree, a typed value of
 * each kind, an empty argument, and for a reference also a range; plus the argument's pool, if it has one.
 */
function argument(
  e: FunctionEntry,
  a: FunctionArg,
  width: number,
  sub: fc.Arbitrary<FuzzExpr>,
  /** False for a call's only argument: `F()` is a call with no argument, not one empty argument. */
  mayBeEmpty: boolean,
) {
  if (a.kind === 'range' || a.kind === 'table') {
    return fc.oneof(
      { weight: 6, arbitrary: rangeOf(width) },
      { weight: 1, arbitrary: range },
      { weight: 1, arbitrary: col.map((c): FuzzExpr => ({ t: 'ref', col: c })) },
    );
  }
  const general = fc.oneof(
    { weight: 4, arbitrary: sub },
    { weight: 8, arbitrary: kindLiteral },
    ...(mayBeEmpty ? [{ weight: a.optional ? 2 : 1, arbitrary: missing }] : []),
    ...(a.kind === 'reference' ? [{ weight: 6, arbitrary: range }] : []),
  );
  const pool = ARG_POOLS.get(`${e.name}.${a.name}`);
  return pool ? fc.oneof(pool(sub), general) : general;
}

/**
 * A call of `e`: its declared arguments, the trailing optional ones present or left off, a repeating group
 * drawn once to three times (REPEAT_GROUPS), each argument drawn by `argument`.
 */
function callOf(e: FunctionEntry, sub: fc.Arbitrary<FuzzExpr>): fc.Arbitrary<FuzzExpr> {
  const { min } = arityOf(e);
  const group = REPEAT_GROUPS[e.name] ?? { size: 1 };
  const repeats = e.args.at(-1)?.repeats === true;
  return fc
    .record({
      width: fc.integer({ min: 1, max: 3 }),
      // Every declared argument half the time, else any count from the fewest (each optional one left off).
      present: fc.oneof(fc.constant(e.args.length), fc.integer({ min, max: e.args.length })),
      extra: repeats ? fc.integer({ min: 0, max: MAX_EXTRA_REPEATS }) : fc.constant(0),
      tail: group.tail ? fc.boolean() : fc.constant(false),
    })
    .chain(({ width, present, extra, tail }) => {
      const params = e.args.slice(0, present);
      const last = e.args.slice(-group.size);
      if (present === e.args.length) {
        for (let k = 0; k < extra; k++) params.push(...last);
        if (tail) params.push(last.at(-1) as FunctionArg);
      }
      return fc
        .tuple(...params.map((a) => argument(e, a, width, sub, params.length > 1)))
        .map((args): FuzzExpr => ({ t: 'call', fn: e.name, args }));
    });
}

function call(fn: string, args: FuzzExpr[]): FuzzExpr {
  return { t: 'call', fn, args };
}

/** Formula trees nested at most `maxDepth` deep (a leaf is depth 0). */
export function formulaTree(maxDepth = 4): fc.Arbitrary<FuzzExpr> {
  const { expr } = fc.letrec<{ expr: FuzzExpr }>((tie) => {
    const sub = tie('expr');
    const calls = fc.constantFrom(...FUZZED_ENTRIES).chain((e) => callOf(e, sub));
    return {
      expr: fc.oneof(
        { maxDepth, depthIdentifier: 'formula', withCrossShrink: true },
        { weight: 4, arbitrary: leaf },
        { weight: 8, arbitrary: calls },
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

/** A case whose formula is one call of `e`, its arguments nested at most `maxDepth - 1` deep (coverage tests). */
export function callCase(e: FunctionEntry, maxDepth = 2): fc.Arbitrary<FuzzCase> {
  return fc.record({ expr: callOf(e, formulaTree(maxDepth - 1)), cells }).map(pinCells);
}

/** A whole fuzz case: a formula (at least one call or operator most of the time) and its row's inputs. */
export function fuzzCase(maxDepth = 4): fc.Arbitrary<FuzzCase> {
  return fc.record({ expr: formulaTree(maxDepth), cells }).map(pinCells);
}

/** The case with each pinned reference's cell set to its value (the last pin of a column wins). */
function pinCells(c: FuzzCase): FuzzCase {
  const out = [...c.cells];
  const visit = (e: FuzzExpr): void => {
    if (e.t === 'ref' && e.pin !== undefined) out[e.col] = e.pin;
    else if (e.t === 'call') e.args.forEach(visit);
    else if (e.t === 'bin') {
      visit(e.l);
      visit(e.r);
    } else if ('e' in e) visit(e.e);
  };
  visit(c.expr);
  return { expr: c.expr, cells: out };
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
    case 'missing':
      return '';
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
/** The names of the functions a tree calls. */
export function functionsCalled(e: FuzzExpr, out = new Set<string>()): Set<string> {
  if (e.t === 'call') {
    out.add(e.fn);
    for (const a of e.args) functionsCalled(a, out);
  } else if (e.t === 'bin') {
    functionsCalled(e.l, out);
    functionsCalled(e.r, out);
  } else if ('e' in e) functionsCalled(e.e, out);
  return out;
}

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
