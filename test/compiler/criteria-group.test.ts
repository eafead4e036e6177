/**
 * Per-row criteria over a whole column ($xlIfGroup/$xlIfPick, $xlMatchGroup/$xlMatchPick), verified cell by
 * cell against the oracle on keys that take each path: plain text in other cases and accents (the fast path),
 * wildcards, numbers and booleans (the parsed path).
 */
import { describe, expect, it } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

function book(keys: CellValue[]) {
  const n = keys.length;
  const grid: (CellValue | undefined)[][] = [['Key', 'Amount', 'Count', 'Sum', 'First']];
  keys.forEach((k, i) => {
    const r = i + 2;
    grid.push([
      k,
      i + 1,
      `=COUNTIF($A$2:$A$${n + 1},A${r})`,
      `=SUMIF($A$2:$A$${n + 1},A${r},$B$2:$B$${n + 1})`,
      `=MATCH(A${r},$A$2:$A$${n + 1},0)`,
    ]);
  });
  return { sheets: [gridSheet('S', grid)], definedNames: [], tables: [] };
}

describe('per-row criteria over a whole column', () => {
  it('compiles and verifies every cell on plain text, wildcards, numbers and booleans', async () => {
    const keys = ['north', 'NORTH', 'Zürich', 'zürich', 'south', 'n*', 'x?', 5, 5, 2.5, true, 'Straße'];
    const r = await convertWorkbook(book(keys));
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    const exprs = (r.spec.derivations ?? []).map((d) => d.expr).join('\n');
    expect(exprs).toContain('$xlIfPick(');
    expect(exprs).toContain('$xlMatchPick(');
    expect(r.verification?.cellsChecked).toBe(keys.length * 3);
    expect(r.verification?.matched).toBe(keys.length * 3);
  });

  it('verifies every cell on logical and error names as text, digits with words, numeric text and "<>"', async () => {
    // The criterion read at run time (corpus ironcalc COUNTIF.xlsx Rows!AI6 "true", Rows!V9 "#N/A", Rows!C2
    // 23 against "23"): each key through $xlIfPick, every cell checked against the oracle.
    const keys = ['north', 'true', 'TRUE', true, '#N/A', '6000 Miete', '6000 miete', '23', 23, '<>north'];
    const r = await convertWorkbook(book(keys));
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    expect(r.verification?.cellsChecked).toBe(keys.length * 3);
    expect(r.verification?.matched).toBe(keys.length * 3);
  });

  it('refuses, never mismatches, a column whose range holds text Excel reads in a way not established', async () => {
    const r = await convertWorkbook(book(['north', ' 5', 'jan 5', '>3', 'south']));
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns?.map((c) => c.header).sort()).toEqual(['Count', 'Sum']);
  });
});
