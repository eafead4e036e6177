/**
 * Per engine, the criteria functions' reads and results: each sheet range a SUMIF/COUNTIF/... reads is read
 * (and grouped, excel-criteria.ts) once, and a call whose ranges and criteria were seen before answers from
 * the first call. A per-row `SUMIF($B$2:$B$N,B2,$E$2:$E$N)` column then costs one pass over the column plus
 * the matching rows, not a scan per row (linear cost, one pass per range). The lookups keep their tables
 * here too (`indexed`: functions/lookup.ts), read and indexed once per range.
 *
 * Sound because the engine is built, evaluated once in dependency order and destroyed (hyperformula.ts): a
 * formula reading a range runs after every cell of it, and nothing changes a cell afterwards. The cache is
 * keyed by the engine's dependency graph, so a new engine starts empty.
 */
import { CellError } from '../hf.js';
import { type CriteriaAggregate, CriteriaRange } from './excel-criteria.js';
import type { raw } from './excel-scalars.js';

type Value = ReturnType<typeof raw>;

/** One argument: its cells as a criteria range, and a key naming it (a sheet range's address, a scalar's value). */
export interface CriteriaArg {
  range: CriteriaRange;
  key: string;
}

interface SheetRange {
  sheet: number;
  start: { row: number; col: number };
  end: { row: number; col: number };
}

export const scalarArg = (v: Value): CriteriaArg => ({ range: new CriteriaRange([v]), key: scalarKey(v) });

function scalarKey(v: Value): string {
  if (v instanceof CellError) return `e${v.type}`;
  if (typeof v === 'symbol' || v === null || v === undefined) return 'b';
  if (typeof v === 'number') return `n${Object.is(v, -0) ? '-0' : String(v)}`;
  return `${typeof v === 'string' ? 's' : 'l'}${String(v)}`;
}

class RangeCache {
  private readonly ranges = new Map<string, CriteriaArg>();
  private readonly results = new Map<string, unknown>();
  private readonly indexes = new Map<string, unknown>();

  /** A value built once from a sheet range (`tag` names what is built); undefined without an address. */
  indexed<T>(address: SheetRange | undefined, tag: string, build: () => T): T {
    if (address === undefined) return build();
    const key = `${tag}\u0000${rangeKey(address)}`;
    if (this.indexes.has(key)) return this.indexes.get(key) as T;
    const value = build();
    this.indexes.set(key, value);
    return value;
  }

  /** A range argument; one without a sheet address (a computed array) is read each time and never keyed. */
  range(address: SheetRange | undefined, read: () => Value[]): CriteriaArg {
    if (address === undefined) return { range: new CriteriaRange(read()), key: '' };
    const key = rangeKey(address);
    let arg = this.ranges.get(key);
    if (arg === undefined) {
      arg = { range: new CriteriaRange(read()), key };
      this.ranges.set(key, arg);
    }
    return arg;
  }

  /** The call's result, computed once per function, ranges and criteria. */
  result(agg: CriteriaAggregate, args: readonly CriteriaArg[], compute: () => unknown): unknown {
    if (args.some((a) => a.key === '')) return compute();
    const key = `${agg}\u0000${args.map((a) => a.key).join('\u0000')}`;
    if (this.results.has(key)) return this.results.get(key);
    const value = compute();
    this.results.set(key, value);
    return value;
  }
}

const rangeKey = (a: SheetRange): string =>
  `r${a.sheet}!${a.start.row},${a.start.col}:${a.end.row},${a.end.col}`;

const caches = new WeakMap<object, RangeCache>();

export function rangeCacheOf(engine: object): RangeCache {
  let cache = caches.get(engine);
  if (cache === undefined) {
    cache = new RangeCache();
    caches.set(engine, cache);
  }
  return cache;
}
