/** The process budget on its own: admission by count and heap, the FIFO queue, refusals and releases. */
import { describe, expect, it } from 'vitest';
import { BusyError, callHeapMb, HeldLease, ProcessBudget } from '../../src/mcp/budget.js';

async function refusal(p: Promise<unknown>): Promise<BusyError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof BusyError) return e;
    throw e;
  }
  throw new Error('expected a BusyError');
}

describe('ProcessBudget', () => {
  it('admits up to maxConcurrent calls and queues the next one until a release', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 2, maxMemoryMb: 1000, queueMs: 60_000 });
    const a = await budget.acquire(10);
    await budget.acquire(10);
    let admitted = false;
    const c = budget.acquire(10).then((l) => {
      admitted = true;
      return l;
    });
    await Promise.resolve();
    expect(admitted).toBe(false);
    expect(budget.status()).toMatchObject({ running: 2, queued: 1, heapMb: 20 });
    a.release();
    a.release(); // idempotent
    (await c).release();
    expect(admitted).toBe(true);
    expect(budget.status()).toMatchObject({ running: 1, queued: 0, heapMb: 10 });
  });

  it('counts heap: calls that do not fit together wait, in FIFO order', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 10, maxMemoryMb: 1000, queueMs: 60_000 });
    const big = await budget.acquire(800);
    const order: string[] = [];
    const admitted = (name: string) => (l: unknown) => {
      order.push(name);
      return l;
    };
    const second = budget.acquire(800).then(admitted('big'));
    // Small enough to fit, but behind a waiting call: FIFO keeps the big one from starving.
    const third = budget.acquire(100).then(admitted('small'));
    await Promise.resolve();
    expect(budget.status().running).toBe(1);
    big.release();
    await Promise.all([second, third]);
    expect(order).toEqual(['big', 'small']);
  });

  it('clamps a call larger than the whole budget, so it runs alone', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 4, maxMemoryMb: 512, queueMs: 60_000 });
    const lease = await budget.acquire(4096);
    expect(lease.heapMb).toBe(512);
    lease.release();
  });

  it('refuses with BUSY when the queue is full, the wait runs out, or the call is cancelled', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 1, maxQueued: 1, queueMs: 20 });
    const held = await budget.acquire(0);
    const waiting = refusal(budget.acquire(0));
    const full = await refusal(budget.acquire(0));
    expect(full).toMatchObject({ code: 'BUSY', reason: 'queue-full', data: { running: 1, queued: 1 } });
    expect((await waiting).reason).toBe('timeout');
    const controller = new AbortController();
    const cancelled = refusal(budget.acquire(0, controller.signal));
    controller.abort();
    expect((await cancelled).reason).toBe('cancelled');
    expect(budget.status()).toMatchObject({ running: 1, queued: 0 });
    held.release();
    expect(budget.status().running).toBe(0);
  });

  it('refuses at once with queueMs 0', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 1, queueMs: 0 });
    await budget.acquire(0);
    expect((await refusal(budget.acquire(0))).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});

describe('HeldLease', () => {
  it('hands its lease to the first call, sends later calls to the budget, frees an unclaimed one', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 1, queueMs: 0 });
    const held = new HeldLease(budget, await budget.acquire(5));
    const first = await held.acquire(5);
    expect(budget.status().running).toBe(1);
    await refusal(held.acquire(5)); // the budget is full: the lease is taken
    first.release();
    const unclaimed = new HeldLease(budget, await budget.acquire(5));
    unclaimed.releaseUnclaimed();
    expect(budget.status().running).toBe(0);
  });
});

describe('callHeapMb', () => {
  it('weighs the conversion over a sandbox call over an in-process one', () => {
    expect(callHeapMb('convert_spreadsheet')).toBeGreaterThan(callHeapMb('eval_expression'));
    expect(callHeapMb('eval_expression')).toBeGreaterThan(0);
    expect(callHeapMb('list_functions')).toBe(0);
  });
});
