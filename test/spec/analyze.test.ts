import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { documentRefs, expressionCalls, type JNode } from '../../src/spec/analyze.js';
import { derivationDependencies } from '../../src/spec/order.js';

const ast = (e: string) => jsonata(e).ast() as JNode;

describe('documentRefs', () => {
  it.each([
    ['$.a', ['$']],
    ['$$.a', ['$$']],
    ['*', ['*']],
    ['**.a', ['**']],
    ['$l[$type($) = "object"]', []],
    ['$l.($ * 2)', []],
    ['$l.*', []],
    ['function($x) { $x.a }', []],
  ])('%s → %j', (e, want) => {
    expect(documentRefs(ast(e)).map((r) => r.what)).toEqual(want);
  });
});

describe('expressionCalls', () => {
  it('tells local bindings from free names', () => {
    const calls = expressionCalls(ast('( $f := function($g) { $g(1) + $h(2) }; $f($k) ~> $m )'));
    expect(calls.map((c) => [c.name, c.local]).sort()).toEqual([
      ['f', true],
      ['g', true],
      ['h', false],
      ['m', false],
    ]);
  });
});

describe('derivationDependencies', () => {
  it('follows $parent, $, $$ and bare paths', () => {
    const deps = derivationDependencies([
      { path: '$.items[*].total', expr: '$parent.price * $parent.qty' },
      { path: '$.sum', expr: '$sum(items.total)' },
      { path: '$.items[*].share', expr: '$parent.total / $$.sum' },
      { path: '$.items[*].price', expr: '1' },
    ]);
    expect(deps).toEqual([[3], [0], [0, 1], []]);
  });
});
