/**
 * Messages between the batch pool (main thread) and a conversion worker. Kept in one file so both sides
 * agree on the shapes.
 */
import type { ConversionResult, PipelineOptions } from '../../pipeline/index.js';

/** What a worker is started with (`workerData`). */
export interface WorkerBoot {
  /** URL of the module whose `convert(bytes, options)` the worker calls (the library, or a test double). */
  converterUrl: string;
}

/** Main → worker: convert one workbook, read from `path` or given as `bytes` (stdin). */
export interface TaskMessage {
  id: number;
  path?: string;
  bytes?: Uint8Array;
  options: PipelineOptions;
}

/** Worker → main. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ConversionResult; ms: number }
  | { type: 'failed'; id: number; code: 'READ_FAILED' | 'INTERNAL_ERROR'; message: string; ms: number };
