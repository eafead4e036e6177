/**
 * A table with nothing to check (input columns only) does not run the oracle: the workbook's other formulas,
 * however many or slow, are not evaluated (a corpus workbook spent 25 s there for a two-row table of values).
 * A table with a formula column still runs it, once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/oracle/engine/hyperformula.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/oracle/engine/hyperformula.js')>();
  return {
    ...real,
    evaluateWorkbook: (wb: WorkbookModel, options?: object) => {
      calls.n++;
      return real.evaluateWorkbook(wb, options);
    },
  };
});

function book(table: (string | number | null)[][]): WorkbookModel {
  return {
    sheets: [gridSheet('Data', table), gridSheet('Elsewhere', [['x'], ['=SUM(1,2)'], ['=A2*2']])],
    definedNames: [],
    tables: [],
    application: 'Microsoft Excel',
  };
}

// A thread that never answers: a conversion that waited for it would never end.
vi.mock('../../src/oracle/engine/oracle-thread.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/oracle/engine/oracle-thread.js')>();
  return { ...real, evaluateWorkbookInThread: () => new Promise(() => undefined) };
});

beforeEach(() => {
  calls.n = 0;
});

describe('the oracle with nothing to check', () => {
  it('is not run for a table of inputs only', async () => {
    const r = await convertWorkbook(
      book([
        ['name', 'qty'],
        ['a', 1],
        ['b', 2],
      ]),
      // Why the sheet is named: without it the formula table on Elsewhere would be chosen (SHEET_CHOSEN).
      { oracleThread: false, sheet: 'Data' },
    );
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect([r.spec.derivations ?? [], r.verification?.cellsChecked, calls.n]).toEqual([[], 0, 0]);
  });

  it('is not waited for in its thread either', async () => {
    const r = await convertWorkbook(
      book([
        ['name', 'qty'],
        ['a', 1],
        ['b', 2],
      ]),
      { oracleThread: true, sheet: 'Data' },
    );
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.verification?.cellsChecked).toBe(0);
  });

  it('is run once for a table with a formula column', async () => {
    const r = await convertWorkbook(
      book([
        ['qty', 'double'],
        [1, '=A2*2'],
        [2, '=A3*2'],
      ]),
      { oracleThread: false },
    );
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect([r.verification?.cellsChecked, r.verification?.matched, calls.n]).toEqual([2, 2, 1]);
  });
});
