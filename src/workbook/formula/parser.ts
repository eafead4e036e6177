/**
 * The formula front end: Excel formula text → the one AST of ast.ts, with coded diagnostics.
 *
 * @borgar/fx does the tokenizing and the Pratt parse; this file is the adapter that guards it and maps its
 * tree onto our kinds. Nothing outside src/workbook/formula sees fx.
 *
 * Grammar (Excel's, as fx implements it and this adapter corrects it), lowest binding first:
 *
 *   formula    := '='? expr
 *   expr       := expr cmp expr            cmp ∈ = <> < <= > >=        (left-assoc)
 *               | expr '&' expr
 *               | expr ('+' | '-') expr
 *               | expr ('*' | '/') expr
 *               | expr '^' expr                                       (left-assoc: 2^3^2 = 64)
 *               | expr '%'                                            (postfix percent)
 *               | ('-' | '+' | '@') expr                              (binds tighter than ^: -2^2 = 4)
 *               | expr ',' expr                                       (union, only inside parentheses)
 *               | expr ' ' expr                                       (intersection)
 *               | expr ':' expr                                       (range operator, references only)
 *               | primary
 *   primary    := number | string | TRUE | FALSE | error | reference | name | structured
 *               | NAME '(' args ')' | '(' expr ')' | '{' row (';' row)* '}'
 *   args       := (expr | ε) (',' (expr | ε))*                       (ε is an omitted argument → missing)
 *
 * Corrections over fx, each with a test:
 * - fx merges a minus into the number after it (`-2` is one token); we split it back into unary minus so
 *   `-2^2` and `-A1^2` have the same shape. In array constants the minus stays part of the number.
 * - fx gives `:`, space and `,` the same binding power; Excel ranks them `:` > space > `,`, so a mixed chain
 *   written without parentheses is re-associated here (`A1,B1 C1` is `A1,(B1 C1)`).
 * - fx's span of `A1#` covers only the `#`; ours covers the whole expression.
 * - fx recurses once per nesting level and overflows the stack on deep input, so nesting depth is bounded by
 *   a linear pre-scan before fx is called.
 *
 * Spans are UTF-16 offsets into the text after the optional leading `=`. A parenthesised expression's
 * span covers its content, not its parentheses (fx does not keep them).
 */

import type { AstExpression, Token } from '@borgar/fx/xlsx';
import { parse as fxParse, parseA1Ref, parseStructRef, tokenize } from '@borgar/fx/xlsx';
import type { BinaryOp, ExcelErrorCode, Node, RangeEnd, RefScope, Span } from './ast.js';
import { ERROR_CODES } from './ast.js';
import type { Diagnostic, FormulaDiagnosticCode } from './diagnostics.js';
import { formulaDiagnostic } from './diagnostics.js';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH } from './limits.js';

export { DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH };

export interface ParseOptions {
  /** Deepest nesting of parentheses, braces and runs of prefix operators; default 100. */
  maxDepth?: number;
  /** Longest formula text accepted (without the `=`); default 8192. */
  maxLength?: number;
}

/** `ast` is present exactly when no diagnostic has severity `error`. */
export interface ParseResult {
  ast?: Node;
  diagnostics: Diagnostic[];
}

/** Binding powers of the infix operators in Excel (higher binds tighter); the printer uses the same table. */
export const BINARY_PRECEDENCE: Readonly<Record<BinaryOp, number>> = {
  '=': 1,
  '<>': 1,
  '<': 1,
  '<=': 1,
  '>': 1,
  '>=': 1,
  '&': 2,
  '+': 3,
  '-': 3,
  '*': 4,
  '/': 4,
  '^': 5,
  ',': 8,
  ' ': 9,
  ':': 10,
};
/** Postfix `%` binds tighter than `^`, prefix `-`/`+`/`@` tighter still; reference operators tightest. */
export const PERCENT_PRECEDENCE = 6;
export const UNARY_PRECEDENCE = 7;

