/**
 * Where the oracle runs. The oracle and the verification's derivations are each seconds of CPU and
 * independent until the comparison, so for a large workbook (option `oracleThread`) the oracle runs in a
 * worker thread (src/oracle/engine/oracle-thread.ts), started as soon as the workbook is read, while this thread
 * recognises, compiles and computes the derivations; its values are awaited only to compare. A worker that
 * runs out of memory or dies answers RESOURCE_LIMIT, as an exhausted budget does everywhere else.
 */
import { performance } from 'node:perf_hooks';
import {
  evaluateWorkbookInThread,
  keptOracleIdle,
  OracleThreadError,
  type OracleValues,
} from '../oracle/index.js';
import { callsEvaluationDate, type WorkbookModel } from '../workbook/index.js';
import { type ConversionResult, limitFailure } from './types.js';
import type { StageOptions } from './timer.js';

/**
 * Formula cells from which the oracle runs in a worker thread by default. Measured on the bench workbooks
 * (5 formula columns; compiled dist/, 2 cores, 5 alternating runs, medians): 1,000 rows (5,000 formula
 * cells) 1.31 s threaded vs 1.36 s in-line, a wash, since the worker's start (~0.3 s: loading HyperFormula)
 * and both threads sharing the cores eat the overlap; 3,000 rows 1.86 vs 2.05 s; 10,000 rows 4.0 vs 5.4 s.
 * The thread also costs 50-70 MB of RSS, so it starts where the gain is clear.
 */
const ORACLE_THREAD_MIN_FORMULA_CELLS = 10_000;

function threadedByDefault(wb: WorkbookModel): boolean {
  let n = 0;
  for (const s of wb.sheets)
    for (const row of s.rows.values())
      for (const cell of row.values()) {
        if (cell.formula !== undefined && ++n >= ORACLE_THREAD_MIN_FORMULA_CELLS) return true;
      }
  return false;
}

export function isOracleOutOfResources(e: unknown): e is OracleThreadError {
  return e instanceof OracleThreadError && e.code === 'RESOURCE_LIMIT';
}

/**
 * Runs `work` with the oracle started in a worker thread when it is `wanted` and the options (or, by default,
 * the workbook's size) call for one; `work` gets its pending values, or undefined for the in-line oracle. The
 * worker is stopped when `work` ends before reading them (a refused table, a throw) and when the caller's
 * signal aborts, and a worker that ran out of memory or died makes the answer RESOURCE_LIMIT.
 */
export async function withOracle(
  wb: WorkbookModel,
  options: StageOptions,
  wanted: boolean,
  work: (oracle: Promise<OracleValues> | undefined) => Promise<ConversionResult>,
): Promise<ConversionResult> {
  // Why not now when a formula calls TODAY() or NOW(): the oracle must read the date the verification decides
  // (verify/evaluation-date.ts), so verifyAndAssemble starts it then (`lateOracle`).
  if (!wanted || !wantsThread(wb, options) || callsEvaluationDate(wb))
    return work(undefined).catch((e: unknown) => {
      if (isOracleOutOfResources(e)) return limitFailure(e);
      throw e;
    });
  const cancel = new AbortController();
  const onAbort = () => cancel.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await work(startOracleThread(wb, options, cancel.signal));
  } catch (e) {
    if (isOracleOutOfResources(e)) return limitFailure(e);
    throw e;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // A no-op once the worker has answered.
    cancel.abort();
  }
}

/**
 * Whether the oracle runs in a worker thread: as the options say, else at every size when this thread keeps
 * one loaded and free (a warm conversion worker: nothing to load, so the overlap is all gain), else by the
 * workbook's size.
 */
export function wantsThread(wb: WorkbookModel, options: StageOptions): boolean {
  return options.oracleThread ?? (keptOracleIdle() || threadedByDefault(wb));
}

/**
 * The oracle started late, in its worker thread when one is wanted, over a workbook that reads the decided
 * evaluation dates; undefined for the in-line oracle. `stop` ends the worker (a no-op once it answered).
 */
export function lateOracle(
  wb: WorkbookModel,
  options: StageOptions,
): { values: Promise<OracleValues>; stop: () => void } | undefined {
  if (!wantsThread(wb, options)) return undefined;
  const cancel = new AbortController();
  const onAbort = () => cancel.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    values: startOracleThread(wb, options, cancel.signal),
    stop: () => {
      options.signal?.removeEventListener('abort', onAbort);
      cancel.abort();
    },
  };
}

/**
 * The oracle started in its worker thread. Its 'oracle' stage time runs from here to when the worker had the
 * values (the worker's clock: this thread is busy meanwhile and reads the message later), so it overlaps the
 * stages run meanwhile ('recognise', 'analyse', 'verify').
 */
function startOracleThread(
  wb: WorkbookModel,
  options: StageOptions,
  signal: AbortSignal,
): Promise<OracleValues> {
  let reported = false;
  const report = (ms: number) => {
    if (reported) return;
    reported = true;
    options.onStage?.('oracle', ms);
  };
  const t0 = performance.now();
  const pending = evaluateWorkbookInThread(wb, { signal, onEvaluated: report });
  // Why a handler now: the worker may fail while this thread is still busy, before verifySpec awaits it; the
  // rejection is seen there, and this only keeps it from counting as unhandled meanwhile.
  pending.catch((e: unknown) => {
    if (!(e instanceof OracleThreadError && e.code === 'ABORTED')) report(performance.now() - t0);
  });
  return pending;
}
