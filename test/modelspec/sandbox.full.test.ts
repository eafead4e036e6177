import { describe, expect, it, vi } from 'vitest';
import { parseJsonText } from '../../src/modelspec/index.js';
import { evalExpression, TASK_MODULE } from '../../src/authoring/index.js';
import { runInSandbox } from '../../src/sandbox/index.js';
import { liveWorkers } from '../../src/workers/index.js';

// Each case spawns a sandbox process; the limits are what is asserted, not timings.
describe('sandbox limits', () => {
  it('infinite recursion ends in TIMEOUT, and the next call works', async () => {
    const r = await evalExpression({ expr: '( $f := function($x){ $f($x) }; $f(1) )' });
    expect(r).toMatchObject({ ok: false, error: { code: 'TIMEOUT', budget: 'time' } });
    expect(await evalExpression({ expr: '1 + 2' })).toEqual({ ok: true, value: 3 });
  });

  it('a runaway regex ends in TIMEOUT', async () => {
    const r = await evalExpression(
      { expr: '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)' },
      { limits: { timeoutMs: 500 } },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
  });

  it('a huge range is JSONata D2014; a huge output is RESULT_TOO_LARGE', async () => {
    expect(await evalExpression({ expr: '[1..1000000000]' })).toMatchObject({
      ok: false,
      error: { code: 'D2014' },
    });
    expect(
      await evalExpression({ expr: '$pad("x", 2000000)' }, { limits: { maxResultChars: 1_000_000 } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'RESULT_TOO_LARGE', budget: 'result' },
    });
  });

  it('running out of heap is RESOURCE_LIMIT, and the process stays healthy', async () => {
    const r = await evalExpression(
      { expr: '$count([1..9000000].{"a": $, "b": [$, $]})' },
      { limits: { maxHeapMb: 96, timeoutMs: 20_000 } },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'RESOURCE_LIMIT', budget: 'heap' } });
    expect(await evalExpression({ expr: '"still" & " fine"' })).toEqual({ ok: true, value: 'still fine' });
  });

  it('input over the limit is INPUT_TOO_LARGE; malformed JSON is INPUT_INVALID naming where', async () => {
    await expect(
      runInSandbox({ module: TASK_MODULE, task: 'echo' }, 'x'.repeat(2000), { maxInputChars: 1000 }),
    ).rejects.toMatchObject({
      code: 'INPUT_TOO_LARGE',
      data: { budget: 'input' },
    });
    expect(() => parseJsonText('{\n  "a": 1,\n  "b": }', 'spec.json')).toThrow(/spec\.json.*line 3/);
    try {
      parseJsonText('{"a": ', 'x.json');
    } catch (e) {
      expect((e as { code: string }).code).toBe('INPUT_INVALID');
    }
    expect(() => parseJsonText('[1]', 'x.json', 2)).toThrow(
      expect.objectContaining({ code: 'INPUT_TOO_LARGE' }),
    );
  });

  it('an aborted task kills its process and rejects with CANCELLED', async () => {
    const cancel = new AbortController();
    const runaway = { expr: '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)' };
    const pending = runInSandbox(
      { module: TASK_MODULE, task: 'evalExpression' },
      runaway,
      { timeoutMs: 60_000 },
      cancel.signal,
    );
    await vi.waitFor(() => expect(liveWorkers()).toBe(1));
    cancel.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    // The promise settles once the child has exited, not merely been signalled.
    expect(liveWorkers()).toBe(0);
  });

  it('runs a known task and refuses an unknown one', async () => {
    expect(await runInSandbox({ module: TASK_MODULE, task: 'echo' }, { a: [1, 2] })).toEqual({ a: [1, 2] });
    await expect(runInSandbox({ module: TASK_MODULE, task: 'nope' }, {})).rejects.toMatchObject({
      code: 'UNKNOWN_TASK',
    });
  });
});
