/**
 * The oracle's one registry of corrections: which Excel functions and operators HyperFormula evaluates as
 * is, and which the rewriter (rewrite.ts) routes to a corrected `SSX.` function, under which correction
 * switch and why. Three tables, each the single home of its fact:
 *
 * - `CORRECTIONS`: the switches (`round`, `concat`, ...), in the order the corpus report lists them, each with
 *   a cheap text pre-check when it applies only to formulas that spell something (`ROUND`, `&`, ...);
 * - `SSX_FUNCTIONS`: every corrected function with its HyperFormula plugin metadata (method, parameters);
 *   the two plugins' `implementedFunctions` and their registration are derived from it;
 * - `CORRECTED_CALLS` / `CORRECTED_OPERATORS`: what is routed where (`LEN(` → `SSX.LEN(`, `a+b` →
 *   `SSX.ADD(a,b)`, IF's condition through `SSX.COND`, ...). Routes name `SSX_FUNCTIONS` keys, so a route to
 *   a function that does not exist does not compile.
 *
 * `oracleTreatment(name)` answers "how does the oracle evaluate this function?" for the function table and
 * the docs. The evidence for each correction is in docs/oracle.md ("Corrections").
 */
import { FunctionArgumentType } from '../hf.js';
import type { ExcelCorrectionsPlugin } from './corrections.js';
import type { ExcelBasesPlugin } from './excel-bases.js';
import type { ExcelSupportedSetPlugin } from './excel-functions.js';

