/**
 * The lowerer: one walk of a formula's tree that writes its JSONata, node by node. Literals, references and
 * operators are lowered here; a call goes to its function's entry (functions/), which lowers its arguments
 * and calls helpers through the `Lowering` interface this class implements. What each subexpression may be
 * (its kinds and other facts) travels with it as a `Val` (value.ts). A refusal is thrown as `Refused` and
 * caught by the entry, lower.ts.
 */
import {
  assertNever,
  type CallNode,
  type CellNode,
  type Node,
  type RangeNode,
} from '../../workbook/formula/ast.js';
import { structuredItems } from '../../workbook/formula/structured.js';
import { arityOf, type FunctionEntry, functionEntry, VOLATILE_FUNCTIONS } from './functions/index.js';
import { WITHHELD_FUNCTIONS } from './functions/withheld.js';
import { WHOLE_RANGE_READERS } from './whole-ranges.js';
import type { Lowering, RefArray } from './functions/types.js';
import type { RefusalCode } from '../types.js';
import { givesNotEstablished } from './library.js';
import { boundedCompare, type CompareOp, FLIP, JSONATA_OP, r15Bounds } from './compare.js';
import {
  isRefusal,
  type LowerContext,
  type Operand,
  type RangeOperand,
  type Refusal,
  refuse,
  type SubtotalCover,
  type ValueKind,
} from './contract.js';
import {
  inherit,
  kindOfValue,
  literalOf,
  may,
  numberLiteral,
  only,
  paren,
  union,
  type Val,
  withError,
} from './value.js';

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

function fail(code: RefusalCode, detail: string, node: { span: Node['span'] }): never {
  throw new Refused(refuse(code, detail, node.span));
}

/** A number, boolean or null literal in JSONata: never text. */
const NON_TEXT_LITERAL = /^(?:-?[0-9][0-9.eE+-]*|true|false|null)$/;

/**
 * Whether an argument of a helper call may be text: false only when every argument is a literal that is no
 * text or the expression of a handed-over value that cannot be text; undefined (not known) otherwise.
 */
function mayBeText(args: readonly string[], from: readonly Val[]): boolean | undefined {
  if (from.some((v) => may(v.kinds, 'string'))) return true;
  const known = args.every((a) => NON_TEXT_LITERAL.test(a) || from.some((v) => v.expr === a));
  return known ? false : undefined;
}

/** Below this, `x ± L` of a finite x cannot round to ±Infinity (half an ulp of the largest double is 2^970). */
const NO_OVERFLOW_ADDEND = 2 ** 969;

export class Lowerer implements Lowering {
  readonly helpers = new Set<string>();
  /** Helper calls written, each a frame built per row: what the error guard weighs. */
  calls = 0;
  /** The function entries being lowered, innermost last; `undefined` while lowering an argument. */
  private readonly frames: (FunctionEntry | undefined)[] = [];
  constructor(private readonly ctx: LowerContext) {}

  call(name: string, args: string[]): string {
    const entry = this.frames.at(-1);
    if (entry && !entry.helpers.includes(name)) {
      throw new Error(`${entry.name}'s lowering calls $${name}, which its table entry does not declare`);
    }
    this.helpers.add(name);
    this.calls++;
    return `$${name}(${args.join(', ')})`;
  }

  helper(
    name: string,
    args: string[],
    kinds: ValueKind[],
    invariant: boolean,
    from: readonly Val[] = [],
  ): Val {
    const facts = inherit(...from);
    // Why: a helper that may give the not-established value passes it as an error, so its kinds hold one.
    // A helper of no cell value (kinds [], a root's grouped object) is no answer: only its readers may be.
    const ne = facts.ne === true || (kinds.length > 0 && givesNotEstablished(name, mayBeText(args, from)));
    return {
      expr: this.call(name, args),
      kinds: withError(kinds, ne),
      atom: true,
      invariant,
      ...facts,
      ...(ne ? { ne: true } : {}),
    };
  }

  fail(code: RefusalCode, detail: string, node: { span: Node['span'] }): never {
    return fail(code, detail, node);
  }

  sheetRow(ref: CellNode | undefined, at: Node): Val {
    if (!this.ctx.row) {
      return fail(
        'UNSUPPORTED_CONSTRUCT',
        'ROW or ROWS of a reference that moves with the row: this formula has no row',
        at,
      );
    }
    const op = this.operand(this.ctx.row(ref));
    return { expr: op.expr, kinds: [...op.kinds], atom: op.atom ?? true, invariant: false };
  }

