/**
 * What the fuzzer draws, checked against the function table: every function is drawn or excluded with a
 * reason, its shapes come from its entry, and every parameter meets each kind of value the value layer
 * converts (typed and by reference), an empty argument and, where optional, its absence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arityOf, FUNCTIONS } from '../../src/compiler/lower/functions/index.js';
import type { CellValue } from '../../src/workbook/values.js';
import {
  ARG_POOLS,
  callCase,
  DATE_TEXTS,
  type FuzzCase,
  type FuzzExpr,
  FUZZ_FUNCTIONS,
  FUZZED_ENTRIES,
  fuzzCase,
  NOT_FUZZED,
  NUMERIC_TEXTS,
  REPEAT_GROUPS,
} from './arbitraries.js';

const SEED = 1201;
const byName = new Map(FUNCTIONS.map((e) => [e.name, e]));

/** Every call in a tree. */
function calls(e: FuzzExpr, out: Array<Extract<FuzzExpr, { t: 'call' }>> = []) {
  if (e.t === 'call') {
    out.push(e);
    for (const a of e.args) calls(a, out);
  } else if (e.t === 'bin') {
    calls(e.l, out);
    calls(e.r, out);
  } else if ('e' in e) calls(e.e, out);
  return out;
}

/** The kind of one value: what the value layer tells apart. */
function valueKind(v: CellValue): string {
  if (v === null) return 'blank';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') {
    if (NUMERIC_TEXTS.includes(v)) return 'numeric text';
    if (DATE_TEXTS.includes(v)) return 'date text';
    return 'text';
  }
  return 'error';
}

/** The kind of one direct argument: typed (`typed boolean`), by reference (`cell boolean`), or its shape. */
function argumentKind(a: FuzzExpr, cells: readonly CellValue[]): string {
  switch (a.t) {
    case 'num':
      return 'typed number';
    case 'str':
      return `typed ${valueKind(a.v)}`;
    case 'bool':
      return 'typed boolean';
    case 'err':
      return 'typed error';
    case 'ref':
      return `cell ${valueKind(cells[a.col] ?? null)}`;
    case 'missing':
      return 'empty';
    case 'range':
      return 'range';
    default:
      return 'expression';
  }
}

/** The kinds each parameter (`FN.name`) met in `cases`, and the argument counts each function was drawn with. */
function tally(cases: readonly FuzzCase[]) {
  const kinds = new Map<string, Set<string>>();
  const counts = new Map<string, Set<number>>();
  for (const c of cases) {
    for (const call of calls(c.expr)) {
      const e = byName.get(call.fn);
      if (!e) throw new Error(`drawn function ${call.fn} is not in the table`);
      const n = counts.get(call.fn) ?? new Set<number>();
      n.add(call.args.length);
      counts.set(call.fn, n);
      const group = REPEAT_GROUPS[e.name]?.size ?? 1;
      e.args.forEach((p, i) => {
        const key = `${e.name}.${p.name}`;
        const seen = kinds.get(key) ?? new Set<string>();
        kinds.set(key, seen);
        if (i >= call.args.length) seen.add('left off');
        // A repeated parameter also meets the arguments of its later groups.
        const at = [i];
        if (p.repeats || i >= e.args.length - group)
          for (let j = i + group; j < call.args.length; j += group) at.push(j);
        for (const j of at) if (j < call.args.length) seen.add(argumentKind(call.args[j]!, c.cells));
      });
    }
  }
  return { kinds, counts };
}

/** Whole cases: every function must turn up among them. */
const sample = fc.sample(fuzzCase(), { seed: SEED, numRuns: 6000 });
const { counts: inCases } = tally(sample);
/** Calls of each function on its own, enough of them to see each parameter meet each kind. */
const PER_FUNCTION = 500;
const { kinds, counts } = tally(
  FUZZED_ENTRIES.flatMap((e) => fc.sample(callCase(e), { seed: SEED, numRuns: PER_FUNCTION })),
);

