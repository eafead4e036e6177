/**
 * Per engine, the walk of a range whose top row is fixed: a running `=SUM($E$2:E2)` filled down
 * asks SSX.SUM for `$E$2:E2`, `$E$2:E3`, ..., and reading the whole range in every row is quadratic (10,000
 * rows took 20 s in the oracle stage). The ranges share their top-left corner and columns, so one walk serves
 * them all: the cells are read left to right, row by row (HyperFormula's `valuesFromTopLeftCorner` order),
 * as far as the furthest end row asked so far, and the state after each row is kept, so a range ending at
 * any row walked is answered from that row's snapshot and a longer one extends the walk to its own end row,
 * never further (a cell below may not be computed yet).
 *
 * Exact because the state after a row is what SSX.SUM/AVERAGE/COUNT (functions/aggregate.ts) compute from the
 * same cells in the same order: for one range, excelSum's two sums (left to right, and range by range) are
 * the same walk, so the snapshot is that walk's total and whether any step cancelled (`cancels`); the first
 * error and the first undetermined value are where they are met in reading order, so a range ending before
 * that row has none and one ending at or after it has that one. Sound for the same reason as range-cache.ts:
 * the engine evaluates once in dependency order, so a cell a formula's range covers is final when the formula
 * runs and never changes afterwards; the cache is keyed by the engine's dependency graph.
 */
import { CellError, ErrorType, SimpleRangeValue } from '../hf.js';
import { cancels, finite, raw, type Scalar, settledSum } from './excel-scalars.js';

/** The part of a HyperFormula range address the walk needs (AbsoluteCellRange). */
export interface PrefixRange {
  start: { sheet: number; row: number; col: number };
  end: { row: number; col: number };
}

/** An error met at a row of the walk (its offset from the top row). */
interface Met {
  row: number;
  error: CellError;
}

/**
 * The running state of one walk: per row walked (offset from the top row), the left-to-right sum and the
 * count of numbers after that row; the first row where a step cancelled; the first error and the first
 * undetermined value (`#ERROR!`) met.
 */
export class PrefixWalk {
  private readonly sums: number[] = [];
  private readonly counts: number[] = [];
  private sum = 0;
  private count = 0;
  private unsureFrom = Number.POSITIVE_INFINITY;
  private error: Met | undefined;
  private unknown: Met | undefined;

  /** How many rows have been walked. */
  get rows(): number {
    return this.sums.length;
  }

  /** Walks the next row: its cells left to right. */
  push(cells: Iterable<unknown>): void {
    const row = this.sums.length;
    for (const v of cells) {
      const x = raw(v as Scalar);
      if (x instanceof CellError) {
        this.error ??= { row, error: x };
        if (x.type === ErrorType.ERROR) this.unknown ??= { row, error: x };
      } else if (typeof x === 'number') {
        const r = this.sum + x;
        if (cancels(this.sum, x, r) && this.unsureFrom > row) this.unsureFrom = row;
        this.sum = r;
        this.count++;
      }
    }
    this.sums.push(this.sum);
    this.counts.push(this.count);
  }

  /** SUM of the first `rows` rows, as excelSum of their numbers; the first error met wins. */
  sumOf(rows: number): number | CellError {
    const e = this.errorWithin(this.error, rows);
    if (e) return e;
    const s = this.sums[rows - 1] ?? 0;
    return settledSum(s, s, this.unsureFrom < rows);
  }

  /** AVERAGE of the first `rows` rows: the sum over the count of numbers (#DIV/0! with none). */
  averageOf(rows: number): number | CellError {
    const e = this.errorWithin(this.error, rows);
    if (e) return e;
    const n = this.counts[rows - 1] ?? 0;
    if (n === 0) return new CellError(ErrorType.DIV_BY_ZERO);
    const sum = this.sumOf(rows);
    return sum instanceof CellError ? sum : finite(sum / n);
  }

  /** COUNT of the first `rows` rows: numbers; the first undetermined value met propagates. */
  countOf(rows: number): number | CellError {
    return this.errorWithin(this.unknown, rows) ?? this.counts[rows - 1] ?? 0;
  }

  private errorWithin(met: Met | undefined, rows: number): CellError | undefined {
    return met !== undefined && met.row < rows ? met.error : undefined;
  }
}

class PrefixCache {
  private readonly walks = new Map<string, PrefixWalk>();

  /**
   * The walk of `range`'s top row and columns, extended to its end row: `readRows(first, count)` reads the
   * cells of `count` rows from offset `first`, row by row, left to right.
   */
  walk(range: PrefixRange, readRows: (first: number, count: number) => Iterable<unknown>[]): PrefixWalk {
    const key = `${range.start.sheet}!${range.start.row},${range.start.col}:${range.end.col}`;
    let walk = this.walks.get(key);
    if (walk === undefined) {
      walk = new PrefixWalk();
      this.walks.set(key, walk);
    }
    const rows = range.end.row - range.start.row + 1;
    if (rows > walk.rows) for (const cells of readRows(walk.rows, rows - walk.rows)) walk.push(cells);
    return walk;
  }
}

const caches = new WeakMap<object, PrefixCache>();

/** HyperFormula's AST nodes, range addresses and dependency graph are internal (not exported). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
type HfInternal = any;

/**
 * A call of one sheet range whose top row is written absolute (`SUM($E$2:E9)`, filled down): the range's
 * walk in the engine's prefix cache, extended to its end row, with the rows it spans. Undefined for any other
 * call (more arguments, another kind of argument, an error, an array's output), which reads its arguments in
 * full. Why only a fixed top row: ranges sharing a walk share it; a moving window (`SUM(E2:E9)` filled down)
 * would only add a walk per row.
 */
export function prefixOfCall(
  args: readonly HfInternal[],
  graph: HfInternal,
  evaluate: (node: HfInternal) => unknown,
): { walk: PrefixWalk; rows: number } | undefined {
  if (args.length !== 1) return undefined;
  let node = args[0];
  while (node.type === 'PARENTHESES') node = node.expression;
  if (node.type !== 'CELL_RANGE' || !node.start.isRowAbsolute()) return undefined;
  const value = evaluate(node);
  if (!(value instanceof SimpleRangeValue)) return undefined;
  const range = value.range as HfInternal;
  if (range === undefined || graph.getArray(range) !== undefined) return undefined;
  if (range.end.row < range.start.row || range.end.col < range.start.col) return undefined;
  const walk = prefixCacheOf(graph).walk(
    range,
    (first, count) =>
      SimpleRangeValue.onlyRange(range.rangeWithSameWidth(range.start.row + first, count), graph).data,
  );
  return { walk, rows: range.end.row - range.start.row + 1 };
}

function prefixCacheOf(engine: object): PrefixCache {
  let cache = caches.get(engine);
  if (cache === undefined) {
    cache = new PrefixCache();
    caches.set(engine, cache);
  }
  return cache;
}
