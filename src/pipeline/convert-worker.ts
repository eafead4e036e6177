/**
 * The entry module of the conversion's worker thread (started by isolated.ts or warm.ts): loads the pipeline,
 * says `ready`, then converts. Started with a job in its `workerData` (isolated.ts), it converts that once and
 * lets the thread end; started without one (a kept worker, warm.ts), it converts each job posted to it, one at
 * a time, until it is terminated.
 */
import { workerData } from 'node:worker_threads';
import { codeCacheCheckpoint, parentChannel } from '../workers/index.js';
import type { ConvertJob, FromConvertWorker } from './isolated.js';
import type { PipelineOptions } from './types.js';

const parent = parentChannel();
const post = (m: FromConvertWorker) => void parent.send(m);

async function run(job: ConvertJob | undefined): Promise<void> {
  let convertInProcess: typeof import('./stages.js').convertInProcess;
  // A kept worker keeps an oracle thread loaded too, so each conversion's oracle runs beside it; started now,
  // and again before a conversion when the one before killed it.
  let keepOracle = () => {};
  try {
    ({ convertInProcess } = await import('./stages.js'));
    if (job === undefined) keepOracle = (await import('../oracle/index.js')).keepOracleThread;
    keepOracle();
  } catch (e) {
    post(failed(e));
    return;
  }
  const convertOne = async (one: ConvertJob) => {
    try {
      keepOracle();
      const options: PipelineOptions = { ...one.options };
      if (one.stages) options.onStage = (stage, ms) => post({ type: 'stage', stage, ms });
      const result = await convertInProcess(one.bytes, options);
      codeCacheCheckpoint();
      post({ type: 'done', result });
    } catch (e) {
      post(failed(e));
    }
  };
  if (job === undefined) parent.onMessage((m) => void convertOne(m as ConvertJob));
  post({ type: 'ready' });
  if (job !== undefined) await convertOne(job);
}

function failed(e: unknown): FromConvertWorker {
  const err = e as Error;
  return {
    type: 'failed',
    message: err?.message ?? String(e),
    stack: e instanceof RangeError && /call stack/i.test(err.message),
  };
}

void run((workerData as ConvertJob | null) ?? undefined);
