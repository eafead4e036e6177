/**
 * The entry module of the oracle's worker thread (started by oracle-thread.ts): rebuilds the workbook model
 * from its boot data, prepares it for HyperFormula and drops it, evaluates it as `evaluateWorkbook` does,
 * answers with the formula cells' values and lets the thread end; started kept (oracle-thread.ts
 * `keepOracleThread`), it says `ready` and does that for each workbook posted to it. It does nothing when
 * loaded any other way.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { codeCacheCheckpoint } from '../workers/index.js';
import { evaluatePrepared, prepareWorkbook } from './engine/hyperformula.js';
import type { Prepared } from './engine/engine.js';
import {
  decodeWorkbook,
  encodeValues,
  type FromOracleWorker,
  ORACLE_KEPT_KIND,
  ORACLE_WORKER_KIND,
  type OracleBoot,
} from './engine/oracle-thread.js';

function run(boot: OracleBoot): void {
  const port = parentPort!;
  try {
    const { message, transfer } = oracleJob(boot);
    codeCacheCheckpoint();
    port.postMessage(message, transfer);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const failed: FromOracleWorker = {
      type: 'failed',
      message,
      stackOverflow: e instanceof RangeError && /call stack/i.test(message),
    };
    port.postMessage(failed);
  }
}

/** One workbook's job: prepared, evaluated, encoded. `afterPrepare` is for tests (it runs before evaluating). */
export function oracleJob(boot: OracleBoot, afterPrepare?: () => void): ReturnType<typeof encodeValues> {
  const prepared = prepareBoot(boot);
  afterPrepare?.();
  const oracle = evaluatePrepared(prepared);
  return encodeValues(prepared, oracle, performance.timeOrigin + performance.now());
}

/**
 * The boot's workbook, prepared. Why a function of its own: the decoded model is garbage once prepared (only the
 * prepared sheets are read from here on), about 150 MB at 100,000 rows of 12 columns, but a value computed in
 * a function's body stays in its frame's register while the function runs, and V8 counts it live: decoded
 * and prepared in `run`, the model was kept through the whole evaluation (a heap snapshot after the second
 * block, and every full collection marking it again). Here it leaves the stack with this frame.
 */
function prepareBoot(boot: OracleBoot): Prepared {
  return prepareWorkbook(decodeWorkbook(boot));
}

const kind = isMainThread ? undefined : (workerData as { kind?: unknown } | null)?.kind;
if (kind === ORACLE_WORKER_KIND) run(workerData as OracleBoot);
else if (kind === ORACLE_KEPT_KIND) {
  parentPort!.on('message', (boot: OracleBoot) => run(boot));
  parentPort!.postMessage({ type: 'ready' });
}
