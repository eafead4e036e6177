/**
 * Lowering: the formula AST (../formula/ast.ts) → one JSONata expression that computes what Excel computes.
 *
 * Every subexpression carries the set of Excel value kinds it may take at run time (number, string, boolean,
 * blank, error). The plain JSONata form is emitted only where those kinds make it exact (`$parent.price *
 * $parent.qty` when both are only numbers); anywhere Excel's coercions, blanks or errors matter, a `$xl...`
 * helper from library.ts is called instead. Operands are evaluated in Excel's order and helpers check errors
 * left to right, so the first error in evaluation order wins.
 *
 * Arguments that are references (a cell or a range) are treated as references: SUM/AVERAGE/MIN/MAX ignore
 * their text, booleans and blanks, AND/OR their text and blanks; direct scalar arguments are coerced instead
 * (`SUM(1,TRUE,"2")` is 4). Aggregates whose every argument is row-invariant (a whole column, a literal) go
 * through `ctx.hoist`, so the workbook compiler computes them once per evaluation.
 *
 * A construct outside the supported set stops the lowering with a Refusal naming it. Internally that is a
 * thrown `Refused`, caught in `lowerFormula`; it never escapes.
 */
import { assertNever, type CallNode, type Node } from '../../workbook/formula/ast.js';
import type { RefusalCode } from '../types.js';
import type { CellValue } from '../../workbook/values.js';
import {
  isRefusal,
  type LowerContext,
  type Lowered,
  type Operand,
  type RangeOperand,
  type Refusal,
  refuse,
  type ValueKind,
} from './contract.js';
import { lookupTable } from './library.js';

/** Functions Excel recomputes on every change; a spec cannot reproduce them. */
export const VOLATILE_FUNCTIONS: readonly string[] = [
  'NOW',
  'TODAY',
  'RAND',
  'RANDBETWEEN',
  'OFFSET',
  'INDIRECT',
];

/** Every function the lowering supports. */
export const SUPPORTED_FUNCTIONS: readonly string[] = [
  'IF',
  'AND',
  'OR',
  'NOT',
  'ROUND',
  'ABS',
  'SUM',
  'AVERAGE',
  'MIN',
  'MAX',
  'COUNT',
  'CONCATENATE',
  'LEFT',
  'RIGHT',
  'MID',
  'LEN',
  'UPPER',
  'LOWER',
  'TRIM',
  'VLOOKUP',
  'SUMPRODUCT',
];

const ARITY: Readonly<Record<string, [number, number]>> = {
  IF: [1, 3],
  AND: [1, 255],
  OR: [1, 255],
  NOT: [1, 1],
  ROUND: [2, 2],
  ABS: [1, 1],
  SUM: [1, 255],
  AVERAGE: [1, 255],
  MIN: [1, 255],
  MAX: [1, 255],
  COUNT: [1, 255],
  CONCATENATE: [1, 255],
  LEFT: [1, 2],
  RIGHT: [1, 2],
  MID: [3, 3],
  LEN: [1, 1],
  UPPER: [1, 1],
  LOWER: [1, 1],
  TRIM: [1, 1],
  VLOOKUP: [3, 4],
  SUMPRODUCT: [1, 255],
};

/**
 * A lowered subexpression. `atom`: safe as an operand without parentheses. `invariant`: same in every row.
 * `int`: only ever an integer below 1E15 in size (a LEN, an integer literal), whose General text is exactly
 * what JSONata's `&` and `$string` print.
 */
interface Val {
  expr: string;
  kinds: ValueKind[];
  atom: boolean;
  invariant: boolean;
  int?: boolean;
  /** A single plain comparison (`a > b`): needs no parentheses as an operand of `and`/`or`. */
  cmp?: boolean;
}

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

function fail(code: RefusalCode, detail: string, node: { span: Node['span'] }): never {
  throw new Refused(refuse(code, detail, node.span));
}

const only = (kinds: readonly ValueKind[], allowed: readonly ValueKind[]): boolean =>
  kinds.length > 0 && kinds.every((k) => allowed.includes(k));
