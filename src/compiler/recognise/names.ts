/**
 * Defined names (`<definedNames>` of xl/workbook.xml): what a name used in a formula stands for.
 *
 * Rules (docs/compiler.md "Defined names"):
 * - A name is looked up case-insensitively, first among the names local to the formula's sheet (or the sheet
 *   the reference names, `Sheet1!TaxRate`), then among the workbook's; Excel's own `_xlnm.` names (print
 *   areas, filter ranges) are never a formula's name.
 * - A name that points at one cell or a range of the workbook (`Settings!$B$2`, `Rates!$A$2:$C$20`) stands for
 *   that reference: the formula is read as if it held it, so a cell is a labelled parameter (named after the
 *   defined name) and a range a lookup table, on whichever sheet it is.
 * - A name that holds a number (`=0.08`, `=-1`) is a constant named after it.
 * - Anything else is refused by name: a formula or text (DEFINED_NAME), a dynamic range through OFFSET or
 *   INDIRECT (DEFINED_NAME), another workbook (EXTERNAL_REFERENCE), an undefined name (DEFINED_NAME).
 */
import type { CellNode, NameNode, Node, RangeNode } from '../../workbook/formula/ast.js';
import { parseFormula } from '../../workbook/formula/parser.js';
import { mapChildren, someNode } from '../../workbook/formula/walk.js';
import type { DefinedName } from '../../workbook/model.js';
import { isRefusal, type Refusal, refuse } from '../lower/contract.js';

/** What a defined name stands for. */
export type NameTarget =
  | { kind: 'ref'; name: string; node: CellNode | RangeNode }
  | { kind: 'constant'; name: string; value: number };

/** The defined name a formula on `sheet` means by `name` (`Sheet1!TaxRate` passes `scope`), if any. */
export function findDefinedName(
  names: readonly DefinedName[],
  name: string,
  sheet: string,
  scope?: string,
): DefinedName | undefined {
  const wanted = name.toLowerCase();
  const local = scope ?? sheet;
  const usable = names.filter((d) => d.name.toLowerCase() === wanted && !/^_xlnm\./i.test(d.name));
  return (
    usable.find((d) => d.sheet !== undefined && d.sheet.toLowerCase() === local.toLowerCase()) ??
    usable.find((d) => d.sheet === undefined)
  );
}

/** Resolves a name node of a formula on `sheet`: the reference or constant it stands for, or a refusal. */
export function resolveName(
  names: readonly DefinedName[],
  node: NameNode,
  sheet: string,
): NameTarget | Refusal {
  if (node.workbook !== undefined) {
    return refuse('EXTERNAL_REFERENCE', `${node.name} is a name of another workbook`, node.span);
  }
  const d = findDefinedName(names, node.name, sheet, node.sheet);
  if (!d) return refuse('DEFINED_NAME', `${node.name} is not defined in the workbook`, node.span);
  const { ast } = parseFormula(d.ref);
  const what = `defined name ${d.name} (=${d.ref})`;
  if (!ast) return refuse('DEFINED_NAME', `${what} does not parse`, node.span);
  const constant = numberOf(ast);
  if (constant !== undefined) return { kind: 'constant', name: d.name, value: constant };
  if (ast.kind === 'cell' || ast.kind === 'range') {
    if (ast.workbook !== undefined) {
      return refuse('EXTERNAL_REFERENCE', `${what} points at another workbook`, node.span);
    }
    // A name's reference without a sheet means the sheet of the formula using it.
    return {
      kind: 'ref',
      name: d.name,
      node: { ...ast, sheet: ast.sheet ?? d.sheet ?? sheet, span: node.span },
    };
  }
  const dynamic = someNode(ast, (n) => n.kind === 'call' && (n.name === 'OFFSET' || n.name === 'INDIRECT'));
  if (dynamic) return refuse('DEFINED_NAME', `${what} is a dynamic range (OFFSET/INDIRECT)`, node.span);
  return refuse('DEFINED_NAME', `${what} holds a formula, not a cell, a range or a number`, node.span);
}

/** The number a name's formula is (`0.08`, `-1`, `(5)`), if it is one. */
function numberOf(ast: Node): number | undefined {
  if (ast.kind === 'number') return ast.value;
  if (ast.kind === 'unary' && ast.op === '-') {
    const v = numberOf(ast.operand);
    return v === undefined ? undefined : v === 0 ? 0 : -v;
  }
  if (ast.kind === 'unary' && ast.op === '+') return numberOf(ast.operand);
  return undefined;
}

/**
 * The formula with every name that stands for a reference replaced by that reference (sheet-qualified), so the
 * rest of the compiler reads `Settings!$B$2` where the formula says `TaxRate`. Names that are constants or
 * refusals are left in place (the lowering asks `resolveName` again).
 */
export function substituteNames(ast: Node, names: readonly DefinedName[], sheet: string): Node {
  if (names.length === 0) return ast;
  const visit = (n: Node): Node => {
    if (n.kind !== 'name') return mapChildren(n, visit);
    const t = resolveName(names, n, sheet);
    return isRefusal(t) || t.kind !== 'ref' ? n : t.node;
  };
  return someNode(ast, (n) => n.kind === 'name') ? visit(ast) : ast;
}

/** The first defined name (workbook order) that points at exactly this one cell, if any. */
export function definedNameAt(
  names: readonly DefinedName[],
  sheet: string,
  row: number,
  col: number,
): string | undefined {
  for (const d of names) {
    if (/^_xlnm\./i.test(d.name)) continue;
    const { ast } = parseFormula(d.ref);
    if (ast?.kind !== 'cell' || ast.workbook !== undefined) continue;
    const on = ast.sheet ?? d.sheet;
    if (on?.toLowerCase() === sheet.toLowerCase() && ast.row === row && ast.col === col) return d.name;
  }
  return undefined;
}

/** The first defined name that points at exactly this range, if any. */
export function definedNameOfRange(
  names: readonly DefinedName[],
  sheet: string,
  range: RangeNode,
): string | undefined {
  for (const d of names) {
    if (/^_xlnm\./i.test(d.name)) continue;
    const { ast } = parseFormula(d.ref);
    if (ast?.kind !== 'range' || ast.workbook !== undefined) continue;
    const on = ast.sheet ?? d.sheet;
    const same = (a: RangeNode['start'], b: RangeNode['start']) => a.row === b.row && a.col === b.col;
    if (on?.toLowerCase() === sheet.toLowerCase() && same(ast.start, range.start) && same(ast.end, range.end))
      return d.name;
  }
  return undefined;
}
