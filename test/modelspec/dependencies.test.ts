import { describe, expect, it } from 'vitest';
import {
  derivationCycle,
  derivationDependencies,
  type ModelSpec,
  runModel,
  testSpecInProcess,
  validateSpecInProcess,
} from '../../src/modelspec/index.js';

/** Rows with a category and an amount; `categoryTotal` per row, then each row's share of its category. */
function categoryShare(categoryTotal: string): ModelSpec {
  const row = {
    type: 'object',
    properties: {
      category: { type: 'string' },
      amount: { type: 'number' },
      categoryTotal: { type: 'number', readOnly: true },
      shareOfCategory: { type: 'number', readOnly: true },
    },
  };
  return {
    id: 'category-share',
    version: '1.0.0',
    schema: { type: 'object', properties: { items: { type: 'array', items: row } } },
    defaultValues: [
      {
        path: '$',
        expr: '{"items": [{"category": "a", "amount": 10}, {"category": "b", "amount": 30}, {"category": "a", "amount": 30}]}',
      },
    ],
    derivations: [
      // Listed before what it reads: the order comes from the analysis, not the spec.
      { path: '$.items[*].shareOfCategory', expr: '$parent.amount / $parent.categoryTotal' },
      { path: '$.items[*].categoryTotal', expr: categoryTotal },
    ],
    tests: [
      {
        given: {},
        expect: { '$.items[*].categoryTotal': [40, 30, 40], '$.items[*].shareOfCategory': [0.25, 1, 0.75] },
      },
    ],
  };
}

describe('per-category share: constructors, blocks and path steps over $$.items read only their fields', () => {
  const forms = [
    ['an object constructor step', '$sum($$.items.{"c": category, "a": amount}[c = $parent.category].a)'],
    [
      'an object constructor step ending the path',
      '$sum($filter($$.items.{"c": category, "a": amount}, function($r) { $r.c = $parent.category }).a)',
    ],
    ['an array constructor step', '$sum($$.items.[category, amount].($[0] = $parent.category ? $[1] : 0))'],
    ['a block step', '$sum($$.items.(category = $parent.category ? amount : 0))'],
    ['a block step binding variables', '$sum($$.items.($c := category; $c = $parent.category ? amount : 0))'],
    ['`$` inside a path step', '$sum($$.items.($.category = $parent.category ? $.amount : 0))'],
    ['`$` inside a predicate', '$sum($$.items[$.category = $parent.category].amount)'],
  ] as const;

  it.each(forms)('%s: validates, orders and computes the shares', async (_what, expr) => {
    const spec = categoryShare(expr);
    expect((await validateSpecInProcess(spec)).errors).toEqual([]);
    const report = await testSpecInProcess(spec);
    expect(report.results[0].failures).toEqual([]);
    expect(report.passed).toBe(1);
  });
});

const deps = (exprs: Record<string, string>) =>
  derivationDependencies(Object.entries(exprs).map(([path, expr]) => ({ path, expr })));

describe('the analysis stays conservative', () => {
  it('a call taking the row as its implicit argument reads every field', () => {
    expect(deps({ '$.s': '$$.items.$string()', '$.items[*].x': '1' })).toEqual([[1], []]);
  });

  it('a step after `@$v` is read from the context before it', async () => {
    // `$$.items@$r.total` reads `$$.total` for each row (JSONata keeps the context at a focus step).
    expect(deps({ '$.n': '$count($$.items@$r.total)', '$.total': '5' })).toEqual([[1], []]);
    const spec: ModelSpec = {
      id: 'focus',
      version: '1.0.0',
      schema: {},
      defaultValues: [{ path: '$', expr: '{"items": [{"total": 1}, {"total": 2}]}' }],
      derivations: [
        { path: '$.n', expr: '$sum($$.items@$r.total)' },
        { path: '$.total', expr: '5' },
      ],
    };
    const r = await runModel(spec);
    expect(r.ok && r.state.n).toBe(10);
  });

  it('a focus variable holding a whole row reads the row', () => {
    expect(deps({ '$.s': '$count($$.items@$r.($r))', '$.items[*].x': '1' })).toEqual([[1], []]);
  });

  it('a sort term is a read', () => {
    expect(deps({ '$.first': '$$.items^(rank)[0].name', '$.items[*].rank': '1' })).toEqual([[1], []]);
  });

  it('a group-by reads its key and value fields only', () => {
    const d = deps({
      '$.byCategory': '$$.items{category: $sum(amount)}',
      '$.items[*].amount': '1',
      '$.items[*].other': '2',
    });
    expect(d[0]).toEqual([1]);
  });

  it('a constructor holding the row itself reads every field', () => {
    expect(deps({ '$.rows': '$$.items.{"row": $}', '$.items[*].x': '1' })).toEqual([[1], []]);
  });

  it('a string function taking a field as its context reads that field', () => {
    expect(deps({ '$.s': '$$.items.name.$substring(1)', '$.items[*].name': '"x"' })).toEqual([[1], []]);
  });

  it('`%` (the parent step) reads everything', () => {
    expect(deps({ '$.s': '$$.items.(%.limit)', '$.limit': '1' })).toEqual([[1], []]);
  });
});

describe('DERIVATION_CYCLE names each edge and the span that creates it', () => {
  const spec: ModelSpec = {
    id: 'c',
    version: '1.0.0',
    schema: {},
    defaultValues: [{ path: '$', expr: '{"items": [{"a": 1}]}' }],
    derivations: [
      { path: '$.items[*].total', expr: '$sum($$.items.{"v": share}.v)' },
      { path: '$.items[*].share', expr: '$parent.a / $parent.total' },
    ],
  };

  it('in the runtime', async () => {
    const e = await runModel(spec).catch((x) => x);
    expect(e).toMatchObject({
      code: 'DERIVATION_CYCLE',
      data: {
        cycle: ['$.items[*].total', '$.items[*].share', '$.items[*].total'],
        edges: [
          {
            from: '$.items[*].total',
            to: '$.items[*].share',
            read: '$$.items.share',
            span: { start: 5, end: 25 },
            text: '$$.items.{"v": share',
          },
          {
            from: '$.items[*].share',
            to: '$.items[*].total',
            read: '$parent.total',
            span: { start: 12, end: 25 },
            text: '$parent.total',
          },
        ],
      },
    });
    expect(e.message).toContain('$parent.total');
  });

  it('as a description for validate_spec', () => {
    const c = derivationCycle(spec.derivations ?? []);
    expect(c).toMatchObject({
      indexes: [0, 1, 0],
      edges: [{ read: '$$.items.share' }, { read: '$parent.total' }],
    });
    expect(c?.message).toContain('"$parent.total"');
    expect(derivationCycle([{ path: '$.a', expr: '1' }])).toBeUndefined();
  });
});
