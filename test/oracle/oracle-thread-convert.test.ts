/**
 * How `convert` meets a threaded oracle that fails: out of memory or dead, the conversion answers
 * RESOURCE_LIMIT; an exception inside the oracle reads as it does in-line (PARSE_FAILED, its message). A
 * failure while the derivations are still running must not surface as an unhandled rejection (vitest fails a
 * run that has one). The worker's own failure modes are tested for real in oracle-thread.test.ts; here the
 * threaded oracle is replaced by one that fails on demand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import { OracleThreadError } from '../../src/oracle/engine/oracle-thread.js';

const failure = vi.hoisted(() => ({
  next: undefined as (() => Promise<never>) | undefined,
  calls: 0,
  signal: undefined as AbortSignal | undefined,
}));

vi.mock('../../src/oracle/engine/oracle-thread.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/oracle/engine/oracle-thread.js')>();
  return {
    ...real,
    evaluateWorkbookInThread: (...args: Parameters<typeof real.evaluateWorkbookInThread>) => {
      failure.calls++;
      failure.signal = args[1]?.signal;
      return failure.next ? failure.next() : real.evaluateWorkbookInThread(...args);
    },
  };
});

const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../examples/orders.xlsx')));

afterEach(() => {
  failure.next = undefined;
  failure.calls = 0;
  failure.signal = undefined;
});

describe('convert with a failing threaded oracle', () => {
  it('answers RESOURCE_LIMIT when the worker ran out of memory while the derivations ran', async () => {
    failure.next = () =>
      Promise.reject(new OracleThreadError('RESOURCE_LIMIT', 'out of heap (budget: heap)'));
    const result = await convert(bytes, { oracleThread: true });
    expect(failure.calls).toBe(1);
    expect(result).toMatchObject({
      valid: false,
      reason: 'RESOURCE_LIMIT',
      error: 'out of heap (budget: heap)',
    });
  });

  it('answers RESOURCE_LIMIT when the worker dies after the derivations are done', async () => {
    failure.next = () =>
      new Promise((_, reject) =>
        setTimeout(() => reject(new OracleThreadError('RESOURCE_LIMIT', 'worker exited (code 1)')), 200),
      );
    const result = await convert(bytes, { oracleThread: true });
    expect(result).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
  });

  it('runs the oracle again in this thread after an exception in the thread (to find the columns concerned)', async () => {
    // Deliberately: an engine exception is no longer PARSE_FAILED for the whole workbook;
    // src/pipeline/oracle-failure.ts looks for the columns concerned, here finding none (the in-line oracle works).
    failure.next = () => Promise.reject(new OracleThreadError('ORACLE_FAILED', 'engine bug'));
    const result = await convert(bytes, { oracleThread: true });
    expect(failure.calls).toBe(1);
    expect(result).toMatchObject({ valid: true, rejectedColumns: [] });
  });

  it('still reports the oracle and verify stages', async () => {
    failure.next = () => Promise.reject(new OracleThreadError('RESOURCE_LIMIT', 'out of heap'));
    const stages: string[] = [];
    await convert(bytes, { oracleThread: true, onStage: (s) => stages.push(s) });
    // The order is not fixed: the threaded oracle's stage is reported when its answer arrives.
    expect(stages.sort()).toEqual(['analyse', 'lower', 'oracle', 'read', 'recognise', 'verify']);
  });

  it('runs the oracle in-line with the option off, and in a thread with it on', async () => {
    const off = await convert(bytes, { oracleThread: false });
    expect(failure.calls).toBe(0);
    const on = await convert(bytes, { oracleThread: true });
    expect(failure.calls).toBe(1);
    expect(JSON.stringify(on)).toBe(JSON.stringify(off));
  });

  it('stops the worker when the table is refused before the oracle is needed', async () => {
    const noTable = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../fixtures/no-table.xlsx')),
    );
    const result = await convert(noTable, { oracleThread: true });
    expect(result).toMatchObject({ valid: false, reason: 'NO_TABLE' });
    expect(failure.calls).toBe(1);
    expect(failure.signal?.aborted).toBe(true);
  });

  it('keeps a small workbook in-line by default', async () => {
    const result = await convert(bytes);
    expect(result.valid).toBe(true);
    expect(failure.calls).toBe(0);
  });

  it('runs the oracle in a thread by default for a large workbook', async () => {
    failure.next = () => Promise.reject(new OracleThreadError('RESOURCE_LIMIT', 'out of heap'));
    const large = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../fixtures/large-10k.xlsx')),
    );
    const result = await convert(large);
    expect(failure.calls).toBe(1);
    expect(result).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
  });
});
