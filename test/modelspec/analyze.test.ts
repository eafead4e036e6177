import jsonata from 'jsonata';
import { describe, expect, it } from 'vitest';
import { expressionReads, type JNode } from '../../src/modelspec/analyze.js';

const reads = (expr: string) => expressionReads(jsonata(expr).ast() as unknown as JNode);

describe('expressionReads', () => {
  it('reads a row field through $parent and a root path through $$', () => {
    expect(reads('$parent.qty * $$.sumAmount')).toEqual([
      { base: 'parent', keys: ['qty'], any: true },
      { base: 'root', keys: ['sumAmount'], any: true },
    ]);
  });

  it('does not widen `$` inside a filter on a computed array to the whole document', () => {
    // The COUNT lowering: without scoping, `$` in the predicate made every root derivation look cyclic.
    const r = reads('$count([$$.items.sales][$type($) = "number"])');
    expect(r).toEqual([{ base: 'root', keys: ['items', 'sales'], any: true }]);
  });

  it('still sees $$ inside such a filter', () => {
    const r = reads('[$$.items.sales][$ > $$.limit]');
    expect(r).toContainEqual({ base: 'root', keys: ['limit'], any: true });
  });
});
