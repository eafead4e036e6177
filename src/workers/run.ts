/**
 * `runWorker`: one job in a fresh worker, answered once. The worker may first say `{type: 'ready'}` when it has
 * loaded its modules (loading has its own limit, and is not charged to the job: under tsx it compiles first);
 * the job's time budget starts then, and the `request`, if any, is posted. Each later message goes to
 * `answer`, which settles the job with a value, or waits for more. The worker is killed when the job settles,
 * whatever the outcome, and the promise settles only once it has ended, so a caller that counts its running
 * work counts what is really running.
 *
 * Failures, all `CodedError`:
 * - the signal aborts: `CANCELLED` (the worker is killed at once: terminate, or SIGKILL);
 * - over the time budget: `RESOURCE_LIMIT`, `data.budget` `'time'`;
 * - out of heap or stack, or a crash or an exit without an answer once loaded: `RESOURCE_LIMIT`, `data.budget`
 *   `'heap'`, `'stack'` or `'crash'` (`endError`);
 * - no start, no `ready` in time, or a death while loading (a broken worker, not a hostile input):
 *   `WORKER_FAILED`.
 */
import { performance } from 'node:perf_hooks';
import { CodedError } from '../codes/index.js';
import { type StartOptions, startWorker, type WorkerEnd, type WorkerHandle } from './start.js';

/** Which limit a job ran into, in `CodedError('RESOURCE_LIMIT').data.budget`. */
export type Budget = 'time' | 'heap' | 'stack' | 'crash';

export interface RunOptions<T> extends StartOptions {
  /** What the job is called in messages, e.g. `The conversion`. */
  name: string;
  /** The worker says `{type: 'ready'}` before it works. */
  ready?: boolean;
  /** Posted once the worker is ready (a child process gets its input this way). */
  request?: unknown;
  /** How long loading may take, ms (default 30,000). */
  loadTimeoutMs?: number;
  /** The job's wall-clock budget, ms, from `ready` (or from the start); undefined or Infinity: none. */
  timeoutMs?: number;
  /** Called when the worker is ready, with the load time in ms. */
  onReady?: (loadMs: number) => void;
  /** Reads one message: `{value}` answers the job; `undefined` waits for more; a throw fails it. */
  answer(message: unknown): { value: T } | undefined;
}

const DEFAULT_LOAD_TIMEOUT_MS = 30_000;

/** Runs one job in a fresh worker (see the header). */
export function runWorker<T>(options: RunOptions<T>): Promise<T> {
  const { name, signal } = options;
  if (signal?.aborted) return Promise.reject(cancelled(name));
  const started = performance.now();
  return new Promise<T>((resolve, reject) => {
    let worker: WorkerHandle;
    try {
      // The signal is this function's to answer (CANCELLED), not the handle's.
      worker = startWorker({ ...options, signal: undefined });
    } catch (e) {
      reject(new CodedError('WORKER_FAILED', `${name}: the worker could not start: ${(e as Error).message}`));
      return;
    }
    let settled = false;
    let ready = !options.ready;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.kill().then(outcome);
    };
    const fail = (e: unknown) => finish(() => reject(e));
    const onAbort = () => fail(cancelled(name));
    signal?.addEventListener('abort', onAbort, { once: true });
    const startClock = () => {
      clearTimeout(timer);
      const ms = options.timeoutMs;
      // An unbounded budget (Infinity: the command line's default) starts no clock.
      if (ms === undefined || !Number.isFinite(ms)) return;
      timer = setTimeout(() => fail(overTime(name, ms)), ms);
    };
    if (ready) startClock();
    else {
      timer = setTimeout(
        () => fail(new CodedError('WORKER_FAILED', `${name}: the worker did not start in time.`)),
        options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
      );
    }
    worker.onMessage((m) => {
      if (settled) return;
      if (!ready) {
        if ((m as { type?: unknown } | null)?.type !== 'ready') return;
        ready = true;
        startClock();
        options.onReady?.(performance.now() - started);
        if (options.request !== undefined) worker.post(options.request);
        return;
      }
      // Why the try: this runs in an event handler, where a throw would be uncaught.
      try {
        const answered = options.answer(m);
        if (answered) finish(() => resolve(answered.value));
      } catch (e) {
        fail(e);
      }
    });
    void worker.ended.then((end) => {
      if (!ready && !isResourceEnd(end)) fail(loadFailure(name, end));
      else fail(endError(name, end, options.maxHeapMb));
    });
  });
}

/** A job whose signal aborted. */
export function cancelled(name: string): CodedError {
  return new CodedError('CANCELLED', `${name} was cancelled.`);
}

/** A job over its wall-clock budget of `ms`. */
export function overTime(name: string, ms: number): CodedError {
  return new CodedError(
    'RESOURCE_LIMIT',
    `${name} ran over its time limit of ${ms} ms and was stopped (budget: time).`,
    {
      budget: 'time',
      limitMs: ms,
    },
  );
}

const HEAP_TEXT = /heap out of memory|Reached heap limit|Allocation failed/i;
const STACK_TEXT = /Maximum call stack/i;

function isResourceEnd(end: WorkerEnd): boolean {
  return endBudget(end) !== 'crash';
}

function endBudget(end: WorkerEnd): Budget {
  if (end.error?.code === 'ERR_WORKER_OUT_OF_MEMORY' || HEAP_TEXT.test(end.stderr ?? '')) return 'heap';
  if (end.error instanceof RangeError || STACK_TEXT.test(end.stderr ?? '')) return 'stack';
  return 'crash';
}

/**
 * Why a worker that ended by itself gave no answer, as `RESOURCE_LIMIT` with the budget it ran into:
 * `heap` (`maxHeapMb` names the limit), `stack`, or `crash` (any other death: an exit, a fatal error).
 */
export function endError(name: string, end: WorkerEnd, maxHeapMb?: number): CodedError {
  const budget = endBudget(end);
  if (budget === 'heap') {
    const limit = maxHeapMb !== undefined ? ` of ${maxHeapMb} MB` : '';
    return new CodedError(
      'RESOURCE_LIMIT',
      `${name} ran over its memory limit${limit} and was stopped (budget: heap).`,
      { budget, ...(maxHeapMb !== undefined ? { limitMb: maxHeapMb } : {}) },
    );
  }
  if (budget === 'stack') {
    const why = end.error?.message ?? 'Maximum call stack size exceeded';
    return new CodedError('RESOURCE_LIMIT', `${name} exhausted the call stack (budget: stack): ${why}`, {
      budget,
    });
  }
  return new CodedError('RESOURCE_LIMIT', `${name} ended without answering: ${deathText(end)}.`, {
    budget,
    ...(end.stderr ? { stderr: end.stderr.slice(-500) } : {}),
  });
}

function loadFailure(name: string, end: WorkerEnd): CodedError {
  return new CodedError('WORKER_FAILED', `${name}: the worker failed to start: ${deathText(end)}.`, {
    ...(end.stderr ? { stderr: end.stderr.slice(-500) } : {}),
  });
}

function deathText(end: WorkerEnd): string {
  if (end.error) return `it crashed (${end.error.message})`;
  return `it exited (${end.signal ?? `code ${end.exitCode}`})`;
}