  outermost(): boolean {
    // The formula's own `lower` frame, then this call's entry.
    return this.frames.length === 2;
  }

  operand(op: Operand | Refusal): Operand {
    if (isRefusal(op)) throw new Refused(op);
    return op;
  }

  range(node: Node): RangeOperand {
    if (node.kind === 'name' && this.ctx.name) this.operand(this.ctx.name(node)); // a refused name says why
    if (node.kind !== 'range') fail('UNSUPPORTED_RANGE_SHAPE', 'a range argument is expected here', node);
    const r = this.ctx.range(node);
    if (isRefusal(r)) throw new Refused(r);
    if ((r.kind === 'table' || r.kind === 'column') && r.whole) this.wholeReader(r.kind, node);
    return r;
  }

  /** Refuses a whole column or row read by a function that does not read one exactly (whole-ranges.ts). */
  private wholeReader(kind: 'table' | 'column', node: Node): void {
    const fn = this.frames.at(-1)?.name;
    const reads = fn === undefined ? undefined : WHOLE_RANGE_READERS[fn];
    if (reads === 'any' || (reads === 'outside' && kind === 'table')) return;
    const what =
      kind === 'column'
        ? "a whole column of the table (the sheet's column holds its header too)"
        : 'a whole column or row';
    fail(
      'UNSUPPORTED_RANGE_SHAPE',
      `${fn ?? 'this reference'} over ${what}: read up to the used range it may differ from Excel, which reads every row (the blank rows below count for it)`,
      node,
    );
  }

  libraryValue(nameHint: string, value: unknown): string {
    return this.ctx.libraryValue(nameHint, value);
  }

  get date1904(): boolean {
    return this.ctx.date1904 === true;
  }

  constantText(node: Node): string | undefined {
    if (node.kind === 'string') return node.value;
    return node.kind === 'cell' ? this.ctx.constantText?.(node) : undefined;
  }

  subtotalCover(node: CellNode | RangeNode): SubtotalCover {
    return this.ctx.subtotalCover?.(node) ?? 'none';
  }

  lower(node: Node): Val {
    this.frames.push(undefined);
    try {
      return this.node(node);
    } finally {
      this.frames.pop();
    }
  }

  private node(node: Node): Val {
    switch (node.kind) {
      case 'number':
        return {
          expr: numberLiteral(node.value),
          kinds: ['number'],
          atom: true,
          invariant: true,
          int: Number.isInteger(node.value) && node.value < 1e15,
          literal: Number.isFinite(node.value) ? Number(numberLiteral(node.value)) : undefined,
        };
      case 'string':
        return { expr: JSON.stringify(node.value), kinds: ['string'], atom: true, invariant: true };
      case 'boolean':
        return { expr: String(node.value), kinds: ['boolean'], atom: true, invariant: true };
      case 'error':
        return {
          expr: `{"error": ${JSON.stringify(node.value)}}`,
          kinds: ['error'],
          atom: true,
          invariant: true,
        };
      case 'missing':
        return { expr: 'null', kinds: ['blank'], atom: true, invariant: true };
      case 'cell':
      case 'name': {
        if (node.kind === 'name' && !this.ctx.name)
          return fail('DEFINED_NAME', `defined name ${node.name}`, node);
        const op = this.operand(
          node.kind === 'cell' ? this.ctx.cell(node) : (this.ctx.name?.(node) as Operand),
        );
        return {
          expr: op.expr,
          kinds: [...op.kinds],
          atom: op.atom ?? true,
          invariant: false,
          literal: only(op.kinds, ['number']) ? op.literal : undefined,
          ...(operandNE(op) ? { ne: true } : {}),
        };
      }
      case 'range':
        return fail(
          'UNSUPPORTED_RANGE_SHAPE',
          'a range used as a single value (implicit intersection)',
          node,
        );
      case 'structured':
        return fail(
          'STRUCTURED_REFERENCE',
          `structured reference ${node.text} (${structuredItems(node)}): only #This Row, whole columns and the totals row's aggregates of the compiled table are taken`,
          node,
        );
      case 'array':
        return fail('UNSUPPORTED_CONSTRUCT', 'array constant', node);
      case 'other':
        return fail('UNSUPPORTED_CONSTRUCT', node.what, node);
      case 'unary':
        return this.unary(node.op, this.lower(node.operand), node);
      case 'percent': {
        const v = this.lower(node.operand);
        if (only(v.kinds, ['number']))
          return { ...v, expr: `${paren(v)} / 100`, atom: false, literal: undefined };
        return this.helper('xlPercent', [v.expr], ['number', 'error'], v.invariant, [v]);
      }
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.func(node);
      default:
        return assertNever(node, 'node');
    }
  }

