/** Helpers the cross-row tests share: a one-sheet workbook from a grid, run through the whole pipeline. */
import { expect } from 'vitest';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { CellValue } from '../../src/workbook/values.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { gridSheet } from '../../src/workbook/model.js';
import { specBindings } from '../../src/modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../src/modelspec/derive.js';
import type { ModelSpec } from '../../src/modelspec/types.js';

export type Grid = ReadonlyArray<ReadonlyArray<CellValue | undefined>>;

/** A workbook of one sheet, `Sheet1`, holding the grid. */
export const book = (grid: Grid): WorkbookModel => ({
  sheets: [gridSheet('Sheet1', grid)],
  definedNames: [],
  tables: [],
});

/** The whole pipeline: every derived cell checked against the oracle. */
export const verified = (grid: Grid) => convertWorkbook(book(grid), {});

/** Runs a spec's derivations over a document, as the runtime does. */
export async function run(spec: ModelSpec, doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  const bindings = await specBindings(spec.library, spec.constants);
  await computeDerivations((spec.derivations ?? []).map(compileDerivation), doc, bindings);
  return doc;
}

/** Valid, nothing refused, and every checked cell matched. */
export const expectAllVerified = (r: ConversionResult) => {
  expect(r.valid).toBe(true);
  if (!r.valid) return;
  expect(r.rejectedColumns).toEqual([]);
  expect(r.verification?.cellsChecked).toBeGreaterThan(0);
  expect(r.verification?.matched).toBe(r.verification?.cellsChecked);
};
