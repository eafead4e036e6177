/**
 * `convertSandboxed`: `convert()` (read + compile + verify) in a fresh worker thread under a wall-clock and a
 * heap budget, for workbooks from anywhere. Pre-flight bounds what it can see (zip sizes, ratios, counts); this
 * bounds what it cannot: a file that makes a library spin for minutes or build a heap of objects. Over the time
 * budget the worker is terminated; over the heap budget V8 ends the worker, not the process. Either way the
 * answer is `{valid: false, reason: 'RESOURCE_LIMIT', error: '... (budget: time|heap)'}` and the calling
 * process stays healthy for the next file.
 *
 * Why not `src/sandbox`: its payload crosses as JSON text, and a 25 MB workbook as a JSON array of numbers is
 * ~100 MB of text. Here the bytes cross as one transferred ArrayBuffer (a copy: the caller's buffer is left
 * alone). One worker per call, like the sandbox: nothing leaks from one hostile file into the next.
 *
 * This file is also the worker's entry module: in a worker started with `workerData.kind === WORKER_KIND` it
 * loads `convert()`, says `ready`, converts once and answers. The budget's clock starts at `ready`, so module
 * loading (slow under tsx, which compiles first) is not charged to the file; loading has its own limit.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, type ResourceLimits, Worker, workerData } from 'node:worker_threads';
import type { ConversionResult, ConvertOptions, Stage } from './types.js';

/** Options of `convertSandboxed`: `convert`'s, plus the budgets. */
export interface SandboxedConvertOptions extends ConvertOptions {
  /** Wall-clock budget for read + compile + verify, ms (default 60,000). */
  timeoutMs?: number;
  /** V8 old-generation heap budget of the worker, MB (default 1,024). */
  maxHeapMb?: number;
  /** Called when the worker has loaded and the budget's clock starts, with the load time in ms. */
  onReady?: (loadMs: number) => void;
}

export const DEFAULT_CONVERT_BUDGET: Readonly<{ timeoutMs: number; maxHeapMb: number }> = Object.freeze({
  timeoutMs: 60_000,
  maxHeapMb: 1024,
});

/** How long the worker may take to load its modules before the call fails. */
const LOAD_TIMEOUT_MS = 30_000;
const WORKER_KIND = 'sheetspec:convert-sandboxed';

type FromWorker =
  | { type: 'ready' }
  | { type: 'stage'; stage: Stage; ms: number }
  | { type: 'done'; result: ConversionResult }
  | { type: 'failed'; message: string; stack: boolean };

interface Boot {
  kind: typeof WORKER_KIND;
  bytes: Uint8Array;
  options: ConvertOptions;
  stages: boolean;
}

function spawn(boot: Boot, resourceLimits: ResourceLimits): Worker {
  const options = { workerData: boot, transferList: [boot.bytes.buffer as ArrayBuffer], resourceLimits };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(import.meta.url), options);
  // From TypeScript source (vitest, tsx): `execArgv: ['--import', 'tsx']` does not reach a worker on Node 20
  // (tsx 4 hooks only the main thread there), so a bootstrap registers tsx in the worker, then imports this file.
  const boot2 = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Worker(boot2, { ...options, eval: true });
}

function refusal(error: string): ConversionResult {
  return { valid: false, reason: 'RESOURCE_LIMIT', error };
}

/**
 * Converts a workbook like `convert()`, in a worker under `timeoutMs` and `maxHeapMb`. Never rejects: a budget
 * hit is `RESOURCE_LIMIT` (the message ends in `(budget: time)`, `(budget: heap)` or `(budget: stack)`), a
 * worker that fails for any other reason is `PARSE_FAILED` naming why.
 */
export function convertSandboxed(
  bytes: Uint8Array,
  options: SandboxedConvertOptions = {},
): Promise<ConversionResult> {
  const {
    timeoutMs = DEFAULT_CONVERT_BUDGET.timeoutMs,
    maxHeapMb = DEFAULT_CONVERT_BUDGET.maxHeapMb,
    onStage,
    onReady,
    ...rest
  } = options;
  // Functions cannot cross to a worker; the stage timings come back as messages instead.
  const convertOptions: ConvertOptions = JSON.parse(JSON.stringify(rest));
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let worker: Worker;
    try {
      worker = spawn(
        { kind: WORKER_KIND, bytes: copy, options: convertOptions, stages: onStage !== undefined },
        {
          maxOldGenerationSizeMb: maxHeapMb,
          maxYoungGenerationSizeMb: Math.max(16, Math.min(64, Math.floor(maxHeapMb / 8))),
          stackSizeMb: 4,
        },
      );
    } catch (e) {
      resolve({
        valid: false,
        reason: 'PARSE_FAILED',
        error: `The conversion worker could not start: ${(e as Error).message}`,
      });
      return;
    }
    let timer: NodeJS.Timeout;
    const finish = (result: ConversionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A late 'error' from the terminating worker must not become an uncaught one.
      worker.removeAllListeners('error').on('error', () => {});
      void worker.terminate();
      resolve(result);
    };
    timer = setTimeout(
      () =>
        finish({
          valid: false,
          reason: 'PARSE_FAILED',
          error: 'The conversion worker did not start in time.',
        }),
      LOAD_TIMEOUT_MS,
    );
    worker.on('message', (m: FromWorker) => {
      switch (m.type) {
        case 'ready':
          clearTimeout(timer);
          onReady?.(performance.now() - started);
          timer = setTimeout(
            () =>
              finish(
                refusal(
                  `The conversion ran over its time limit of ${timeoutMs} ms and was stopped (budget: time).`,
                ),
              ),
            timeoutMs,
          );
          return;
        case 'stage':
          onStage?.(m.stage, m.ms);
          return;
        case 'done':
          finish(m.result);
          return;
        case 'failed':
          finish(
            m.stack
              ? refusal(`The conversion exhausted the call stack (budget: stack): ${m.message}`)
              : {
                  valid: false,
                  reason: 'PARSE_FAILED',
                  error: `Internal error while converting: ${m.message}`,
                },
          );
          return;
      }
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish(
          refusal(
            `The conversion ran over its memory limit of ${maxHeapMb} MB and was stopped (budget: heap).`,
          ),
        );
      } else if (e instanceof RangeError) {
        finish(refusal(`The conversion exhausted the call stack (budget: stack): ${e.message}`));
      } else {
        finish({ valid: false, reason: 'PARSE_FAILED', error: `The conversion worker failed: ${e.message}` });
      }
    });
    worker.on('exit', (code) => {
      finish({
        valid: false,
        reason: 'PARSE_FAILED',
        error: `The conversion worker exited (code ${code}) without answering.`,
      });
    });
  });
}

/** The worker side: convert once, answer, let the thread end. */
async function runWorker(boot: Boot): Promise<void> {
  const port = parentPort!;
  const post = (m: FromWorker) => port.postMessage(m);
  try {
    const { convert } = await import('./convert.js');
    post({ type: 'ready' });
    const options: ConvertOptions = { ...boot.options };
    if (boot.stages) options.onStage = (stage, ms) => post({ type: 'stage', stage, ms });
    post({ type: 'done', result: await convert(boot.bytes, options) });
  } catch (e) {
    const err = e as Error;
    post({
      type: 'failed',
      message: err?.message ?? String(e),
      stack: e instanceof RangeError && /call stack/i.test(err.message),
    });
  }
}

if (!isMainThread && (workerData as Partial<Boot> | null)?.kind === WORKER_KIND)
  void runWorker(workerData as Boot);