const may = (kinds: readonly ValueKind[], k: ValueKind): boolean => kinds.includes(k);
function union(...sets: (readonly ValueKind[])[]): ValueKind[] {
  const order: ValueKind[] = ['number', 'string', 'boolean', 'blank', 'error'];
  const all = new Set(sets.flat());
  return order.filter((k) => all.has(k));
}
const withError = (kinds: readonly ValueKind[], cond: boolean): ValueKind[] =>
  cond ? union(kinds, ['error']) : [...kinds];
const paren = (v: Val): string => (v.atom ? v.expr : `(${v.expr})`);

/** A JSONata literal for a number (never negative here: the parser keeps unary minus apart). */
function numberLiteral(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

function kindOfValue(v: CellValue): ValueKind {
  if (v === null) return 'blank';
  if (typeof v === 'object') return 'error';
  return typeof v as 'number' | 'string' | 'boolean';
}

function pascal(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';
const JSONATA_OP: Readonly<Record<CompareOp, string>> = {
  '=': '=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};
/** `L op x` as `x FLIP[op] L`. */
const FLIP: Readonly<Record<CompareOp, CompareOp>> = {
  '=': '=',
  '<>': '<>',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};
/** Below this, `x ± L` of a finite x cannot round to ±Infinity (half an ulp of the largest double is 2^970). */
const NO_OVERFLOW_ADDEND = 2 ** 969;

/** The value of a number literal, also under unary minus or plus (`-5`). */
function literalNumber(n: Node): number | undefined {
  if (n.kind === 'number') return n.value;
  if (n.kind === 'unary' && (n.op === '-' || n.op === '+')) {
    const v = literalNumber(n.operand);
    return v === undefined ? undefined : n.op === '-' ? -v : v;
  }
  return undefined;
}

/** JSONata text that is just a number literal. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A lowered number-only operand's literal value: a literal in the formula or a literal operand text (a cell the caller wrote as a number). */
function literalOf(n: Node, v: Val): number | undefined {
  const lit = literalNumber(n);
  if (lit !== undefined) return lit;
  if (only(v.kinds, ['number']) && NUMBER_TEXT.test(v.expr)) return Number(v.expr);
  return undefined;
}

/** $xlR15 (library.ts) for |x| < 1E15, where it is the integer itself or Number(x.toPrecision(15)). */
function r15Small(x: number): number {
  return Number.isInteger(x) ? x : Number(x.toPrecision(15));
}

/** The adjacent double above (`up`) or below `x`. */
export function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 === up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

/**
 * The doubles x with R15(x) = R15(L), as [lo, hi], for a literal L below 1E14 in size: then R15(x) > R15(L)
 * exactly when x > hi, and R15(x) < R15(L) exactly when x < lo (R15 is monotone). Found by stepping one
 * double at a time from R15(L) (about 45 steps each way).
 */
export function r15Bounds(literal: number): { lo: number; hi: number; value: number } | undefined {
  if (!(Math.abs(literal) < 1e14)) return undefined;
  const t = r15Small(literal);
  if (r15Small(t) !== t) return undefined;
  let hi = t;
  for (let i = 0; i < 1000 && r15Small(nextDouble(hi, true)) <= t; i++) hi = nextDouble(hi, true);
  let lo = t;
  for (let i = 0; i < 1000 && r15Small(nextDouble(lo, false)) >= t; i++) lo = nextDouble(lo, false);
  if (r15Small(nextDouble(hi, true)) <= t || r15Small(nextDouble(lo, false)) >= t) return undefined;
  return { lo, hi, value: t };
}

/** A JSONata literal for any finite double (negative through unary minus). */
function signedLiteral(n: number): string {
  return n < 0 ? `-${String(-n)}` : numberLiteral(n);
}

/** `x op L` as plain comparisons with the bounds of L; `=`/`<>` of a non-atom go through `$xlR15` once. */
function boundedCompare(
  v: Val,
  op: CompareOp,
  b: { lo: number; hi: number; value: number },
  r15: (e: string) => string,
): string {
  const x = paren(v);
  const lo = signedLiteral(b.lo);
  const hi = signedLiteral(b.hi);
  switch (op) {
    case '>':
      return `${x} > ${hi}`;
    case '>=':
      return `${x} >= ${lo}`;
    case '<':
      return `${x} < ${lo}`;
    case '<=':
      return `${x} <= ${hi}`;
    case '=':
    case '<>': {
      const eq = op === '=';
      if (b.lo === b.hi) return `${x} ${eq ? '=' : '!='} ${lo}`;
      if (!v.atom) return `${r15(v.expr)} ${eq ? '=' : '!='} ${signedLiteral(b.value)}`;
      return eq ? `${x} >= ${lo} and ${x} <= ${hi}` : `${x} < ${lo} or ${x} > ${hi}`;
    }
    default:
      return assertNever(op, 'comparison');
  }
}

class Lowerer {
  readonly helpers = new Set<string>();
  constructor(private readonly ctx: LowerContext) {}

  call(name: string, args: string[]): string {
    this.helpers.add(name);
    return `$${name}(${args.join(', ')})`;
  }

  helperVal(name: string, args: string[], kinds: ValueKind[], invariant: boolean): Val {
    return { expr: this.call(name, args), kinds, atom: true, invariant };
  }

  operand(op: Operand | Refusal): Operand {
    if (isRefusal(op)) throw new Refused(op);
    return op;
  }

  range(node: Node): RangeOperand {
    if (node.kind !== 'range') fail('UNSUPPORTED_RANGE_SHAPE', 'a range argument is expected here', node);
    const r = this.ctx.range(node);
    if (isRefusal(r)) throw new Refused(r);
    return r;
  }

  lower(node: Node): Val {
    switch (node.kind) {
      case 'number':
        return {
          expr: numberLiteral(node.value),
          kinds: ['number'],
          atom: true,
          invariant: true,
          int: Number.isInteger(node.value) && node.value < 1e15,
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
      case 'cell': {
        const op = this.operand(this.ctx.cell(node));
        return { expr: op.expr, kinds: [...op.kinds], atom: /^[$\w.]+$/.test(op.expr), invariant: false };
      }
      case 'range':
        return fail(
          'UNSUPPORTED_RANGE_SHAPE',
          'a range used as a single value (implicit intersection)',
          node,
        );
      case 'name':
        return fail('DEFINED_NAME', `defined name ${node.name}`, node);
      case 'structured':
        return fail('STRUCTURED_REFERENCE', `structured reference ${node.text}`, node);
      case 'array':
        return fail('UNSUPPORTED_CONSTRUCT', 'array constant', node);
      case 'other':
        return fail('UNSUPPORTED_CONSTRUCT', node.what, node);
      case 'unary':
        return this.unary(node.op, this.lower(node.operand), node);
      case 'percent': {
        const v = this.lower(node.operand);
        if (only(v.kinds, ['number'])) return { ...v, expr: `${paren(v)} / 100`, atom: false };
        return this.helperVal('xlPercent', [v.expr], ['number', 'error'], v.invariant);
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
    if (only(v.kinds, ['number'])) return { ...v, expr: `-${paren(v)}`, atom: false };
    return this.helperVal('xlNeg', [v.expr], ['number', 'error'], v.invariant);
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
    if (op === '&') {
      const parts: Node[] = [];
      const collect = (n: Node): void => {
        if (n.kind === 'binary' && n.op === '&') {
          collect(n.left);
          collect(n.right);
        } else parts.push(n);
      };
      collect(node);
      return this.concat(parts.map((p) => this.lower(p)));
    }
    const l = this.lower(node.left);
    const r = this.lower(node.right);
    const invariant = l.invariant && r.invariant;
    switch (op) {
      case '+':
      case '-':
      case '*': {
        if (only(l.kinds, ['number']) && only(r.kinds, ['number'])) {
          const plain: Val = {
            expr: `${paren(l)} ${op} ${paren(r)}`,
            kinds: ['number'],
            atom: false,
            invariant,
          };
          // Why: two finite doubles can overflow to Infinity (Excel: #NUM!), which JSONata returns silently and
          // then refuses as an operand (D1001). A literal side small enough makes that impossible.
          const bound = op === '*' ? 1 : NO_OVERFLOW_ADDEND;
          const a = literalOf(node.left, l);
          const b = literalOf(node.right, r);
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
          const a = literalOf(node.left, l);
          const b = literalOf(node.right, r);
          if (b !== undefined && Math.abs(b) <= 1) {
            return this.helperVal('xlMulBy', [l.expr, r.expr], ['number', 'error'], invariant);
          }
          if (a !== undefined && Math.abs(a) <= 1) {
            return this.helperVal('xlMulBy', [r.expr, l.expr], ['number', 'error'], invariant);
          }
        }
        const name = op === '+' ? 'xlAdd' : op === '-' ? 'xlSub' : 'xlMul';
        return this.helperVal(name, [l.expr, r.expr], ['number', 'error'], invariant);
      }
      case '/': {
        const divisor = literalOf(node.right, r);
        if (divisor !== undefined && divisor !== 0 && only(l.kinds, ['number'])) {
          const plain: Val = { expr: `${paren(l)} / ${paren(r)}`, kinds: ['number'], atom: false, invariant };
          return Math.abs(divisor) >= 1 ? plain : this.finite(plain);
        }
        return this.helperVal('xlDiv', [l.expr, r.expr], ['number', 'error'], invariant);
      }
      case '^':
        return this.helperVal('xlPow', [l.expr, r.expr], ['number', 'error'], invariant);
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

  /** A plain number result that may overflow, guarded: ±Infinity becomes #NUM!. */
  finite(v: Val): Val {
    return this.helperVal('xlFin', [v.expr], ['number', 'error'], v.invariant);
  }

  /**
   * Comparison. Plain where the kinds allow: numbers against a literal compare with the threshold doubles
   * where Excel's 15-digit rounding of the other side crosses the literal (`qty > 10` is `qty >
   * 10.000000000000048`: 10.00000000000005 and above round to more than 10), other numbers through `$xlR15`,
   * text lower-cased, booleans by `=`/`!=`.
   */
  compare(op: CompareOp, l: Val, r: Val, node: Extract<Node, { kind: 'binary' }>): Val {
    const invariant = l.invariant && r.invariant;
    const plain = (expr: string): Val => ({
      expr,
      kinds: ['boolean'],
      atom: false,
      invariant,
      cmp: !/ (and|or) /.test(expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')),
    });
    if (only(l.kinds, ['number']) && only(r.kinds, ['number'])) {
      const right = literalOf(node.right, r);
      const left = literalOf(node.left, l);
      const viaRight = right === undefined ? undefined : r15Bounds(right);
      const viaLeft = left === undefined ? undefined : r15Bounds(left);
      if (viaRight) return plain(boundedCompare(l, op, viaRight, (x) => this.r15(x)));
      if (viaLeft) return plain(boundedCompare(r, FLIP[op], viaLeft, (x) => this.r15(x)));
      return plain(`${this.r15(l.expr)} ${JSONATA_OP[op]} ${this.r15(r.expr)}`);
    }
    if (only(l.kinds, ['string']) && only(r.kinds, ['string'])) {
      return plain(`$lowercase(${l.expr}) ${JSONATA_OP[op]} $lowercase(${r.expr})`);
    }
    if (only(l.kinds, ['boolean']) && only(r.kinds, ['boolean']) && (op === '=' || op === '<>')) {
      return plain(`${paren(l)} ${JSONATA_OP[op]} ${paren(r)}`);
    }
    return this.helperVal(
      'xlCompare',
      [l.expr, r.expr, JSON.stringify(op)],
      withError(['boolean'], may(l.kinds, 'error') || may(r.kinds, 'error')),
      invariant,
    );
  }

  r15(expr: string): string {
    return this.call('xlR15', [expr]);
  }

  concat(vals: Val[]): Val {
    const invariant = vals.every((v) => v.invariant);
    // Plain `&` over text; a number part as `$xlNumText(n)`, or bare when it is a small integer (JSONata's
    // `&` prints those as Excel does).
    if (vals.every((v) => only(v.kinds, ['string']) || only(v.kinds, ['number']))) {
      const parts = vals.map((v) =>
        only(v.kinds, ['string']) || v.int ? paren(v) : this.call('xlNumText', [v.expr]),
      );
      // Why: with one part there is no `&` to turn a bare integer into text (`=CONCATENATE(2)` is "2").
      if (parts.length === 1 && only(vals[0].kinds, ['number']) && vals[0].int) {
        return { expr: `$string(${vals[0].expr})`, kinds: ['string'], atom: true, invariant };
      }
      return { expr: parts.join(' & '), kinds: ['string'], atom: false, invariant };
    }
    const kinds = withError(
      ['string'],
      vals.some((v) => may(v.kinds, 'error')),
    );
    return this.helperVal('xlConcat', [`[${vals.map((v) => v.expr).join(', ')}]`], kinds, invariant);
  }

  /** A scalar argument of a numeric function: the plain value when it is only a number. */
  num(v: Val): string {
    if (only(v.kinds, ['number'])) return v.expr;
    return this.call('xlNum', [v.expr]);
  }

  func(node: CallNode): Val {
    const name = node.name;
    if (VOLATILE_FUNCTIONS.includes(name)) fail('VOLATILE_FUNCTION', `volatile function ${name}`, node);
    const arity = ARITY[name];
    if (!arity) fail('UNSUPPORTED_FUNCTION', `function ${name} is not supported`, node);
    const [lo, hi] = arity;
    if (node.args.length < lo || node.args.length > hi) {
      fail('MALFORMED_FORMULA', `${name} takes ${lo === hi ? lo : `${lo} to ${hi}`} arguments`, node);
    }
    const args = node.args;
    switch (name) {
      case 'IF':
        return this.ifFn(node);
      case 'AND':
      case 'OR':
        return this.logical(node);
      case 'NOT': {
        const v = this.lower(args[0]!);
        if (only(v.kinds, ['boolean'])) return { ...v, expr: `$not(${v.expr})`, atom: true };
        return this.helperVal('xlNot', [v.expr], ['boolean', 'error'], v.invariant);
      }
      case 'ROUND': {
        const x = this.lower(args[0]!);
        const d = this.lower(args[1]!);
        const invariant = x.invariant && d.invariant;
        // Literal digits (truncated toward zero, as ROUND does) from 0 to 22: the helper that skips checking
        // them, given 10^k exactly ("1e2" read as a number is exactly 100).
        const lit = literalOf(args[1]!, d);
        const k = lit === undefined ? undefined : Math.trunc(lit);
        if (k !== undefined && k >= 0 && k <= 22) {
          const s = numberLiteral(Number(`1e${k}`));
          return this.helperVal('xlRoundTo', [x.expr, String(k), s], ['number', 'error'], invariant);
        }
        return this.helperVal('xlRound', [x.expr, d.expr], ['number', 'error'], invariant);
      }
      case 'ABS': {
        const v = this.lower(args[0]!);
        if (only(v.kinds, ['number'])) return { ...v, expr: `$abs(${v.expr})`, atom: true };
        return this.helperVal('xlAbs', [v.expr], ['number', 'error'], v.invariant);
      }
      case 'SUM':
      case 'AVERAGE':
      case 'MIN':
      case 'MAX':
        return this.aggregate(node);
      case 'COUNT':
        return this.count(node);
      case 'CONCATENATE':
        return this.concat(args.map((a) => this.lower(a)));
      case 'LEFT':
      case 'RIGHT': {
        const s = this.lower(args[0]!);
        const n = args[1] && args[1].kind !== 'missing' ? this.lower(args[1]) : undefined;
        const h = name === 'LEFT' ? 'xlLeft' : 'xlRight';
        return this.helperVal(
          h,
          [s.expr, n ? n.expr : '1'],
          ['string', 'error'],
          s.invariant && (n?.invariant ?? true),
        );
      }
      case 'MID': {
        const [s, a, n] = args.map((x) => this.lower(x)) as [Val, Val, Val];
        return this.helperVal(
          'xlMid',
          [s.expr, a.expr, n.expr],
          ['string', 'error'],
          s.invariant && a.invariant && n.invariant,
        );
      }
      case 'LEN': {
        const s = this.lower(args[0]!);
        if (only(s.kinds, ['string'])) {
          // UTF-16 units: `$split(s, "")` splits into units (`$length` would count code points).
          return {
            expr: `$count($split(${s.expr}, ""))`,
            kinds: ['number'],
            atom: true,
            invariant: s.invariant,
            int: true,
          };
        }
        return this.helperVal('xlLen', [s.expr], withError(['number'], may(s.kinds, 'error')), s.invariant);
      }
      case 'UPPER':
      case 'LOWER': {
        const s = this.lower(args[0]!);
        const h = name === 'UPPER' ? 'xlUpper' : 'xlLower';
        return this.helperVal(h, [s.expr], withError(['string'], may(s.kinds, 'error')), s.invariant);
      }
      case 'TRIM': {
        const s = this.lower(args[0]!);
        return this.helperVal('xlTrim', [s.expr], withError(['string'], may(s.kinds, 'error')), s.invariant);
      }
      case 'VLOOKUP':
        return this.vlookup(node);
      case 'SUMPRODUCT':
        return this.sumproduct(node);
      default:
        return fail('UNSUPPORTED_FUNCTION', `function ${name} is not supported`, node);
    }
  }

  ifFn(node: CallNode): Val {
    const [c, t, f] = node.args;
    const cond = this.lower(c!);
    const branch = (n: Node | undefined, dflt: Val): Val =>
      n === undefined
        ? dflt
        : n.kind === 'missing'
          ? { expr: '0', kinds: ['number'], atom: true, invariant: true }
          : this.lower(n);
    const no: Val = { expr: 'false', kinds: ['boolean'], atom: true, invariant: true };
    const then = branch(t, { expr: 'true', kinds: ['boolean'], atom: true, invariant: true });
    const other = branch(f, no);
    const invariant = cond.invariant && then.invariant && other.invariant;
    if (only(cond.kinds, ['boolean'])) {
      return {
        expr: `${paren(cond)} ? ${paren(then)} : ${paren(other)}`,
        kinds: union(then.kinds, other.kinds),
        atom: false,
        invariant,
      };
    }
    const condError = !only(cond.kinds, ['boolean', 'number', 'blank']);
    return this.helperVal(
      'xlIf',
      [cond.expr, then.expr, other.expr],
      withError(union(then.kinds, other.kinds), condError),
      invariant,
    );
  }

  /**
   * One argument of an aggregate when it is a reference (a cell or a range): `inner` is text that can stand
   * inside a JSONata array constructor (`a, b, c` or an expression giving an array, which the constructor
   * flattens), so the whole argument list becomes one flat array. Undefined for a scalar argument.
   */
  refArray(
    node: Node,
  ): { inner: string; kinds: ValueKind[]; invariant: boolean; field?: string } | undefined {
    if (node.kind === 'cell') {
      const op = this.operand(this.ctx.cell(node));
      return { inner: op.expr, kinds: [...op.kinds], invariant: false };
    }
    if (node.kind !== 'range') return undefined;
    const r = this.range(node);
    switch (r.kind) {
      case 'cells':
        return {
          inner: r.cells.map((c) => c.expr).join(', '),
          kinds: union(...r.cells.map((c) => c.kinds)),
          invariant: false,
        };
      case 'column':
        return { inner: r.expr, kinds: [...r.kinds], invariant: true, field: r.field };
      case 'table':
        return {
          inner: r.rows
            .flat()
            .map((v) => JSON.stringify(v))
            .join(', '),
          kinds: union(r.rows.flat().map(kindOfValue)),
          invariant: true,
        };
      default:
        return assertNever(r, 'range operand');
    }
  }

  /** Hoists a row-invariant aggregate inside a row formula. */
  hoist(v: Val, hint: string): Val {
    const op = this.ctx.hoist({ expr: v.expr, kinds: v.kinds }, hint);
    return { expr: op.expr, kinds: [...op.kinds], atom: /^[$\w.]+$/.test(op.expr), invariant: true };
  }

  aggregate(node: CallNode): Val {
    const name = node.name;
    const pieces: string[] = [];
    let plain = true;
    let invariant = true;
    const fields: string[] = [];
    let mayError = false;
    for (const a of node.args) {
      const ref = this.refArray(a);
      if (ref) {
        invariant &&= ref.invariant;
        if (ref.field) fields.push(ref.field);
        mayError ||= may(ref.kinds, 'error');
        if (only(ref.kinds, ['number'])) pieces.push(ref.inner);
        else {
          plain = false;
          pieces.push(this.call('xlRefNums', [`[${ref.inner}]`]));
        }
      } else {
        const v = this.lower(a);
        invariant &&= v.invariant;
        mayError ||= !only(v.kinds, ['number', 'boolean', 'blank']);
        if (only(v.kinds, ['number'])) pieces.push(v.expr);
        else {
          plain = false;
          pieces.push(this.call('xlNum', [v.expr]));
        }
      }
    }
    const list = `[${pieces.join(', ')}]`;
    let v: Val;
    const fn = name.toLowerCase();
    // Plain JSONata aggregates are exact only over a list that is never empty and holds only numbers:
    // `$sum`/`$average` add left to right from 0 like Excel; `$min`/`$max` of [] would be undefined.
    const nonEmpty = node.args.every((a) => a.kind !== 'range');
    if (plain && (name === 'SUM' || nonEmpty)) {
      v = { expr: `$${fn}(${list})`, kinds: ['number'], atom: true, invariant };
      // Why: a plain sum of finite numbers can overflow; once ±Infinity it never comes back, so one guard on
      // the result gives what a check after every addition gives (#NUM!).
      const lits = pieces.map((p) => (NUMBER_TEXT.test(p) ? Number(p) : Number.NaN));
      const safe = Number.isFinite(lits.reduce((x, y) => x + y, 0));
      if ((name === 'SUM' || name === 'AVERAGE') && !safe) v = this.finite(v);
    } else {
      const helper = `xl${pascal(fn)}`;
      const kinds = withError(['number'], mayError || name === 'AVERAGE' || name === 'SUM');
      v = this.helperVal(helper, [list], kinds, invariant);
    }
    if (invariant && fields.length > 0) return this.hoist(v, `${fn}${fields.map(pascal).join('')}`);
    return v;
  }

  count(node: CallNode): Val {
    const pieces: string[] = [];
    let invariant = true;
    const fields: string[] = [];
    for (const a of node.args) {
      const ref = this.refArray(a);
      if (ref) {
        invariant &&= ref.invariant;
        if (ref.field) fields.push(ref.field);
        pieces.push(`$count([${ref.inner}][$type($) = "number"])`);
      } else {
        const v = this.lower(a);
        invariant &&= v.invariant;
        pieces.push(only(v.kinds, ['number']) ? '1' : this.call('xlCountArg', [v.expr]));
      }
    }
    const v: Val = { expr: `$sum([${pieces.join(', ')}])`, kinds: ['number'], atom: true, invariant };
    if (invariant && fields.length > 0) return this.hoist(v, `count${fields.map(pascal).join('')}`);
    return v;
  }

  logical(node: CallNode): Val {
    // Plain `a and b` when every argument is a direct boolean-only value (no error can occur, and evaluating
    // every argument or stopping early gives the same value).
    const scalars = node.args.every((a) => a.kind !== 'cell' && a.kind !== 'range');
    const vals = scalars ? node.args.map((a) => this.lower(a)) : undefined;
    if (vals) {
      if (vals.every((v) => only(v.kinds, ['boolean']))) {
        const word = node.name === 'AND' ? ' and ' : ' or ';
        if (vals.length === 1) return vals[0]!;
        return {
          expr: vals.map((v) => (v.cmp ? v.expr : paren(v))).join(word),
          kinds: ['boolean'],
          atom: false,
          invariant: vals.every((v) => v.invariant),
        };
      }
    }
    const pieces: string[] = [];
    let invariant = true;
    for (const [i, a] of node.args.entries()) {
      const ref = vals ? undefined : this.refArray(a);
      if (ref) {
        invariant &&= ref.invariant;
        pieces.push(only(ref.kinds, ['boolean']) ? ref.inner : this.call('xlRefBools', [`[${ref.inner}]`]));
      } else {
        const v = vals?.[i] ?? this.lower(a);
        invariant &&= v.invariant;
        pieces.push(only(v.kinds, ['boolean']) ? v.expr : this.call('xlBool', [v.expr]));
      }
    }
    return this.helperVal(
      node.name === 'AND' ? 'xlAnd' : 'xlOr',
      [`[${pieces.join(', ')}]`],
      ['boolean', 'error'],
      invariant,
    );
  }

  vlookup(node: CallNode): Val {
    const [keyNode, tableNode, colNode, modeNode] = node.args;
    const exact =
      modeNode !== undefined &&
      ((modeNode.kind === 'boolean' && modeNode.value === false) ||
        (modeNode.kind === 'number' && modeNode.value === 0));
    if (!exact) {
      fail(
        'UNSUPPORTED_LOOKUP_MODE',
        'VLOOKUP without FALSE/0 as its 4th argument is an approximate match',
        modeNode ?? node,
      );
    }
    const key = this.lower(keyNode!);
    const table = this.range(tableNode!);
    if (table.kind !== 'table')
      fail('UNSUPPORTED_RANGE_SHAPE', 'VLOOKUP needs a constant lookup table', tableNode!);
    const col = this.lower(colNode!);
    const value = lookupTable(table.rows);
    const exported = this.ctx.libraryValue(table.nameHint, value);
    const kinds = union(table.rows.flat().map(kindOfValue), ['error']);
    // A literal column index inside the table (truncated toward zero, as VLOOKUP does) over a first column
    // without wildcard text: $xlVlookupAt, which answers from the index alone (see library.ts).
    const lit = literalOf(colNode!, col);
    const c = lit === undefined ? undefined : Math.trunc(lit);
    const wildcards = table.rows.some((r) => typeof r[0] === 'string' && /[*?~]/.test(r[0]));
    const at = c !== undefined && c >= 1 && c <= value.w && !wildcards;
    return this.helperVal(
      at ? 'xlVlookupAt' : 'xlVlookup',
      [key.expr, `$${exported}`, at ? String(c) : col.expr],
      kinds,
      key.invariant && col.invariant,
    );
  }

  sumproduct(node: CallNode): Val {
    const arrays: string[] = [];
    const fields: string[] = [];
    let invariant = true;
    for (const a of node.args) {
      if (a.kind !== 'range') fail('UNSUPPORTED_CONSTRUCT', 'SUMPRODUCT of an array expression', a);
      const r = this.range(a);
      if (r.kind === 'column') {
        fields.push(r.field);
        arrays.push(
          r.rows === undefined
            ? r.expr
            : `$map(${r.rows}, function($r) { ${this.call('xlV', [`$lookup($r, ${JSON.stringify(r.field)})`])} })`,
        );
      } else if (r.kind === 'cells') {
        invariant = false;
        arrays.push(
          `[${r.cells.map((c) => (may(c.kinds, 'blank') ? this.call('xlV', [c.expr]) : c.expr)).join(', ')}]`,
        );
      } else {
        arrays.push(JSON.stringify(r.rows.flat()));
      }
    }
    const v = this.helperVal(
      'xlSumProduct',
      [`[${arrays.map((x) => `{"a": ${x}}`).join(', ')}]`],
      ['number', 'error'],
      invariant,
    );
    if (invariant) return this.hoist(v, `sumproduct${fields.map(pascal).join('')}`);
    return v;
  }
}

/**
 * Lowers one formula AST to JSONata with Excel's semantics, or refuses it with a coded reason and the
 * offending node's span. A blank result (a formula returning a blank reference) reads as 0, as in Excel.
 */
export function lowerFormula(ast: Node, ctx: LowerContext): Lowered | Refusal {
  const l = new Lowerer(ctx);
  try {
    let v = l.lower(ast);
    if (may(v.kinds, 'blank')) {
      v = l.helperVal(
        'xlVal',
        [v.expr],
        union(
          v.kinds.filter((k) => k !== 'blank'),
          ['number'],
        ),
        v.invariant,
      );
    }
    return { expr: v.expr, kinds: v.kinds, helpers: [...l.helpers].sort() };
  } catch (e) {
    if (e instanceof Refused) return e.refusal;
    throw e;
  }
}
