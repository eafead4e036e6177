/** The comparison of the blocked oracle with the single engine, shared by blocks.test.ts and blocks.full.test.ts. */
import { expect } from 'vitest';
import { planBlocks } from '../../src/oracle/engine/blocks.js';
import type { OracleValues } from '../../src/oracle/engine/engine.js';
import { evaluateWorkbook, prepareWorkbook } from '../../src/oracle/engine/hyperformula.js';
import type { WorkbookModel } from '../../src/workbook/model.js';

/** Blocks of this many rows: tiny, so every fixture table spans several. */
export const TINY = 3;

/**
 * The block size for a workbook: TINY, or a tenth of its rows for the large fixtures (each engine costs about
 * 50 ms to build: large-10k in 3-row blocks would be 3,334 engines).
 */
export function blockRowsFor(wb: WorkbookModel): number {
  return Math.max(TINY, Math.ceil(Math.max(...wb.sheets.map((s) => s.maxRow + 1)) / 10));
}

/** Every cell of every sheet of `wb`: `actual`'s value deep-equals `expected`'s. Returns the cells compared. */
export function expectSameCells(wb: WorkbookModel, actual: OracleValues, expected: OracleValues): number {
  let n = 0;
  for (const s of wb.sheets)
    for (const [r, row] of s.rows)
      for (const c of row.keys()) {
        expect(actual.get(s.name, r, c), `${s.name} ${r},${c}`).toStrictEqual(expected.get(s.name, r, c));
        n++;
      }
  return n;
}

/** Every cell of every sheet: the blocked oracle's value deep-equals the single engine's. */
export function expectSameAsSingle(wb: WorkbookModel): number {
  const [single, blocked] = withFixedRandom(() => [
    evaluateWorkbook(wb),
    evaluateWorkbook(wb, { blockRows: blockRowsFor(wb) }),
  ]);
  return expectSameCells(wb, blocked, single);
}

/**
 * Runs `f` with Math.random fixed at 0.5, so that RAND() (a fixture's volatile column: depends-on-rejected-column)
 * gives every evaluation the same value whatever order the engines evaluate its cells in.
 */
export function withFixedRandom<T>(f: () => T): T {
  const random = Math.random;
  Math.random = () => 0.5;
  try {
    return f();
  } finally {
    Math.random = random;
  }
}

/** The row-local cells of the plan, as `sheet!row,col` (0-based), or undefined for one engine. */
export function localCells(wb: WorkbookModel): string[] | undefined {
  const p = prepareWorkbook(wb);
  const plan = planBlocks(p, TINY);
  if (plan === undefined) return undefined;
  return plan.local.flatMap((keys, si) =>
    [...keys].map((k) => `${p.sheets[si].name}!${plan.keys.row(k)},${plan.keys.col(k)}`),
  );
}

export const book = (...sheets: WorkbookModel['sheets']): WorkbookModel => ({
  sheets,
  definedNames: [],
  tables: [],
});
