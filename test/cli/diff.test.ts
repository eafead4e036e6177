import { describe, expect, it } from 'vitest';
import { diffJson, renderDiff } from '../../src/cli/diff.js';

describe('diffJson', () => {
  it('finds nothing between equal documents', () => {
    const doc = { id: 'a', derivations: [{ path: '$.x', expr: 'a*b' }], n: null };
    expect(diffJson(doc, structuredClone(doc))).toEqual([]);
  });

  it('addresses a changed leaf by its path', () => {
    const a = { derivations: [{ expr: 'a' }, { expr: 'a' }, { expr: 'a' }, { expr: 'a*b' }] };
    const b = structuredClone(a);
    b.derivations[3]!.expr = 'a*b+0';
    expect(diffJson(a, b)).toEqual([
      { path: '$.derivations[3].expr', kind: 'changed', expected: 'a*b', actual: 'a*b+0' },
    ]);
  });

  it('reports added and removed keys and array items', () => {
    expect(diffJson({ a: 1, b: [1, 2] }, { b: [1], c: true })).toEqual([
      { path: '$.a', kind: 'removed', expected: 1 },
      { path: '$.b[1]', kind: 'removed', expected: 2 },
      { path: '$.c', kind: 'added', actual: true },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    expect(diffJson({ 'unit price': 1 }, { 'unit price': 2 })[0]!.path).toBe('$["unit price"]');
  });

  it('tells types apart: 1 vs "1", null vs missing, object vs array, 0 vs -0', () => {
    expect(diffJson(1, '1')).toHaveLength(1);
    expect(diffJson({ a: null }, {})).toEqual([{ path: '$.a', kind: 'removed', expected: null }]);
    expect(diffJson({}, [])).toHaveLength(1);
    expect(diffJson(0, -0)).toHaveLength(1);
  });
});

describe('renderDiff', () => {
  it('prints one line per difference in the - expected + actual form', () => {
    const text = renderDiff([
      { path: '$.derivations[3].expr', kind: 'changed', expected: 'a*b', actual: 'a*b+0' },
      { path: '$.tests[2]', kind: 'removed', expected: { given: {} } },
      { path: '$.constants.rate', kind: 'added', actual: 0.2 },
    ]);
    expect(text.split('\n')).toEqual([
      '$.derivations[3].expr: - "a*b"  + "a*b+0"',
      '$.tests[2]: - {"given":{}}',
      '$.constants.rate: + 0.2',
    ]);
  });

  it('keeps a one-character change in a long string visible', () => {
    const long = 'x'.repeat(1000);
    const a = `${long}$round(a, 2)${long}`;
    const b = `${long}$round(a, 3)${long}`;
    const line = renderDiff([{ path: '$.e', kind: 'changed', expected: a, actual: b }], {
      maxValueChars: 80,
    });
    expect(line).toContain('$round(a, 2)');
    expect(line).toContain('$round(a, 3)');
    expect(line.length).toBeLessThan(250);
  });

  it('counts entries beyond the limit', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({
      path: `$[${i}]`,
      kind: 'added' as const,
      actual: i,
    }));
    expect(renderDiff(entries, { maxEntries: 2 }).split('\n')).toEqual([
      '$[0]: + 0',
      '$[1]: + 1',
      '... and 3 more',
    ]);
  });
});
