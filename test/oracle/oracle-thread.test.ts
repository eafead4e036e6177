/**
 * The oracle in a worker thread (src/oracle/engine/oracle-thread.ts) gives exactly what the in-line oracle gives: the
 * wire format round-trips every cell `evaluateWorkbook` reads, a model with every value and formula kind gets
 * the in-line values, verification awaits a promised oracle, and a cancelled worker stops. Every fixture
 * workbook through the thread, the heap limits and a worker out of heap: oracle-thread.full.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CellModel, gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import {
  decodeWorkbook,
  dropOracleThread,
  encodeWorkbook,
  evaluateWorkbookInThread,
  keepOracleThread,
  keptOracleIdle,
  OracleThreadError,
} from '../../src/oracle/engine/oracle-thread.js';
import { verifySpec } from '../../src/pipeline/verify/verify-spec.js';
import { formulaCells } from './formula-cells.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const bytesOf = (file: string) => new Uint8Array(readFileSync(path.join(ROOT, file)));

/** A model with every value kind, every formula kind, an array range, and text that stresses the wire format. */
function awkwardWorkbook(): WorkbookModel {
  const sheet = gridSheet('Data 1', [
    ['Text', 'Number', 'Flag', 'Error', 'Formula'],
    ['', -0, true, { error: '#N/A' }, '=A2&B2'],
    ['\u0000 nul, é, 😀', 1e308, false, { error: '#DIV/0!' }, '=B3*2'],
    ["'quoted", 5e-324, null, { error: '#VALUE!' }, '=IF(C3,1,0)'],
  ]);
  const array: CellModel = {
    row: 5,
    col: 0,
    value: null,
    formula: 'B2:B4*2',
    formulaKind: 'array',
    arrayRef: 'A6:A8',
  };
  const shared: CellModel = { row: 5, col: 1, value: 7, formula: 'B2+1', formulaKind: 'shared' };
  const bare: CellModel = { row: 5, col: 2, value: null, formula: 'B2' };
  sheet.rows.set(
    5,
    new Map([
      [0, array],
      [1, shared],
      [2, bare],
    ]),
  );
  // Rows out of order, as the map keeps insertion order: the copy must keep it too.
  sheet.rows.set(4, new Map([[3, { row: 4, col: 3, value: 'late row' }]]));
  sheet.maxRow = 5;
  const empty = gridSheet('Empty', []);
  return {
    sheets: [sheet, { ...empty, state: 'hidden' }],
    definedNames: [{ name: 'Rate', ref: "'Data 1'!$B$3" }],
    tables: [
      { name: 'T1', sheet: 'Data 1', ref: 'A1:E4', columns: ['Text', 'Number', 'Flag', 'Error', 'Formula'] },
    ],
    application: 'Microsoft Excel',
  };
}

describe('wire format', () => {
  it('round-trips every cell the oracle reads, in the same order', () => {
    const wb = awkwardWorkbook();
    const copy = decodeWorkbook(encodeWorkbook(wb).boot);
    expect(copy.definedNames).toEqual(wb.definedNames);
    expect(copy.tables).toEqual(wb.tables);
    expect(copy.application).toBe(wb.application);
    expect(copy.sheets.map((s) => [s.name, s.state, s.maxRow, s.maxCol])).toEqual(
      wb.sheets.map((s) => [s.name, s.state, s.maxRow, s.maxCol]),
    );
    wb.sheets.forEach((s, i) => {
      const got = copy.sheets[i];
      expect([...got.rows.keys()]).toEqual([...s.rows.keys()]);
      for (const [r, row] of s.rows) {
        expect([...got.rows.get(r)!.keys()]).toEqual([...row.keys()]);
        for (const [c, cell] of row) {
          const back = got.rows.get(r)!.get(c)!;
          // A formula cell's saved value is not sent: the engine never reads it.
          const want = cell.formula === undefined ? cell : { ...cell, value: null };
          expect(back).toEqual(want);
          if (typeof cell.value === 'number' && cell.formula === undefined)
            expect(Object.is(back.value, cell.value)).toBe(true);
        }
      }
    });
  });

  it('splits very long text over several strings and reads it back whole', () => {
    const long = 'x'.repeat(2 ** 25 + 3);
    const wb: WorkbookModel = {
      sheets: [gridSheet('S', [[long, `${long}y`, 'z']])],
      definedNames: [],
      tables: [],
    };
    const { boot } = encodeWorkbook(wb);
    expect(boot.sheets[0].chunks.length).toBe(2);
    const row = decodeWorkbook(boot).sheets[0].rows.get(0)!;
    expect(row.get(0)!.value).toBe(long);
    expect(row.get(1)!.value).toBe(`${long}y`);
    expect(row.get(2)!.value).toBe('z');
  });
});

