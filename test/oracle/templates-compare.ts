/** The comparison of the oracle with and without templates, shared by templates.test.ts and its full tier. */
import { expect } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { withoutShortcuts } from '../../src/oracle/engine/hf-parse.js';
import { withFixedRandom } from './blocks-compare.js';

/** Every value of every sheet, with and without templates, must be the same. */
export function expectSameWithAndWithout(wb: WorkbookModel): number {
  const [on, off] = withFixedRandom(() => [evaluateWorkbook(wb), evaluateWorkbook(wb, { templates: false })]);
  let n = 0;
  for (const s of wb.sheets)
    for (const [r, row] of s.rows)
      for (const c of row.keys()) {
        expect(on.get(s.name, r, c), `${s.name} ${r},${c}`).toEqual(off.get(s.name, r, c));
        n++;
      }
  return n;
}

/**
 * Every value of every sheet, with the parser's shortcuts (hf-parse.ts: a moved template hashed without lexing,
 * a range-free tree shared) and as unpatched HyperFormula parses: the same.
 */
export function expectSameWithoutShortcuts(wb: WorkbookModel): number {
  const [on, off] = withFixedRandom(() => [
    evaluateWorkbook(wb),
    withoutShortcuts(() => evaluateWorkbook(wb)),
  ]);
  let n = 0;
  for (const s of wb.sheets)
    for (const [r, row] of s.rows)
      for (const c of row.keys()) {
        expect(on.get(s.name, r, c), `${s.name} ${r},${c}`).toStrictEqual(off.get(s.name, r, c));
        n++;
      }
  return n;
}
