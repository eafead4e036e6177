/**
 * The 15-digit tier (docs/semantics.md, "The 15-digit tier"). Where Excel's last bits cannot be reproduced by
 * any evaluation order its saved cells show (logarithms, exponentials, the financial functions, non-integer
 * powers), a derivation is held to Excel's displayed precision instead: it compiles only when it agrees with
 * Excel's saved values and with the oracle to 15 significant digits on every verified cell, and the spec says
 * so per field (`"x-excel-precision": 15`, tests with `"compare": "excel15"`).
 *
 * A function's tier is declared once, on its entry (`precision: 15`); this file reads a formula's tree for
 * such calls and for `^`/POWER with an exponent whose order is not established, and carries the mark to
 * every column that reads a marked one (its values inherit the last-bit differences).
 */
import { EXCEL_DIGITS } from '../../workbook/precision.js';
import type { Node } from '../../workbook/formula/ast.js';
import { someNode } from '../../workbook/formula/walk.js';
import { functionEntry } from '../lower/functions/index.js';

/** The tier's digits: Excel's displayed precision. */
export type Precision = typeof EXCEL_DIGITS;

/**
 * The largest integer exponent whose squaring orders all give the same double (docs/semantics.md,
 * "Floating-point order": they coincide up to 5); a literal exponent within it is exact.
 */
const EXACT_POWER = 5;

/** An exponent written as an integer literal small enough for every order to agree (`^2`, `^-3`). */
function exactExponent(n: Node): boolean {
  const lit = n.kind === 'unary' && n.op === '-' ? n.operand : n;
  return lit.kind === 'number' && Number.isInteger(lit.value) && Math.abs(lit.value) <= EXACT_POWER;
}

/** One node that puts its formula in the tier. */
function fifteenDigitNode(n: Node): boolean {
  if (n.kind === 'binary' && n.op === '^') return !exactExponent(n.right);
  if (n.kind !== 'call') return false;
  if (n.name === 'POWER') return n.args[1] === undefined || !exactExponent(n.args[1]);
  return functionEntry(n.name)?.precision === EXCEL_DIGITS;
}

/** The formula's tier: 15 when any node of it is in the tier, else undefined (exact). */
export function formulaPrecision(...asts: (Node | undefined)[]): Precision | undefined {
  return asts.some((a) => a !== undefined && someNode(a, fifteenDigitNode)) ? EXCEL_DIGITS : undefined;
}

/**
 * Marks every column and root derivation that reads a 15-digit column as 15-digit too (through any chain of
 * columns), in place. A column's `deps` already hold what it reads through a hoisted aggregate.
 */
export function spreadPrecision(
  columns: { column: { field: string }; deps: readonly string[]; precision?: Precision }[],
  roots: { deps: readonly string[]; precision?: Precision }[],
): void {
  const marked = new Set(columns.filter((c) => c.precision !== undefined).map((c) => c.column.field));
  let changed = true;
  while (changed) {
    changed = false;
    for (const c of columns) {
      if (marked.has(c.column.field) || !c.deps.some((d) => marked.has(d))) continue;
      c.precision = EXCEL_DIGITS;
      marked.add(c.column.field);
      changed = true;
    }
  }
  for (const r of roots) if (r.deps.some((d) => marked.has(d))) r.precision = EXCEL_DIGITS;
}
