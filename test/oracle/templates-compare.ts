/** The oracle with and without its templates or its parser's shortcuts, shared by templates.test.ts, hf-parse.test.ts and their full tier. */
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { withoutShortcuts } from '../../src/oracle/engine/hf-parse.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { expectSameCells, withFixedRandom } from './blocks-compare.js';

/** Every value of every sheet, with and without templates, must be the same. Returns the cells compared. */
export function expectSameWithAndWithout(wb: WorkbookModel): number {
  const [on, off] = withFixedRandom(() => [evaluateWorkbook(wb), evaluateWorkbook(wb, { templates: false })]);
  return expectSameCells(wb, on, off);
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
  return expectSameCells(wb, on, off);
}