const EXTERNAL_QUOTED_NAME = /^\[([^\]]+)\]!'((?:[^']|'')*)'$/;
const REF_OPS = new Set<string>([':', ' ', ',']);
const FX_PREFIX_RE = /^(_xlfn\._xlws\.|_xlfn\.|_xlws\.)/i;

/**
 * Parse one Excel formula. Never throws on user input: problems come back as coded diagnostics with spans.
 */
export function parseFormula(text: string, options: ParseOptions = {}): ParseResult {
  const src = typeof text === 'string' ? text : String(text ?? '');
  const body = src.startsWith('=') ? src.slice(1) : src;
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;

  if (body.trim() === '') return fail('FORMULA_EMPTY', { start: 0, end: body.length });
  if (body.length > maxLength) {
    return fail(
      'FORMULA_TOO_LONG',
      { start: maxLength, end: body.length },
      { length: body.length, limit: maxLength },
    );
  }
  const deepAt = tooDeepAt(body, maxDepth);
  if (deepAt !== undefined) {
    return fail('FORMULA_TOO_DEEP', { start: deepAt, end: deepAt + 1 }, { limit: maxDepth, offset: deepAt });
  }

  const tokens = repairTokens(tokenize(body, { withLocation: true }), body);
  for (const t of tokens) {
    const [start, end] = t.loc ?? [0, body.length];
    if (t.unterminated) return fail('UNTERMINATED_STRING', { start, end: body.length }, { offset: start });
    // Why: fx tokenizes a leading `=` of `==1` as a formula prefix and its parser skips it; Excel rejects it.
    if (t.type === 'unknown' || t.type === 'fx_prefix') {
      return fail('UNEXPECTED_TOKEN', { start, end }, { token: JSON.stringify(t.value), offset: start });
    }
  }

  let tree: AstExpression;
  try {
    // Why the trailing blank: fx reports the offset just past the token it stopped at, which is the same
    // for "the last token is wrong" and "the formula ended too soon"; the sentinel tells them apart.
    tree = fxParse([...tokens, { type: 'whitespace', value: ' ', loc: [body.length, body.length] }]);
  } catch (e) {
    return { diagnostics: [fxErrorDiagnostic(e, tokens, body)] };
  }
  try {
    return { ast: new Adapter(body).convert(tree, false), diagnostics: [] };
  } catch (e) {
    // A long operator chain under a raised maxLength can still exhaust the stack in our recursion.
    if (e instanceof RangeError)
      return fail('FORMULA_TOO_DEEP', { start: 0, end: body.length }, { limit: maxDepth });
    throw e;
  }
}

function fail(code: FormulaDiagnosticCode, span: Span, data: Record<string, unknown> = {}): ParseResult {
  return { diagnostics: [formulaDiagnostic(code, span, data)] };
}

/**
 * Linear pre-scan: the offset where nesting first exceeds `maxDepth`, or undefined. Counts `(` (which
 * includes every function call) and `{`, and runs of prefix operators (`----1`), each of which costs fx a
 * recursion level. Skips string literals, quoted sheet names and bracketed parts (`Table1[Amount (USD)]`).
 */
export function tooDeepAt(body: string, maxDepth: number): number | undefined {
  let depth = 0;
  let signRun = 0;
  let i = 0;
  const n = body.length;
  while (i < n) {
    const c = body[i];
    if (c === '"' || c === "'") {
      // String or quoted sheet name; the quote is escaped by doubling it.
      i++;
      while (i < n) {
        if (body[i] === c) {
          if (body[i + 1] === c) i += 2;
          else break;
        } else i++;
      }
      i++;
      signRun = 0;
      continue;
    }
    if (c === '[') {
      // Bracketed workbook index or structured reference; `'` escapes the next character inside.
      let level = 0;
      while (i < n) {
        const d = body[i];
        if (d === "'") i++;
        else if (d === '[') level++;
        else if (d === ']' && --level === 0) break;
        i++;
      }
      i++;
      signRun = 0;
      continue;
    }
    if (c === '(' || c === '{') {
      depth++;
      if (depth > maxDepth) return i;
    } else if (c === ')' || c === '}') {
      if (depth > 0) depth--;
    }
    if (c === '-' || c === '+' || c === '@') {
      signRun++;
      if (signRun > maxDepth) return i;
    } else if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== '(') {
      signRun = 0;
    }
    i++;
  }
  return undefined;
}

