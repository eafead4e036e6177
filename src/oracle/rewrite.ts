/**
 * Rewrites a workbook formula (A1 text, no leading `=`) into the text fed to HyperFormula. Three jobs:
 *
 * - corrections (see corrections.ts): `a&b` → `SSX.CONCAT2(a,b)`, `ROUND(` → `SSX.ROUND(`,
 *   `CONCATENATE(` → `SSX.CONCATENATE(`; and those of the supported set (see excel-functions.ts):
 *   `a+b` → `SSX.ADD(a,b)` (and `- * / ^`, unary `-`, `%`), `LEN(` → `SSX.LEN(` (and LEFT, RIGHT, MID, UPPER,
 *   LOWER, TRIM), `IF(c,` → `IF(SSX.COND(c),`, `AND(` → `SSX.AND(`, `SUMPRODUCT(` → `SSX.SUMPRODUCT(`,
 *   `SUM("2",` → `SUM(SSX.NUMARG("2"),`, `VLOOKUP(k,t,c,FALSE)` → `SSX.VLOOKUP(k,t,c)`;
 * - syntax HyperFormula does not read (correction `syntax`): number literals with an upper-case exponent
 *   (`1E+21` is a parse error in HyperFormula 3.5; written `1e+21`), and the `_xlfn.`/`_xlws.` prefixes Excel
 *   saves before functions newer than Excel 2007 (`_xlfn.CONCAT(`, `_xlfn.DAYS(`: #NAME? in HyperFormula);
 * - hoisting (see hyperformula.ts): a row-invariant aggregate call is replaced by a reference to a helper
 *   cell that computes it once.
 *
 * The formula is parsed with @borgar/fx and printed back from its tree, fully parenthesised, only when one of
 * these applies; otherwise the text is left exactly as written. Source slices are used for leaves, so
 * references and strings keep their exact spelling. A tree with a node kind the printer does not know (LET,
 * LAMBDA, ...) is left as written, corrections off for that formula.
 */
import { type AstExpression, parse, tokenize } from '@borgar/fx';
import { CONCAT_FUNCTION, CORRECTED_FUNCTIONS } from './corrections.js';

// biome-ignore lint/suspicious/noExplicitAny: fx node shapes are walked generically.
type Node = any;

/** The corrections the rewriter can apply; each can be switched off to measure its gain. */
export type CorrectionName =
  | 'round'
  | 'concat'
  | 'int'
  | 'syntax'
  | 'arith'
  | 'text'
  | 'logic'
  | 'aggregate'
  | 'lookup'
  | 'compare';
export const ALL_CORRECTIONS: readonly CorrectionName[] = [
  'round',
  'concat',
  'int',
  'syntax',
  'arith',
  'text',
  'logic',
  'aggregate',
  'lookup',
  'compare',
];

/** Corrections of the supported set (excel-functions.ts) that apply to almost every formula. */
const OPERATOR_CORRECTIONS: readonly CorrectionName[] = [
  'arith',
  'text',
  'logic',
  'aggregate',
  'lookup',
  'compare',
];

/** Comparison operators → corrected functions (correction `compare`). */
const COMPARE: Readonly<Record<string, string>> = {
  '=': 'SSX.EQ',
  '<>': 'SSX.NE',
  '<': 'SSX.LT',
  '<=': 'SSX.LE',
  '>': 'SSX.GT',
  '>=': 'SSX.GE',
};

/** Arithmetic operators → corrected functions (correction `arith`). */
const ARITH: Readonly<Record<string, string>> = {
  '+': 'SSX.ADD',
  '-': 'SSX.SUB',
  '*': 'SSX.MUL',
  '/': 'SSX.DIV',
  '^': 'SSX.POW',
};

/** Text functions → corrected functions (correction `text`). */
const TEXT_FUNCTIONS = new Set(['LEN', 'LEFT', 'RIGHT', 'MID', 'UPPER', 'LOWER', 'TRIM']);

/** Calls whose value is a single value (never a reference or an array) outside array formulas. */
const SCALAR_TEXT_CALLS = new Set([...TEXT_FUNCTIONS, 'CONCATENATE', 'CONCAT', 'TEXT', 'REPT', 'SUBSTITUTE']);

export interface RewriteOptions {
  corrections: ReadonlySet<CorrectionName>;
  /** Called for each candidate aggregate subexpression; returns replacement text (a helper reference) or undefined. */
  hoist?: (call: AggregateCall) => string | undefined;
  /** The formula is an array (CSE) formula: its operands may be arrays. */
  array?: boolean;
}

