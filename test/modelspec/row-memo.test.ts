import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { specBindings } from '../../src/modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../src/modelspec/derive.js';
import type { JNode } from '../../src/modelspec/analyze.js';
import { callsImpure, MISS, parentFieldsRead, RowMemo, valueKey } from '../../src/modelspec/row-memo.js';

const reads = (expr: string) => parentFieldsRead(jsonata(expr).ast() as JNode, 'items');

describe('the fields a derivation reads', () => {
  it.each([
    ['$parent.qty * $parent.price', ['price', 'qty']],
    ['$xlFin($parent.qty * $parent.price)', ['price', 'qty']],
    ['$parent.a.b[0] & $$.total', ['a']],
    ['total + $parent.a', ['a']],
    ['$.total + $parent.a', ['a']],
    ['$lookup($parent.o, "k")', ['o']],
    ['$map($parent.list, function($v) { $v * 2 })', ['list']],
    ['$parent.list.(x + y)', ['list']],
    ['$parent.list[x > 1].y', ['list']],
    ['($t := $parent.a; $t > 1 ? "big" : $const.small)', ['a']],
    ['{"v": $parent.a}.v', ['a']],
    ['-$parent.a', ['a']],
    ['$parent.a ~> $string', ['a']],
    ['$parent.a[] ~> $count', ['a']],
    ['$parent.a^(x)', ['a']],
    ['"constant"', []],
  ])('%s reads %j', (expr, fields) => {
    expect(reads(expr)).toEqual(fields);
  });

  it.each([
    ['$$.items[0].x + $parent.a', 'the array being derived, from the root'],
    ['$.items[0].x + $parent.a', 'the array being derived, from the context'],
    ['items[0].x', 'the array being derived, by a bare name at the top'],
    ['$sum(items.x)', 'the array being derived, as an argument'],
    ['$f($parent)', 'the whole element'],
    ['$parent', 'the whole element'],
    ['$', 'the whole document'],
    ['$$', 'the whole document'],
    ['$random() + $parent.a', 'a random number'],
    ['$now()', 'the clock'],
    ['$millis()', 'the clock'],
    ['$shuffle([1, 2])[0] + $parent.a', 'randomness'],
    ['$map([1], $random)', 'a random function passed'],
    ['$parent.a@$parent.b', '$parent rebound by a focus'],
    ['($x := $$.items; $x[0].a)', 'a variable holding the array'],
    ['$eval("1") + $parent.a', '$eval'],
    ['$string()', 'the document as the context argument'],
    ['$lookup("total")', 'the document as the context argument'],
    ['$keys()', 'the document as the context argument'],
    ['($parent := $$.x; $parent.a)', '$parent rebound'],
    ['(function($parent) { $parent.a })($$.x)', '$parent rebound'],
    ['$parent.constructor', 'an inherited property'],
    ['$parent.a.%.b', 'the parent operator'],
    ['$parent.a ~> |$|{"x": 1}|', 'a transform'],
  ])('%s: evaluated element by element (%s)', (expr) => {
    expect(reads(expr)).toBeUndefined();
  });

  it('names a clock or $eval anywhere in a library', () => {
    expect(callsImpure(jsonata('($f := function($x) { $x + $random() }; ["f"])').ast() as JNode)).toBe(true);
    expect(callsImpure(jsonata('($f := function($x) { $x + 1 }; ["f"])').ast() as JNode)).toBe(false);
  });
});

describe('the key of a value', () => {
  it.each([
    [0, -0],
    [null, undefined],
    [1, '1'],
    ['a', ['a']],
    [{ a: 1 }, { a: '1' }],
    [[0], [-0]],
    [{ a: -0 }, { a: 0 }],
    [true, 'true'],
    ['a,b', ['a', 'b']],
    [{ ab: 1 }, { a: 1, b: 1 }],
  ])('%j and %j differ', (a, b) => {
    expect(valueKey(a)).not.toBe(valueKey(b));
  });

  it('is the same for equal values', () => {
    expect(valueKey({ error: '#N/A' })).toBe(valueKey({ error: '#N/A' }));
    expect(valueKey(0.1 + 0.2)).toBe(valueKey(0.30000000000000004));
  });

  it('has none for a function', () => {
    expect(valueKey(() => 1)).toBeUndefined();
    expect(valueKey([() => 1])).toBeUndefined();
  });
});

