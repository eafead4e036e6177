/**
 * `convert` in a worker (`isolation: 'worker'`): the same answers as in-process, and a coded RESOURCE_LIMIT
 * naming the budget when the worker runs over its time or heap; the calling process stays healthy for the next
 * call. A cancelled conversion ends its worker.
 */
import { describe, expect, it } from 'vitest';
import { convert as pipelineConvert } from '../../src/pipeline/index.js';
import type { ConvertOptions } from '../../src/pipeline/index.js';
import { liveWorkers } from '../../src/workers/index.js';
import { TABLE, tableWorkbook } from '../../scripts/hostile/workbook.js';

const convertInWorker = (bytes: Uint8Array, options: ConvertOptions = {}) =>
  pipelineConvert(bytes, { ...options, isolation: 'worker' });

describe('convert in a worker', () => {
  it('converts a valid workbook like convert() and reports stages and load time', async () => {
    const stages: string[] = [];
    let loadMs = -1;
    const r = await convertInWorker(await tableWorkbook(), {
      filename: 'prices.xlsx',
      onStage: (s) => stages.push(s),
      onReady: (ms) => (loadMs = ms),
    });
    expect(r.valid).toBe(true);
    if (r.valid) expect(r.spec.id).toBe('prices');
    expect(stages).toContain('read');
    expect(loadMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps coded refusals from the reader', async () => {
    const r = await convertInWorker(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]));
    expect(r).toMatchObject({ valid: false, reason: 'PARSE_FAILED' });
  });

  it('ends in RESOURCE_LIMIT (budget: time) over the time budget, then works again', async () => {
    const bytes = await tableWorkbook(TABLE);
    const r = await convertInWorker(bytes, { timeoutMs: 1 });
    expect(r).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
    if (!r.valid) expect(r.budget).toBe('time');
    // The bytes were copied to the worker, not transferred away from the caller.
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await convertInWorker(bytes)).valid).toBe(true);
  });

  it('ends in RESOURCE_LIMIT (budget: heap) over the heap budget', async () => {
    const r = await convertInWorker(await tableWorkbook(), { maxHeapMb: 1 });
    expect(r).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
    if (!r.valid) expect(r.budget).toBe('heap');
  });

  it('ends the worker when the signal aborts, and rejects with CANCELLED', async () => {
    const bytes = await tableWorkbook(TABLE);
    const cancel = new AbortController();
    const pending = convertInWorker(bytes, {
      // Aborted as soon as the worker is working on the file.
      onReady: () => {
        expect(liveWorkers()).toBe(1);
        cancel.abort();
      },
      signal: cancel.signal,
    });
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    // The promise settles only once the worker has ended (terminated, not run to its end).
    expect(liveWorkers()).toBe(0);
  });

  it('rejects at once with CANCELLED when the signal is already aborted', async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(convertInWorker(await tableWorkbook(), { signal: cancel.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(liveWorkers()).toBe(0);
  });
});
