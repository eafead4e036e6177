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
 * The formula is parsed into our own tree (src/workbook/formula, `parseFormula`) and printed back from it,
 * fully parenthesised, only when one of these applies; otherwise the text is left exactly as written. Leaves
 * are printed as their source slices (the nodes' spans), so references, numbers and strings keep their exact
 * spelling; so are function names (`_xlfn.` prefix and case as written). A tree with a node kind the printer
 * does not know (LET, LAMBDA, spills, intersections, ...) is left as written, corrections off for that formula.
 */
import { type CallNode, type Node, parseFormula, someNode } from '../workbook/formula/index.js';
import { CONCAT_FUNCTION, CORRECTED_FUNCTIONS } from './corrections.js';

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

/** Deep enough for any formula fx itself can parse: the oracle rewrites what the workbook holds. */
const PARSE_LIMITS = { maxDepth: 100_000, maxLength: Number.POSITIVE_INFINITY };

/**
 * The formula's tree, or undefined when it does not parse or holds a form HyperFormula reads in no spelling:
 * a defined name of another workbook (`[1]!Rate`), a deleted reference (`Sheet1!#REF!`). Those formulas are
 * left as written (their cells are errors in HyperFormula either way).
 */
function parseTree(body: string): Node | undefined {
  const tree = parseFormula(body, PARSE_LIMITS).ast;
  if (tree === undefined || someNode(tree, (n) => unreadable(body, n))) return undefined;
  return tree;
}

function unreadable(body: string, n: Node): boolean {
  if (n.kind === 'name') return n.workbook !== undefined;
  return n.kind === 'error' && src(body, n).toUpperCase() !== n.value;
}

/** The source text of a node, as written. */
function src(body: string, n: Node): string {
  return body.slice(n.span.start, n.span.end);
}

/**
 * A number literal written with its minus sign (`-2`): the parser splits it into a unary minus over `2`,
 * which the tokenizer had read as one literal; it is printed as written, like any literal.
 */
function isSignedNumber(n: Node): boolean {
  return (
    n.kind === 'unary' &&
    n.op === '-' &&
    n.operand.kind === 'number' &&
    n.operand.span.start === n.span.start + 1 &&
    n.operand.span.end === n.span.end
  );
}

/** A literal as the tokenizer reads it: a number (with its sign), text or a boolean. */
function isLiteral(n: Node): boolean {
  return n.kind === 'number' || n.kind === 'string' || n.kind === 'boolean' || isSignedNumber(n);
}

/** The function name as written, prefix included (`_xlfn.CONCAT`). */
function writtenName(body: string, n: CallNode): string {
  return body.slice(n.span.start, body.indexOf('(', n.span.start));
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
  /** The formula text without its `=`, which the tree's spans index. */
  body: string;
  options: RewriteOptions;
  /** Set when the tree holds a node kind we do not print. */
  unknown: boolean;
  /** Set when printing changed something. */
  changed: boolean;
  /** Inside an array context (array formula, SUMPRODUCT argument): operands may be arrays. */
  array?: boolean;
}

function isHoistable(n: Node, body: string): boolean {
  if (n.kind !== 'call') return false;
  const name = writtenName(body, n).toUpperCase();
  if (!HOISTABLE.has(name)) return false;
  let hasRange = false;
  let ok = true;
  const walk = (m: Node, top: boolean): void => {
    if (!ok || m.kind === 'missing') return;
    if (isLiteral(m)) return;
    switch (m.kind) {
      case 'cell':
      case 'range':
        if (src(body, m).includes(':')) hasRange = true;
        return;
      case 'name':
      case 'structured':
        ok = false; // names and tables: scope unknown here
        return;
      case 'error':
        return;
      case 'call':
        if (POSITIONAL.has(writtenName(body, m).toUpperCase())) ok = false;
        for (const a of m.args) walk(a, false);
        return;
      case 'unary':
      case 'percent':
      case 'binary':
        // Why: outside SUMPRODUCT a computed range argument is implicitly intersected with the formula's row,
        // so its value depends on the cell's position; only SUMPRODUCT evaluates it as an array everywhere.
        if (name !== 'SUMPRODUCT' && top) ok = false;
        if (m.kind === 'binary') {
          if ([':', ' ', ','].includes(m.op)) ok = false;
          walk(m.left, top);
          walk(m.right, top);
        } else walk(m.operand, top);
        return;
      default:
        ok = false;
    }
  };
  for (const a of n.args) walk(a, true);
  return ok && hasRange;
}

function printLiteral(p: Printer, n: Node): string {
  const text = src(p.body, n);
  if (n.kind !== 'string' && n.kind !== 'boolean' && /E/.test(text) && p.options.corrections.has('syntax')) {
    p.changed = true;
    return text.toLowerCase();
  }
  return text;
}

function print(p: Printer, n: Node, qualify?: string): string {
  if (isLiteral(n)) return printLiteral(p, n);
  switch (n.kind) {
    case 'cell':
    case 'range':
    case 'name':
    case 'structured':
      return printReference(p, n, qualify);
    case 'error':
    case 'array':
      return src(p.body, n);
    case 'missing':
      return '';
    case 'unary':
    case 'percent':
      return printPrefixOrPercent(p, n, qualify);
    case 'binary':
      return printBinary(p, n, qualify);
    case 'call':
      return printHoistedOrCall(p, n, qualify);
    default:
      return unread(p, n);
  }
}

/** A node the rewriter does not print: the formula is left as written (corrections off for it). */
function unread(p: Printer, n: Node): string {
  p.unknown = true;
  return src(p.body, n);
}

/** A reference as written; qualified by `qualify` (a helper cell's formula on another sheet) when bare. */
function printReference(p: Printer, n: Node, qualify?: string): string {
  const text = src(p.body, n);
  return qualify !== undefined && !text.includes('!') ? `${quoteSheet(qualify)}!${text}` : text;
}

function printPrefixOrPercent(p: Printer, n: Node & { kind: 'unary' | 'percent' }, qualify?: string): string {
  const arg = print(p, n.operand, qualify);
  const op = n.kind === 'percent' ? '%' : n.op;
  if (p.options.corrections.has('arith') && (op === '%' || op === '-')) {
    p.changed = true;
    return `${op === '%' ? 'SSX.PCT' : 'SSX.NEG'}(${arg})`;
  }
  if (op === '%') return `(${arg}%)`;
  if (op === '+' || op === '-') return `(${op}${arg})`;
  return unread(p, n); // `@`: leave the formula as written
}

function printBinary(p: Printer, n: Node & { kind: 'binary' }, qualify?: string): string {
  const { left: l, right: r, op } = n;
  if (op === '&' && p.options.corrections.has('concat')) {
    p.changed = true;
    return `${CONCAT_FUNCTION}(${print(p, l, qualify)},${print(p, r, qualify)})`;
  }
  const arith = ARITH[op];
  if (arith !== undefined && p.options.corrections.has('arith')) {
    p.changed = true;
    return `${arith}(${print(p, l, qualify)},${print(p, r, qualify)})`;
  }
  const compare = COMPARE[op];
  if (compare !== undefined && p.options.corrections.has('compare')) {
    p.changed = true;
    return `${compare}(${print(p, l, qualify)},${print(p, r, qualify)})`;
  }
  // Range, intersection and union operators bind references: no parentheses around them.
  if (op === ':') return `${print(p, l, qualify)}:${print(p, r, qualify)}`;
  if (op === ' ' || op === ',') return unread(p, n);
  return `(${print(p, l, qualify)}${op}${print(p, r, qualify)})`;
}

function printHoistedOrCall(p: Printer, n: CallNode, qualify?: string): string {
  if (p.options.hoist && qualify === undefined && isHoistable(n, p.body)) {
    const sub: Printer = {
      body: p.body,
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

function printCall(p: Printer, n: CallNode, qualify: string | undefined): string {
  let name = writtenName(p.body, n);
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
  const args = n.args;
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
  } else if (
    (upper === 'IF' || upper === 'NOT') &&
    has('logic') &&
    args.length > 0 &&
    args[0].kind !== 'missing'
  ) {
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
    printed = args.map((a) => (a.kind === 'missing' ? '' : wrap('SSX.NUM', printArg(a))));
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
      upper !== 'COUNT' && !p.array && yieldsDirectText(p.body, a) ? wrap(fn, printArg(a)) : printArg(a),
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
function yieldsDirectText(body: string, a: Node): boolean {
  // Why: `+A1` is a value, not a reference (`MAX(+A1)` with A1 "5" reads the text the way `+` does).
  if (a.kind === 'unary' && a.op === '+') return !isLiteral(a.operand) || yieldsDirectText(body, a.operand);
  if (isLiteral(a)) return a.kind === 'string';
  if (a.kind === 'binary') return a.op === '&';
  if (a.kind === 'call') {
    return SCALAR_TEXT_CALLS.has(
      writtenName(body, a)
        .toUpperCase()
        .replace(/^_XL(FN|WS)\./, ''),
    );
  }
  return false;
}

/** VLOOKUP's range_lookup written as FALSE or 0: exact match. */
function isExactFlag(a: Node): boolean {
  if (a.kind === 'boolean') return a.value === false;
  if (a.kind === 'number') return a.value === 0;
  return isSignedNumber(a) && a.kind === 'unary' && a.operand.kind === 'number' && a.operand.value === 0;
}

/**
 * The formula text to give HyperFormula (without `=`). Returns the input unchanged when nothing applies or
 * the formula cannot be printed safely.
 */
export function rewriteFormula(formula: string, options: RewriteOptions): string {
  if (options.corrections.size === 0 && !options.hoist) return formula;
  if (!mayNeedRewrite(formula, options.hoist !== undefined, options.corrections)) return formula;
  const body = bodyOf(formula);
  const tree = parseTree(body);
  if (tree === undefined) return formula;
  const p: Printer = { body, options, unknown: false, changed: false, array: options.array };
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
  const body = bodyOf(formula);
  const tree = parseTree(body);
  if (tree === undefined) return [];
  print({ body, options, unknown: false, changed: false }, tree);
  return found;
}

/** The formula without a leading `=`, as the parser reads it. */
function bodyOf(formula: string): string {
  return formula.startsWith('=') ? formula.slice(1) : formula;
}