/**
 * Mend two token sequences fx's tokenizer does not merge, both common in real files:
 * - `Sheet1!#REF!` (a reference whose target was deleted) → one `#REF!` error token spanning the prefix;
 * - `[1]!'Name,with comma'` (an external defined name, quoted) → one name token;
 * - `[1]!MyUdf(` (a function from another workbook) → one function token (it becomes an `other` node).
 */
function repairTokens(tokens: Token[], body: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const bang = tokens[i + 1];
    if ((t.type === 'context' || t.type === 'context_quote') && bang?.value === '!' && t.loc && bang.loc) {
      const next = tokens[i + 2];
      if (next?.type === 'error' && next.value.toUpperCase() === '#REF!' && next.loc) {
        out.push({ type: 'error', value: '#REF!', loc: [t.loc[0], next.loc[1]] });
        i += 2;
        continue;
      }
      if (next?.type === 'func' && next.loc) {
        // `[1]!MyUdf(...)`: a function defined in another workbook.
        out.push({ type: 'func', value: body.slice(t.loc[0], next.loc[1]), loc: [t.loc[0], next.loc[1]] });
        i += 2;
        continue;
      }
      const q = bang.loc[1];
      if (body[q] === "'") {
        const close = closingQuote(body, q);
        const j = tokens.findIndex((u, k) => k > i && u.loc?.[1] === close + 1);
        if (close > q && j > i) {
          out.push({
            type: 'range_named',
            value: body.slice(t.loc[0], close + 1),
            loc: [t.loc[0], close + 1],
          });
          i = j;
          continue;
        }
      }
    }
    out.push(t);
  }
  return out;
}

