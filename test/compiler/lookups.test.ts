/**
 * The lookup functions in a workbook: a search over a locked side table becomes one indexed library value
 * (the form VLOOKUP uses), a per-row exact MATCH over a column of the table itself is grouped once, and an approximate match compiles only over a table sorted as Excel's binary search assumes.
 */
import { describe, expect, it } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

type Grid = (CellValue | undefined)[][];
const book = (grid: Grid): WorkbookModel => ({
  sheets: [gridSheet('Sheet1', grid)],
  definedNames: [],
  tables: [],
});
/** Inputs Code (A) and X (B), formula column C from a template, a side table F2:G4 (keys a b c; 0 10 100). */
function withLookup(template: string, keys: CellValue[] = ['a', 'b', 'c']): Grid {
  const g: Grid = [['Code', 'X', 'Out', undefined, undefined, 'Key', 'Value']];
  const codes = ['b', 'C', 'q'];
  for (let r = 2; r <= 4; r++) {
    g.push([
      codes[r - 2],
      (r - 2) * 40,
      template.replaceAll('{r}', String(r)),
      undefined,
      undefined,
      keys[r - 2],
      r * 10,
    ]);
  }
  return g;
}
const derivation = (r: ConversionResult, path: string) =>
  r.valid ? r.spec.derivations?.find((d) => d.path === path)?.expr : undefined;
const reasons = (r: ConversionResult) => (r.rejectedColumns ?? []).map((c) => c.reason);

describe('lookups over a workbook', () => {
  it('INDEX over MATCH on a locked side table is one indexed library value', async () => {
    const r = await convertWorkbook(book(withLookup('=INDEX($G$2:$G$4,MATCH(A{r},$F$2:$F$4,0))')), {
      verify: false,
    });
    expect(reasons(r)).toEqual([]);
    expect(derivation(r, '$.items[*].out')).toMatch(/^\$xlVlookupAt\(\$parent\.code, \$\w+, 2\)$/);
    // The rows [key, value] are data; the library builds their index when it loads.
    expect(r.valid ? Object.values((r.spec.constants as { tables: object }).tables) : undefined).toEqual([
      [
        ['a', 20],
        ['b', 30],
        ['c', 40],
      ],
    ]);
    expect(r.valid ? JSON.stringify(r.spec.library) : undefined).toContain('$xlTableIndex($const.tables.');
  });

  it('groups a per-row exact MATCH over a column of the table itself once, refuses an approximate one', async () => {
    const r = await convertWorkbook(book(withLookup('=MATCH(A{r},$A$2:$A$4,0)')), { verify: false });
    expect(reasons(r)).toEqual([]);
    expect(derivation(r, '$.items[*].out')).toMatch(/^\$xlMatchPick\(\$\$\.matchGroup\w+, \$parent\.\w+\)$/);
    const approx = await convertWorkbook(book(withLookup('=MATCH(A{r},$A$2:$A$4,1)')), { verify: false });
    expect(reasons(approx)).toEqual(['UNSUPPORTED_RANGE_SHAPE']);
    expect(approx.rejectedColumns?.[0]?.detail).toMatch(/column of the table itself/);
  });

  it('compiles an approximate VLOOKUP over sorted numbers, refuses an unsorted table', async () => {
    const sorted = await convertWorkbook(book(withLookup('=VLOOKUP(B{r},$F$2:$G$4,2,TRUE)', [0, 10, 100])), {
      verify: false,
    });
    expect(reasons(sorted)).toEqual([]);
    expect(derivation(sorted, '$.items[*].out')).toMatch(/^\$xlLookupApprox\(\$parent\.x, \$\w+, 2\)$/);
    const unsorted = await convertWorkbook(
      book(withLookup('=VLOOKUP(B{r},$F$2:$G$4,2,TRUE)', [0, 100, 10])),
      {
        verify: false,
      },
    );
    expect(reasons(unsorted)).toEqual(['UNSUPPORTED_LOOKUP_MODE']);
  });
});
