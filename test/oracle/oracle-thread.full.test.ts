/**
 * The oracle in a worker thread, the full tier's part (the wire format and one model: oracle-thread.test.ts):
 * every formula cell's value is identical to the in-line oracle's for each fixture workbook and the example, a
 * conversion with the thread on is byte for byte the one with it off, the worker's heap limits follow the
 * parent's (child processes started with other limits), and a worker over its heap limit rejects with a coded
 * error.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import type { CellValue } from '../../src/workbook/values.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { evaluateWorkbookInThread, OracleThreadError } from '../../src/oracle/engine/oracle-thread.js';
import { formulaCells } from './formula-cells.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Why not volatile-function.xlsx: RAND() differs on every evaluation, so two oracles never agree there.
// Why a selection and not every fixture: each case starts a worker (about 1 s under tsx). These cover every
// value kind, shared and array formulas, lookups, aggregates and summaries, a refused table and the 10,000-row
// table; the wire format itself is checked on every cell kind above without a worker.
const WORKBOOKS = [
  'all-functions',
  'blanks-errors-unicode',
  'array-formula',
  'shared-formulas',
  'share-of-total',
  'summary-aggregates',
  'vlookup-rates',
  'hostile-headers',
  'circular-reference',
  'large-10k',
].map((f) => `fixtures/${f}.xlsx`);
WORKBOOKS.push('examples/orders.xlsx');

const bytesOf = (file: string) => new Uint8Array(readFileSync(path.join(ROOT, file)));

/** Identical values: same kind, numbers the same double (so -0 and 0 differ here), errors the same code. */
function identical(a: CellValue, b: CellValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The heap limits of a process started with `flags`, and of a worker it starts with `oracleWorkerLimits()`. */
function heapLimits(flags: string[]): [number, number] {
  const script = `
    import v8 from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { oracleWorkerLimits } from ${JSON.stringify(path.join(ROOT, 'src/oracle/engine/oracle-thread.ts'))};
    const w = new Worker(
      // Dynamic imports: the eval worker inherits --input-type=module, so it has no require().
      "Promise.all([import('node:worker_threads'), import('node:v8')]).then(([t, v]) => t.parentPort.postMessage(v.default.getHeapStatistics().heap_size_limit))",
      { eval: true, resourceLimits: oracleWorkerLimits() },
    );
    w.once('message', (v) => { console.log(JSON.stringify([v8.getHeapStatistics().heap_size_limit, v])); void w.terminate(); });
  `;
  const out = execFileSync(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as [number, number];
}

describe('oracleWorkerLimits', () => {
  it("gives the worker the parent's own heap limit", () => {
    const [parent, worker] = heapLimits([]);
    expect(worker).toBe(parent);
  });

  it('keeps a budget set with --max-old-space-size', () => {
    const [parent, worker] = heapLimits(['--max-old-space-size=300']);
    expect(parent).toBeLessThan(400 * 2 ** 20);
    expect(worker).toBe(parent);
  });

  it('splits the budget with a larger young generation where the budget allows (fewer scavenges)', () => {
    const young = (flags: string[]) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            ...flags,
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            `import { oracleWorkerLimits } from ${JSON.stringify(path.join(ROOT, 'src/oracle/engine/oracle-thread.ts'))};
             console.log(JSON.stringify(oracleWorkerLimits().maxYoungGenerationSizeMb));`,
          ],
          { cwd: ROOT, encoding: 'utf8' },
        ),
      ) as number;
    expect([
      young(['--max-old-space-size=4096']),
      young(['--max-old-space-size=1024']),
      young(['--max-old-space-size=300']),
    ]).toEqual([192, 96, 48]);
  });
});

describe('evaluateWorkbookInThread over its heap', () => {
  it('rejects with RESOURCE_LIMIT when the worker runs out of heap, and the process goes on', async () => {
    const wb = await readWorkbook(bytesOf('fixtures/large-10k.xlsx'));
    const error = await evaluateWorkbookInThread(wb, { maxOldGenerationSizeMb: 32 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OracleThreadError);
    expect((error as OracleThreadError).code).toBe('RESOURCE_LIMIT');
    expect((error as OracleThreadError).data?.budget).toBe('heap');
  });
});

describe.each(WORKBOOKS)('%s with the oracle in a thread', (file) => {
  it('gives every formula cell the in-line value', async () => {
    const wb = await readWorkbook(bytesOf(file));
    const inline = evaluateWorkbook(wb);
    const threaded = await evaluateWorkbookInThread(wb);
    const differ: string[] = [];
    for (const [sheet, c] of formulaCells(wb)) {
      const a = inline.get(sheet, c.row, c.col);
      const b = threaded.get(sheet, c.row, c.col);
      if (!identical(a, b))
        differ.push(`${sheet}!${c.row},${c.col}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    expect(differ).toEqual([]);
  });

  it('converts byte-identically with the thread on and off', async () => {
    const bytes = bytesOf(file);
    const on = await convert(bytes, { filename: path.basename(file), oracleThread: true });
    const off = await convert(bytes, { filename: path.basename(file), oracleThread: false });
    expect(JSON.stringify(on)).toBe(JSON.stringify(off));
  });
});
