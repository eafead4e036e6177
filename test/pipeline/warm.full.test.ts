/**
 * `WarmConverter` (src/pipeline/warm.ts): conversions on a kept worker give the same answers as a fresh
 * worker, byte for byte; a conversion over its time budget or cancelled kills the kept worker and the next
 * conversion still works (on a replacement); a worker is retired after `maxJobs`; a busy kept worker sends a
 * concurrent conversion to a fresh worker; after a failure the next conversion starts the new kept worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { convert, type ConvertOptions, WarmConverter } from '../../src/pipeline/index.js';
import { liveWorkers } from '../../src/workers/index.js';
import { TABLE, tableWorkbook } from '../../scripts/hostile/workbook.js';

let warm: WarmConverter | undefined;
afterEach(async () => {
  await warm?.close();
  warm = undefined;
});

const fresh = (bytes: Uint8Array, options: ConvertOptions = {}) =>
  convert(bytes, { ...options, isolation: 'worker' });

describe('WarmConverter', () => {
  it('answers like a fresh worker, byte for byte, conversion after conversion on one worker', async () => {
    warm = new WarmConverter();
    expect(await warm.ready()).toBe(true);
    const bytes = await tableWorkbook(TABLE);
    const expected = JSON.stringify(await fresh(bytes, { filename: 'prices.xlsx' }));
    const stages: string[] = [];
    const first = await warm.convert(bytes, { filename: 'prices.xlsx', onStage: (s) => stages.push(s) });
    const second = await warm.convert(bytes, { filename: 'prices.xlsx' });
    expect(JSON.stringify(first)).toBe(expected);
    expect(JSON.stringify(second)).toBe(expected);
    expect(stages).toContain('read');
    // The kept worker alone is running: both conversions ran on it.
    expect(liveWorkers()).toBe(1);
  });

  it('a failure with `report` gets the same report as from a fresh worker', async () => {
    warm = new WarmConverter();
    await warm.ready();
    const broken = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]);
    const r = await warm.convert(broken, { filename: 'broken.xlsx', report: true });
    expect(r).toMatchObject({ valid: false, reason: 'PARSE_FAILED' });
    expect(r.report).toBeDefined();
    expect(JSON.stringify(r)).toBe(
      JSON.stringify(await fresh(broken, { filename: 'broken.xlsx', report: true })),
    );
  });

  it('over the time budget: RESOURCE_LIMIT (budget: time), the worker replaced, the next conversion valid', async () => {
    warm = new WarmConverter();
    await warm.ready();
    const bytes = await tableWorkbook(TABLE);
    const r = await warm.convert(bytes, { timeoutMs: 1 });
    expect(r).toMatchObject({ valid: false, reason: 'RESOURCE_LIMIT', budget: 'time' });
    // Not replaced until a conversion asks for it (a client failing conversions over and over keeps the
    // server from loading workers); that conversion starts the new one and runs on it.
    expect(liveWorkers()).toBe(0);
    expect((await warm.convert(bytes)).valid).toBe(true);
    expect(liveWorkers()).toBe(1);
    expect(await warm.ready()).toBe(true);
  });

  it('a cancelled conversion rejects with CANCELLED and kills the kept worker; the next one is valid', async () => {
    warm = new WarmConverter();
    await warm.ready();
    const bytes = await tableWorkbook(TABLE);
    const cancel = new AbortController();
    // Aborted while the kept worker is converting (its first stage has come back).
    const pending = warm.convert(bytes, { signal: cancel.signal, onStage: () => cancel.abort() });
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(liveWorkers()).toBe(0);
    expect((await warm.convert(bytes)).valid).toBe(true);
    expect(liveWorkers()).toBe(1);
  });

  it('retires the worker after maxJobs conversions and starts another', async () => {
    warm = new WarmConverter({ maxJobs: 1 });
    await warm.ready();
    const bytes = await tableWorkbook();
    const before = warm.ready();
    expect((await warm.convert(bytes)).valid).toBe(true);
    expect(warm.ready()).not.toBe(before);
    expect(await warm.ready()).toBe(true);
    expect(liveWorkers()).toBe(1);
  });

  it('a conversion that finds the kept worker busy runs in a fresh worker at once', async () => {
    warm = new WarmConverter();
    await warm.ready();
    const bytes = await tableWorkbook(TABLE);
    const counts: number[] = [];
    const [a, b] = await Promise.all([
      warm.convert(bytes),
      warm.convert(bytes, { onReady: () => counts.push(liveWorkers()) }),
    ]);
    expect(a.valid && b.valid).toBe(true);
    // The second ran beside the kept worker, in a worker of its own.
    expect(counts).toEqual([2]);
  });

  it('after close, conversions run in fresh workers and none is kept', async () => {
    warm = new WarmConverter();
    await warm.ready();
    await warm.close();
    expect(liveWorkers()).toBe(0);
    expect((await warm.convert(await tableWorkbook())).valid).toBe(true);
    expect(liveWorkers()).toBe(0);
  });
});