  unary(op: '-' | '+' | '@', v: Val, node: Node): Val {
    if (op === '@') fail('UNSUPPORTED_CONSTRUCT', 'implicit intersection operator @', node);
    if (op === '+') return v;
    if (only(v.kinds, ['number'])) {
      // `-5` is still a literal; `-(...)` is not.
      const literal = v.atom && v.literal !== undefined ? -v.literal : undefined;
      return { ...v, expr: `-${paren(v)}`, atom: false, literal };
    }
    return this.helper('xlNeg', [v.expr], ['number', 'error'], v.invariant, [v]);
  }

  binary(node: Extract<Node, { kind: 'binary' }>): Val {
    const { op } = node;
    if (op === ':' || op === ',' || op === ' ') {
      return fail(
        'UNSUPPORTED_CONSTRUCT',
        op === ':' ? 'range operator' : op === ',' ? 'union' : 'intersection',
        node,
      );
    }
    if (op === '&') return this.concat(concatParts(node).map((p) => this.lower(p)));
    const l = this.lower(node.left);
    const r = this.lower(node.right);
    const invariant = l.invariant && r.invariant;
    switch (op) {
      case '+':
      case '-':
      case '*':
        return this.arithmetic(op, l, r, node);
      case '/': {
        const divisor = literalOf(node.right, r);
        if (divisor !== undefined && divisor !== 0 && only(l.kinds, ['number'])) {
          const plain: Val = {
            expr: `${paren(l)} / ${paren(r)}`,
            kinds: ['number'],
            atom: false,
            invariant,
            ...inherit(l, r),
          };
          return Math.abs(divisor) >= 1 ? plain : this.finite(plain);
        }
        return this.helper('xlDiv', [l.expr, r.expr], ['number', 'error'], invariant, [l, r]);
      }
      case '^':
        return this.helper('xlPow', [l.expr, r.expr], ['number', 'error'], invariant, [l, r]);
      case '=':
      case '<>':
      case '<':
      case '<=':
      case '>':
      case '>=':
        return this.compare(op, l, r, node);
      default:
        return assertNever(op, 'operator');
    }
  }

  /** `+ - *`: plain over numbers when a literal rules out overflow, `$xlFin(plain)` over numbers, else a helper. */
  arithmetic(op: '+' | '-' | '*', l: Val, r: Val, node: Extract<Node, { kind: 'binary' }>): Val {
    const invariant = l.invariant && r.invariant;
    const a = literalOf(node.left, l);
    const b = literalOf(node.right, r);
    if (only(l.kinds, ['number']) && only(r.kinds, ['number'])) {
      const plain: Val = {
        expr: `${paren(l)} ${op} ${paren(r)}`,
        kinds: ['number'],
        atom: false,
        invariant,
        ...inherit(l, r),
      };
      // Why: two finite doubles can overflow to Infinity (Excel: #NUM!), which JSONata returns silently and
      // then refuses as an operand (D1001). A literal side small enough makes that impossible.
      const bound = op === '*' ? 1 : NO_OVERFLOW_ADDEND;
      const folded =
        op === '*' ? (a ?? 0) * (b ?? 0) : op === '+' ? (a ?? 0) + (b ?? 0) : (a ?? 0) - (b ?? 0);
      const safe =
        (a !== undefined && b !== undefined && Number.isFinite(folded)) ||
        (a !== undefined && Math.abs(a) <= bound) ||
        (b !== undefined && Math.abs(b) <= bound);
      return safe ? plain : this.finite(plain);
    }
    if (op === '*') {
      // A literal factor of magnitude at most 1 (never an error, so the other side's error is the only
      // one, and `*` commutes exactly): $xlMulBy, which needs no overflow check for a number.
      if (b !== undefined && Math.abs(b) <= 1) {
        return this.helper('xlMulBy', [l.expr, r.expr], ['number', 'error'], invariant, [l, r]);
      }
      if (a !== undefined && Math.abs(a) <= 1) {
        return this.helper('xlMulBy', [r.expr, l.expr], ['number', 'error'], invariant, [l, r]);
      }
    }
    const name = op === '+' ? 'xlAdd' : op === '-' ? 'xlSub' : 'xlMul';
    return this.helper(name, [l.expr, r.expr], ['number', 'error'], invariant, [l, r]);
  }