/** A call that computes the same value wherever it appears in its sheet. */
export interface AggregateCall {
  /** The call printed with corrections applied, references as written. */
  text: string;
  /** The same with every unqualified reference qualified by `sheet`, for a helper cell on another sheet. */
  qualified: (sheet: string) => string;
}

/** Aggregates whose value depends only on the cells they name, worth computing once. */
const HOISTABLE = new Set([
  'SUMPRODUCT',
  'SUM',
  'AVERAGE',
  'MIN',
  'MAX',
  'COUNT',
  'COUNTA',
  'COUNTBLANK',
  'SUMIF',
  'SUMIFS',
  'COUNTIF',
  'COUNTIFS',
  'AVERAGEIF',
  'AVERAGEIFS',
  'MEDIAN',
  'PRODUCT',
  'SUMSQ',
  'STDEV',
  'VAR',
]);

/** Functions whose value depends on where they are evaluated, or on more than their arguments. */
const POSITIONAL = new Set([
  'ROW',
  'ROWS',
  'COLUMN',
  'COLUMNS',
  'OFFSET',
  'INDIRECT',
  'CELL',
  'INFO',
  'RAND',
  'RANDBETWEEN',
  'NOW',
  'TODAY',
  'FORMULATEXT',
  'ISFORMULA',
  'SHEET',
  'SHEETS',
]);

function parseTree(formula: string): Node | undefined {
  try {
    const tokens = tokenize(formula, { withLocation: true });
    return parse(tokens) as AstExpression;
  } catch {
    return undefined;
  }
}

function src(formula: string, n: Node): string {
  return formula.slice(n.loc[0], n.loc[1]);
}

/** Does the formula need printing at all? A cheap pre-check on the text. */
function mayNeedRewrite(
  formula: string,
  hoisting: boolean,
  corrections: ReadonlySet<CorrectionName>,
): boolean {
  if (OPERATOR_CORRECTIONS.some((c) => corrections.has(c))) return true;
  return hoisting || /&|ROUND|CONCAT|INT|\dE|_xl/i.test(formula);
}

/** Quotes a sheet name for a reference prefix. */
export function quoteSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

interface Printer {
  formula: string;
  options: RewriteOptions;
  /** Set when the tree holds a node kind we do not print. */
  unknown: boolean;
  /** Set when printing changed something. */
  changed: boolean;
  /** Inside an array context (array formula, SUMPRODUCT argument): operands may be arrays. */
  array?: boolean;
}

function isHoistable(n: Node, formula: string): boolean {
  if (n.type !== 'CallExpression') return false;
  const name = String(n.callee.name).toUpperCase();
  if (!HOISTABLE.has(name)) return false;
  let hasRange = false;
  let ok = true;
  const walk = (m: Node, top: boolean): void => {
    if (!ok || m === null) return;
    switch (m.type) {
      case 'ReferenceIdentifier':
        if (m.kind !== 'range' && m.kind !== 'beam') ok = false; // names and tables: scope unknown here
        if (src(formula, m).includes(':')) hasRange = true;
        return;
      case 'Literal':
      case 'ErrorLiteral':
        return;
      case 'CallExpression':
        if (POSITIONAL.has(String(m.callee.name).toUpperCase())) ok = false;
        for (const a of m.arguments) walk(a, false);
        return;
      case 'UnaryExpression':
      case 'BinaryExpression':
        // Why: outside SUMPRODUCT a computed range argument is implicitly intersected with the formula's row,
        // so its value depends on the cell's position; only SUMPRODUCT evaluates it as an array everywhere.
        if (name !== 'SUMPRODUCT' && top) ok = false;
        if (m.type === 'BinaryExpression' && [':', ' ', ','].includes(m.operator)) ok = false;
        for (const a of m.arguments) walk(a, top);
        return;
      default:
        ok = false;
    }
  };
  for (const a of n.arguments) walk(a, true);
  return ok && hasRange;
}

