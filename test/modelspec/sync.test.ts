/** JSONata evaluated synchronously for the verifier (src/modelspec/sync.ts) and its use in derive.ts. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import type { JNode } from '../../src/modelspec/analyze.js';
import { specBindings } from '../../src/modelspec/bind.js';
import {
  compileDerivation,
  computeDerivations,
  SYNC_MIN_ELEMENTS,
  sameValue,
  type SyncEvaluation,
  syncEvaluation,
  syncEvaluationCounts,
} from '../../src/modelspec/derive.js';
import { makeSynchronous, syncJsonata, syncSafe } from '../../src/modelspec/sync.js';

const source = readFileSync(createRequire(import.meta.url).resolve('jsonata'), 'utf8');

/** What an expression gives, or the code it throws, in one jsonata. */
async function outcome(factory: typeof jsonata, expr: string, input: unknown): Promise<unknown> {
  try {
    return { value: await factory(expr).evaluate(input) };
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
}

describe('the synchronous jsonata', () => {
  it('is made from the installed jsonata and evaluates as it does', async () => {
    const sync = syncJsonata();
    expect(sync).toBeDefined();
    const input = {
      items: [
        { p: 2.5, q: 3, n: 'Bé' },
        { p: -1, q: 0, n: 'x' },
      ],
      k: [3, 1, 2],
    };
    for (const expr of [
      '$sum(items.(p * q))',
      '$map(items, function($i) { $i.p / $i.q })',
      '$filter(items, function($i) { $i.q > 0 }).n',
      '$sort(k, function($a, $b) { $a < $b })',
      '$reduce(k, function($a, $b) { $a * 10 + $b }, 0)',
      'items{n: p}',
      '[items.p, [k], {"a": k[0]}]',
      '$replace("a1b22", /[0-9]+/, function($m) { $string($length($m.match)) })',
      '($f := function($n) { $n <= 1 ? 1 : $n * $f($n - 1) }; $f(20))',
      '$round(2.5) & $string(1e21) & $substring("héllo", 1, 3) & $uppercase(items[0].n)',
      'items.p + "x"', // T2001, thrown the same
      '$undefinedFn(1)', // T1006
      '$eval("1 + k[1]")',
    ]) {
      expect(await outcome(sync as typeof jsonata, expr, input), expr).toEqual(
        await outcome(jsonata, expr, input),
      );
    }
  });

  it('is not made from any other file: every edit is counted', () => {
    expect(makeSynchronous(source)).toBeDefined();
    expect(makeSynchronous(`${source}\nasync function extra() { await 1; }`)).toBeUndefined();
    expect(
      makeSynchronous(source.replace('await Promise.all(expr.expressions', 'Promise.all(expr.expressions')),
    ).toBeUndefined();
    // A debugging hook looked up once more, or an API that binds by name not where it was: not made.
    expect(
      makeSynchronous(
        `${source}\nfunction extra(e) { return e.lookup(Symbol.for('jsonata.__evaluate_exit')); }`,
      ),
    ).toBeUndefined();
    expect(
      makeSynchronous(source.replace('assign: function (name, value) {', 'assign(name, value) {')),
    ).toBeUndefined();
  });

  it('has no debugging hooks, and no binding a symbol names', async () => {
    const made = makeSynchronous(source) as string;
    expect(made).not.toMatch(/lookup\(Symbol\.for/);
    const sync = syncJsonata() as typeof jsonata;
    const hook = Symbol.for('jsonata.__evaluate_entry');
    // jsonata itself calls a hook bound by a symbol at every node; the copy refuses to bind one.
    const seen: string[] = [];
    const expr = jsonata('a + 1');
    expr.assign(hook as unknown as string, (node: { type: string }) => void seen.push(node.type));
    expect(await expr.evaluate({ a: 1 })).toBe(2);
    expect(seen.length).toBeGreaterThan(0);
    expect(() => sync('a + 1').assign(hook as unknown as string, () => undefined)).toThrow(TypeError);
    expect(() => sync('a + 1').registerFunction(hook as unknown as string, () => 1)).toThrow(/symbol/);
    // Bindings by name work as before, and a symbol key in the bindings object is not bound (Object.keys).
    const named = sync('$f(a) + $k');
    named.registerFunction('f', (x: number) => x * 10);
    named.assign('k', 5);
    expect(
      await named.evaluate({ a: 2 }, { [hook]: () => undefined } as unknown as Record<string, unknown>),
    ).toBe(25);
  });

  it('admits only expressions whose sibling items bind nothing they share', () => {
    const ast = (e: string) => jsonata(e).ast() as JNode;
    expect(syncSafe(ast('($x := 1; [$x, $f($x)])'))).toBe(true);
    expect(syncSafe(ast('[($y := 1; $y), function($a) { ($z := $a; $z) }(2)]'))).toBe(true);
    expect(syncSafe(ast('[$x := 1, $x]'))).toBe(false);
    expect(syncSafe(ast('{"a": $x := 1, "b": $x}'))).toBe(false);
    expect(syncSafe(ast('items{n: $t := p}'))).toBe(false);
    expect(syncSafe(ast('$f([1, [$x := 2]])'))).toBe(false);
  });
});

describe('derivations evaluated synchronously', () => {
  const spec = {
    library: {
      define:
        '( $half := function($v) { $round($v / 2, 2) }; $tag := function($s) { $uppercase($substring($s, 0, 2)) }; ["half", "tag"] )',
    },
    derivations: [
      { path: '$.items[*].h', expr: '$half($parent.p * $parent.q)' },
      { path: '$.items[*].t', expr: '$tag($parent.n) & "-" & $string($parent.h)' },
      { path: '$.items[*].z', expr: '[$x := 1, $x]' },
    ],
  };
  const doc = () => ({
    items: Array.from({ length: 60 }, (_, i) => ({ p: i * 1.25, q: (i * 7) % 5, n: `item${i}` })),
  });

  async function run(sync: SyncEvaluation | undefined) {
    const d = doc();
    const bindings = await specBindings(spec.library, {});
    await computeDerivations(spec.derivations.map(compileDerivation), d, bindings, sync);
    return d;
  }

  it('are made only for enough elements to pay for making the synchronous jsonata', async () => {
    expect(await syncEvaluation(spec.library, {}, SYNC_MIN_ELEMENTS - 1)).toBeUndefined();
    expect(await syncEvaluation(spec.library, {}, SYNC_MIN_ELEMENTS)).toBeDefined();
  });

  it('are not made for a library that binds a variable its siblings share', async () => {
    const unsafe = { define: '( $f := function($v) { [$x := $v, $x] }; ["f"] )' };
    expect(await syncEvaluation(unsafe, {}, Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('give the asynchronous values, the first elements compared, the unsafe derivation asynchronously', async () => {
    const sync = await syncEvaluation(spec.library, {}, Number.POSITIVE_INFINITY);
    expect(sync).toBeDefined();
    const before = syncEvaluationCounts();
    const fast = await run(sync);
    const after = syncEvaluationCounts();
    expect(sameValue(fast, await run(undefined))).toBe(true);
    // Two derivations of three are safe; each evaluates all 60 elements synchronously, 16 also asynchronously.
    expect(after.sync - before.sync).toBe(120);
    expect(after.compared - before.compared).toBe(32);
    expect(after.different - before.different).toBe(0);
  });

  it('fall back to the asynchronous evaluator when a compared element differs or an element throws', async () => {
    const sync = (await syncEvaluation(spec.library, {}, Number.POSITIVE_INFINITY)) as SyncEvaluation;
    // A synchronous jsonata that is wrong on every number, and one that throws on every fifth element.
    const wrong = ((expr: string) => {
      const e = sync.factory(expr);
      return Object.assign(Object.create(e), {
        evaluate: (input: unknown, b?: Record<string, unknown>) => {
          const v = e.evaluate(input, b) as unknown;
          return typeof v === 'number' ? v + 1 : v;
        },
      });
    }) as unknown as typeof jsonata;
    let calls = 0;
    const throwing = ((expr: string) => {
      const e = sync.factory(expr);
      return Object.assign(Object.create(e), {
        evaluate: (input: unknown, b?: Record<string, unknown>) => {
          if (++calls % 5 === 0) throw new RangeError('Maximum call stack size exceeded');
          return e.evaluate(input, b);
        },
      });
    }) as unknown as typeof jsonata;
    const reference = await run(undefined);
    const before = syncEvaluationCounts();
    expect(sameValue(await run({ factory: wrong, bindings: sync.bindings }), reference)).toBe(true);
    const mid = syncEvaluationCounts();
    expect(mid.different - before.different).toBe(1); // the numeric derivation; the text one matched
    expect(sameValue(await run({ factory: throwing, bindings: sync.bindings }), reference)).toBe(true);
    expect(syncEvaluationCounts().redone - mid.redone).toBe(24); // 120 synchronous calls, every fifth threw
  });
});