  finite(v: Val): Val {
    return this.helper('xlFin', [v.expr], ['number', 'error'], v.invariant, [v]);
  }

  /**
   * Comparison. Plain where the kinds allow: numbers against a literal compare with the threshold doubles
   * where Excel's 15-digit rounding of the other side crosses the literal (`qty > 10` is `qty >
   * 10.000000000000048`: 10.00000000000005 and above round to more than 10), other numbers through `$xlR15`,
   * text lower-cased, booleans by `=`/`!=`.
   */
  compare(op: CompareOp, l: Val, r: Val, node: Extract<Node, { kind: 'binary' }>): Val {
    const invariant = l.invariant && r.invariant;
    // Why `cmp` is false whenever the text holds an `and`/`or`, even inside an operand: the text the compiler
    // has always emitted (an operand of `and`/`or` in parentheses then), kept byte for byte.
    const plain = (c: { expr: string; logic?: boolean }): Val => {
      const parts = inherit(l, r);
      const logic = parts.logic || c.logic === true;
      return { expr: c.expr, kinds: ['boolean'], atom: false, invariant, cmp: !logic, ...parts, logic };
    };
    const both = (expr: string) => plain({ expr });
    if (only(l.kinds, ['number']) && only(r.kinds, ['number'])) {
      const right = literalOf(node.right, r);
      const left = literalOf(node.left, l);
      const viaRight = right === undefined ? undefined : r15Bounds(right);
      const viaLeft = left === undefined ? undefined : r15Bounds(left);
      if (viaRight) return plain(boundedCompare(l, op, viaRight, (x) => this.r15(x)));
      if (viaLeft) return plain(boundedCompare(r, FLIP[op], viaLeft, (x) => this.r15(x)));
      return both(`${this.r15(l.expr)} ${JSONATA_OP[op]} ${this.r15(r.expr)}`);
    }
    if (only(l.kinds, ['string']) && only(r.kinds, ['string'])) {
      return both(`$lowercase(${l.expr}) ${JSONATA_OP[op]} $lowercase(${r.expr})`);
    }
    if (only(l.kinds, ['boolean']) && only(r.kinds, ['boolean']) && (op === '=' || op === '<>')) {
      return both(`${paren(l)} ${JSONATA_OP[op]} ${paren(r)}`);
    }
    return this.helper(
      'xlCompare',
      [l.expr, r.expr, JSON.stringify(op)],
      withError(['boolean'], may(l.kinds, 'error') || may(r.kinds, 'error')),
      invariant,
      [l, r],
    );
  }

  r15(expr: string): string {
    return this.call('xlR15', [expr]);
  }

  concat(vals: Val[]): Val {
    const invariant = vals.every((v) => v.invariant);
    const facts = inherit(...vals);
    // Plain `&` over text; a number part as `$xlNumText(n)`, or bare when it is a small integer (JSONata's
    // `&` prints those as Excel does).
    if (vals.every((v) => only(v.kinds, ['string']) || only(v.kinds, ['number']))) {
      const parts = vals.map((v) =>
        only(v.kinds, ['string']) || v.int ? paren(v) : this.call('xlNumText', [v.expr]),
      );
      // Why: with one part there is no `&` to turn a bare integer into text (`=CONCATENATE(2)` is "2").
      if (parts.length === 1 && only(vals[0]!.kinds, ['number']) && vals[0]!.int) {
        return { expr: `$string(${vals[0]!.expr})`, kinds: ['string'], atom: true, invariant, ...facts };
      }
      const joined: Val = { expr: parts.join(' & '), kinds: ['string'], atom: false, invariant, ...facts };
      // Why: Excel's longest text is 32,767 characters; a longer result is #VALUE!. Parts of known length
      // (text literals, numbers) that cannot reach it stay plain.
      if (vals.reduce((n, v) => n + maxTextLength(v), 0) <= MAX_TEXT) return joined;
      return this.helper('xlCap', [joined.expr], ['string', 'error'], invariant, vals);
    }
    const kinds = withError(
      ['string'],
      vals.some((v) => may(v.kinds, 'error')),
    );
    return this.helper('xlConcat', [`[${vals.map((v) => v.expr).join(', ')}]`], kinds, invariant, vals);
  }

