/**
 * SUBTOTAL's reading of its references, as Excel does it: the cells of each reference in order, leaving out
 * every cell whose formula itself calls SUBTOTAL ("If there are other subtotals within ref1, ref2,… (or nested
 * subtotals), these nested subtotals are ignored to avoid double counting", Microsoft, SUBTOTAL function;
 * ECMA-376 Part 4, SUBTOTAL). HyperFormula's own SUBTOTAL counts them.
 *
 * A cell's formula is read from HyperFormula's dependency graph (the rewritten AST, where SUBTOTAL is
 * SSX.SUBTOTAL). A cell that calls AGGREGATE makes the SUBTOTAL undetermined: Microsoft does not document
 * whether SUBTOTAL leaves it out.
 *
 * Then 1 AVERAGE and 9 SUM add in the grouped order of SSX.SUM (excelSum: a sum whose order matters is
 * undetermined), 2 COUNT counts numbers (the oracle's UNKNOWN propagates), 3 COUNTA counts non-empty cells,
 * 4 MAX and 5 MIN take numbers (none: 0). Inside references text, booleans and blanks are not numbers; the
 * first error met wins, except for COUNT and COUNTA.
 */
import { CellError, EmptyValue, ErrorType } from '../hf.js';
import { excelSum, finite, isUndetermined, raw, type Scalar, UNKNOWN } from './excel-scalars.js';

// biome-ignore lint/suspicious/noExplicitAny: HyperFormula's AST, state and graph are internal types.
type HfInternal = any;

interface Address {
  sheet: number;
  row: number;
  col: number;
}

const SUBTOTAL_CALLS = new Set(['SUBTOTAL', 'SSX.SUBTOTAL']);

/** The calls of a HyperFormula AST, by the node keys its kinds use (args, left/right, value, expression). */
function callsOf(ast: HfInternal, out: string[] = []): string[] {
  if (ast === null || typeof ast !== 'object') return out;
  if (Array.isArray(ast)) {
    for (const a of ast) callsOf(a, out);
    return out;
  }
  if (ast.type === 'FUNCTION_CALL') out.push(String(ast.procedureName).toUpperCase());
  for (const k of ['args', 'left', 'right', 'value', 'expression']) {
    if (typeof ast[k] === 'object') callsOf(ast[k], out);
  }
  return out;
}

/** `subtotal` when the cell's formula calls SUBTOTAL, `aggregate` for AGGREGATE, else `plain`. */
function cellClass(graph: HfInternal, address: Address): 'subtotal' | 'aggregate' | 'plain' {
  const vertex = graph.getCell(address);
  if (vertex === undefined || typeof vertex.getFormula !== 'function') return 'plain';
  const ast = vertex.getFormula(graph.lazilyTransformingAstService);
  if (ast === null || typeof ast !== 'object') return 'plain';
  const calls = callsOf(ast);
  if (calls.includes('AGGREGATE')) return 'aggregate';
  return calls.some((c) => SUBTOTAL_CALLS.has(c)) ? 'subtotal' : 'plain';
}

/**
 * The values each reference argument reads, nested SUBTOTAL cells left out; UNKNOWN when a cell calls
 * AGGREGATE or a reference's cells cannot be located.
 */
export function subtotalGroups(
  refs: readonly HfInternal[],
  state: HfInternal,
  graph: HfInternal,
  evaluate: (node: HfInternal) => unknown,
): Scalar[][] | CellError {
  const groups: Scalar[][] = [];
  for (const node of refs) {
    const value = evaluate(node) as HfInternal;
    const cells: Array<{ at: Address; v: Scalar }> = [];
    if (node.type === 'CELL_REFERENCE') {
      cells.push({ at: node.reference.toSimpleCellAddress(state.formulaAddress), v: value });
    } else {
      const range = value?.range;
      if (range === undefined || !Array.isArray(value.data)) return UNKNOWN();
      const rows = value.data as Scalar[][];
      rows.forEach((row, r) => {
        row.forEach((v, c) => {
          cells.push({
            at: { sheet: range.start.sheet, row: range.start.row + r, col: range.start.col + c },
            v,
          });
        });
      });
    }
    const group: Scalar[] = [];
    for (const { at, v } of cells) {
      const k = cellClass(graph, at);
      if (k === 'aggregate') return UNKNOWN();
      if (k === 'plain') group.push(v);
    }
    groups.push(group);
  }
  return groups;
}

/** The numbers of each group, or the first error met. */
function numbers(groups: readonly Scalar[][]): number[][] | CellError {
  const out: number[][] = [];
  for (const g of groups) {
    const nums: number[] = [];
    for (const v of g) {
      const x = raw(v);
      if (x instanceof CellError) return x;
      if (typeof x === 'number') nums.push(x);
    }
    out.push(nums);
  }
  return out;
}

/** SUBTOTAL with function number `base` (1–5, 9) over the groups; others undetermined. */
export function excelSubtotal(base: number, groups: readonly Scalar[][]): unknown {
  const all = groups.flat().map(raw);
  if (base === 2) {
    const unknown = all.find(isUndetermined);
    return unknown ?? all.filter((x) => typeof x === 'number').length;
  }
  if (base === 3) return all.filter((x) => x !== EmptyValue).length;
  const nums = numbers(groups);
  if (nums instanceof CellError) return nums;
  if (base === 9) return excelSum(nums);
  if (base === 1) {
    const n = nums.reduce((k, g) => k + g.length, 0);
    if (n === 0) return new CellError(ErrorType.DIV_BY_ZERO);
    const sum = excelSum(nums);
    return sum instanceof CellError ? sum : finite(sum / n);
  }
  if (base === 4 || base === 5) {
    const flat = nums.flat();
    const pick = base === 4 ? Math.max : Math.min;
    return flat.length === 0 ? 0 : flat.reduce((a, b) => pick(a, b));
  }
  return UNKNOWN();
}
