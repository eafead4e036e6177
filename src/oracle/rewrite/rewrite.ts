/**
 * Rewrites a workbook formula (A1 text, no leading `=`) into the text fed to HyperFormula. Three jobs:
 *
 * - corrections (see corrections.ts): `a&b` → `SSX.CONCAT2(a,b)`, `ROUND(` → `SSX.ROUND(`,
 *   `CONCATENATE(` → `SSX.CONCATENATE(`; and those of the supported set (see ../excel/functions/):
 *   `a+b` → `SSX.ADD(a,b)` (and `- * / ^`, unary `-`, `%`), `LEN(` → `SSX.LEN(` (and LEFT, RIGHT, MID, UPPER,
 *   LOWER, TRIM), `IF(c,` → `IF(SSX.COND(c),`, `AND(` → `SSX.AND(`, `SUMPRODUCT(` → `SSX.SUMPRODUCT(`,
 *   `SUM("2",` → `SUM(SSX.NUMARG("2"),`, `VLOOKUP(k,t,c,FALSE)` → `SSX.VLOOKUP(k,t,c)`;
 * - syntax HyperFormula does not read (correction `syntax`): number literals with an upper-case exponent
 *   (`1E+21` is a parse error in HyperFormula 3.5; written `1e+21`), and the `_xlfn.`/`_xlws.` prefixes Excel
 *   saves before functions newer than Excel 2007 (`_xlfn.CONCAT(`, `_xlfn.DAYS(`: #NAME? in HyperFormula);
 * - hoisting (see hyperformula.ts): a row-invariant aggregate call is replaced by a reference to a helper
 *   cell that computes it once.
 *
 * - structured references (`Table1[@Qty]`, `Table1[Amount]`, ...): HyperFormula has none, so before anything
 *   else each is replaced by its A1 twin from the tables' ranges (`tableRefsToA1`, through the one pure
 *   translation in src/workbook/formula/structured.ts); a reference with no twin stays as written (#NAME?).
 *
 * The formula is parsed into our own tree (src/workbook/formula, `parseFormula`) and printed back from it,
 * fully parenthesised, only when one of these applies; otherwise the text is left exactly as written. Leaves
 * are printed as their source slices (the nodes' spans), so references, numbers and strings keep their exact
 * spelling; so are function names (`_xlfn.` prefix and case as written). A tree with a node kind the printer
 * does not know (LET, LAMBDA, spills, intersections, ...) is left as written, corrections off for that formula.
 */
import {
  AS_SAVED_PARSE_LIMITS,
  type CallNode,
  type Node,
  type PreparedTwin,
  parseFormula,
  prepareA1Twin,
  someNode,
  tableBoxes,
} from '../../workbook/formula/index.js';
import { VOLATILE_FUNCTIONS } from '../../workbook/volatile.js';
import type { CellModel, SheetModel, WorkbookModel } from '../../workbook/index.js';
import { isNumberCode } from '../excel/excel-text.js';
import { isDateCode } from '../excel/excel-text-dates.js';
import {
  CORRECTED_CALLS,
  CORRECTED_OPERATORS,
  CORRECTIONS,
  type CallCorrection,
  type CorrectionName,
} from '../excel/registry.js';

/** Functions whose text correction (`text`) applies: their value is text. */
const TEXT_FUNCTIONS = Object.keys(CORRECTED_CALLS).filter((name) =>
  CORRECTED_CALLS[name].some((c) => c.correction === 'text'),
);

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
export const POSITIONAL = new Set([
  ...VOLATILE_FUNCTIONS,
  'ROW',
  'ROWS',
  'COLUMN',
  'COLUMNS',
  'CELL',
  'INFO',
  'FORMULATEXT',
  'ISFORMULA',
  'SHEET',
  'SHEETS',
]);

/**
 * The formula's tree, or undefined when it does not parse or holds a form HyperFormula reads in no spelling:
 * a defined name of another workbook (`[1]!Rate`), a deleted reference (`Sheet1!#REF!`). Those formulas are
 * left as written (their cells are errors in HyperFormula either way).
 */