  func(node: CallNode): Val {
    const name = node.name;
    if ((name === 'TODAY' || name === 'NOW') && this.ctx.evaluationDate) {
      if (node.args.length > 0) fail('MALFORMED_FORMULA', `${name} takes no arguments`, node);
      const op = this.operand(this.ctx.evaluationDate(name));
      return { expr: op.expr, kinds: [...op.kinds], atom: op.atom ?? true, invariant: false };
    }
    if (VOLATILE_FUNCTIONS.includes(name)) fail('VOLATILE_FUNCTION', `volatile function ${name}`, node);
    const entry = functionEntry(name);
    if (!entry) {
      const why = Object.hasOwn(WITHHELD_FUNCTIONS, name) ? `: ${WITHHELD_FUNCTIONS[name]}` : '';
      return fail('UNSUPPORTED_FUNCTION', `function ${name} is not supported${why}`, node);
    }
    const { min, max } = arityOf(entry);
    if (node.args.length < min || node.args.length > max) {
      fail('MALFORMED_FORMULA', `${name} takes ${min === max ? min : `${min} to ${max}`} arguments`, node);
    }
    this.frames.push(entry);
    try {
      return entry.lower(node, this);
    } finally {
      this.frames.pop();
    }
  }

  refArray(node: Node): RefArray | undefined {
    if (node.kind === 'cell') {
      const op = this.operand(this.ctx.cell(node));
      return {
        inner: op.expr,
        kinds: [...op.kinds],
        invariant: false,
        literal: numeric(op),
        ...(operandNE(op) ? { ne: true } : {}),
      };
    }
    if (node.kind !== 'range') return undefined;
    const r = this.range(node);
    switch (r.kind) {
      case 'cells':
        return {
          inner: r.cells.map((c) => c.expr).join(', '),
          kinds: union(...r.cells.map((c) => c.kinds)),
          invariant: false,
          literal: r.cells.length === 1 ? numeric(r.cells[0]!) : undefined,
          ...(r.cells.some(operandNE) ? { ne: true } : {}),
        };
      case 'column':
        return {
          inner: r.expr,
          kinds: [...r.kinds],
          invariant: true,
          field: r.field,
          ...((r.ne ?? may(r.kinds, 'error')) ? { ne: true } : {}),
        };
      case 'table': {
        const flat = r.rows.flat();
        const one = flat.length === 1 ? flat[0] : undefined;
        return {
          inner: flat.map((v) => JSON.stringify(v)).join(', '),
          kinds: union(flat.map(kindOfValue)),
          invariant: true,
          literal: typeof one === 'number' && Number.isFinite(one) ? one : undefined,
        };
      }
      default:
        return assertNever(r, 'range operand');
    }
  }

  hoist(v: Val, hint: string): Val {
    // Why `atom: false` handed over: a context that leaves the expression in place (the formula command)
    // returns this operand, and the text in place has always been parenthesised.
    const given: Operand = { expr: v.expr, kinds: v.kinds, atom: false, ne: v.ne === true };
    const op = this.ctx.hoist(given, hint);
    return {
      expr: op.expr,
      kinds: [...op.kinds],
      atom: op.atom ?? true,
      invariant: true,
      ...(op === given ? inherit(v) : { logic: false, roots: op.root === undefined ? [] : [op.root] }),
      ...((op.ne ?? v.ne) === true ? { ne: true } : {}),
    };
  }
}

/** The operands of a chain of `&`, left to right. */
/** Excel's longest text (a cell holds at most 32,767 characters). */
const MAX_TEXT = 32767;
/** General text of a number is at most 22 characters (`-1.23456789012346E-100`). */
const MAX_NUMBER_TEXT = 22;

/** The most UTF-16 units a text or number part of `&` can write: a text literal's own, else unbounded. */
function maxTextLength(v: Val): number {
  if (only(v.kinds, ['number'])) return MAX_NUMBER_TEXT;
  if (v.width !== undefined) return v.width;
  if (/^"(?:[^"\\]|\\.)*"$/.test(v.expr)) return (JSON.parse(v.expr) as string).length;
  return Number.POSITIVE_INFINITY;
}

function concatParts(node: Node): Node[] {
  return node.kind === 'binary' && node.op === '&'
    ? [...concatParts(node.left), ...concatParts(node.right)]
    : [node];
}

/**
 * Whether an operand of the context may be the not-established value: as it says, else whenever it may be an
 * error (a field another formula computes may hold it; which formula gives it is not known here).
 */
function operandNE(op: Operand): boolean {
  return op.ne ?? may(op.kinds, 'error');
}

/** The literal of a number-only operand. */
function numeric(op: Operand): number | undefined {
  return only(op.kinds, ['number']) ? op.literal : undefined;
}
