/**
 * `convertSandboxed`: the same answers as `convert`, and a coded RESOURCE_LIMIT naming the budget when the
 * worker runs over its time or heap; the calling process stays healthy for the next call.
 */
import { describe, expect, it } from 'vitest';
import { convertSandboxed } from '../../src/compiler/convert-sandboxed.js';
import { TABLE, tableWorkbook } from '../../scripts/hostile/workbook.js';

describe('convertSandboxed', () => {
  it('converts a valid workbook like convert() and reports stages and load time', async () => {
    const stages: string[] = [];
    let loadMs = -1;
    const r = await convertSandboxed(await tableWorkbook(), {
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
    const r = await convertSandboxed(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]));
    expect(r).toMatchObject({ valid: false, reason: 'PARSE_FAILED' });
  });

  it('ends in RESOURCE_LIMIT (budget: time) over the time budget, then works again', async () => {
    const bytes = await tableWorkbook(TABLE);
    const r = await convertSandboxed(bytes, { timeoutMs: 1 });
    expect(r).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
    if (!r.valid) expect(r.error).toMatch(/\(budget: time\)/);
    // The bytes were copied to the worker, not transferred away from the caller.
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect((await convertSandboxed(bytes)).valid).toBe(true);
  });

  it('ends in RESOURCE_LIMIT (budget: heap) over the heap budget', async () => {
    const r = await convertSandboxed(await tableWorkbook(), { maxHeapMb: 1 });
    expect(r).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT' });
    if (!r.valid) expect(r.error).toMatch(/\(budget: heap\)/);
  });
});