/** Offset of the quote closing the `'...'` that opens at `open` (`''` escapes a quote), or -1. */
function closingQuote(body: string, open: number): number {
  for (let i = open + 1; i < body.length; i++) {
    if (body[i] === "'") {
      if (body[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

interface FxError {
  message?: unknown;
  sourceOffset?: unknown;
}

/**
 * Turn fx's thrown error into a diagnostic. fx reports `sourceOffset`, the end of the last token it
 * consumed. An `Expected X but got Y` comes before fx moves on, so that token is the culprit; every other
 * halt happens after fx has already read one token further, so the culprit is the token before.
 */
function fxErrorDiagnostic(e: unknown, tokens: Token[], body: string): Diagnostic {
  const err = (e ?? {}) as FxError;
  const detail = typeof err.message === 'string' ? err.message : String(e);
  if (typeof err.sourceOffset !== 'number') return formulaDiagnostic('PARSE_ERROR', undefined, { detail });
  const off = err.sourceOffset;
  const end = body.length;
  // Non-blank tokens plus the end of input (the sentinel blank, which ends at length + 1).
  // fx counts offsets in token text lengths, which differ from source offsets after repairTokens.
  const solid: { start: number; end: number; value: string; cum: number }[] = [];
  let cum = 0;
  for (const t of tokens) {
    cum += t.value.length;
    if (t.type !== 'whitespace' && t.type !== 'newline' && t.loc) {
      solid.push({ start: t.loc[0], end: t.loc[1], value: t.value, cum });
    }
  }
  const total = cum;
  solid.push({ start: end, end: end + 1, value: '', cum: total + 1 });
  let i = solid.findIndex((t) => off <= t.cum);
  if (i < 0) i = solid.length - 1;
  if (!detail.startsWith('Expected')) i = Math.max(0, i - 1);
  // `Invalid syntax` at the very end: fx stopped at the end of input, unless the last token is one
  // that can never start an operand (`1+)` is an unexpected `)`, `1+` is an unexpected end).
  if (off > total && !detail.startsWith('Expected')) {
    const last = solid[solid.length - 2];
    i =
      last && [')', '}', ',', ';'].includes(last.value) && detail === 'Invalid syntax'
        ? solid.length - 2
        : -1;
  }
  const tok = i >= 0 ? solid[i] : undefined;
  if (!tok || tok.value === '' || detail.includes('got (END)')) {
    return formulaDiagnostic('UNEXPECTED_END', { start: end, end }, { offset: end, detail });
  }
  return formulaDiagnostic(
    'UNEXPECTED_TOKEN',
    { start: tok.start, end: tok.end },
    { token: JSON.stringify(tok.value), offset: tok.start, detail },
  );
}

// fx's node shapes, as far as the adapter reads them (its published types are looser than its output).
interface FxNode {
  type: string;
  loc?: number[] | null;
  value?: unknown;
  raw?: string;
  kind?: string;
  operator?: string;
  arguments?: (FxNode | null)[];
  callee?: FxNode & { name?: string };
  name?: string;
  elements?: FxNode[][];
}

function scopeOf(workbookName?: string, sheetName?: string): RefScope {
  const scope: RefScope = {};
  if (workbookName) scope.workbook = workbookName;
  if (sheetName) scope.sheet = sheetName;
  return scope;
}

/** One conversion of one fx tree; holds the source text to read spans and parentheses from. */
class Adapter {
  constructor(private readonly body: string) {}

  private span(n: FxNode): Span {
    const loc = n.loc ?? [0, this.body.length];
    return { start: loc[0], end: loc[1] };
  }

  private other(what: string, span: Span): Node {
    return { kind: 'other', what, span, text: this.body.slice(span.start, span.end) };
  }

  convert(n: FxNode, inArray: boolean): Node {
    const span = this.span(n);
    switch (n.type) {
      case 'Literal':
        return this.literal(n, span, inArray);
      case 'ErrorLiteral': {
        const v = String(n.value).toUpperCase();
        return (ERROR_CODES as readonly string[]).includes(v)
          ? { kind: 'error', value: v as ExcelErrorCode, span }
          : this.other('error', span);
      }
      case 'ReferenceIdentifier':
        return this.reference(String(n.value), n.kind ?? '', span);
      case 'UnaryExpression':
        return this.unary(n, span);
      case 'BinaryExpression':
        return this.binary(n);
      case 'CallExpression':
        return this.call(n, span);
      case 'ArrayExpression':
        return {
          kind: 'array',
          rows: (n.elements ?? []).map((row) => row.map((el) => this.convert(el, true))),
          span,
        };
      case 'LambdaExpression':
        return this.other('LAMBDA', span);
      case 'LetExpression':
        return this.other('LET', span);
      default:
        return this.other(n.type, span);
    }
  }

  private literal(n: FxNode, span: Span, inArray: boolean): Node {
    const v = n.value;
    if (typeof v === 'number') {
      // Why: fx merges `-` into the number (`-2`); Excel parses a unary minus (`=-2^2` is 4). Arrays keep -1.
      if (!inArray && n.raw?.startsWith('-')) {
        return {
          kind: 'unary',
          op: '-',
          operand: { kind: 'number', value: -v, span: { start: span.start + 1, end: span.end } },
          span,
        };
      }
      return { kind: 'number', value: v, span };
    }
    if (typeof v === 'boolean') return { kind: 'boolean', value: v, span };
    return { kind: 'string', value: String(v), span };
  }

  private reference(value: string, kind: string, span: Span): Node {
    if (kind === 'table') {
      const s = parseStructRef(value);
      if (!s) return this.other('structured', span);
      const node: Node = {
        kind: 'structured',
        text: value,
        columns: s.columns ?? [],
        sections: s.sections ?? [],
        span,
        ...scopeOf(s.workbookName, s.sheetName),
      };
      if (s.table) node.table = s.table;
      return node;
    }
    const ref = parseA1Ref(value, { allowNamed: true, allowTernary: false });
    if (!ref) {
      const ext = EXTERNAL_QUOTED_NAME.exec(value);
      if (ext) return { kind: 'name', name: ext[2].replace(/''/g, "'"), workbook: ext[1], span };
      return kind === 'name' ? { kind: 'name', name: value, span } : this.other('reference', span);
    }
    const scope = scopeOf(ref.workbookName, ref.sheetName);
    if ('name' in ref) return { kind: 'name', name: ref.name, span, ...scope };
    const r = ref.range;
    const tail = value.slice(value.lastIndexOf('!') + 1);
    if (!tail.includes(':') && r.top != null && r.left != null) {
      return {
        kind: 'cell',
        row: r.top,
        col: r.left,
        rowAbs: !!r.$top,
        colAbs: !!r.$left,
        span,
        ...scope,
      };
    }
    const start: RangeEnd = { row: r.top ?? null, col: r.left ?? null, rowAbs: !!r.$top, colAbs: !!r.$left };
    const end: RangeEnd = {
      row: r.bottom ?? null,
      col: r.right ?? null,
      rowAbs: !!r.$bottom,
      colAbs: !!r.$right,
    };
    // Normalise to top-left / bottom-right, each axis on its own, carrying the `$` with the coordinate.
    if (start.row != null && end.row != null && start.row > end.row) {
      [start.row, end.row] = [end.row, start.row];
      [start.rowAbs, end.rowAbs] = [end.rowAbs, start.rowAbs];
    }
    if (start.col != null && end.col != null && start.col > end.col) {
      [start.col, end.col] = [end.col, start.col];
      [start.colAbs, end.colAbs] = [end.colAbs, start.colAbs];
    }
    return { kind: 'range', start, end, span, ...scope };
  }

  private unary(n: FxNode, span: Span): Node {
    const arg = n.arguments?.[0];
    if (!arg) return this.other('unary', span);
    const operand = this.convert(arg, false);
    const op = n.operator;
    if (op === '-' || op === '+' || op === '@') return { kind: 'unary', op, operand, span };
    const whole = { start: operand.span.start, end: Math.max(span.end, operand.span.end) };
    if (op === '%') return { kind: 'percent', operand, span: whole };
    // `A1#` (spilled range): fx's span covers only the `#`.
    return this.other(op === '#' ? 'spill' : `unary ${op}`, whole);
  }

  /** True when the text between two operands shows the left one closed a parenthesis. */
  private leftParenthesised(left: FxNode, right: FxNode): boolean {
    const a = left.loc?.[1];
    const b = right.loc?.[0];
    return a == null || b == null || this.body.slice(a, b).includes(')');
  }

  private binary(n: FxNode): Node {
    const [l, r] = n.arguments ?? [];
    if (!l || !r) return this.other('binary', this.span(n));
    const op = (n.operator?.trim() === '' ? ' ' : n.operator) as BinaryOp;
    if (!REF_OPS.has(op)) {
      // Walk the left spine without recursion: fx builds `1+1+...+1` (thousands long) left-deep.
      const spine: FxNode[] = [];
      let cur: FxNode = n;
      while (cur.type === 'BinaryExpression' && cur.arguments?.[0] && cur.arguments[1]) {
        const curOp = cur.operator?.trim() === '' ? ' ' : (cur.operator ?? '');
        if (REF_OPS.has(curOp)) break;
        spine.push(cur);
        cur = cur.arguments[0];
      }
      let left = this.convert(cur, false);
      for (let k = spine.length - 1; k >= 0; k--) {
        const right = this.convert(spine[k].arguments?.[1] as FxNode, false);
        const bop = spine[k].operator as BinaryOp;
        left = {
          kind: 'binary',
          op: bop,
          left,
          right,
          span: { start: left.span.start, end: right.span.end },
        };
      }
      return left;
    }
    // A chain of reference operators: fx made it left-leaning at one binding power; rebuild it with
    // Excel's ranking `:` > space > `,` (why: `A1,B1 C1` is the union of A1 with B1∩C1).
    const operands: Node[] = [];
    const ops: BinaryOp[] = [];
    this.flattenRefChain(n, operands, ops);
    return reassociate(operands, ops);
  }

  private flattenRefChain(n: FxNode, operands: Node[], ops: BinaryOp[]): void {
    const [l, r] = n.arguments as [FxNode, FxNode];
    const lOp = l.operator?.trim() === '' ? ' ' : l.operator;
    if (l.type === 'BinaryExpression' && lOp && REF_OPS.has(lOp) && !this.leftParenthesised(l, r)) {
      this.flattenRefChain(l, operands, ops);
    } else {
      operands.push(this.convert(l, false));
    }
    ops.push((n.operator?.trim() === '' ? ' ' : n.operator) as BinaryOp);
    operands.push(this.convert(r, false));
  }

  private call(n: FxNode, span: Span): Node {
    const callee = n.callee;
    if (callee?.type !== 'Identifier' || typeof callee.name !== 'string') {
      return this.other('call', span);
    }
    if (callee.name.includes('!')) return this.other('external call', span);
    const m = FX_PREFIX_RE.exec(callee.name);
    const name = (m ? callee.name.slice(m[0].length) : callee.name).toUpperCase();
    // LAMBDA/LET as stored in a file (`_xlfn.LAMBDA(_xlpm.x, ...)`) reach here as plain calls.
    if (name === 'LAMBDA' || name === 'LET') return this.other(name, span);
    const args: Node[] = [];
    // Omitted arguments have no fx node; place each at the offset just after its separator.
    const open = this.body.indexOf('(', callee.loc?.[1] ?? span.start);
    let pos = open < 0 ? span.start : open + 1;
    for (const a of n.arguments ?? []) {
      if (a === null) {
        args.push({ kind: 'missing', span: { start: pos, end: pos } });
        const comma = this.body.indexOf(',', pos);
        pos = comma < 0 ? pos : comma + 1;
        continue;
      }
      const node = this.convert(a, false);
      args.push(node);
      let j = a.loc?.[1] ?? node.span.end;
      while (j < this.body.length && this.body[j] !== ',') {
        const c = this.body[j];
        if (c !== ')' && c.trim() !== '') break;
        j++;
      }
      pos = j + 1;
    }
    const node: Node = { kind: 'call', name, args, span };
    if (m) node.prefix = m[0];
    return node;
  }
}

const REF_RANK: Record<string, number> = { ',': 1, ' ': 2, ':': 3 };

/** Rebuild a flat `a op b op c ...` chain of reference operators with Excel's ranking, left-associative. */
function reassociate(operands: Node[], ops: BinaryOp[]): Node {
  const out: Node[] = [operands[0]];
  const stack: BinaryOp[] = [];
  const reduce = () => {
    const right = out.pop()!;
    const left = out.pop()!;
    const op = stack.pop()!;
    out.push({ kind: 'binary', op, left, right, span: { start: left.span.start, end: right.span.end } });
  };
  for (let i = 0; i < ops.length; i++) {
    while (stack.length > 0 && REF_RANK[stack[stack.length - 1]] >= REF_RANK[ops[i]]) reduce();
    stack.push(ops[i]);
    out.push(operands[i + 1]);
  }
  while (stack.length > 0) reduce();
  return out[0];
}
