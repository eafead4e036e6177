/**
 * translate_formula's column mode (src/authoring/column-formula.ts): the general derivation of a column, not
 * one specialised to sample values, with a library merged into the draft's.
 */
import { describe, expect, it } from 'vitest';
import { translateColumnFormula } from '../../src/authoring/column-formula.js';
import { buildLibrary, HELPERS } from '../../src/compiler/index.js';
import { helperLibrary, libraryParts, mergeLibrary } from '../../src/authoring/library-merge.js';

const columns = { A: 'hours', B: 'rate', F: 'note' };

async function ok(formula: string, input: Partial<Parameters<typeof translateColumnFormula>[1]> = {}) {
  const r = await translateColumnFormula(formula, { columns, row: 2, ...input });
  if ('error' in r) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

describe('translate_formula column mode', () => {
  it('reads the row as $parent fields, never the sample values, and evaluates on the sample', async () => {
    const r = await ok('=TRUNC(A2/24)', { field: 'days', cells: { A2: 37 } });
    expect(r.jsonata).toContain('$parent.hours');
    expect(r.jsonata).not.toContain('37');
    expect(r.derivation).toMatchObject({ path: '$.items[*].days', expr: r.jsonata });
    expect(r.reads).toEqual(['hours']);
    expect(r.value).toBe(1);
  });

  it('lowers the same whatever the sample types (a blank sample does not specialise the comparison)', async () => {
    const blank = await ok('=F2=""', { cells: { F2: '' } });
    const text = await ok('=F2=""', { cells: { F2: 'x' } });
    const none = await ok('=F2=""');
    expect(blank.jsonata).toBe(none.jsonata);
    expect(text.jsonata).toBe(none.jsonata);
    expect(none.jsonata).toContain('$parent.note');
    expect(blank.value).toBe(true);
    expect(text.value).toBe(false);
  });

  it('a range over a column from the row to the last data row is the whole column', async () => {
    const r = await ok('=A2/SUM(A$2:A$9)', { lastRow: 9 });
    expect(r.jsonata).toContain('$$.items.hours');
    expect(r.reads).toEqual(['hours']);
  });

  it('refuses a cell outside the row, an unsupported function, each with its code', async () => {
    const other = await translateColumnFormula('=A3*2', { columns, row: 2 });
    expect(other).toMatchObject({ error: { code: 'UNRESOLVED_REFERENCE' } });
    const fn = await translateColumnFormula('=FLOOR.PRECISE(A2/B2)', { columns, row: 2 });
    expect(fn).toMatchObject({ error: { code: 'UNSUPPORTED_FUNCTION' } });
    const fromCells = await ok('=A2*H1', { cells: { H1: 3 } });
    expect(fromCells.jsonata).toContain('3');
  });

  it("merges into the draft's library: one define, each helper once, after what it calls", async () => {
    const base = buildLibrary(['xlRound'], { rates: { rows: [[1, 2]] } })!;
    const r = await ok('=TRUNC(A2/B2)', { library: base });
    const merged = libraryParts(r.library)!;
    expect(merged.values).toEqual({ rates: { rows: [[1, 2]] } });
    for (const h of libraryParts(base)!.helpers) expect(merged.helpers).toContain(h);
    expect(merged.helpers).toContain('xlRoundDir');
    expect(new Set(merged.helpers).size).toBe(merged.helpers.length);
    for (const [i, h] of merged.helpers.entries())
      for (const d of HELPERS[h]!.deps) expect(merged.helpers.indexOf(d)).toBeLessThan(i);
    expect(r.library!.define.match(/^\(/gm)).toHaveLength(1);
    const twice = mergeLibrary(r.library, ['xlRound', 'xlRoundDir']);
    expect('library' in twice && twice.library!.define).toBe(r.library!.define);
  });

  it('refuses to merge into a library it did not write, and names unknown helpers', () => {
    expect(mergeLibrary('( $f := function($x) { $x }; ["f"] )', ['xlRound'])).toHaveProperty('error');
    expect(helperLibrary(['xlRound', 'xlNope'])).toEqual({ error: 'Unknown helper(s): xlNope' });
    const lib = helperLibrary(['$xlDiv']);
    expect('library' in lib && lib.library!.define).toContain('$xlDiv :=');
  });
});