function print(p: Printer, n: Node, qualify?: string): string {
  if (n === null || n === undefined) return '';
  const { formula } = p;
  switch (n.type) {
    case 'ReferenceIdentifier': {
      const text = src(formula, n);
      if (qualify !== undefined && !text.includes('!')) return `${quoteSheet(qualify)}!${text}`;
      return text;
    }
    case 'Literal': {
      const text = src(formula, n);
      if (typeof n.value === 'number' && /E/.test(text) && p.options.corrections.has('syntax')) {
        p.changed = true;
        return text.toLowerCase();
      }
      return text;
    }
    case 'ErrorLiteral':
      return src(formula, n);
    case 'UnaryExpression': {
      const arg = print(p, n.arguments[0], qualify);
      if (p.options.corrections.has('arith') && (n.operator === '%' || n.operator === '-')) {
        p.changed = true;
        return `${n.operator === '%' ? 'SSX.PCT' : 'SSX.NEG'}(${arg})`;
      }
      if (n.operator === '%') return `(${arg}%)`;
      if (n.operator === '+' || n.operator === '-') return `(${n.operator}${arg})`;
      p.unknown = true; // `@` and `#` (spill): leave the formula as written
      return src(formula, n);
    }
    case 'BinaryExpression': {
      const [l, r] = n.arguments;
      if (n.operator === '&' && p.options.corrections.has('concat')) {
        p.changed = true;
        return `${CONCAT_FUNCTION}(${print(p, l, qualify)},${print(p, r, qualify)})`;
      }
      const arith = ARITH[n.operator];
      if (arith !== undefined && p.options.corrections.has('arith')) {
        p.changed = true;
        return `${arith}(${print(p, l, qualify)},${print(p, r, qualify)})`;
      }
      const compare = COMPARE[n.operator];
      if (compare !== undefined && p.options.corrections.has('compare')) {
        p.changed = true;
        return `${compare}(${print(p, l, qualify)},${print(p, r, qualify)})`;
      }
      // Range, intersection and union operators bind references: no parentheses around them.
      if (n.operator === ':') return `${print(p, l, qualify)}:${print(p, r, qualify)}`;
      if (n.operator === ' ' || n.operator === ',') {
        p.unknown = true;
        return src(formula, n);
      }
      return `(${print(p, l, qualify)}${n.operator}${print(p, r, qualify)})`;
    }
    case 'CallExpression': {
      if (p.options.hoist && qualify === undefined && isHoistable(n, formula)) {
        const sub: Printer = {
          formula,
          options: { corrections: p.options.corrections },
          unknown: false,
          changed: false,
          array: p.array,
        };
        const text = printCall(sub, n, undefined);
        const replacement = sub.unknown
          ? undefined
          : p.options.hoist({
              text,
              qualified: (sheet) => printCall({ ...sub, unknown: false }, n, sheet),
            });
        if (replacement !== undefined) {
          p.changed = true;
          return replacement;
        }
      }
      return printCall(p, n, qualify);
    }
    case 'ArrayExpression':
      return src(formula, n);
    default:
      p.unknown = true;
      return src(formula, n);
  }
}

