import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  evaluateExpression,
  perParentEvaluator,
  specBindings,
} from '../../src/modelspec/bind.js';

describe('perParentEvaluator', () => {
  const library = {
    define: '( $twice := function($x) { $x * 2 }; $rate := 0.5; ["twice", "rate"] )',
  };
  const doc = { items: [{ a: 1 }, { a: 2 }, { b: 3 }], total: 10 };

  it('gives what evaluateExpression gives, element by element', async () => {
    const bindings = await specBindings(library, { k: 7 });
    for (const expr of [
      '$twice($parent.a) + $rate',
      '$parent.a + $const.k + $$.total + $.total',
      '$exists($parent.a) ? $string($parent.a) : "none"',
      '( $parent := {"a": 100}; $parent.a )',
      '$count($$.items[a > $parent.a])',
    ]) {
      const evaluate = perParentEvaluator(expr, bindings);
      const compiled = compileExpression(expr);
      for (const item of doc.items)
        expect(await evaluate(doc, item), expr).toEqual(
          await evaluateExpression(compiled, doc, bindings, item),
        );
    }
  });

  it('binds $parent per call, over a library or constant of the same name', async () => {
    const bindings = { ...(await specBindings(library, {})), parent: 'shadowed' };
    const evaluate = perParentEvaluator('$parent.a', bindings);
    expect(await evaluate(doc, doc.items[1])).toBe(2);
  });

  it('leaves no binding behind in other compiled expressions', async () => {
    const bindings = await specBindings(library, {});
    perParentEvaluator('$rate', bindings);
    expect(await compileExpression('$rate').evaluate({})).toBeUndefined();
  });
});
