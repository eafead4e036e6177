/**
 * A lookup table is data the spec carries (`constants.tables.<name>`), never code: the library builds what
 * it searches from those rows when it loads, so editing a row of the price list changes the derived values.
 */
import { describe, expect, it } from 'vitest';
import { libraryParts } from '../../src/authoring/library-merge.js';
import { writeLibrary } from '../../src/compiler/lower/library.js';
import type { ModelSpec } from '../../src/modelspec/types.js';
import { expectAllVerified, type Grid, run, verified } from './sheet-helpers.js';

/** Codes in A and weights in B; C looks the code's rate up in the side table F2:G4; D = B * C. */
function rates(formula: string, keys: (string | number)[] = ['a', 'b', 'c']): Grid {
  const g: (string | number | undefined)[][] = [
    ['Code', 'Weight', 'Rate', 'Cost', undefined, 'Key', 'Price'],
  ];
  const codes = ['b', 'C', 'a'];
  for (let r = 2; r <= 4; r++) {
    g.push([
      codes[r - 2],
      r,
      formula.replaceAll('{r}', String(r)),
      `=B${r}*C${r}`,
      undefined,
      keys[r - 2],
      r * 10,
    ]);
  }
  return g;
}

const rowsOf = (spec: ModelSpec) => (spec.constants as { tables: Record<string, unknown[][]> }).tables;

describe('lookup tables as data', () => {
  it('carries the rows in constants.tables and no rows in the library', async () => {
    const r = await verified(rates('=VLOOKUP(A{r},$F$2:$G$4,2,FALSE)'));
    expectAllVerified(r);
    if (!r.valid) return;
    const tables = rowsOf(r.spec);
    expect(Object.values(tables)).toEqual([
      [
        ['a', 20],
        ['b', 30],
        ['c', 40],
      ],
    ]);
    const define = typeof r.spec.library === 'string' ? r.spec.library : r.spec.library!.define;
    expect(define).toContain(`$xlTableIndex($const.tables.${Object.keys(tables)[0]})`);
    expect(define).not.toContain('"b",30');
  });

  it('editing one row of the data changes the derived values of the rows that read it', async () => {
    const r = await verified(rates('=VLOOKUP(A{r},$F$2:$G$4,2,FALSE)'));
    if (!r.valid) throw new Error('not valid');
    const doc = () => ({
      items: [
        { code: 'b', weight: 2 },
        { code: 'C', weight: 3 },
        { code: 'a', weight: 4 },
      ],
    });
    const before = (await run(r.spec, doc())) as { items: Array<{ rate: unknown; cost: unknown }> };
    expect(before.items.map((i) => i.cost)).toEqual([60, 120, 80]);
    const edited = structuredClone(r.spec);
    const [name] = Object.keys(rowsOf(edited));
    rowsOf(edited)[name!]![1] = ['b', 35];
    const after = (await run(edited, doc())) as { items: Array<{ rate: unknown; cost: unknown }> };
    expect(after.items.map((i) => i.rate)).toEqual([35, 40, 20]);
    expect(after.items.map((i) => i.cost)).toEqual([70, 120, 80]);
  });

  it('an approximate match over data edited out of order gives the not-established value', async () => {
    const r = await verified(rates('=VLOOKUP(B{r},$F$2:$G$4,2,TRUE)', [0, 3, 10]));
    expectAllVerified(r);
    if (!r.valid) return;
    const doc = () => ({ items: [2, 3, 4].map((w) => ({ code: 'x', weight: w })) });
    const before = (await run(r.spec, doc())) as { items: Array<{ rate: unknown }> };
    expect(before.items.map((i) => i.rate)).toEqual([20, 30, 30]);
    const edited = structuredClone(r.spec);
    const [name] = Object.keys(rowsOf(edited));
    rowsOf(edited)[name!]![1] = [20, 30];
    const after = (await run(edited, doc())) as { items: Array<{ rate: unknown }> };
    expect(after.items[0]!.rate).toHaveProperty('notEstablished');
  });

  it('a library written with table values reads back as the same values (merging keeps them)', () => {
    const values = {
      inline: { build: 'index' as const, rows: [['a', 1]] },
      held: { build: 'descending' as const, data: 'held' },
      cells: { build: 'rows' as const, data: 'cells' },
    };
    const library = writeLibrary(['xlVlookup'], values)!;
    expect(libraryParts(library)?.values).toEqual(values);
  });
});

describe('an empty lookup table', () => {
  it('is the warning LOOKUP_TABLE_EMPTY naming its range and the column reading it', async () => {
    const grid = rates('=VLOOKUP(A{r},$I$2:$J$4,2,FALSE)');
    const r = await verified(grid);
    const w = (r.warnings ?? []).filter((x) => x.code === 'LOOKUP_TABLE_EMPTY');
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toContain('I2:J4');
    expect(w[0]!.message).toContain('column C');
    const full = await verified(rates('=VLOOKUP(A{r},$F$2:$G$4,2,FALSE)'));
    expect((full.warnings ?? []).map((x) => x.code)).not.toContain('LOOKUP_TABLE_EMPTY');
  });
});
