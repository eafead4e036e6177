/**
 * Starting workers (threads or child processes), from source or dist/, under heap and time budgets, ended by
 * an AbortSignal; a crash or out-of-memory is `CodedError('RESOURCE_LIMIT', …, {budget})`. Imports only
 * src/codes.
 */
export { type CodeCacheStatus, codeCacheCheckpoint, runCached } from './code-cache.js';
export { type Budget, endError, type RunOptions, runWorker } from './run.js';
export { type KeptJob, type KeptOptions, KeptWorker } from './kept.js';
export { type ParentChannel, parentChannel, workerInput } from './port.js';
export {
  entryModule,
  liveWorkers,
  type StartOptions,
  startWorker,
  type WorkerEnd,
  type WorkerHandle,
  type WorkerKind,
} from './start.js';