function parseTree(body: string): Node | undefined {
  const tree = parseFormula(body, AS_SAVED_PARSE_LIMITS).ast;
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

/** Does the formula need printing at all? A cheap pre-check on the text (CORRECTIONS' `precheck`). */
function mayNeedRewrite(
  formula: string,
  hoisting: boolean,
  corrections: ReadonlySet<CorrectionName>,
): boolean {
  if (hoisting) return true;
  for (const c of corrections) {
    const { precheck }: { note: string; precheck?: RegExp } = CORRECTIONS[c];
    if (precheck === undefined || precheck.test(formula)) return true;
  }
  return false;
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
  const corrected = CORRECTED_OPERATORS[op === '%' ? op : `unary ${op}`];
  if (corrected !== undefined && p.options.corrections.has(corrected.correction)) {
    p.changed = true;
    return `${corrected.to}(${arg})`;
  }
  if (op === '%') return `(${arg}%)`;
  if (op === '+' || op === '-') return `(${op}${arg})`;
  return unread(p, n); // `@`: leave the formula as written
}

function printBinary(p: Printer, n: Node & { kind: 'binary' }, qualify?: string): string {
  const { left: l, right: r, op } = n;
  const corrected = CORRECTED_OPERATORS[op];
  if (corrected !== undefined && p.options.corrections.has(corrected.correction)) {
    p.changed = true;
    return `${corrected.to}(${print(p, l, qualify)},${print(p, r, qualify)})`;
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
  let callee = writtenName(p.body, n);
  if (/^_xl(fn|ws)\./i.test(callee) && p.options.corrections.has('syntax')) {
    callee = callee.replace(/^_xl(fn|ws)\./i, '');
    p.changed = true;
  }
  const active = (CORRECTED_CALLS[callee.toUpperCase()] ?? []).filter(
    (c) => p.options.corrections.has(c.correction) && routeApplies(c, n),
  );
  for (const c of active) {
    if (c.to === undefined) continue;
    callee = c.to;
    p.changed = true;
  }
  return `${callee}(${printArgs(
    p,
    n,
    qualify,
    active.find((c) => c.args !== undefined),
  ).join(',')})`;
}

/**
 * A condition route needs its condition written; the exact-match route needs its mode FALSE or 0; the
 * approximate route its mode TRUE/1 or omitted; the format-code route a literal `@`, number code (isNumberCode)
 * or date/time code (isDateCode) the oracle reads, or a code that is not a literal.
 */
function routeApplies(c: CallCorrection, n: CallNode): boolean {
  if (c.args === 'condition') return n.args.length > 0 && n.args[0].kind !== 'missing';
  if (c.args === 'exact-match') {
    const at = c.flagAt ?? 3;
    return n.args.length === at + 1 && isExactFlag(n.args[at]!);
  }
  if (c.args === 'approx-match') {
    const at = c.flagAt ?? 3;
    return n.args.length === at || (n.args.length === at + 1 && isApproxFlag(n.args[at]!));
  }
  if (c.args === 'mode-value') {
    const at = c.flagAt ?? 3;
    const mode = n.args[at];
    if (n.args.length !== at + 1) return false;
    return !LITERAL_KINDS.has(mode!.kind) && !isSignedNumber(mode!) && functionBoolean(mode!) === undefined;
  }
  if (c.args === 'format-code') {
    const code = n.args[1];
    if (n.args.length !== 2 || code.kind === 'missing') return false;
    // Why: a code read from a cell is checked when evaluated (SSX.TEXT: its own codes, else undetermined).
    if (code.kind !== 'string') return true;
    return code.value === '@' || isNumberCode(code.value) || isDateCode(code.value);
  }
  return true;
}

/**
 * A reference argument written in parentheses (`COUNTA((C1))`): Excel reads it as the reference it is
 * ([MS-XLS] 2.2.2.4 PtgParen; poi 61063.xlsx Tabelle1!A4 `RANK(A1,(B1,B2,B3),1)` saved 2), HyperFormula as a
 * value (`COUNTA((C1))` of a blank 1); printed from the tree, the parentheses are gone.
 */
function parenthesisedReference(body: string, call: CallNode, arg: Node): boolean {
  const reference =
    arg.kind === 'cell' ||
    arg.kind === 'range' ||
    arg.kind === 'name' ||
    arg.kind === 'structured' ||
    (arg.kind === 'binary' && arg.op === ':');
  if (!reference) return false;
  let at = arg.span.start - 1;
  while (at > call.span.start && /\s/.test(body[at]!)) at--;
  return body[at] === '(' && at !== body.indexOf('(', call.span.start);
}

/** A call's arguments, printed as its argument route (if any) says. */
function printArgs(p: Printer, n: CallNode, qualify: string | undefined, route?: CallCorrection): string[] {
  if (p.options.corrections.has('syntax') && n.args.some((a) => parenthesisedReference(p.body, n, a)))
    p.changed = true;
  const printArg = (a: Node, array = p.array) => {
    const saved = p.array;
    p.array = array;
    const text = print(p, a, qualify);
    p.array = saved;
    return text;
  };
  const wrap = (a: Node) => {
    p.changed = true;
    return `${route?.wrap}(${printArg(a)})`;
  };
  const unsure = (a: Node) => {
    p.changed = true;
    return `SSX.PICKED(${printArg(a)})`;
  };
  switch (route?.args) {
    case 'number':
      return n.args.map((a) => (a.kind === 'missing' ? '' : wrap(a)));
    case 'condition':
      return n.args.map((a, i) => (i === 0 ? wrap(a) : printArg(a)));
    case 'array':
      return n.args.map((a) => printArg(a, true));
    case 'direct-text':
      p.changed = true; // reprinted even with no text argument: `MIN((A1))` loses its parentheses
      return n.args.map((a) =>
        p.array
          ? printArg(a)
          : yieldsDirectText(p.body, a)
            ? wrap(a)
            : picksValue(p.body, a)
              ? unsure(a)
              : printArg(a),
      );
    case 'exact-match':
      return n.args.slice(0, route.flagAt ?? 3).map((a) => printArg(a));
    case 'approx-match':
    case 'mode-value':
      return n.args.map((a) => printArg(a));
    case 'format-code':
    case undefined:
      return n.args.map((a) => printArg(a));
  }
}

/**
 * A direct aggregate argument that picks one of its arguments' values (SWITCH, XLOOKUP): whether the
 * aggregate reads a text or blank it picks as a written value (a number, 0) or as a cell's (ignored) is not
 * established (fuzz: MAX of SWITCH(…, D1) with D1 "9007199254740993"; AVERAGE(A1:B1, XLOOKUP(…, A1)) with
 * A1 blank), so a text or blank it gives is undetermined (SSX.PICKED).
 */
function picksValue(body: string, a: Node): boolean {
  return (
    a.kind === 'call' &&
    PICKING_CALLS.has(
      writtenName(body, a)
        .toUpperCase()
        .replace(/^_XL(FN|WS)\./, ''),
    )
  );
}
const PICKING_CALLS = new Set(['SWITCH', 'XLOOKUP']);

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

/** A lookup's mode written as TRUE or a non-zero number (`-1` for MATCH): approximate match. */
/** `TRUE()` / `FALSE()` as LibreOffice writes the constants: the boolean, else undefined. */
function functionBoolean(a: Node): boolean | undefined {
  if (a.kind !== 'call' || a.args.length !== 0) return undefined;
  const name = a.name.toUpperCase();
  return name === 'TRUE' ? true : name === 'FALSE' ? false : undefined;
}

/** Arguments written as values: a mode written so is routed by isExactFlag / isApproxFlag, or left alone. */
const LITERAL_KINDS: ReadonlySet<Node['kind']> = new Set(['number', 'string', 'boolean', 'error', 'missing']);

function isApproxFlag(a: Node): boolean {
  if (functionBoolean(a) !== undefined) return functionBoolean(a) === true;
  if (a.kind === 'boolean') return a.value;
  if (a.kind === 'number') return a.value !== 0;
  return a.kind === 'unary' && a.op === '-' && a.operand.kind === 'number' && a.operand.value !== 0;
}

/** A lookup's mode (VLOOKUP's range_lookup, MATCH's match_type) written as FALSE, FALSE() or 0: exact match. */
function isExactFlag(a: Node): boolean {
  if (functionBoolean(a) !== undefined) return functionBoolean(a) === false;
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

/**
 * The workbook with every structured reference replaced by its A1 twin (only the cells that change are
 * copied). Each distinct formula text is parsed once; a this-row reference is placed at each cell.
 */
export function tableRefsToA1(wb: WorkbookModel): WorkbookModel {
  if (wb.tables.length === 0) return wb;
  const boxes = tableBoxes(wb.tables);
  const prepared = new Map<string, PreparedTwin>();
  const twinOf = (f: string) => {
    let p = prepared.get(f);
    if (p === undefined) {
      p = prepareA1Twin(f, boxes);
      prepared.set(f, p);
    }
    return p;
  };
  const sheets = wb.sheets.map((sheet): SheetModel => {
    let rows: SheetModel['rows'] | undefined;
    for (const [r, line] of sheet.rows) {
      for (const [c, cell] of line) {
        if (cell.formula === undefined || !cell.formula.includes('[')) continue;
        const twin = twinOf(cell.formula)({ sheet: sheet.name, row: r, col: c });
        if (!('text' in twin) || twin.text === cell.formula) continue;
        rows ??= new Map([...sheet.rows].map(([k, v]) => [k, new Map(v)]));
        const copy: CellModel = { ...cell, formula: twin.text };
        rows.get(r)!.set(c, copy);
      }
    }
    return rows ? { ...sheet, rows } : sheet;
  });
  return { ...wb, sheets };
}