describe('fuzzer coverage of the function table', () => {
  it('every function of the table is drawn, or excluded with a reason', () => {
    const neither = FUNCTIONS.map((e) => e.name).filter(
      (n) => !FUZZ_FUNCTIONS.includes(n) && !(n in NOT_FUZZED),
    );
    expect(neither).toEqual([]);
    for (const [name, why] of Object.entries(NOT_FUZZED)) {
      expect(byName.has(name), `${name} is excluded but not in the table`).toBe(true);
      expect(why.length, `${name}'s reason`).toBeGreaterThan(20);
      expect(FUZZ_FUNCTIONS).not.toContain(name);
    }
  });

  it(`a seeded sample of ${sample.length} cases calls every drawn function`, () => {
    expect(FUZZ_FUNCTIONS.filter((n) => !inCases.has(n))).toEqual([]);
  });

  it('argument counts come from the table: within the arity, each optional argument present and absent', () => {
    for (const [name, seen] of counts) {
      const e = byName.get(name)!;
      const { min, max } = arityOf(e);
      for (const n of seen) {
        expect(n, `${name} drawn with ${n} arguments`).toBeGreaterThanOrEqual(min);
        expect(n, `${name} drawn with ${n} arguments`).toBeLessThanOrEqual(max);
      }
      // From the fewest to the most declared arguments, every count.
      for (let n = min; n <= e.args.length; n++)
        expect(seen.has(n), `${name} with ${n} arguments`).toBe(true);
      if (e.args.at(-1)?.repeats)
        expect(Math.max(...seen), `${name}'s repeated arguments`).toBeGreaterThan(e.args.length);
    }
  });

  it('the generator reads the table as it is: optional arguments trail, repeat groups fit', () => {
    for (const e of FUNCTIONS) {
      const firstOptional = e.args.findIndex((a) => a.optional);
      if (firstOptional >= 0)
        expect(
          e.args.slice(firstOptional).every((a) => a.optional || a.repeats),
          e.name,
        ).toBe(true);
    }
    for (const [name, g] of Object.entries(REPEAT_GROUPS)) {
      const e = byName.get(name);
      expect(e?.args.at(-1)?.repeats, `${name} repeats`).toBe(true);
      expect(g.size).toBeLessThanOrEqual(e!.args.length);
    }
    for (const key of ARG_POOLS.keys()) {
      const [fn, arg] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
      expect(
        byName.get(fn)?.args.some((a) => a.name === arg),
        `pool ${key} names no argument`,
      ).toBe(true);
    }
  });

  it('every value parameter meets each kind, typed and by reference, empty and (if optional) left off', () => {
    const wanted = [
      'typed boolean',
      'cell boolean',
      'cell blank',
      'typed numeric text',
      'cell numeric text',
      'typed date text',
      'cell date text',
      'typed text',
      'cell text',
      'typed error',
      'typed number',
      'cell number',
    ];
    const lacking: string[] = [];
    for (const e of FUZZED_ENTRIES) {
      for (const p of e.args) {
        if (p.kind === 'range' || p.kind === 'table') continue;
        const seen = kinds.get(`${e.name}.${p.name}`) ?? new Set();
        // An empty argument needs a comma: a function of one argument cannot be given one (`F()` has none).
        const want = [
          ...wanted,
          ...(arityOf(e).max > 1 ? ['empty'] : []),
          ...(p.optional ? ['left off'] : []),
        ];
        const miss = want.filter((k) => !seen.has(k));
        if (miss.length > 0) lacking.push(`${e.name}.${p.name}: ${miss.join(', ')}`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('range and table parameters get ranges; reference parameters get ranges too', () => {
    for (const e of FUZZED_ENTRIES) {
      for (const p of e.args) {
        if (p.kind === 'value') continue;
        expect(kinds.get(`${e.name}.${p.name}`)?.has('range'), `${e.name}.${p.name}`).toBe(true);
      }
    }
  });
});
