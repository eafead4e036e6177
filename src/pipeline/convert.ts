/**
 * `convert(bytes, options)`: the one way into the pipeline, what the CLI (one file and batch), the MCP tool
 * and the library all call. In this thread by default (stages.ts); with `isolation: 'worker'` in a fresh
 * worker thread under a time and a heap budget (isolated.ts). An aborted `signal` ends either: the worker at
 * once, the in-process run at its next stage; the promise then rejects with `CodedError('CANCELLED')`.
 * Otherwise it never rejects: every failure is a `{valid: false, reason, error}` result.
 *
 * The stages (and with them every engine) are imported only for an in-process run, so a caller that converts
 * in a worker loads none of them (light.ts).
 */
import { convertInWorker } from './isolated.js';
import { failureReport } from './report.js';
import { type ConversionResult, type ConvertOptions, throwIfCancelled } from './types.js';

/** Converts the bytes of an `.xlsx`/`.xlsm` workbook into a verified ModelSpec, or says why not. */
export async function convert(bytes: Uint8Array, options: ConvertOptions = {}): Promise<ConversionResult> {
  throwIfCancelled(options.signal);
  const result =
    options.isolation === 'worker'
      ? await convertInWorker(bytes, options)
      : await (await import('./stages.js')).convertInProcess(bytes, inProcessOptions(options));
  return withFailureReport(result, options);
}

/** With `report`, a result that has no report (a failure before verification) gets the page saying why. */
export function withFailureReport(result: ConversionResult, options: ConvertOptions): ConversionResult {
  if (options.report && !result.report) result.report = failureReport(options.filename ?? 'workbook', result);
  return result;
}

function inProcessOptions(options: ConvertOptions) {
  const { isolation: _i, timeoutMs: _t, maxHeapMb: _m, onReady: _r, ...pipeline } = options;
  return pipeline;
}