/** Waits (up to 60 s) until the kept oracle thread has loaded and is free. */
async function keptIdle(): Promise<void> {
  for (let i = 0; i < 600 && !keptOracleIdle(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(keptOracleIdle()).toBe(true);
}

/** The thread's values of every formula cell against the in-line oracle's. */
async function sameAsInline(wb: WorkbookModel): Promise<void> {
  const inline = evaluateWorkbook(wb);
  const threaded = await evaluateWorkbookInThread(wb);
  for (const [sheet, c] of formulaCells(wb)) {
    expect([sheet, c.row, c.col, threaded.get(sheet, c.row, c.col)]).toEqual([
      sheet,
      c.row,
      c.col,
      inline.get(sheet, c.row, c.col),
    ]);
  }
}

describe('a kept oracle thread', () => {
  it('evaluates workbook after workbook as in line, and is started again after a cancel', async () => {
    try {
      keepOracleThread();
      expect(keptOracleIdle()).toBe(false);
      await keptIdle();
      const small = awkwardWorkbook();
      const tax = await readWorkbook(bytesOf('fixtures/tax-rate.xlsx'));
      await sameAsInline(small);
      expect(keptOracleIdle()).toBe(true);
      await sameAsInline(tax);
      await sameAsInline(small);
      // A cancel kills it (its state is not trusted after one); it is started again when asked.
      const cancel = new AbortController();
      const pending = evaluateWorkbookInThread(tax, { signal: cancel.signal });
      cancel.abort();
      await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
      expect(keptOracleIdle()).toBe(false);
      keepOracleThread();
      await keptIdle();
      await sameAsInline(tax);
    } finally {
      await dropOracleThread();
    }
    expect(keptOracleIdle()).toBe(false);
  });
});

describe('evaluateWorkbookInThread', () => {
  it('gives the in-line values for a model with every value and formula kind', async () => {
    const wb = awkwardWorkbook();
    const inline = evaluateWorkbook(wb);
    const threaded = await evaluateWorkbookInThread(wb);
    expect(threaded.name).toBe(inline.name);
    expect(threaded.version).toBe(inline.version);
    let n = 0;
    for (const [sheet, c] of formulaCells(wb)) {
      n++;
      expect([sheet, c.row, c.col, threaded.get(sheet, c.row, c.col)]).toEqual([
        sheet,
        c.row,
        c.col,
        inline.get(sheet, c.row, c.col),
      ]);
    }
    expect(n).toBe(6);
    // Only formula cells are answered: nothing in the pipeline asks the oracle about a constant.
    expect(inline.get('Data 1', 2, 1)).toBe(1e308);
    expect(threaded.get('Data 1', 2, 1)).toBeNull();
  });

  it('stops the worker and rejects with ABORTED when cancelled', async () => {
    const wb = await readWorkbook(bytesOf('fixtures/large-10k.xlsx'));
    const cancel = new AbortController();
    const pending = evaluateWorkbookInThread(wb, { signal: cancel.signal });
    cancel.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
    cancel.abort();
    await expect(evaluateWorkbookInThread(wb, { signal: cancel.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });
});

describe('verifySpec with a promised oracle', () => {
  const wb: WorkbookModel = {
    sheets: [
      gridSheet('S', [
        ['A', 'B'],
        [2, '=A2*3'],
      ]),
    ],
    definedNames: [],
    tables: [],
  };
  const input = {
    spec: {
      id: 't',
      version: '1.0.0',
      schema: {},
      derivations: [{ path: '$.items[*].b', expr: '$parent.a * 3' }],
    },
    doc: { items: [{ a: 2 }] },
    workbook: wb,
    sheet: 'S',
    rows: [1],
    columns: [{ field: 'b', col: 1, header: 'B' }],
  };

  it('awaits it for the comparison', async () => {
    const out = await verifySpec({ ...input, oracle: evaluateWorkbookInThread(wb) });
    expect(out.mismatches).toEqual({});
    expect(out.verification.matched).toBe(1);
  });

  it('rejects when it rejects', async () => {
    const failing = Promise.reject(new OracleThreadError('RESOURCE_LIMIT', 'no heap'));
    await expect(verifySpec({ ...input, oracle: failing })).rejects.toMatchObject({ code: 'RESOURCE_LIMIT' });
  });
});
