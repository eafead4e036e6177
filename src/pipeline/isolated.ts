/**
 * The conversion in a fresh worker thread (started by src/workers) under a wall-clock and a heap budget, for
 * workbooks from anywhere. Pre-flight bounds what it can see (zip sizes, ratios, counts); this bounds what it
 * cannot: a file that makes a library spin for minutes or build a heap of objects. Over the time budget the
 * worker is terminated; over the heap budget V8 ends the worker, not the process. Either way the answer is
 * `{valid: false, reason: 'RESOURCE_LIMIT', error: '... (budget: time|heap|stack|crash)'}` and the calling
 * process stays healthy for the next file. An aborted signal ends the worker at once and rejects (`CANCELLED`).
 *
 * Why a thread and not src/sandbox's child process: its payload crosses as JSON text, and a 25 MB workbook as a
 * JSON array of numbers is ~100 MB of text. Here the bytes cross as one transferred ArrayBuffer (a copy: the
 * caller's buffer is left alone). One worker per call, like the sandbox: nothing leaks from one hostile file
 * into the next. The budget's clock starts when the worker is ready, so module loading (slow under tsx, which
 * compiles first) is not charged to the file; loading has its own limit. A long-running process may keep one
 * worker loaded between conversions instead (warm.ts, the MCP server), under the same budgets and answers;
 * the job, its limits and the reading of its answer are shared from here.
 */
import { CodedError } from '../codes/index.js';
import { entryModule, runWorker } from '../workers/index.js';
import type { ConversionResult, ConvertOptions, PipelineOptions } from './types.js';
import { DEFAULT_CONVERT_BUDGET, limitFailure } from './types.js';

/** One conversion for a worker: its `workerData` (a fresh worker), or a message to a kept one (warm.ts). */
export interface ConvertJob {
  bytes: Uint8Array;
  options: PipelineOptions;
  /** Send each stage's time back. */
  stages: boolean;
}

export type FromConvertWorker =
  | { type: 'ready' }
  | { type: 'stage'; stage: string; ms: number }
  | { type: 'done'; result: ConversionResult }
  | { type: 'failed'; message: string; stack: boolean };

/** The conversion's worker entry module. */
export const CONVERT_WORKER = entryModule(import.meta.url, './convert-worker');

/** A conversion's job, the buffer it moves, and its budgets (the options' or the defaults). */
export function convertJob(bytes: Uint8Array, options: ConvertOptions) {
  const {
    timeoutMs = DEFAULT_CONVERT_BUDGET.timeoutMs,
    maxHeapMb = DEFAULT_CONVERT_BUDGET.maxHeapMb,
    onStage,
    onReady: _onReady,
    signal: _signal,
    isolation: _isolation,
    ...rest
  } = options;
  // Functions cannot cross to a worker; the stage timings come back as messages instead.
  const pipeline: PipelineOptions = JSON.parse(JSON.stringify(rest));
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const job: ConvertJob = { bytes: copy, options: pipeline, stages: onStage !== undefined };
  return { job, transfer: [copy.buffer as ArrayBuffer], timeoutMs, maxHeapMb };
}

/** The conversion worker's resource limits besides the old-generation heap. */
export function convertLimits(maxHeapMb: number) {
  return { maxYoungGenerationSizeMb: Math.max(16, Math.min(64, Math.floor(maxHeapMb / 8))), stackSizeMb: 4 };
}

/** Reads the worker's messages for one job: stage times to `onStage`, then the answer. */
export function convertAnswer(onStage: ConvertOptions['onStage']) {
  return (m: unknown): { value: ConversionResult } | undefined => {
    const message = m as FromConvertWorker;
    if (message.type === 'stage') onStage?.(message.stage, message.ms);
    if (message.type === 'done') return { value: message.result };
    if (message.type === 'failed') return { value: workerFailure(message) };
    return undefined;
  };
}

/** Converts in a worker under the options' budgets (see the header). */
export async function convertInWorker(bytes: Uint8Array, options: ConvertOptions): Promise<ConversionResult> {
  const { job, transfer, timeoutMs, maxHeapMb } = convertJob(bytes, options);
  try {
    return await runWorker<ConversionResult>({
      name: CONVERSION,
      entry: CONVERT_WORKER,
      kind: 'thread',
      data: job,
      transfer,
      maxHeapMb,
      resourceLimits: convertLimits(maxHeapMb),
      ready: true,
      timeoutMs,
      onReady: options.onReady,
      signal: options.signal,
      answer: convertAnswer(options.onStage),
    });
  } catch (e) {
    return budgetFailure(e);
  }
}

/** What the conversion is called in a budget's message. */
export const CONVERSION = 'The conversion';

function workerFailure(m: { message: string; stack: boolean }): ConversionResult {
  return m.stack
    ? {
        valid: false,
        reason: 'RESOURCE_LIMIT',
        error: `The conversion exhausted the call stack (budget: stack): ${m.message}`,
        budget: 'stack',
      }
    : { valid: false, reason: 'PARSE_FAILED', error: `Internal error while converting: ${m.message}` };
}

/**
 * A worker's coded failure as a conversion result: a budget is RESOURCE_LIMIT, a worker that would not start
 * is PARSE_FAILED naming why; a cancellation stays a rejection.
 */
export function budgetFailure(e: unknown): ConversionResult {
  if (!(e instanceof CodedError) || e.code === 'CANCELLED') throw e;
  if (e.code === 'RESOURCE_LIMIT') return limitFailure(e);
  return { valid: false, reason: 'PARSE_FAILED', error: e.message };
}
