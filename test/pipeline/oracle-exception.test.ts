/**
 * A HyperFormula exception is the oracle failing: only the columns whose formulas make it throw are refused
 * (ORACLE_EXCEPTION), the rest is kept; when it throws without any of the table's formula columns, the failure is
 * the workbook's, with that code (no longer PARSE_FAILED). The engine is made to throw, as HyperFormula does
 * with "Function returning array cannot be vectorized.", on any workbook holding a formula with `LEN`.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  analyseColumns,
  compileRecognised,
  isRecogniseFailure,
  recogniseTable,
} from '../../src/compiler/index.js';
import { OracleThreadError } from '../../src/oracle/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { timer } from '../../src/pipeline/timer.js';
import { verifyAndAssemble } from '../../src/pipeline/verify/assemble.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';

vi.mock('../../src/oracle/engine/hyperformula.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/oracle/engine/hyperformula.js')>();
  return {
    ...real,
    evaluateWorkbook: (wb: WorkbookModel, options?: object) => {
      for (const s of wb.sheets)
        for (const row of s.rows.values())
          for (const cell of row.values())
            if (cell.formula?.includes('LEN('))
              throw new Error('Function returning array cannot be vectorized.');
      return real.evaluateWorkbook(wb, options);
    },
  };
});

function book(grid: (string | number | null)[][]): WorkbookModel {
  return {
    sheets: [gridSheet('Sheet1', grid)],
    definedNames: [],
    tables: [],
    application: 'Microsoft Excel',
  };
}

describe('an oracle exception', () => {
  it('refuses only the column concerned (and what reads it), keeps the rest', async () => {
    const wb = book([
      ['qty', 'double', 'odd', 'label'],
      [1, '=A2*2', '=LEN(A2)>0', '=IF(C2,"odd","even")'],
      [2, '=A3*2', '=LEN(A3)>0', '=IF(C3,"odd","even")'],
    ]);
    const result = await convertWorkbook(wb, { oracleThread: false });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns.map((r) => [r.column, r.reason])).toEqual([
      ['C', 'ORACLE_EXCEPTION'],
      ['D', 'DEPENDS_ON_REJECTED_COLUMN'],
    ]);
    expect(result.rejectedColumns[0]?.detail).toContain('Function returning array cannot be vectorized.');
    expect(result.spec.derivations?.map((d) => d.path)).toEqual(['$.items[*].double']);
  });

  it('from the oracle thread: the columns are found again in this thread', async () => {
    const wb = book([
      ['qty', 'double', 'odd'],
      [1, '=A2*2', '=LEN(A2)>0'],
    ]);
    const table = recogniseTable(wb, {});
    if (isRecogniseFailure(table)) throw new Error(table.error);
    const c = compileRecognised(table, analyseColumns(table));
    const thrown = Promise.reject(
      new OracleThreadError('ORACLE_FAILED', 'Function returning array cannot be vectorized.'),
    );
    const result = await verifyAndAssemble(c, wb, 'book', {}, timer({}), thrown);
    expect(result.valid && result.rejectedColumns.map((r) => r.reason)).toEqual(['ORACLE_EXCEPTION']);
  });

  it('outside the table: the whole workbook, with its own code', async () => {
    const wb = book([
      ['qty', 'double'],
      [1, '=A2*2'],
    ]);
    wb.sheets.push(gridSheet('Other', [['=LEN(1)']]));
    const result = await convertWorkbook(wb, { oracleThread: false });
    expect(result).toMatchObject({ valid: false, reason: 'ORACLE_EXCEPTION' });
  });
});
