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
import { FunctionArgumentType } from 'hyperformula';
import type { ExcelCorrectionsPlugin } from './corrections.js';
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
  aggregate: { note: 'SUM/AVERAGE/MIN/MAX/COUNT/SUMPRODUCT read their arguments as Excel reads them' },
  lookup: { note: "VLOOKUP's exact mode matches as Excel matches" },
  compare: { note: "comparisons use Excel's type order and text comparison" },
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
}
export type SsxDefinition =
  | ({ plugin: 'corrections' } & PluginEntry<ExcelCorrectionsPlugin>)
  | ({ plugin: 'supported-set' } & PluginEntry<ExcelSupportedSetPlugin>);

const scalar = (n: number) =>
  Array.from({ length: n }, () => ({ argumentType: FunctionArgumentType.SCALAR }));
const optionalScalar = { argumentType: FunctionArgumentType.SCALAR, optionalArg: true };
const NUMBER = { argumentType: FunctionArgumentType.NUMBER };
const set = 'supported-set' as const;
/** Every argument is a scalar, in any number, evaluated one by one (the method walks its arguments). */
const variadic = { parameters: scalar(1), repeatLastArgs: 1, vectorizationForbidden: true };

/** Every corrected function, registered with HyperFormula under its `SSX.` name (no workbook uses it). */
export const SSX_FUNCTIONS = {
  'SSX.ROUND': {
    plugin: 'corrections',
    method: 'ssxRound',
    parameters: [NUMBER, { ...NUMBER, defaultValue: 0 }],
  },
  'SSX.INT': { plugin: 'corrections', method: 'ssxInt', parameters: [NUMBER] },
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
  // Text functions of issue 14 (excel-text.ts).
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
 *   formulas, `exact-match` only VLOOKUP with range_lookup FALSE/0, which is dropped.
 */
export interface CallCorrection {
  correction: CorrectionName;
  to?: SsxName;
  args?: 'number' | 'condition' | 'array' | 'direct-text' | 'exact-match';
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
/** A text function of issue 14 routed to its corrected function (excel-text.ts), with what it fixes. */
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
  // Text functions of issue 14: numbers written as Excel writes them, and each function's own gaps
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
  VLOOKUP: [
    {
      correction: 'lookup',
      to: 'SSX.VLOOKUP',
      args: 'exact-match',
      note: 'exact mode: accent-sensitive, wildcards matched from the first row',
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
