/**
 * Converts a list of workbooks on the worker pool and writes each valid spec. Files run in parallel and
 * finish in any order; results are released strictly in input order (file i as soon as files 0..i are all
 * done), so `--ndjson` streams and is still deterministic. A failed file writes nothing and stops nothing.
 */
import path from 'node:path';
import type { ConversionResult, PipelineOptions } from '../../pipeline/index.js';
import type { BatchInput } from './discover.js';
import { ConversionPool, type PoolOptions } from './pool.js';
import { writeOutputFile } from '../write.js';
import type { BatchReports } from './reports.js';
import { type FileResult, failed, toFileResult } from './result.js';

export interface BatchRunOptions extends Omit<PoolOptions, 'jobs'> {
  jobs: number;
  /** Passed to every conversion (`filename` is set per file). */
  convert: Omit<PipelineOptions, 'filename'>;
  /** Called when a file is handed to a worker (for progress). */
  onStart?: (input: BatchInput, index: number) => void;
  /** Called once per file, in input order. */
  onResult?: (result: FileResult, index: number) => void;
  /** How an output path is shown in a `WRITE_FAILED` message (default: as it is). */
  shownPath?: (file: string) => string;
  /** `--report <folder>`: each file's verification report is written there (reports.ts). */
  reports?: BatchReports;
}

/** Converts `inputs`, writing valid specs to `outputs[i]`; resolves to the results in input order. */
export async function runBatch(
  inputs: readonly BatchInput[],
  outputs: readonly string[],
  options: BatchRunOptions,
): Promise<FileResult[]> {
  const jobs = Math.max(1, Math.min(options.jobs, inputs.length));
  const pool = new ConversionPool({ ...options, jobs });
  // Why: with several files converting at once the cores are already busy; the oracle's own thread
  // (src/oracle/engine/oracle-thread.ts) would only add a second heap per file. One file at a time keeps it.
  const convert: PipelineOptions = jobs > 1 ? { oracleThread: false, ...options.convert } : options.convert;
  const results: Array<FileResult | undefined> = new Array(inputs.length);
  let released = 0;
  const release = () => {
    while (released < inputs.length && results[released]) {
      options.onResult?.(results[released]!, released);
      released++;
    }
  };
  try {
    await Promise.all(
      inputs.map(async (input, i) => {
        const outcome = await pool.run({
          path: input.path,
          options: { ...convert, filename: path.basename(input.path) },
          onStart: () => options.onStart?.(input, i),
        });
        let result = toFileResult(input.display, outcome, outputs[i]!);
        await options.reports?.add(i, input.display, outcome, result);
        if (result.valid && outcome.kind === 'result' && outcome.result.valid) {
          try {
            await writeOutputFile(outputs[i]!, specText(outcome.result.spec), {
              createFolder: true,
              shown: options.shownPath?.(outputs[i]!),
            });
          } catch (e) {
            result = failed(input.display, 'WRITE_FAILED', (e as Error).message, result.ms);
          }
        }
        results[i] = result;
        release();
      }),
    );
  } finally {
    await pool.close();
  }
  return results as FileResult[];
}

/** Converts one workbook given as bytes (stdin) on a one-worker pool, with the same limits. */
export async function runOne(
  bytes: Uint8Array,
  options: Omit<PoolOptions, 'jobs'> & { convert: PipelineOptions },
): Promise<{ result: FileResult; conversion?: ConversionResult }> {
  const pool = new ConversionPool({ ...options, jobs: 1 });
  try {
    const outcome = await pool.run({ bytes, options: options.convert });
    return {
      result: toFileResult('-', outcome, null),
      conversion: outcome.kind === 'result' ? outcome.result : undefined,
    };
  } finally {
    await pool.close();
  }
}

/** The spec file's text: two-space JSON with a final newline (the same as the golden fixtures). */
export function specText(spec: unknown): string {
  return JSON.stringify(spec, null, 2) + '\n';
}
