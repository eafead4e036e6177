/**
 * The oracle worker's job (src/oracle/oracle-worker.ts `oracleJob`) drops the decoded workbook model once it is
 * prepared: only the prepared sheets stay live while HyperFormula evaluates. At 100,000 rows the model is about
 * 150 MB that every full collection between blocks would otherwise mark again.
 *
 * How it is seen: the heap after a full collection, measured inside the job (its `afterPrepare` probe), against
 * the same prepared sheets held with and without their model. Each figure is taken after a full collection, so
 * the comparison is between live sets, not allocation noise; the model here is several MB, its margin half of it.
 */
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { expect, it } from 'vitest';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { prepareWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { decodeWorkbook, encodeWorkbook } from '../../src/oracle/engine/oracle-thread.js';
import { oracleJob } from '../../src/oracle/oracle-worker.js';

function fullCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Live heap bytes after a full collection. */
function live(gc: () => void): number {
  gc();
  gc();
  return v8.getHeapStatistics().used_heap_size;
}

/** 8,000 rows of ten text and number constants and one formula: a model of several MB, cheap to evaluate. */
function bigWorkbook(): WorkbookModel {
  const rows: unknown[][] = [['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'total']];
  for (let r = 1; r <= 8000; r++) {
    const row: unknown[] = [];
    for (let c = 0; c < 10; c++) row.push(c % 2 === 0 ? r * 10 + c : `text ${r}-${c}`);
    row.push(r === 1 ? '=A2+C2' : r * 3);
    rows.push(row);
  }
  return { sheets: [gridSheet('Data', rows as never)], definedNames: [], tables: [] };
}

it('drops the decoded model once prepared: the job holds only the prepared sheets while it evaluates', () => {
  const gc = fullCollector();
  const { boot } = encodeWorkbook(bigWorkbook());
  const base = live(gc);

  // The same boot decoded and prepared here: the live set with the model, then without it.
  let model: WorkbookModel | undefined = decodeWorkbook(boot);
  let prepared: unknown = prepareWorkbook(model);
  const withModel = live(gc) - base;
  model = undefined;
  const preparedOnly = live(gc) - base;
  prepared = undefined;
  const modelBytes = withModel - preparedOnly;
  expect(modelBytes).toBeGreaterThan(2 * 2 ** 20);

  let inJob = Number.NaN;
  const { message } = oracleJob(boot, () => {
    inJob = live(gc) - base;
  });
  expect(message.type).toBe('done');
  expect(prepared).toBeUndefined();
  // Retained, the job's live set would be the model and the prepared sheets (withModel).
  expect(inJob).toBeLessThan(preparedOnly + modelBytes / 2);
});
