/**
 * A conversion worker: loads the converter once, then converts one workbook per message until terminated.
 * The pool bounds each task's wall-clock time and this thread's heap; this file only reads, converts and
 * answers. A file that cannot be read is `READ_FAILED`; a converter that throws (a bug: `convert` reports
 * problems as results) is `INTERNAL_ERROR`, so one bad file still never takes the batch down.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { ConversionResult, PipelineOptions } from '../../pipeline/index.js';
import { parentChannel, workerInput } from '../../pipeline/light.js';
import type { TaskMessage, WorkerBoot, WorkerMessage } from './protocol.js';

type Convert = (bytes: Uint8Array, options: PipelineOptions) => Promise<ConversionResult>;

const parent = parentChannel();
const boot = workerInput() as WorkerBoot;
const { convert } = (await import(boot.converterUrl)) as { convert: Convert };

parent.onMessage(async (message) => {
  const task = message as TaskMessage;
  const started = performance.now();
  const send = (m: WorkerMessage) => void parent.send(m);
  let bytes: Uint8Array;
  try {
    bytes = task.bytes ?? (await readFile(task.path!));
  } catch (e) {
    send({
      type: 'failed',
      id: task.id,
      code: 'READ_FAILED',
      message: errorText(e),
      ms: performance.now() - started,
    });
    return;
  }
  try {
    const result = await convert(bytes, task.options);
    send({ type: 'done', id: task.id, result, ms: performance.now() - started });
  } catch (e) {
    send({
      type: 'failed',
      id: task.id,
      code: 'INTERNAL_ERROR',
      message: errorText(e),
      ms: performance.now() - started,
    });
  }
});
void parent.send({ type: 'ready' } satisfies WorkerMessage);

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
