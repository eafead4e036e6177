/**
 * The entry module of the conversion's worker thread (started by isolated.ts): loads the pipeline, says
 * `ready`, converts once in this thread and answers, then lets the thread end.
 */
import { workerData } from 'node:worker_threads';
import { parentChannel } from '../workers/index.js';
import type { ConvertBoot, FromConvertWorker } from './isolated.js';
import type { PipelineOptions } from './types.js';

async function run(boot: ConvertBoot): Promise<void> {
  const parent = parentChannel();
  const post = (m: FromConvertWorker) => void parent.send(m);
  try {
    const { convertInProcess } = await import('./stages.js');
    post({ type: 'ready' });
    const options: PipelineOptions = { ...boot.options };
    if (boot.stages) options.onStage = (stage, ms) => post({ type: 'stage', stage, ms });
    post({ type: 'done', result: await convertInProcess(boot.bytes, options) });
  } catch (e) {
    const err = e as Error;
    post({
      type: 'failed',
      message: err?.message ?? String(e),
      stack: e instanceof RangeError && /call stack/i.test(err.message),
    });
  }
}

void run(workerData as ConvertBoot);