function printCall(p: Printer, n: Node, qualify: string | undefined, name = String(n.callee.name)): string {
  let callee = name;
  if (/^_xl(fn|ws)\./i.test(callee) && p.options.corrections.has('syntax')) {
    callee = callee.replace(/^_xl(fn|ws)\./i, '');
    name = callee;
    p.changed = true;
  }
  const upper = name.toUpperCase();
  const has = (c: CorrectionName) => p.options.corrections.has(c);
  const corrected = CORRECTED_FUNCTIONS[upper];
  if (corrected !== undefined && has(corrected.correction)) {
    callee = corrected.name;
    p.changed = true;
  }
  const args: Node[] = n.arguments;
  const printArg = (a: Node, array = p.array) => {
    const saved = p.array;
    p.array = array;
    const text = print(p, a, qualify);
    p.array = saved;
    return text;
  };
  const wrap = (fn: string, text: string) => {
    p.changed = true;
    return `${fn}(${text})`;
  };
  let printed: string[];
  if (TEXT_FUNCTIONS.has(upper) && has('text')) {
    callee = `SSX.${upper}`;
    p.changed = true;
    printed = args.map((a) => printArg(a));
  } else if ((upper === 'IF' || upper === 'NOT') && has('logic') && args.length > 0 && args[0] !== null) {
    // Why: Excel's IF/NOT read only TRUE/FALSE text as a condition; `""` is #VALUE! (HyperFormula: FALSE).
    printed = args.map((a, i) => (i === 0 ? wrap('SSX.COND', printArg(a)) : printArg(a)));
  } else if ((upper === 'AND' || upper === 'OR') && has('logic')) {
    callee = `SSX.${upper}`;
    p.changed = true;
    printed = args.map((a) => printArg(a));
  } else if (upper === 'SUMPRODUCT' && has('aggregate')) {
    // Why: SUMPRODUCT counts every non-number entry as 0 (HyperFormula reads text "1" and TRUE as 1).
    callee = 'SSX.SUMPRODUCT';
    p.changed = true;
    printed = args.map((a) => printArg(a, true));
  } else if (['ABS', 'ROUND', 'INT'].includes(upper) && has('arith')) {
    // Why: HyperFormula's number parameters read `""` as 0 and text with its own parser (Excel: #VALUE!).
    printed = args.map((a) => (a === null ? '' : wrap('SSX.NUM', printArg(a))));
  } else if (['SUM', 'AVERAGE', 'MIN', 'MAX', 'COUNT'].includes(upper) && has('aggregate')) {
    const fn = upper === 'COUNT' ? 'SSX.COUNTARG' : 'SSX.NUMARG';
    if (upper === 'MIN' || upper === 'MAX') {
      // Why: printed from the tree, `MIN((A1))` loses its parentheses; HyperFormula would read `(A1)` as a
      // value (text #VALUE!, TRUE 1) where Excel keeps it a reference (text and booleans ignored).
      p.changed = true;
    }
    if (upper === 'COUNT') {
      // Why: HyperFormula's COUNT counts direct TRUE and skips every error, also the oracle's undetermined.
      callee = 'SSX.COUNT';
      p.changed = true;
    }
    if (upper === 'SUM' || upper === 'AVERAGE') {
      // Why: HyperFormula sums each range apart and snaps near-zero sums to 0; the order Excel adds in is
      // not documented, so SSX.SUM/SSX.AVERAGE compute both orders and call a difference undetermined.
      callee = `SSX.${upper}`;
      p.changed = true;
    }
    printed = args.map((a) =>
      upper !== 'COUNT' && !p.array && yieldsDirectText(a) ? wrap(fn, printArg(a)) : printArg(a),
    );
  } else if (upper === 'VLOOKUP' && has('lookup') && args.length === 4 && isExactFlag(args[3])) {
    callee = 'SSX.VLOOKUP';
    p.changed = true;
    printed = args.slice(0, 3).map((a) => printArg(a));
  } else {
    printed = args.map((a) => printArg(a));
  }
  return `${callee}(${printed.join(',')})`;
}

/** A direct aggregate argument that can be text (a text literal, `&`, a text function), never an array. */
function yieldsDirectText(a: Node): boolean {
  if (a === null) return false;
  // Why: `+A1` is a value, not a reference (`MAX(+A1)` with A1 "5" reads the text the way `+` does).
  if (a.type === 'UnaryExpression' && a.operator === '+')
    return a.arguments[0]?.type !== 'Literal' || yieldsDirectText(a.arguments[0]);
  if (a.type === 'Literal') return typeof a.value === 'string';
  if (a.type === 'BinaryExpression') return a.operator === '&';
  if (a.type === 'CallExpression') {
    return SCALAR_TEXT_CALLS.has(
      String(a.callee.name)
        .toUpperCase()
        .replace(/^_XL(FN|WS)\./, ''),
    );
  }
  return false;
}

/** VLOOKUP's range_lookup written as FALSE or 0: exact match. */
function isExactFlag(a: Node): boolean {
  return a !== null && a.type === 'Literal' && (a.value === false || a.value === 0);
}

/**
 * The formula text to give HyperFormula (without `=`). Returns the input unchanged when nothing applies or
 * the formula cannot be printed safely.
 */
export function rewriteFormula(formula: string, options: RewriteOptions): string {
  if (options.corrections.size === 0 && !options.hoist) return formula;
  if (!mayNeedRewrite(formula, options.hoist !== undefined, options.corrections)) return formula;
  const tree = parseTree(formula);
  if (tree === undefined) return formula;
  const p: Printer = { formula, options, unknown: false, changed: false, array: options.array };
  const out = print(p, tree);
  if (p.unknown || !p.changed) return formula;
  return out;
}

/** Every hoistable aggregate call in a formula, printed (for counting repeats before hoisting). */
export function aggregateCalls(formula: string, corrections: ReadonlySet<CorrectionName>): string[] {
  if (!/\(/.test(formula)) return [];
  const found: string[] = [];
  const options: RewriteOptions = {
    corrections,
    hoist: (call) => {
      found.push(call.text);
      return undefined;
    },
  };
  const tree = parseTree(formula);
  if (tree === undefined) return [];
  print({ formula, options, unknown: false, changed: false }, tree);
  return found;
}
