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
    // Why nested: the decoded model is garbage once prepared (only the prepared sheets are read from here
    // on), about 160 MB at 100,000 rows of 12 columns.
    const prepared = prepareWorkbook(decodeWorkbook(boot));
    const oracle = evaluatePrepared(prepared);
    const { message, transfer } = encodeValues(prepared, oracle, performance.timeOrigin + performance.now());
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

const kind = isMainThread ? undefined : (workerData as { kind?: unknown } | null)?.kind;
if (kind === ORACLE_WORKER_KIND) run(workerData as OracleBoot);
else if (kind === ORACLE_KEPT_KIND) {
  parentPort!.on('message', (boot: OracleBoot) => run(boot));
  parentPort!.postMessage({ type: 'ready' });
}