describe('RowMemo', () => {
  it('keeps plain results only', () => {
    const memo = new RowMemo(['a']);
    const k = memo.key({ a: 1 }) as string;
    expect(memo.get(k)).toBe(MISS);
    memo.set(k, { error: '#N/A' });
    expect(memo.get(k)).toBe(MISS);
    memo.set(k, undefined);
    expect(memo.get(k)).toBeUndefined();
  });

  it('gives up when inputs rarely repeat', () => {
    const memo = new RowMemo(['a']);
    for (let i = 0; i < 2048; i++) {
      const k = memo.key({ a: i }) as string;
      if (memo.get(k) === MISS) memo.set(k, i);
    }
    expect(memo.key({ a: 1 })).toBeUndefined();
  });

  it('gives up when inputs rarely repeat, also when the deciding lookup is a hit', () => {
    const memo = new RowMemo(['a']);
    for (let i = 0; i < 2048; i++) {
      // Distinct inputs, but the last one repeats the first: under a fifth of the lookups hit.
      const k = memo.key({ a: i === 2047 ? 0 : i }) as string;
      if (memo.get(k) === MISS) memo.set(k, i);
    }
    expect(memo.key({ a: 1 })).toBeUndefined();
  });

  it('has no key for an array element', () => {
    expect(
      new RowMemo(['a']).key(Object.assign([], { a: 1 }) as unknown as Record<string, unknown>),
    ).toBeUndefined();
  });
});

/** Each element evaluated on its own, the reference the memo must agree with. */
async function reference(expr: string, doc: { items: Record<string, unknown>[] }, library: string) {
  const bindings = await specBindings(library);
  const compiled = jsonata(expr);
  const out: unknown[] = [];
  for (const item of doc.items) {
    const v = await compiled.evaluate(doc, { ...bindings, parent: item });
    out.push(v);
    if (v === undefined) delete item.out;
    else item.out = v;
  }
  return out;
}

describe('derivations with repeated inputs', () => {
  const library = '($half := function($x) { $x / 2 }; ["half"])';
  const exprs = [
    '$half($parent.a) + $parent.b',
    '$parent.a = 0 ? {"error": "#DIV/0!"} : 1 / $parent.a',
    '$parent.t & "-" & $string($parent.a)',
    '$parent.a > 1 ? $parent.b',
    // Not memoised: reads the previous element's result (a running value).
    '$parent.a + ($count($$.items[$exists(out)]) > 0 ? $$.items[$exists(out)][-1].out : 0)',
  ];
  const values = [0, -0, 1, 2.5, 4];

  it.each(exprs)('%s: every element as if evaluated alone', async (expr) => {
    let seed = 7;
    const pick = <T>(xs: T[]): T => {
      seed = (seed * 16807) % 2147483647;
      return xs[seed % xs.length];
    };
    const make = () => ({
      items: Array.from({ length: 600 }, () => {
        const item: Record<string, unknown> = { a: pick(values), b: pick([1, 2, 3]), t: pick(['p', 'q']) };
        if (pick([true, false, false])) delete item.b;
        if (pick([true, false, false, false])) delete item.a;
        return item;
      }),
    });
    seed = 7;
    const a = make();
    seed = 7;
    const b = make();
    const want = await reference(expr, a, library);
    const d = compileDerivation({ path: '$.items[*].out', expr });
    await computeDerivations([d], b, await specBindings(library));
    expect(b.items.map((i) => i.out)).toEqual(want);
    expect(want.some((v) => typeof v === 'object')).toBe(expr.includes('error'));
  });

  it('hands no element another element’s object', async () => {
    const doc = { items: [{ a: 0 }, { a: 0 }] as Record<string, unknown>[] };
    const d = compileDerivation({ path: '$.items[*].e', expr: '$parent.a = 0 ? {"error": "#DIV/0!"}' });
    await computeDerivations([d], doc, await specBindings(undefined));
    expect(doc.items[0].e).toEqual({ error: '#DIV/0!' });
    expect(doc.items[0].e).not.toBe(doc.items[1].e);
  });

  it('finds the reads of the lowering’s forms', () => {
    const d = compileDerivation({ path: '$.items[*].rate', expr: '$xlVlookupAt($parent.key, $keyTable, 2)' });
    expect(d.reads).toEqual(['key']);
    const share = compileDerivation({
      path: '$.items[*].share',
      expr: '$xlDiv($parent.amount, $$.sumproductQtyPrice)',
    });
    expect(share.reads).toEqual(['amount']);
  });
});
