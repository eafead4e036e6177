/**
 * A lowered subexpression and the facts the lowering keeps about it. Every fact is set where the JSONata text
 * is built, never recovered from the text afterwards: the kinds it may take, whether it stands as an operand
 * without parentheses, whether it is a number literal, whether its text holds a JSONata `and`/`or`.
 */
import type { Node } from '../../workbook/formula/ast.js';
import type { CellValue } from '../../workbook/values.js';
import type { ValueKind } from './contract.js';

export interface Val {
  /** JSONata text. */
  expr: string;
  kinds: ValueKind[];
  /** Safe as an operand without parentheses. */
  atom: boolean;
  /** Same in every row. */
  invariant: boolean;
  /**
   * Only ever an integer below 1E15 in size (a LEN, an integer literal), whose General text is exactly what
   * JSONata's `&` and `$string` print.
   */
  int?: boolean;
  /** The text is exactly this number's literal (`5`, `-5`, `1e+21`): a literal of the formula or a cell. */
  literal?: number;
  /** A single plain comparison (`a > b`): needs no parentheses as an operand of `and`/`or`. */
  cmp?: boolean;
  /** The text holds a JSONata `and`/`or` (so, as a comparison, it is not a single one). */
  logic?: boolean;
  /** As text, at most this many UTF-16 units (`LEFT(s, 4)`): lets `&` skip the 32,767-unit check. */
  width?: number;
  /** The root derivations (hoisted values, `$$.sumAmount`) the text reads. */
  roots?: readonly string[];
  /**
   * May be the not-established value (src/workbook/values.ts `NotEstablished`), which the kinds count as an
   * error: what catches or tests errors (IFERROR, the IS functions) must give it back, so its result may be
   * an error too.
   */
  ne?: boolean;
}

export const only = (kinds: readonly ValueKind[], allowed: readonly ValueKind[]): boolean =>
  kinds.length > 0 && kinds.every((k) => allowed.includes(k));
export const may = (kinds: readonly ValueKind[], k: ValueKind): boolean => kinds.includes(k);
export function union(...sets: (readonly ValueKind[])[]): ValueKind[] {
  const order: ValueKind[] = ['number', 'string', 'boolean', 'blank', 'error'];
  const all = new Set(sets.flat());
  return order.filter((k) => all.has(k));
}
export const withError = (kinds: readonly ValueKind[], cond: boolean): ValueKind[] =>
  cond ? union(kinds, ['error']) : [...kinds];
export const paren = (v: Val): string => (v.atom ? v.expr : `(${v.expr})`);
/**
 * The facts a value inherits from the parts whose text it holds: an `and`/`or`, the roots read, whether it
 * may be the not-established value (which passes wherever an error passes).
 */
export function inherit(...parts: readonly Val[]): { logic: boolean; roots: string[]; ne?: true } {
  return {
    logic: parts.some((p) => p.logic === true),
    roots: [...new Set(parts.flatMap((p) => p.roots ?? []))],
    ...(parts.some((p) => p.ne === true) ? { ne: true as const } : {}),
  };
}

/** A JSONata literal for a number (never negative here: the parser keeps unary minus apart). */
export function numberLiteral(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

export function kindOfValue(v: CellValue): ValueKind {
  if (v === null) return 'blank';
  if (typeof v === 'object') return 'error';
  return typeof v as 'number' | 'string' | 'boolean';
}

export function pascal(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** The value of a number literal, also under unary minus or plus (`-5`). */
function literalNumber(n: Node): number | undefined {
  if (n.kind === 'number') return n.value;
  if (n.kind === 'unary' && (n.op === '-' || n.op === '+')) {
    const v = literalNumber(n.operand);
    return v === undefined ? undefined : n.op === '-' ? -v : v;
  }
  return undefined;
}

/** A lowered number-only operand's literal value: a literal in the formula or a literal operand (a cell the caller wrote as a number). */
export function literalOf(n: Node, v: Val): number | undefined {
  return literalNumber(n) ?? (only(v.kinds, ['number']) ? v.literal : undefined);
}