/** The correction switches; each can be switched off to measure its gain (`npm run oracle:corpus`). */
export const CORRECTIONS = {
  round: { note: 'ROUND rounds the 15-digit decimal form half away from zero', precheck: /ROUND/i },
  concat: {
    note: 'numbers written as Excel writes them in `&`, CONCATENATE and CONCAT',
    precheck: /&|CONCAT/i,
  },
  int: { note: 'INT rounds down (HyperFormula truncates toward zero)', precheck: /INT/i },
  syntax: { note: '`1E+21` written `1e+21`; `_xlfn.`/`_xlws.` prefixes dropped', precheck: /\dE|_xl/i },
  arith: { note: "operators and number arguments read values with Excel's coercion" },
  text: {
    note: "text functions write a number argument as Excel writes it, and keep Excel's own rules (SUBSTITUTE, REPLACE, FIND, ...)",
  },
  logic: { note: 'IF/NOT conditions and AND/OR arguments read as Excel reads them' },
  aggregate: {
    note: 'SUM/AVERAGE/MIN/MAX/COUNT/SUMPRODUCT/COUNTBLANK read their arguments as Excel reads them',
  },
  lookup: { note: 'VLOOKUP/HLOOKUP/MATCH exact modes, XLOOKUP and INDEX match as Excel matches' },
  compare: { note: "comparisons use Excel's type order and text comparison" },
  format: {
    note: "TEXT with a number or date/time format code of excel-text.ts's sets (a literal, or read from a cell) formats as Excel",
    precheck: /TEXT/i,
  },
  date: {
    note: "date functions use Excel's 1900 calendar (serial 0, the serial range, truncation)",
    precheck: /DATE|YEAR|MONTH|DAY|WEEK|TIME|HOUR|MINUTE|SECOND/i,
  },
  math: {
    note: 'ROUNDUP/ROUNDDOWN/TRUNC/EVEN/ODD/CEILING/FLOOR on the 15-digit decimal form; MOD, POWER, PI, PRODUCT, SUMSQ, RADIANS, DEGREES, QUOTIENT, EXP, LN, LOG, LOG10, PMT, NPER as Excel',
    precheck:
      /ROUND|TRUNC|EVEN|ODD|CEILING|FLOOR|MOD|POWER|PI|PRODUCT|SUMSQ|RADIANS|DEGREES|QUOTIENT|EXP|LN|LOG|PMT|NPER/i,
  },
  criteria: {
    note: 'SUMIF/COUNTIF/AVERAGEIF and the *IFS family match criteria as Excel does (excel-criteria.ts)',
    precheck: /IFS?\(/i,
  },
  bases: {
    note: 'DEC2BIN/BIN2DEC and the other base conversions read their input as Excel does (excel-bases.ts)',
    precheck: /(BIN|OCT|DEC|HEX)2/i,
  },
} satisfies Record<string, { note: string; precheck?: RegExp }>;

export type CorrectionName = keyof typeof CORRECTIONS;
export const ALL_CORRECTIONS = Object.keys(CORRECTIONS) as readonly CorrectionName[];

/** HyperFormula's metadata of one function of a plugin (its `implementedFunctions` entry). */
export interface PluginEntry<P> {
  method: Extract<keyof P, `ssx${string}`>;
  parameters: Array<{ argumentType: FunctionArgumentType; defaultValue?: number; optionalArg?: boolean }>;
  repeatLastArgs?: number;
  expandRanges?: boolean;
  enableArrayArithmeticForArguments?: boolean;
  vectorizationForbidden?: boolean;
  /** The method reads its arguments' addresses, not their values: no dependency on the cells (no cycle). */
  doesNotNeedArgumentsToBeComputed?: boolean;
}
export type SsxDefinition =
  | ({ plugin: 'corrections' } & PluginEntry<ExcelCorrectionsPlugin>)
  | ({ plugin: 'supported-set' } & PluginEntry<ExcelSupportedSetPlugin>)
  | ({ plugin: 'bases' } & PluginEntry<ExcelBasesPlugin>);

const scalar = (n: number) =>
  Array.from({ length: n }, () => ({ argumentType: FunctionArgumentType.SCALAR }));
const optionalScalar = { argumentType: FunctionArgumentType.SCALAR, optionalArg: true };
const NUMBER = { argumentType: FunctionArgumentType.NUMBER };
const SCALAR = { argumentType: FunctionArgumentType.SCALAR };
const RANGE = { argumentType: FunctionArgumentType.RANGE };
const optionalRange = { argumentType: FunctionArgumentType.RANGE, optionalArg: true };
const set = 'supported-set' as const;
/** Every argument is a scalar, in any number, evaluated one by one (the method walks its arguments). */
const variadic = { parameters: scalar(1), repeatLastArgs: 1, vectorizationForbidden: true };

/** A function reading its argument's address, not its cells (the method walks the argument itself). */
const addressOnly = {
  parameters: [RANGE],
  doesNotNeedArgumentsToBeComputed: true,
  vectorizationForbidden: true,
};

/** Functions that catch errors: the oracle's "not established" must pass through them. */
const INFO_CALLS = [
  'ISBLANK',
  'ISNUMBER',
  'ISTEXT',
  'ISNONTEXT',
  'ISLOGICAL',
  'ISERROR',
  'ISERR',
  'ISNA',
  'IFERROR',
  'IFNA',
] as const;

/** The base conversions (excel-bases.ts): `SSX.DEC2BIN` → `ssxDec2Bin`, a number and, but for *2DEC, places. */
export const BASE_NAMES = [
  'DEC2BIN',
  'DEC2OCT',
  'DEC2HEX',
  'BIN2DEC',
  'BIN2OCT',
  'BIN2HEX',
  'OCT2DEC',
  'OCT2BIN',
  'OCT2HEX',
  'HEX2DEC',
  'HEX2BIN',
  'HEX2OCT',
] as const;
const basePascal = (n: string) => n.slice(0, 1) + n.slice(1, 3).toLowerCase();
const BASE_FUNCTIONS = Object.fromEntries(
  BASE_NAMES.map((n) => [
    `SSX.${n}`,
    {
      plugin: 'bases',
      method: `ssx${basePascal(n.slice(0, 3))}2${basePascal(n.slice(4))}`,
      parameters: n.endsWith('DEC') ? scalar(1) : [...scalar(1), optionalScalar],
    },
  ]),
) as Record<`SSX.${(typeof BASE_NAMES)[number]}`, SsxDefinition>;

/** Every corrected function, registered with HyperFormula under its `SSX.` name (no workbook uses it). */
export const SSX_FUNCTIONS = {
  'SSX.ROUND': {
    plugin: 'corrections',
    method: 'ssxRound',
    parameters: [NUMBER, { ...NUMBER, defaultValue: 0 }],
  },
  'SSX.INT': { plugin: 'corrections', method: 'ssxInt', parameters: [NUMBER] },
  // As HyperFormula's own ROWS/COLUMNS: the argument's address only (`=ROWS($A$2:A2)` in A2 is no cycle).
  'SSX.ROWS': { plugin: 'corrections', method: 'ssxRows', ...addressOnly },
  'SSX.COLUMNS': { plugin: 'corrections', method: 'ssxColumns', ...addressOnly },
  'SSX.CONCAT2': { plugin: 'corrections', method: 'ssxConcat2', parameters: scalar(2) },
  'SSX.CONCATENATE': {
    plugin: 'corrections',
    method: 'ssxConcatenate',
    parameters: scalar(1),
    repeatLastArgs: 1,
    // Same as HyperFormula's own CONCATENATE, so only the number formatting differs.
    expandRanges: true,
  },
  'SSX.ADD': { plugin: set, method: 'ssxAdd', parameters: scalar(2) },
  'SSX.SUB': { plugin: set, method: 'ssxSub', parameters: scalar(2) },
  'SSX.MUL': { plugin: set, method: 'ssxMul', parameters: scalar(2) },
  'SSX.DIV': { plugin: set, method: 'ssxDiv', parameters: scalar(2) },
  'SSX.POW': { plugin: set, method: 'ssxPow', parameters: scalar(2) },
  'SSX.NEG': { plugin: set, method: 'ssxNeg', parameters: scalar(1) },
  'SSX.EQ': { plugin: set, method: 'ssxEq', parameters: scalar(2) },
  'SSX.NE': { plugin: set, method: 'ssxNe', parameters: scalar(2) },
  'SSX.LT': { plugin: set, method: 'ssxLt', parameters: scalar(2) },
  'SSX.LE': { plugin: set, method: 'ssxLe', parameters: scalar(2) },
  'SSX.GT': { plugin: set, method: 'ssxGt', parameters: scalar(2) },
  'SSX.GE': { plugin: set, method: 'ssxGe', parameters: scalar(2) },
  'SSX.PCT': { plugin: set, method: 'ssxPct', parameters: scalar(1) },
  'SSX.LEN': { plugin: set, method: 'ssxLen', parameters: scalar(1) },
  'SSX.LEFT': { plugin: set, method: 'ssxLeft', parameters: [...scalar(1), optionalScalar] },
  'SSX.RIGHT': { plugin: set, method: 'ssxRight', parameters: [...scalar(1), optionalScalar] },
  'SSX.MID': { plugin: set, method: 'ssxMid', parameters: scalar(3) },
  'SSX.UPPER': { plugin: set, method: 'ssxUpper', parameters: scalar(1) },
  'SSX.LOWER': { plugin: set, method: 'ssxLower', parameters: scalar(1) },
  'SSX.TRIM': { plugin: set, method: 'ssxTrim', parameters: scalar(1) },
  // Text functions (excel-text.ts).
  'SSX.SUBSTITUTE': { plugin: set, method: 'ssxSubstitute', parameters: [...scalar(3), optionalScalar] },
  'SSX.REPLACE': { plugin: set, method: 'ssxReplace', parameters: scalar(4) },
  'SSX.FIND': { plugin: set, method: 'ssxFind', parameters: [...scalar(2), optionalScalar] },
  'SSX.SEARCH': { plugin: set, method: 'ssxSearch', parameters: [...scalar(2), optionalScalar] },
  'SSX.PROPER': { plugin: set, method: 'ssxProper', parameters: scalar(1) },
  'SSX.REPT': { plugin: set, method: 'ssxRept', parameters: scalar(2) },
  'SSX.EXACT': { plugin: set, method: 'ssxExact', parameters: scalar(2) },
  'SSX.VALUE': { plugin: set, method: 'ssxValue', parameters: scalar(1) },
  'SSX.CHAR': { plugin: set, method: 'ssxChar', parameters: scalar(1) },
  'SSX.CODE': { plugin: set, method: 'ssxCode', parameters: scalar(1) },
  'SSX.CLEAN': { plugin: set, method: 'ssxClean', parameters: scalar(1) },
  // Ranges expanded into their cells, as SSX.CONCATENATE (a range delimiter is refused by the compiler).
  'SSX.TEXTJOIN': {
    plugin: set,
    method: 'ssxTextjoin',
    parameters: scalar(3),
    repeatLastArgs: 1,
    expandRanges: true,
  },
  'SSX.COND': { plugin: set, method: 'ssxCond', parameters: scalar(1) },
  'SSX.NUMARG': { plugin: set, method: 'ssxNumArg', parameters: scalar(1) },
  'SSX.COUNTARG': { plugin: set, method: 'ssxCountArg', parameters: scalar(1) },
  'SSX.NUM': { plugin: set, method: 'ssxNum', parameters: scalar(1) },
  'SSX.PICKED': { plugin: set, method: 'ssxPicked', parameters: scalar(1) },
  'SSX.SUMPRODUCT': {
    plugin: set,
    method: 'ssxSumproduct',
    parameters: [{ argumentType: FunctionArgumentType.RANGE }],
    repeatLastArgs: 1,
    // Why: Excel evaluates SUMPRODUCT's arguments as arrays (`SUMPRODUCT((A1:A3="x")*B1:B3)`).
    enableArrayArithmeticForArguments: true,
  },
  'SSX.SUM': { plugin: set, method: 'ssxSum', ...variadic },
  'SSX.AVERAGE': { plugin: set, method: 'ssxAverage', ...variadic },
  'SSX.COUNT': { plugin: set, method: 'ssxCount', ...variadic },
  'SSX.AND': { plugin: set, method: 'ssxAnd', ...variadic },
  'SSX.OR': { plugin: set, method: 'ssxOr', ...variadic },
  'SSX.TEXT': { plugin: set, method: 'ssxText', parameters: scalar(2) },
  'SSX.XOR': { plugin: set, method: 'ssxXor', ...variadic },
  'SSX.CHOOSE': { plugin: set, method: 'ssxChoose', ...variadic },
  ...(Object.fromEntries(
    INFO_CALLS.map((n) => [
      `SSX.${n}`,
      { plugin: set, method: 'ssxInfo', parameters: scalar(n.startsWith('IF') ? 2 : 1) },
    ]),
  ) as Record<`SSX.${(typeof INFO_CALLS)[number]}`, SsxDefinition>),
  'SSX.IFS': { plugin: set, method: 'ssxIfs', ...variadic },
  'SSX.ISEVEN': { plugin: set, method: 'ssxIsEven', parameters: scalar(1) },
  'SSX.ISODD': { plugin: set, method: 'ssxIsOdd', parameters: scalar(1) },
  'SSX.ROUNDUP': { plugin: set, method: 'ssxRoundUp', parameters: scalar(2) },
  'SSX.ROUNDDOWN': { plugin: set, method: 'ssxRoundDown', parameters: scalar(2) },
  'SSX.TRUNC': { plugin: set, method: 'ssxTrunc', parameters: [...scalar(1), optionalScalar] },
  'SSX.EVEN': { plugin: set, method: 'ssxEven', parameters: scalar(1) },
  'SSX.ODD': { plugin: set, method: 'ssxOdd', parameters: scalar(1) },
  'SSX.CEILING': { plugin: set, method: 'ssxCeiling', parameters: scalar(2) },
  'SSX.FLOOR': { plugin: set, method: 'ssxFloor', parameters: scalar(2) },
  'SSX.MOD': { plugin: set, method: 'ssxMod', parameters: scalar(2) },
  'SSX.PI': { plugin: set, method: 'ssxPi', parameters: [] },
  'SSX.PRODUCT': { plugin: set, method: 'ssxProduct', ...variadic },
  'SSX.SUMSQ': { plugin: set, method: 'ssxSumsq', ...variadic },
  'SSX.VLOOKUP': {
    plugin: set,
    method: 'ssxVlookup',
    parameters: [
      { argumentType: FunctionArgumentType.SCALAR },
      { argumentType: FunctionArgumentType.RANGE },
      { argumentType: FunctionArgumentType.SCALAR },
    ],
    vectorizationForbidden: true,
  },
  // The date functions (excel-dates.ts).
  'SSX.DATE': { plugin: set, method: 'ssxDate', parameters: scalar(3) },
  'SSX.YEAR': { plugin: set, method: 'ssxYear', parameters: scalar(1) },
  'SSX.MONTH': { plugin: set, method: 'ssxMonth', parameters: scalar(1) },
  'SSX.DAY': { plugin: set, method: 'ssxDay', parameters: scalar(1) },
  'SSX.WEEKDAY': { plugin: set, method: 'ssxWeekday', parameters: [...scalar(1), optionalScalar] },
  'SSX.WEEKNUM': { plugin: set, method: 'ssxWeeknum', parameters: [...scalar(1), optionalScalar] },
  'SSX.ISOWEEKNUM': { plugin: set, method: 'ssxIsoWeeknum', parameters: scalar(1) },
  'SSX.EDATE': { plugin: set, method: 'ssxEdate', parameters: scalar(2) },
  'SSX.EOMONTH': { plugin: set, method: 'ssxEomonth', parameters: scalar(2) },
  'SSX.DAYS': { plugin: set, method: 'ssxDays', parameters: scalar(2) },
  'SSX.DATEDIF': { plugin: set, method: 'ssxDatedif', parameters: scalar(3) },
  'SSX.DATEVALUE': { plugin: set, method: 'ssxDatevalue', parameters: scalar(1) },
  // The time functions (excel-times.ts).
  'SSX.TIME': { plugin: set, method: 'ssxTime', parameters: scalar(3) },
  'SSX.HOUR': { plugin: set, method: 'ssxHour', parameters: scalar(1) },
  'SSX.MINUTE': { plugin: set, method: 'ssxMinute', parameters: scalar(1) },
  'SSX.SECOND': { plugin: set, method: 'ssxSecond', parameters: scalar(1) },
  'SSX.TIMEVALUE': { plugin: set, method: 'ssxTimevalue', parameters: scalar(1) },
  // DAYS360 and YEARFRAC (excel-daycount.ts).
  'SSX.DAYS360': { plugin: set, method: 'ssxDays360', parameters: [...scalar(2), optionalScalar] },
  'SSX.YEARFRAC': { plugin: set, method: 'ssxYearfrac', parameters: [...scalar(2), optionalScalar] },
  // The working-day functions (excel-workdays.ts): the holidays a reference, read by the method itself.
  'SSX.NETWORKDAYS': {
    plugin: set,
    method: 'ssxNetworkdays',
    parameters: [SCALAR, SCALAR, optionalRange],
    vectorizationForbidden: true,
  },
  'SSX.NETWORKDAYS.INTL': {
    plugin: set,
    method: 'ssxNetworkdaysIntl',
    parameters: [SCALAR, SCALAR, optionalScalar, optionalRange],
    vectorizationForbidden: true,
  },
  'SSX.WORKDAY': {
    plugin: set,
    method: 'ssxWorkday',
    parameters: [SCALAR, SCALAR, optionalRange],
    vectorizationForbidden: true,
  },
  'SSX.WORKDAY.INTL': {
    plugin: set,
    method: 'ssxWorkdayIntl',
    parameters: [SCALAR, SCALAR, optionalScalar, optionalRange],
    vectorizationForbidden: true,
  },
  // Lookups beside VLOOKUP (excel-lookups.ts).
  'SSX.HLOOKUP': {
    plugin: set,
    method: 'ssxHlookup',
    parameters: [SCALAR, RANGE, SCALAR],
    vectorizationForbidden: true,
  },
  'SSX.MATCH': { plugin: set, method: 'ssxMatch', parameters: [SCALAR, RANGE], vectorizationForbidden: true },
  'SSX.XLOOKUP': {
    plugin: set,
    method: 'ssxXlookup',
    parameters: [SCALAR, RANGE, RANGE, optionalScalar, optionalScalar, optionalScalar],
    vectorizationForbidden: true,
  },
  'SSX.INDEX': {
    plugin: set,
    method: 'ssxIndex',
    parameters: [RANGE, SCALAR, optionalScalar],
    vectorizationForbidden: true,
  },
  'SSX.VLOOKUPA': {
    plugin: set,
    method: 'ssxVlookupApprox',
    parameters: [SCALAR, RANGE, SCALAR, optionalScalar],
    vectorizationForbidden: true,
  },
  'SSX.HLOOKUPA': {
    plugin: set,
    method: 'ssxHlookupApprox',
    parameters: [SCALAR, RANGE, SCALAR, optionalScalar],
    vectorizationForbidden: true,
  },
  // A VLOOKUP/HLOOKUP whose range_lookup is neither written nor omitted: its value picks the route above.
  'SSX.VLOOKUPM': {
    plugin: set,
    method: 'ssxVlookupMode',
    parameters: [SCALAR, RANGE, SCALAR, SCALAR],
    vectorizationForbidden: true,
  },
  'SSX.HLOOKUPM': {
    plugin: set,
    method: 'ssxHlookupMode',
    parameters: [SCALAR, RANGE, SCALAR, SCALAR],
    vectorizationForbidden: true,
  },
  'SSX.MATCHA': {
    plugin: set,
    method: 'ssxMatchApprox',
    parameters: [SCALAR, RANGE, optionalScalar],
    vectorizationForbidden: true,
  },
  'SSX.COUNTBLANK': { plugin: set, method: 'ssxCountblank', parameters: [RANGE] },
  'SSX.SUBTOTAL': { plugin: set, method: 'ssxSubtotal', ...variadic },
  // Criteria functions (excel-criteria.ts): ranges as ranges, criteria as scalars.
  'SSX.SUMIF': {
    plugin: set,
    method: 'ssxSumif',
    parameters: [RANGE, SCALAR, { ...RANGE, optionalArg: true }],
  },
  'SSX.COUNTIF': { plugin: set, method: 'ssxCountif', parameters: [RANGE, SCALAR] },
  'SSX.AVERAGEIF': {
    plugin: set,
    method: 'ssxAverageif',
    parameters: [RANGE, SCALAR, { ...RANGE, optionalArg: true }],
  },
  'SSX.SUMIFS': { plugin: set, method: 'ssxSumifs', parameters: [RANGE, RANGE, SCALAR], repeatLastArgs: 2 },
  'SSX.COUNTIFS': { plugin: set, method: 'ssxCountifs', parameters: [RANGE, SCALAR], repeatLastArgs: 2 },
  'SSX.AVERAGEIFS': {
    plugin: set,
    method: 'ssxAverageifs',
    parameters: [RANGE, RANGE, SCALAR],
    repeatLastArgs: 2,
  },
  'SSX.MAXIFS': { plugin: set, method: 'ssxMaxifs', parameters: [RANGE, RANGE, SCALAR], repeatLastArgs: 2 },
  'SSX.MINIFS': { plugin: set, method: 'ssxMinifs', parameters: [RANGE, RANGE, SCALAR], repeatLastArgs: 2 },
  ...BASE_FUNCTIONS,
  'SSX.RADIANS': { plugin: 'bases', method: 'ssxRadians', parameters: scalar(1) },
  'SSX.DEGREES': { plugin: 'bases', method: 'ssxDegrees', parameters: scalar(1) },
  // QUOTIENT, MROUND, CEILING.MATH, FLOOR.MATH, SWITCH (excel-multiples.ts, excel-switch.ts).
  'SSX.QUOTIENT': { plugin: set, method: 'ssxQuotient', parameters: scalar(2) },
  'SSX.MROUND': { plugin: set, method: 'ssxMround', parameters: scalar(2) },
  'SSX.SWITCH': { plugin: set, method: 'ssxSwitch', ...variadic },
  'SSX.CEILING.MATH': {
    plugin: set,
    method: 'ssxCeilingMath',
    parameters: [...scalar(1), optionalScalar, optionalScalar],
  },
  'SSX.FLOOR.MATH': {
    plugin: set,
    method: 'ssxFloorMath',
    parameters: [...scalar(1), optionalScalar, optionalScalar],
  },
  // Order statistics and LOOKUP (excel-order-stats.ts, excel-lookups.ts): the methods walk their arguments.
  'SSX.MEDIAN': { plugin: set, method: 'ssxMedian', ...variadic },
  'SSX.LARGE': { plugin: set, method: 'ssxLarge', parameters: [RANGE, SCALAR], vectorizationForbidden: true },
  'SSX.SMALL': { plugin: set, method: 'ssxSmall', parameters: [RANGE, SCALAR], vectorizationForbidden: true },
  'SSX.RANK': {
    plugin: set,
    method: 'ssxRank',
    parameters: [SCALAR, RANGE, optionalScalar],
    vectorizationForbidden: true,
  },
  'SSX.LOOKUP': {
    plugin: set,
    method: 'ssxLookup',
    parameters: [SCALAR, RANGE, { ...RANGE, optionalArg: true }],
    vectorizationForbidden: true,
  },
  // The 15-digit tier's logarithms (excel-transcendental.ts).
  'SSX.EXP': { plugin: set, method: 'ssxExp', parameters: scalar(1) },
  'SSX.LN': { plugin: set, method: 'ssxLn', parameters: scalar(1) },
  'SSX.LOG': { plugin: set, method: 'ssxLog', parameters: [...scalar(1), optionalScalar] },
  'SSX.LOG10': { plugin: set, method: 'ssxLog10', parameters: scalar(1) },
  // The 15-digit tier's annuity functions (excel-finance.ts).
  'SSX.PMT': { plugin: set, method: 'ssxPmt', parameters: [...scalar(3), optionalScalar, optionalScalar] },
  'SSX.NPER': { plugin: set, method: 'ssxNper', parameters: [...scalar(3), optionalScalar, optionalScalar] },
} satisfies Record<string, SsxDefinition>;

export type SsxName = keyof typeof SSX_FUNCTIONS;

/** One plugin's `implementedFunctions`, from the registry. */
export function pluginFunctions(
  plugin: SsxDefinition['plugin'],
): Record<string, Omit<SsxDefinition, 'plugin'>> {
  const out: Record<string, Omit<SsxDefinition, 'plugin'>> = {};
  for (const [name, { plugin: p, ...metadata }] of Object.entries(SSX_FUNCTIONS) as [
    string,
    SsxDefinition,
  ][]) {
    if (p === plugin) out[name] = metadata;
  }
  return out;
}

/**
 * How a call is routed when its correction is on:
 * - `to`: the call is renamed (`LEN(` → `SSX.LEN(`);
 * - `args`: what happens to its arguments: `number` each wrapped in `wrap` (SSX.NUM), `condition` the first
 *   one wrapped (SSX.COND; only when it is written), `array` evaluated as arrays, `direct-text` each
 *   argument written as text (a text literal, `&`, a text function) wrapped (SSX.NUMARG) outside array
 *   formulas, `exact-match` only VLOOKUP with range_lookup FALSE/0, which is dropped, `format-code` only
 *   TEXT whose format_text is a literal of excel-text.ts's number or date codes, or not a literal (other
 *   literal codes stay HyperFormula's).
 *   formulas, `exact-match` only a call whose mode argument (at `flagAt`) is FALSE/0, which is dropped,
 *   `approx-match` only a call whose mode is omitted or a literal TRUE/non-zero number, `mode-value` only a
 *   call whose mode is given but no literal (a reference, a computed value: its value picks the route).
 */
export interface CallCorrection {
  correction: CorrectionName;
  to?: SsxName;
  args?:
    | 'number'
    | 'condition'
    | 'array'
    | 'direct-text'
    | 'exact-match'
    | 'approx-match'
    | 'mode-value'
    | 'format-code';
  /**
   * `exact-match`: the position of the mode argument, required FALSE/0 and dropped (3, VLOOKUP's 4th);
   * `approx-match`: the same position, omitted or a literal TRUE or non-zero number (kept).
   */
  flagAt?: number;
  wrap?: SsxName;
  /** Why HyperFormula alone is not Excel here. */
  note: string;
}

const textCall = (to: SsxName): CallCorrection[] => [
  {
    correction: 'text',
    to,
    note: 'a number argument is written as Excel writes it (`LEN(1/3)` is 17, not 18)',
  },
];
/** A text function routed to its corrected function (excel-text.ts), with what it fixes. */
const textFix = (to: SsxName, note: string): CallCorrection[] => [{ correction: 'text', to, note }];
const numberArgs: CallCorrection = {
  correction: 'arith',
  args: 'number',
  wrap: 'SSX.NUM',
  note: 'HyperFormula\'s number parameters read `""` as 0 and text with its own parser (Excel: #VALUE!)',
};
const directText = (to?: SsxName): CallCorrection => ({
  correction: 'aggregate',
  to,
  args: 'direct-text',
  wrap: 'SSX.NUMARG',
  note: 'text written directly is read as a number or #VALUE! (`SUM("",1)`); printed from the tree, `MIN((A1))` keeps reading A1 as a reference',
});

// The date functions: serial 0 is 1900-01-00, serials past 9999-12-31 #NUM!, months truncated, the ISO
// week, DATEDIF's unit in any case (excel-dates.ts has the gaps; docs/oracle.md the evidence).
const dateCall = (to: SsxName, note: string): CallCorrection[] => [{ correction: 'date', to, note }];
const DATE_CALLS: Readonly<Record<string, readonly CallCorrection[]>> = {
  DATE: dateCall('SSX.DATE', "arguments read with Excel's coercion, the result checked against 9999-12-31"),
  YEAR: dateCall('SSX.YEAR', 'serial 0 is 1900-01-00 (HyperFormula: 1899-12-31); past 9999-12-31 #NUM!'),
  MONTH: dateCall('SSX.MONTH', 'serial 0 is 1900-01-00 (HyperFormula: 1899-12-31); past 9999-12-31 #NUM!'),
  DAY: dateCall('SSX.DAY', 'serial 0 is 1900-01-00 (HyperFormula: 1899-12-31); past 9999-12-31 #NUM!'),
  WEEKDAY: dateCall('SSX.WEEKDAY', 'past 9999-12-31 #NUM!; a fractional return type undetermined'),
  WEEKNUM: dateCall('SSX.WEEKNUM', 'the ISO week of type 21 (HyperFormula: 2024-12-30 is week 53)'),
  ISOWEEKNUM: dateCall('SSX.ISOWEEKNUM', 'the ISO week (HyperFormula: 2024-12-30 is week 53)'),
  EDATE: dateCall(
    'SSX.EDATE',
    'months truncated (HyperFormula: #NUM!); a month-end day kept in a leap February',
  ),
  EOMONTH: dateCall('SSX.EOMONTH', 'months truncated (HyperFormula: #NUM!); serial 0 is 1900-01-00'),
  DAYS: dateCall('SSX.DAYS', 'a date past 9999-12-31 #NUM!'),
  DATEDIF: dateCall('SSX.DATEDIF', 'the unit in any case; "MD" and "YD" undetermined'),
  DATEVALUE: dateCall('SSX.DATEVALUE', 'only M/D/YYYY and YYYY-MM-DD text is determined'),
  TIME: dateCall(
    'SSX.TIME',
    "the seconds over 86400 less the whole days (Excel's last bits); a negative hour or an argument past 32767 undetermined",
  ),
  HOUR: dateCall('SSX.HOUR', 'rounded to the second only where that is established'),
  MINUTE: dateCall('SSX.MINUTE', 'rounded to the second only where that is established'),
  SECOND: dateCall('SSX.SECOND', 'rounded to the second only where that is established'),
  DAYS360: dateCall(
    'SSX.DAYS360',
    'a time rounded to the second before the day is taken; date text undetermined',
  ),
  YEARFRAC: dateCall(
    'SSX.YEARFRAC',
    'blank, logical and text dates undetermined; two cases of bases 0 and 1 undetermined',
  ),
  NETWORKDAYS: dateCall(
    'SSX.NETWORKDAYS',
    'dates are numbers; blank, logical and date-text dates undetermined',
  ),
  'NETWORKDAYS.INTL': dateCall(
    'SSX.NETWORKDAYS.INTL',
    "the weekend's number or text as Microsoft's table; other readings undetermined",
  ),
  WORKDAY: dateCall(
    'SSX.WORKDAY',
    'start and days truncated; blank, logical and date-text dates undetermined',
  ),
  'WORKDAY.INTL': dateCall('SSX.WORKDAY.INTL', 'weekend 0 #NUM!; "1111111" and other numbers undetermined'),
  TIMEVALUE: dateCall('SSX.TIMEVALUE', "the one date and time reader's text; a date alone undetermined"),
};
const mathCall = (to: SsxName, note: string): CallCorrection => ({ correction: 'math', to, note });
const criteriaCall = (to: SsxName): CallCorrection[] => [
  {
    correction: 'criteria',
    to,
    note: 'plain decimal text in a range reads as its number ("5" meets 5; HyperFormula: no); readings Excel has not established are undetermined',
  },
];

/** Excel functions (upper case, no `_xlfn.` prefix) the oracle does not leave to HyperFormula alone. */
export const CORRECTED_CALLS: Readonly<Record<string, readonly CallCorrection[]>> = {
  ROUND: [
    {
      correction: 'round',
      to: 'SSX.ROUND',
      note: 'rounds the 15-digit decimal form half away from zero (`ROUND(1.005,2)` is 1.01)',
    },
    numberArgs,
  ],
  INT: [
    {
      correction: 'int',
      to: 'SSX.INT',
      note: 'rounds down; HyperFormula 3.5 truncates toward zero (`INT(-0.5)`)',
    },
    numberArgs,
  ],
  ABS: [numberArgs],
  CONCATENATE: [
    {
      correction: 'concat',
      to: 'SSX.CONCATENATE',
      note: 'numbers written with at most 15 significant digits, as Excel writes them',
    },
  ],
  // Why: HyperFormula 3.5 has no CONCAT (Excel 2019; saved as `_xlfn.CONCAT`): #NAME?. It is CONCATENATE
  // with ranges expanded, which SSX.CONCATENATE does. Corpus: xlcalculator/CONCAT.xlsx A1:A6.
  CONCAT: [
    {
      correction: 'concat',
      to: 'SSX.CONCATENATE',
      note: 'missing from HyperFormula 3.5; CONCATENATE with ranges expanded',
    },
  ],
  LEN: textCall('SSX.LEN'),
  LEFT: textCall('SSX.LEFT'),
  RIGHT: textCall('SSX.RIGHT'),
  MID: textCall('SSX.MID'),
  UPPER: textCall('SSX.UPPER'),
  LOWER: textCall('SSX.LOWER'),
  TRIM: textCall('SSX.TRIM'),
  // Text functions: numbers written as Excel writes them, and each function's own gaps
  // (excel-text.ts names them with their corpus cells).
  SUBSTITUTE: textFix(
    'SSX.SUBSTITUTE',
    'instance_num truncated (1.9 is 1); an empty old_text changes nothing',
  ),
  REPLACE: textFix('SSX.REPLACE', 'start and count truncated (HyperFormula rounds 3.9 up)'),
  FIND: textFix('SSX.FIND', 'numbers as Excel writes them; start_num past the length #VALUE!'),
  SEARCH: textFix('SSX.SEARCH', "numbers as Excel writes them; Excel's case folding and wildcards"),
  PROPER: textFix('SSX.PROPER', 'a character whose case mapping changes its length stays (`ß`)'),
  REPT: textFix('SSX.REPT', 'a result over 32,767 characters is #VALUE!'),
  EXACT: textFix('SSX.EXACT', 'numbers as Excel writes them (`EXACT(A1,"0.3")` with A1 = 0.1+0.2)'),
  VALUE: textFix('SSX.VALUE', 'text read as arithmetic reads it (`VALUE("$1,000")` is 1000)'),
  CHAR: textFix('SSX.CHAR', 'codes 128-255 (the Windows code page) undetermined'),
  CODE: textFix('SSX.CODE', 'characters beyond ASCII (the Windows code page) undetermined'),
  CLEAN: textFix('SSX.CLEAN', 'numbers as Excel writes them; codes 0-31 removed'),
  TEXTJOIN: textFix('SSX.TEXTJOIN', 'numbers as Excel writes them; over 32,767 characters #VALUE!'),
  IF: [
    {
      correction: 'logic',
      args: 'condition',
      wrap: 'SSX.COND',
      note: 'the condition reads only TRUE/FALSE text; `""` is #VALUE! (HyperFormula: FALSE)',
    },
  ],
  NOT: [
    {
      correction: 'logic',
      args: 'condition',
      wrap: 'SSX.COND',
      note: 'the argument reads only TRUE/FALSE text; `""` is #VALUE! (HyperFormula: FALSE)',
    },
  ],
  AND: [
    {
      correction: 'logic',
      to: 'SSX.AND',
      note: 'text and blanks inside references are ignored; no logical value left is #VALUE!',
    },
  ],
  OR: [
    {
      correction: 'logic',
      to: 'SSX.OR',
      note: 'text and blanks inside references are ignored; no logical value left is #VALUE!',
    },
  ],
  // The IS functions, IFERROR, IFNA, XOR, CHOOSE, ISEVEN, ISODD.
  ...Object.fromEntries(
    INFO_CALLS.map((n) => [
      n,
      [
        {
          correction: 'logic',
          to: `SSX.${n}`,
          note: 'as HyperFormula, except that the oracle\'s "not established" passes instead of being caught',
        } satisfies CallCorrection,
      ],
    ]),
  ),
  XOR: [
    {
      correction: 'logic',
      to: 'SSX.XOR',
      note: 'read as AND/OR: text and blanks inside references ignored; no logical value left is #VALUE! (HyperFormula FALSE)',
    },
  ],
  IFS: [
    {
      correction: 'logic',
      to: 'SSX.IFS',
      note: 'conditions read in order, as nested IFs: an error after a TRUE condition is not reached (HyperFormula: the error)',
    },
  ],
  CHOOSE: [
    {
      correction: 'logic',
      to: 'SSX.CHOOSE',
      note: 'the index truncated, outside the list #VALUE! (HyperFormula #NUM! for both)',
    },
  ],
  ISEVEN: [
    {
      correction: 'arith',
      to: 'SSX.ISEVEN',
      note: 'the number truncated (`ISEVEN(-2.5)` TRUE; HyperFormula FALSE)',
    },
  ],
  ISODD: [
    {
      correction: 'arith',
      to: 'SSX.ISODD',
      note: 'the number truncated (`ISODD(-3.5)` TRUE; HyperFormula FALSE)',
    },
  ],
  SUMPRODUCT: [
    {
      correction: 'aggregate',
      to: 'SSX.SUMPRODUCT',
      args: 'array',
      note: 'every entry that is not a number counts as 0 (HyperFormula reads text "1" and TRUE as 1)',
    },
  ],
  SUM: [directText('SSX.SUM')],
  AVERAGE: [directText('SSX.AVERAGE')],
  MIN: [directText()],
  MAX: [directText()],
  // Why: HyperFormula's COUNT counts direct TRUE and skips every error, also the oracle's undetermined.
  COUNT: [
    {
      correction: 'aggregate',
      to: 'SSX.COUNT',
      note: "direct text counts only when it reads as a number; the oracle's undetermined propagates",
    },
  ],
  TEXT: [
    {
      correction: 'format',
      to: 'SSX.TEXT',
      args: 'format-code',
      note: 'the 15-digit decimal rounded half away from zero, text returned as it is (`TEXT(1.005,"0.00")` is 1.01; HyperFormula 1.00); date codes with serial 0 as 1900-01-00 and the serial rounded to the second; a code read from a cell formatted only when it is one of these',
    },
  ],
  // The `math` correction (excel-math.ts); evidence there and in docs/oracle.md.
  ROUNDUP: [
    mathCall('SSX.ROUNDUP', 'away from zero on the 15-digit decimal form (`ROUNDUP(0.1+0.2,2)` is 0.3)'),
  ],
  ROUNDDOWN: [
    mathCall('SSX.ROUNDDOWN', 'toward zero on the 15-digit decimal form; `ROUNDDOWN(FALSE,309)` is 0'),
  ],
  TRUNC: [mathCall('SSX.TRUNC', 'ROUNDDOWN with the digits 0 by default')],
  EVEN: [mathCall('SSX.EVEN', '|x| up to an integer on the 15-digit decimal form, then to an even one')],
  ODD: [mathCall('SSX.ODD', '|x| up to an integer on the 15-digit decimal form, then to an odd one')],
  CEILING: [mathCall('SSX.CEILING', 'the 15-digit quotient rounded up; `CEILING("",0)` is #VALUE!')],
  FLOOR: [mathCall('SSX.FLOOR', 'the 15-digit quotient rounded down; FLOOR(x,0) #DIV/0!')],
  MOD: [
    mathCall(
      'SSX.MOD',
      "the exact remainder in the divisor's sign, read with Excel's coercion; |n/d| past 5E10 (the largest saved quotient) undetermined",
    ),
  ],
  POWER: [
    mathCall(
      'SSX.POW',
      'as `^`: POWER(0,0) #NUM!, text read as Excel reads it, an integer power by repeated squaring where the squaring orders agree (else `**`)',
    ),
  ],
  PI: [mathCall('SSX.PI', 'the double nearest π (HyperFormula: 3.14159265358979)')],
  PRODUCT: [
    {
      ...directText('SSX.PRODUCT'),
      correction: 'math',
      note: 'a reference holding no number gives 0 (HyperFormula 1); direct text read as a number',
    },
  ],
  SUMSQ: [
    {
      ...directText('SSX.SUMSQ'),
      correction: 'math',
      note: 'references contribute their numbers only; direct text read as a number',
    },
  ],
  SQRT: [numberArgs],
  RADIANS: [
    mathCall(
      'SSX.RADIANS',
      'Excel\'s coercion (`""` #VALUE!); where x·π/180 and x/180·π differ from x·(π/180), undetermined',
    ),
  ],
  DEGREES: [
    mathCall(
      'SSX.DEGREES',
      'Excel\'s coercion (`""` #VALUE!); where x·180/π differs from x·(180/π), undetermined',
    ),
  ],
  SIGN: [numberArgs],
  COUNTBLANK: [
    {
      correction: 'aggregate',
      to: 'SSX.COUNTBLANK',
      note: '"" counts as blank (Microsoft, COUNTBLANK function; HyperFormula counts empty cells only)',
    },
  ],
  SUBTOTAL: [
    {
      correction: 'aggregate',
      to: 'SSX.SUBTOTAL',
      note: "1-5 and 9 (and 101-105, 109) as SSX.AVERAGE, SSX.COUNT, COUNTA, MAX, MIN, SSX.SUM (HyperFormula's own adds range by range: an undetermined order), leaving out cells whose formula calls SUBTOTAL (Microsoft, SUBTOTAL function; HyperFormula counts them; a cell calling AGGREGATE: undetermined); other function numbers undetermined",
    },
  ],
  SUMIF: criteriaCall('SSX.SUMIF'),
  COUNTIF: criteriaCall('SSX.COUNTIF'),
  AVERAGEIF: criteriaCall('SSX.AVERAGEIF'),
  SUMIFS: criteriaCall('SSX.SUMIFS'),
  COUNTIFS: criteriaCall('SSX.COUNTIFS'),
  AVERAGEIFS: criteriaCall('SSX.AVERAGEIFS'),
  MAXIFS: criteriaCall('SSX.MAXIFS'),
  MINIFS: criteriaCall('SSX.MINIFS'),
  VLOOKUP: [
    {
      correction: 'lookup',
      to: 'SSX.VLOOKUP',
      args: 'exact-match',
      note: 'exact mode: accent-sensitive, wildcards matched from the first row',
    },
    {
      correction: 'lookup',
      to: 'SSX.VLOOKUPA',
      args: 'approx-match',
      note: 'approximate mode: only over numbers in strictly ascending order (HyperFormula #VALUE! over one cell)',
    },
    {
      correction: 'lookup',
      to: 'SSX.VLOOKUPM',
      args: 'mode-value',
      note: 'range_lookup read from a cell or computed: FALSE/0 the exact route, TRUE/non-zero the approximate one',
    },
  ],
  HLOOKUP: [
    {
      correction: 'lookup',
      to: 'SSX.HLOOKUP',
      args: 'exact-match',
      note: "exact mode: VLOOKUP's rules across (HyperFormula matches accent-insensitively)",
    },
    {
      correction: 'lookup',
      to: 'SSX.HLOOKUPA',
      args: 'approx-match',
      note: 'approximate mode: only over numbers in strictly ascending order (HyperFormula #VALUE! over one cell)',
    },
    {
      correction: 'lookup',
      to: 'SSX.HLOOKUPM',
      args: 'mode-value',
      note: 'range_lookup read from a cell or computed: FALSE/0 the exact route, TRUE/non-zero the approximate one',
    },
  ],
  MATCH: [
    {
      correction: 'lookup',
      to: 'SSX.MATCH',
      args: 'exact-match',
      flagAt: 2,
      note: 'match_type 0: accent-sensitive, with wildcards (HyperFormula finds `é` for `e`, ignores `?`)',
    },
    {
      correction: 'lookup',
      to: 'SSX.MATCHA',
      args: 'approx-match',
      flagAt: 2,
      note: 'match_type 1/-1: only over numbers in strictly ascending/descending order',
    },
  ],
  XLOOKUP: [
    {
      correction: 'lookup',
      to: 'SSX.XLOOKUP',
      note: 'accent-sensitive (HyperFormula finds `é` for `e`); match_mode 0/2, search_mode 1/-1 only',
    },
  ],
  ROWS: [
    {
      correction: 'lookup',
      to: 'SSX.ROWS',
      note: 'the rows between the two corners (HyperFormula: `ROWS($A$4:A4)` is -2, `ROWS($A$1:A4)` 1)',
    },
  ],
  COLUMNS: [
    {
      correction: 'lookup',
      to: 'SSX.COLUMNS',
      note: 'the columns between the two corners (HyperFormula: `COLUMNS($A$1:B4)` in E4 is -2)',
    },
  ],
  INDEX: [
    {
      correction: 'lookup',
      to: 'SSX.INDEX',
      note: 'a position beyond the range is #REF! (HyperFormula #NUM!); an empty row_num is omitted (0); a whole row or column undetermined',
    },
  ],
  ...DATE_CALLS,
  ...Object.fromEntries(
    BASE_NAMES.map((n) => [
      n,
      [
        {
          correction: 'bases',
          to: `SSX.${n}` as const,
          note: 'blank and `""` digits read as 0, hex in any case, decimals truncated; `" 1"`, `"+1"`, 11 characters #NUM!',
        } satisfies CallCorrection,
      ],
    ]),
  ),
  // QUOTIENT, MROUND, CEILING.MATH, FLOOR.MATH, SWITCH (excel-multiples.ts, excel-switch.ts).
  QUOTIENT: [
    mathCall('SSX.QUOTIENT', 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)'),
  ],
  EXP: [mathCall('SSX.EXP', "arguments read with Excel's coercion; a result below 2^-1022 undetermined")],
  LN: [mathCall('SSX.LN', 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)')],
  LOG: [mathCall('SSX.LOG', 'base 1 #DIV/0! (HyperFormula #NUM!); base 10 by Math.log10')],
  PMT: [
    mathCall(
      'SSX.PMT',
      'exp/expm1 of nper·log1p(rate) (HyperFormula: pow, past 15 digits); rate -1, nper 0 #NUM!; rate below -1 undetermined',
    ),
  ],
  NPER: [
    mathCall('SSX.NPER', "arguments read with Excel's coercion; rate -1 and a zero divisor undetermined"),
  ],
  LOG10: [mathCall('SSX.LOG10', 'arguments read with Excel\'s coercion (HyperFormula reads `""` as 0)')],
  MROUND: [
    mathCall(
      'SSX.MROUND',
      'the 15-digit quotient rounded half away from zero (HyperFormula rounds the binary one)',
    ),
  ],
  'CEILING.MATH': [
    mathCall(
      'SSX.CEILING.MATH',
      'the 15-digit quotient by |significance|; a boolean or blank number or significance read from a cell 1/0/0, a mode typed TRUE/FALSE 1/0; a boolean typed as the number or significance and a mode read from a cell as a boolean, blank or text undetermined',
    ),
  ],
  'FLOOR.MATH': [
    mathCall(
      'SSX.FLOOR.MATH',
      'the 15-digit quotient by |significance|; a boolean or blank number or significance read from a cell 1/0/0, a mode typed TRUE/FALSE 1/0; a boolean typed as the number or significance and a mode read from a cell as a boolean, blank or text undetermined',
    ),
  ],
  // Order statistics and LOOKUP (excel-order-stats.ts).
  MEDIAN: [
    {
      ...directText('SSX.MEDIAN'),
      note: 'a reference gives only its numbers, direct text read as a number (as SUM); the first error wins',
    },
  ],
  LARGE: [
    {
      ...directText('SSX.LARGE'),
      note: 'a value written directly is data (`SMALL(TRUE,1)` 1, HyperFormula #NUM!); a k that is not whole only where the positions around it agree',
    },
  ],
  SMALL: [
    {
      ...directText('SSX.SMALL'),
      note: 'a value written directly is data (`SMALL("3.4",1)` 3.4, HyperFormula #NUM!); a k that is not whole only where the positions around it agree',
    },
  ],
  RANK: [
    {
      correction: 'aggregate',
      to: 'SSX.RANK',
      note: 'missing from HyperFormula 3.5; an error in ref or a near tie (15 digits) undetermined',
    },
  ],
  'RANK.EQ': [
    {
      correction: 'aggregate',
      to: 'SSX.RANK',
      note: 'missing from HyperFormula 3.5 (RANK); an error in ref or a near tie (15 digits) undetermined',
    },
  ],
  LOOKUP: [
    {
      correction: 'lookup',
      to: 'SSX.LOOKUP',
      note: 'missing from HyperFormula 3.5; approximate match only over numbers in strictly ascending order',
    },
  ],
  SWITCH: [
    {
      correction: 'logic',
      to: 'SSX.SWITCH',
      note: 'text matched ignoring case (as `=`), numbers by value; the undetermined readings (excel-switch.ts) pass through',
    },
  ],
};

/** Operators routed to corrected functions (a unary minus is `unary -`, postfix percent `%`). */
export const CORRECTED_OPERATORS: Readonly<Record<string, { correction: CorrectionName; to: SsxName }>> = {
  '&': { correction: 'concat', to: 'SSX.CONCAT2' },
  '+': { correction: 'arith', to: 'SSX.ADD' },
  '-': { correction: 'arith', to: 'SSX.SUB' },
  '*': { correction: 'arith', to: 'SSX.MUL' },
  '/': { correction: 'arith', to: 'SSX.DIV' },
  '^': { correction: 'arith', to: 'SSX.POW' },
  'unary -': { correction: 'arith', to: 'SSX.NEG' },
  '%': { correction: 'arith', to: 'SSX.PCT' },
  '=': { correction: 'compare', to: 'SSX.EQ' },
  '<>': { correction: 'compare', to: 'SSX.NE' },
  '<': { correction: 'compare', to: 'SSX.LT' },
  '<=': { correction: 'compare', to: 'SSX.LE' },
  '>': { correction: 'compare', to: 'SSX.GT' },
  '>=': { correction: 'compare', to: 'SSX.GE' },
};

/** How the oracle evaluates an Excel function: HyperFormula as is, or through named corrections. */
export type OracleTreatment =
  | { kind: 'hyperformula' }
  | {
      kind: 'correction';
      /** The corrected function the call goes to (its rename, else its argument wrapper). */
      name: SsxName;
      /** Why, one sentence per correction. */
      note: string;
      /** The correction switches involved. */
      corrections: CorrectionName[];
    };

/** `oracleTreatment('ROUND')`: how the oracle evaluates a function (upper case, no `_xlfn.` prefix). */
export function oracleTreatment(name: string): OracleTreatment {
  const list = CORRECTED_CALLS[name.toUpperCase()];
  if (list === undefined) return { kind: 'hyperformula' };
  const primary = list.find((c) => c.to !== undefined) ?? list[0];
  return {
    kind: 'correction',
    name: (primary.to ?? primary.wrap) as SsxName,
    note: list.map((c) => c.note).join('; '),
    corrections: [...new Set(list.map((c) => c.correction))],
  };
}
